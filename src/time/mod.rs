//! Clocks and time allocation: how long the engine may think about one move.
//!
//! Rule 20 (main time, then byo-yomi periods; running out of the last period loses on time) and
//! the requirement that the engine never loses on time drive everything here.
//!
//! ## The model
//! - [`TimeSystem`] is the agreed time control, built from GTP `time_settings`
//!   ([`TimeSystem::from_gtp_time_settings`]) or from `kgs-time_settings`
//!   ([`TimeSystem::from_kgs`]).
//! - [`Clock`] is one side's clock under that system. It is updated either by the controller
//!   (`time_left`, which is authoritative: [`Clock::time_left`]) or, for controllers that never
//!   send `time_left` (gogui-twogtp), by the engine itself after each of its moves
//!   ([`Clock::spend`]). The opponent's thinking never touches our clock.
//! - [`Clock::allocate`] turns the clock, the position ([`MoveContext`]) and the engine's
//!   settings ([`TimeConfig`]) into a [`Budget`]: a `target` to aim for and a hard `max`.
//! - [`Budget::clearly_decided`] is the search's stop rule within such a budget.
//!
//! The module is pure: it never reads the wall clock. The caller measures how long a move took
//! and passes that [`Duration`] in, which makes every rule testable with simulated clocks.
//!
//! ## How the budget is chosen
//! 1. *Moves still to play* by this side are estimated from the empty points (about a third of
//!    them, never fewer than a minimum), as Pachi and Fuego do: empty points shrink as the game
//!    goes, and captures correctly push the estimate back up.
//! 2. *Phase*: a smooth weight of the move number relative to the board size spends little in
//!    the opening (standard shapes), most in the middle game (fights decide games) and little
//!    in the endgame (small, mostly local decisions).
//! 3. *Overtime* is money that cannot be saved: a byo-yomi period that is not used is lost, so a
//!    move in byo-yomi gets nearly the whole period; in Canadian overtime the period is split
//!    evenly over the stones still to play. Periods beyond the current one are never planned
//!    for; they are the reserve that absorbs an unexpectedly slow move.
//! 4. *Lag*: every move is charged for more than the engine thinks (protocol round trips,
//!    network, the final move selection), so a per-move safety buffer is kept back. It is the
//!    configured [`TimeConfig::lag`], but never more than a quarter of the time one move can
//!    have, so that one-second-per-move settings (`time_settings 0 1 1`) still leave time to
//!    think instead of a zero budget.
//! 5. *Hard limits*: `max` never exceeds what the clock allows for this move minus the lag, and
//!    under absolute time it never eats into the minimum that every remaining move needs.
//!    Nor does any move think longer than [`TimeConfig::max_per_move`] (60 s unless the user
//!    sets it), however huge the clock.
//!
//! A zero budget means "answer at once with the cheapest reasonable move"; it happens only when
//! the clock has (nearly) run out.

use std::error::Error;
use std::fmt;
use std::time::Duration;

/// The smallest think time worth giving a move: with less left the engine just plays fast.
/// Also the minimum kept back for each remaining move under absolute time.
const MIN_MOVE: Duration = Duration::from_millis(10);

/// Moves this side is still expected to play, per empty point. A game fills most of the board
/// and the two sides share the moves, so about a third of the empty points; slightly high, which
/// errs on the side of keeping time.
const MOVES_PER_EMPTY_POINT: f64 = 0.35;

/// The estimate of moves still to play never drops below `board_points / MIN_MOVES_DIVISOR`
/// (30 on 19x19), because endgames and dame take moves even on a nearly full board.
const MIN_MOVES_DIVISOR: f64 = 12.0;

/// ...nor below this absolute floor, which matters on small boards.
const MIN_MOVES_LEFT: f64 = 15.0;

/// The lag buffer is at most this share of the time one move can have.
const LAG_SHARE: f64 = 0.25;

/// In main time, an uncertain search may run to this multiple of its target.
const MAX_EXTEND: f64 = 2.5;

/// In main time, one move never takes more than this share of what is left: a single hard
/// position must not wreck the rest of the game.
const MAX_SHARE: f64 = 0.15;

/// In Canadian overtime, an uncertain search may run to this multiple of its share of the
/// period; what it takes comes out of the later stones of the same period.
const OVERTIME_EXTEND: f64 = 1.5;

/// Phase weights: the factor on the even share of time in the opening, the middle game and the
/// endgame.
const OPENING_WEIGHT: f64 = 0.5;
const MIDDLE_WEIGHT: f64 = 1.5;
const ENDGAME_WEIGHT: f64 = 0.6;

/// Where the phases change, as moves played divided by board points. On 19x19 the weight rises
/// over moves 7..54 and falls over moves 162..289; on 9x9 over moves 2..12 and 36..65.
const OPENING_END: (f64, f64) = (0.02, 0.15);
const ENDGAME_START: (f64, f64) = (0.45, 0.8);

/// The agreed time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeSystem {
    /// No time limit: the engine thinks for [`TimeConfig::default_budget`] per move.
    None,
    /// Sudden death: `main` for the whole game.
    Absolute { main: Duration },
    /// Main time, then overtime periods of `period` in which `stones` moves must be played;
    /// a new period starts when they are.
    Canadian {
        main: Duration,
        period: Duration,
        stones: u32,
    },
    /// Japanese byo-yomi (读秒, rule 20): main time, then `periods` periods of `period`; a move
    /// made within a period costs nothing, each full period used spends one, and running out
    /// of the last one loses.
    Byoyomi {
        main: Duration,
        period: Duration,
        periods: u32,
    },
}

impl TimeSystem {
    /// The system of GTP v2 `time_settings main_time byo_yomi_time byo_yomi_stones`.
    ///
    /// The spec gives `byo_yomi_time > 0` with `byo_yomi_stones = 0` the meaning "no time
    /// limit", and `byo_yomi_time = 0` the meaning "no byo-yomi" (absolute time, whatever the
    /// stones say); anything else is Canadian overtime.
    pub fn from_gtp_time_settings(main_s: u64, byo_s: u64, stones: u32) -> TimeSystem {
        let main = Duration::from_secs(main_s);
        if byo_s == 0 {
            TimeSystem::Absolute { main }
        } else if stones == 0 {
            TimeSystem::None
        } else {
            TimeSystem::Canadian {
                main,
                period: Duration::from_secs(byo_s),
                stones,
            }
        }
    }

    /// The system of the arguments of `kgs-time_settings` (the command name excluded):
    /// `none`, `absolute MAIN`, `byoyomi MAIN PERIOD PERIODS` or `canadian MAIN PERIOD STONES`.
    ///
    /// Times are seconds; decimals are accepted. An overtime without periods, stones or period
    /// length has no overtime at all, so it becomes absolute time rather than a clock that
    /// could never be honoured.
    pub fn from_kgs<S: AsRef<str>>(args: &[S]) -> Result<TimeSystem, TimeSettingsError> {
        let Some(name) = args.first() else {
            return Err(TimeSettingsError::MissingSystem);
        };
        let name = name.as_ref().to_ascii_lowercase();
        let expected = match name.as_str() {
            "none" => 1,
            "absolute" => 2,
            "byoyomi" | "canadian" => 4,
            _ => return Err(TimeSettingsError::UnknownSystem(name)),
        };
        if args.len() != expected {
            return Err(TimeSettingsError::ArgumentCount {
                expected: expected - 1,
                found: args.len() - 1,
            });
        }
        let system = match name.as_str() {
            "none" => TimeSystem::None,
            "absolute" => TimeSystem::Absolute {
                main: parse_seconds(args[1].as_ref())?,
            },
            "byoyomi" => TimeSystem::Byoyomi {
                main: parse_seconds(args[1].as_ref())?,
                period: parse_seconds(args[2].as_ref())?,
                periods: parse_count(args[3].as_ref())?,
            },
            _ => TimeSystem::Canadian {
                main: parse_seconds(args[1].as_ref())?,
                period: parse_seconds(args[2].as_ref())?,
                stones: parse_count(args[3].as_ref())?,
            },
        };
        Ok(system.normalized())
    }

    /// The same control with degenerate overtime (no period length, no stones, no periods)
    /// replaced by absolute time, so that a [`Clock`] can rely on overtime periods being real.
    fn normalized(self) -> TimeSystem {
        match self {
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } if period.is_zero() || stones == 0 => TimeSystem::Absolute { main },
            TimeSystem::Byoyomi {
                main,
                period,
                periods,
            } if period.is_zero() || periods == 0 => TimeSystem::Absolute { main },
            other => other,
        }
    }

    /// Period length and count (stones or periods) of a system with overtime.
    fn overtime(&self) -> Option<(Duration, u32)> {
        match *self {
            TimeSystem::Canadian { period, stones, .. } => Some((period, stones)),
            TimeSystem::Byoyomi {
                period, periods, ..
            } => Some((period, periods)),
            TimeSystem::None | TimeSystem::Absolute { .. } => None,
        }
    }
}

/// Why `kgs-time_settings` arguments were refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeSettingsError {
    /// No system name at all.
    MissingSystem,
    /// A system name other than `none`, `absolute`, `byoyomi` and `canadian`.
    UnknownSystem(String),
    /// The right system with the wrong number of numbers after it.
    ArgumentCount { expected: usize, found: usize },
    /// A time that is not a non-negative number of seconds, or a count that is not a
    /// non-negative integer.
    BadNumber(String),
}

impl fmt::Display for TimeSettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeSettingsError::MissingSystem => write!(f, "missing time system"),
            TimeSettingsError::UnknownSystem(name) => write!(f, "unknown time system '{name}'"),
            TimeSettingsError::ArgumentCount { expected, found } => {
                write!(f, "expected {expected} numbers, found {found}")
            }
            TimeSettingsError::BadNumber(text) => write!(f, "bad number '{text}'"),
        }
    }
}

impl Error for TimeSettingsError {}

fn parse_seconds(text: &str) -> Result<Duration, TimeSettingsError> {
    match text.parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs >= 0.0 => Ok(duration_from_secs(secs)),
        _ => Err(TimeSettingsError::BadNumber(text.to_string())),
    }
}

fn parse_count(text: &str) -> Result<u32, TimeSettingsError> {
    text.parse::<u32>()
        .map_err(|_| TimeSettingsError::BadNumber(text.to_string()))
}

/// Seconds as a `Duration` without the panics of `Duration::from_secs_f64`: negative and NaN
/// become zero, and anything too large saturates.
fn duration_from_secs(secs: f64) -> Duration {
    if secs > 0.0 {
        Duration::try_from_secs_f64(secs).unwrap_or(Duration::MAX)
    } else {
        Duration::ZERO
    }
}

/// The side has run out of time (per our own accounting in [`Clock::spend`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLoss;

impl fmt::Display for TimeLoss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "lost on time")
    }
}

impl Error for TimeLoss {}

/// The state of one side's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Always [`TimeSystem::normalized`], so overtime periods have a length and a count.
    system: TimeSystem,
    main_left: Duration,
    in_overtime: bool,
    /// Time left in the current overtime period (zero without overtime).
    period_left: Duration,
    /// Canadian: stones still to play in the current period; byo-yomi: periods left,
    /// the current one included; zero without overtime.
    count_left: u32,
    /// Our own accounting says the side has lost on time; cleared by `time_left`.
    flagged: bool,
}

impl Clock {
    /// A fresh clock at the start of the game.
    pub fn new(system: TimeSystem) -> Clock {
        let system = system.normalized();
        let main_left = match system {
            TimeSystem::None => Duration::ZERO,
            TimeSystem::Absolute { main }
            | TimeSystem::Canadian { main, .. }
            | TimeSystem::Byoyomi { main, .. } => main,
        };
        let mut clock = Clock {
            system,
            main_left,
            in_overtime: false,
            period_left: Duration::ZERO,
            count_left: 0,
            flagged: false,
        };
        clock.reset_overtime();
        clock
    }

    /// The time control this clock runs under (degenerate overtime already turned into
    /// absolute time).
    pub fn system(&self) -> TimeSystem {
        self.system
    }

    /// Main time still left.
    pub fn main_left(&self) -> Duration {
        self.main_left
    }

    /// Whether main time is over and the side is playing in overtime.
    pub fn in_overtime(&self) -> bool {
        self.in_overtime
    }

    /// Time left in the current overtime period (a full period while still in main time; zero
    /// for systems without overtime).
    pub fn period_left(&self) -> Duration {
        self.period_left
    }

    /// Canadian only: stones still to play in the current period.
    pub fn stones_left(&self) -> Option<u32> {
        matches!(self.system, TimeSystem::Canadian { .. }).then_some(self.count_left)
    }

    /// Byo-yomi only: periods left, the current one included.
    pub fn periods_left(&self) -> Option<u32> {
        matches!(self.system, TimeSystem::Byoyomi { .. }).then_some(self.count_left)
    }

    /// Whether our own accounting ([`Clock::spend`]) says the side has lost on time.
    pub fn is_flagged(&self) -> bool {
        self.flagged
    }

    /// The longest the next move may take without losing on time (`None`: no limit).
    ///
    /// Under byo-yomi this counts every period left, although the allocator plans within the
    /// current one only; under Canadian overtime only the current period counts, since the
    /// stones still owed in it must be played before it ends.
    pub fn remaining_for_move(&self) -> Option<Duration> {
        if self.flagged {
            return Some(Duration::ZERO);
        }
        match self.system {
            TimeSystem::None => None,
            TimeSystem::Absolute { .. } => Some(self.main_left),
            TimeSystem::Canadian { .. } => Some(self.main_left.saturating_add(self.period_left)),
            TimeSystem::Byoyomi { period, .. } => {
                let later = period.saturating_mul(self.count_left.saturating_sub(1));
                Some(
                    self.main_left
                        .saturating_add(self.period_left)
                        .saturating_add(later),
                )
            }
        }
    }

    /// Applies GTP `time_left`: `seconds` left, and `stones` = 0 while in main time.
    ///
    /// In overtime `stones` is the stones still to play in the current period (Canadian) or,
    /// as KGS sends it for byo-yomi, the periods left; `seconds` is then the time left in the
    /// current period. The controller is authoritative, so this also clears a flag raised by
    /// our own accounting. A clock without a limit adopts the one the controller reports
    /// (absolute time, or Canadian overtime when stones are given, the more cautious reading),
    /// because a controller that counts our time must be obeyed even if it never sent
    /// `time_settings`.
    pub fn time_left(&mut self, seconds: f64, stones: u32) {
        let left = duration_from_secs(seconds);
        self.flagged = false;
        match self.system {
            TimeSystem::None => {
                if left.is_zero() {
                    return;
                }
                let adopted = if stones == 0 {
                    TimeSystem::Absolute { main: left }
                } else {
                    TimeSystem::Canadian {
                        main: Duration::ZERO,
                        period: left,
                        stones,
                    }
                };
                *self = Clock::new(adopted);
            }
            TimeSystem::Absolute { .. } => self.main_left = left,
            TimeSystem::Canadian { .. } | TimeSystem::Byoyomi { .. } => {
                if stones == 0 {
                    self.main_left = left;
                    self.in_overtime = false;
                    self.reset_overtime();
                } else {
                    self.main_left = Duration::ZERO;
                    self.in_overtime = true;
                    self.period_left = left;
                    self.count_left = stones;
                }
            }
        }
    }

    /// Charges one of our moves that took `elapsed`, for controllers that never send
    /// `time_left`.
    ///
    /// Main time is used first; what a move takes beyond it spills into overtime. In byo-yomi a
    /// move that ends before its period is over costs nothing (the period starts afresh for
    /// the next move), and each full period used spends one, so using 2.5 periods spends two;
    /// a move that ends exactly as a period ends has used it in full (rule 20). In Canadian
    /// overtime each move counts one stone and a new period begins once the stones are played.
    /// Absolute and Canadian clocks run out only when a move takes longer than what is left.
    ///
    /// Running out returns [`TimeLoss`] and leaves the clock flagged at zero, which makes
    /// [`Clock::allocate`] answer with zero budgets until `time_left` says otherwise.
    pub fn spend(&mut self, elapsed: Duration) -> Result<(), TimeLoss> {
        if self.flagged {
            return Err(TimeLoss);
        }
        let result = match self.system {
            TimeSystem::None => Ok(()),
            TimeSystem::Absolute { .. } => match self.main_left.checked_sub(elapsed) {
                Some(left) => {
                    self.main_left = left;
                    Ok(())
                }
                None => Err(TimeLoss),
            },
            TimeSystem::Canadian { period, stones, .. } => match self.spend_main(elapsed) {
                None => Ok(()),
                Some(used) => match self.period_left.checked_sub(used) {
                    Some(left) => {
                        self.period_left = left;
                        self.count_left = self.count_left.saturating_sub(1);
                        if self.count_left == 0 {
                            self.period_left = period;
                            self.count_left = stones;
                        }
                        Ok(())
                    }
                    None => Err(TimeLoss),
                },
            },
            TimeSystem::Byoyomi { period, .. } => match self.spend_main(elapsed) {
                None => Ok(()),
                Some(used) => {
                    if used < self.period_left {
                        self.period_left = period;
                        Ok(())
                    } else {
                        // The current period is used up; the rest of the move runs through
                        // fresh periods, each full one of which is spent as well.
                        let rest = used - self.period_left;
                        let more = rest.as_nanos() / period.as_nanos().max(1);
                        let spent = 1 + more;
                        if spent >= u128::from(self.count_left) {
                            Err(TimeLoss)
                        } else {
                            // `spent < count_left`, so it fits in u32.
                            self.count_left -= spent as u32;
                            self.period_left = period;
                            Ok(())
                        }
                    }
                }
            },
        };
        if result.is_err() {
            self.flag();
        }
        result
    }

    /// Charges `elapsed` to main time. Returns `None` if the move ended in main time (or
    /// exactly as it ran out), otherwise the part of the move that ran into overtime; either
    /// way, a clock whose main time is gone is left in overtime with a fresh period.
    fn spend_main(&mut self, elapsed: Duration) -> Option<Duration> {
        if self.in_overtime {
            return Some(elapsed);
        }
        let spill = match self.main_left.checked_sub(elapsed) {
            Some(left) => {
                self.main_left = left;
                None
            }
            None => {
                let spill = elapsed - self.main_left;
                self.main_left = Duration::ZERO;
                Some(spill)
            }
        };
        self.reset_overtime();
        spill
    }

    /// Sets the overtime fields for the start of a period: a full period, all stones or
    /// periods. Enters overtime when main time is gone, so that "main time 0" from
    /// `time_settings` or `time_left` means "in the first period".
    fn reset_overtime(&mut self) {
        if let Some((period, count)) = self.system.overtime() {
            if !self.in_overtime {
                self.period_left = period;
                self.count_left = count;
                self.in_overtime = self.main_left.is_zero();
            }
        }
    }

    fn flag(&mut self) {
        self.flagged = true;
        self.main_left = Duration::ZERO;
        self.period_left = Duration::ZERO;
        self.count_left = 0;
        self.in_overtime = self.system.overtime().is_some();
    }

    /// How long to think about the next move.
    ///
    /// See the module doc for the model. The result always satisfies `target <= max`, and
    /// `max` never exceeds [`Clock::remaining_for_move`] minus the lag buffer, so a search that
    /// stops by `max` (and a move transmitted within the lag) never loses on time.
    pub fn allocate(&self, ctx: &MoveContext, cfg: &TimeConfig) -> Budget {
        let (target, max) = match self.plan(ctx, cfg) {
            Budget::Time { target, max } => (target, max),
            other => return other,
        };
        Budget::Time {
            target: target.min(cfg.max_per_move),
            max: max.min(cfg.max_per_move),
        }
    }

    /// [`Clock::allocate`] before the cap of [`TimeConfig::max_per_move`].
    fn plan(&self, ctx: &MoveContext, cfg: &TimeConfig) -> Budget {
        let Some(remaining) = self.remaining_for_move() else {
            return Budget::Time {
                target: cfg.default_budget,
                max: cfg.default_budget,
            };
        };
        let lag_cfg = cfg.lag.as_secs_f64();
        let plan = match self.system {
            // `None` never gets here: it has no remaining time to plan with.
            TimeSystem::None | TimeSystem::Absolute { .. } => self.plan_absolute(ctx, lag_cfg),
            TimeSystem::Canadian { period, stones, .. } if !self.in_overtime => {
                let share = period.as_secs_f64() / f64::from(stones);
                self.plan_main_with_overtime(ctx, lag_cfg, share)
            }
            TimeSystem::Byoyomi { period, .. } if !self.in_overtime => {
                self.plan_main_with_overtime(ctx, lag_cfg, period.as_secs_f64())
            }
            TimeSystem::Canadian { period, stones, .. } => {
                let share = period.as_secs_f64() / f64::from(stones);
                self.plan_canadian_overtime(lag_cfg.min(LAG_SHARE * share))
            }
            TimeSystem::Byoyomi { period, .. } => {
                self.plan_byoyomi_overtime(lag_cfg.min(LAG_SHARE * period.as_secs_f64()))
            }
        };
        plan.into_budget(remaining)
    }

    /// Absolute time: an even share of what is left over the estimated moves, weighted by the
    /// phase, with a lag buffer kept back for every one of those moves.
    fn plan_absolute(&self, ctx: &MoveContext, lag_cfg: f64) -> Plan {
        let left = self.main_left.as_secs_f64();
        let moves = ctx.moves_left();
        let lag = lag_cfg.min(LAG_SHARE * left / moves);
        let avail = (left - moves * lag).max(0.0);
        let target = avail / moves * ctx.phase_weight();
        // Leave every later move at least MIN_MOVE.
        let reserve = (moves - 1.0) * MIN_MOVE.as_secs_f64();
        let cap = (avail * MAX_SHARE).min(avail - reserve);
        Plan {
            target,
            max: (target * MAX_EXTEND).min(cap),
            lag,
        }
    }

    /// Main time followed by overtime, where `share` is one overtime move's share of a period
    /// (all of it in byo-yomi, a stone's in Canadian): every move can count on that much
    /// anyway, so main time is a bonus on top of it, spread over the estimated moves. Main
    /// time therefore runs out before the game ends and the periods finish it, instead of being
    /// hoarded. The hard cap is safe because whatever a move takes beyond main time spills
    /// into the first period, and the cap keeps that spill within one overtime move's share.
    fn plan_main_with_overtime(&self, ctx: &MoveContext, lag_cfg: f64, share: f64) -> Plan {
        let main = self.main_left.as_secs_f64();
        let lag = lag_cfg.min(LAG_SHARE * share);
        let overtime_move = share - lag;
        let target = ctx.phase_weight() * (overtime_move + main / ctx.moves_left());
        Plan {
            target,
            max: (target * MAX_EXTEND).min(overtime_move + main * MAX_SHARE),
            lag,
        }
    }

    /// Canadian overtime: the period split evenly over the stones still owed, a lag buffer
    /// kept back for each; an uncertain move may borrow from the later stones, but never so
    /// much that they get less than the minimum. The `lag` comes from the system's period and
    /// stones, not from what is left: a move that overran must not shrink the buffer that the
    /// later stones of the period still need.
    fn plan_canadian_overtime(&self, lag: f64) -> Plan {
        let left = self.period_left.as_secs_f64();
        let stones = f64::from(self.count_left.max(1));
        let avail = (left - stones * lag).max(0.0);
        let per_stone = avail / stones;
        let reserve = (stones - 1.0) * MIN_MOVE.as_secs_f64();
        Plan {
            target: per_stone,
            max: (per_stone * OVERTIME_EXTEND).min(avail - reserve),
            lag,
        }
    }

    /// Byo-yomi overtime: a move inside the period costs nothing, so use nearly all of it.
    fn plan_byoyomi_overtime(&self, lag: f64) -> Plan {
        let think = self.period_left.as_secs_f64() - lag;
        Plan {
            target: think,
            max: think,
            lag,
        }
    }
}

/// An allocation in seconds before the floors and hard limits are applied.
struct Plan {
    target: f64,
    max: f64,
    /// The lag buffer this plan kept back for the move itself.
    lag: f64,
}

impl Plan {
    /// Applies the floor (play fast rather than not at all) and the hard limit (what the clock
    /// allows minus the lag), which wins over the floor.
    fn into_budget(self, remaining: Duration) -> Budget {
        let hard = remaining.saturating_sub(duration_from_secs(self.lag));
        let max = duration_from_secs(self.max).max(MIN_MOVE).min(hard);
        let target = duration_from_secs(self.target).max(MIN_MOVE).min(max);
        Budget::Time { target, max }
    }
}

/// What the allocator needs to know about the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveContext {
    /// Moves already played in the game, by both sides (0 before the first move).
    pub move_number: u32,
    /// Points on the board: N*N.
    pub board_points: u32,
    /// Empty points on the board now.
    pub empty_points: u32,
}

impl MoveContext {
    /// Moves this side is still expected to play: a share of the empty points, with a floor.
    fn moves_left(&self) -> f64 {
        let board = f64::from(self.board_points.max(1));
        let empty = f64::from(self.empty_points.min(self.board_points));
        let floor = (board / MIN_MOVES_DIVISOR).max(MIN_MOVES_LEFT);
        (empty * MOVES_PER_EMPTY_POINT).max(floor)
    }

    /// The phase weight: opening, rising smoothly to the middle game, falling to the endgame.
    fn phase_weight(&self) -> f64 {
        let x = f64::from(self.move_number) / f64::from(self.board_points.max(1));
        let rise = smoothstep(OPENING_END.0, OPENING_END.1, x);
        let fall = smoothstep(ENDGAME_START.0, ENDGAME_START.1, x);
        let before_endgame = OPENING_WEIGHT + (MIDDLE_WEIGHT - OPENING_WEIGHT) * rise;
        before_endgame + (ENDGAME_WEIGHT - before_endgame) * fall
    }
}

/// 0 below `lo`, 1 above `hi`, a smooth cubic in between.
fn smoothstep(lo: f64, hi: f64, x: f64) -> f64 {
    let t = ((x - lo) / (hi - lo)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The engine's own time settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeConfig {
    /// Safety buffer kept back on every move for protocol and network delays (scaled down for
    /// very short time per move, see the module doc).
    pub lag: Duration,
    /// Think time per move when there is no time limit.
    pub default_budget: Duration,
    /// The longest any one move may think, however much the clock allows: a huge clock
    /// (`time_settings 99999999 0 0`) must not leave `genmove` searching for hours.
    pub max_per_move: Duration,
}

impl Default for TimeConfig {
    fn default() -> TimeConfig {
        TimeConfig {
            lag: Duration::from_secs(1),
            default_budget: Duration::from_secs(5),
            max_per_move: Duration::from_secs(60),
        }
    }
}

/// How much one search may do: a number of playouts, wall time, or both. The engine's
/// fixed playout budgets and the clock's allocations ([`Clock::allocate`]) are both one of
/// these, and the search obeys it through [`Budget::allows`] and [`Budget::clearly_decided`]
/// (as Pachi's `time_stop` is one type for playouts and wall time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Playouts(u64),
    /// A playout budget that still stops at `max`: a fixed budget under a clock (rule 20:
    /// the engine never loses on time, however slow the machine turns out to be).
    PlayoutsWithin {
        playouts: u64,
        max: Duration,
    },
    /// Aim to stop at `target`, earlier when one move is clearly best; go on up to `max`,
    /// never past it, while the best move is still uncertain.
    Time {
        target: Duration,
        max: Duration,
    },
}

/// Past the target, the search stops unless the second move has at least this share of
/// the best one's visits: then the two are close and the time up to `max` is worth it.
const CLOSE_SECOND: f64 = 1.2;

/// Playouts before the search may stop early at all: fewer say nothing about the moves.
const MIN_PLAYOUTS_TO_DECIDE: f64 = 100.0;

impl Budget {
    /// When to aim to stop: a time budget's target, else never.
    pub fn target(&self) -> Duration {
        match *self {
            Budget::Time { target, .. } => target,
            Budget::Playouts(_) | Budget::PlayoutsWithin { .. } => Duration::MAX,
        }
    }

    /// The hard stop: never searched past (`Duration::MAX` for plain playouts).
    pub fn max(&self) -> Duration {
        match *self {
            Budget::Time { max, .. } | Budget::PlayoutsWithin { max, .. } => max,
            Budget::Playouts(_) => Duration::MAX,
        }
    }

    /// Whether a playout may begin, the `started`-th (from 0), `elapsed` into the search.
    pub fn allows(&self, started: u64, elapsed: Duration) -> bool {
        let playouts_left = match *self {
            Budget::Playouts(n) | Budget::PlayoutsWithin { playouts: n, .. } => started < n,
            Budget::Time { .. } => true,
        };
        playouts_left && elapsed < self.max()
    }

    /// The stop rule of a time budget: true when the search should stop now, `elapsed`
    /// into it after `playouts`, with the root's two most visited moves at `best` and
    /// `second` visits. Past the target it stops unless those two are close; before the
    /// target it stops when the best move leads by more visits than the rest of the target
    /// time could give the second at the rate so far, so that no more searching can change
    /// the choice. Playout budgets never stop early: tests and matches rely on the count.
    pub fn clearly_decided(
        &self,
        elapsed: Duration,
        playouts: u64,
        best: u32,
        second: u32,
    ) -> bool {
        let Budget::Time { target, .. } = *self else {
            return false;
        };
        if elapsed >= target {
            return f64::from(best) > CLOSE_SECOND * f64::from(second);
        }
        let done = playouts as f64;
        let rate = done / elapsed.as_secs_f64().max(1e-3);
        let remaining = rate * target.saturating_sub(elapsed).as_secs_f64();
        f64::from(best - second) > remaining && done > MIN_PLAYOUTS_TO_DECIDE
    }
}

#[cfg(test)]
mod tests;
