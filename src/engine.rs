//! The engine: one game, the search that plays it, the two clocks and the settings.
//!
//! Everything a GTP controller can ask for is a method here, with typed arguments, typed
//! results and typed errors ([`EngineError`]); the engine writes no protocol text (that is
//! [`crate::gtp`]) and never touches stdio. Every method that fails leaves the engine exactly
//! as it was, so a refused command changes nothing (GTP's rule for failed commands).
//!
//! ## Time
//! Each colour has its own [`Clock`]. A controller that sends `time_left` is authoritative
//! for that colour; for a colour it never reports, the engine charges its own thinking time
//! to the clock after each `genmove` (gogui-twogtp sends `time_settings` and nothing else).
//!
//! ## Pondering
//! With `ponder` on, the search goes on during the opponent's time: after `genmove` it moves
//! to a thread of its own with a copy of the game, and the next call that needs it (the
//! GTP layer stops it before every command) stops that thread and takes the search back,
//! with its tree, which the next move reuses. After a command that leaves the game where
//! the engine's move left it, such as a query or a GUI's analysis, the GTP layer resumes it
//! ([`Engine::resume_pondering`]).
//!
//! ## Analysis
//! GUIs watch the search through typed snapshots ([`Analysis`], [`Ownership`]) that the
//! `analysis` submodule takes after short slices of search on an unchanged position, the
//! tree growing from slice to slice; `gtp` streams them in each GUI's format.
//!
//! ## Cleanup
//! Where dead stones are not removed by agreement (Tromp-Taylor, and `kgs-genmove_cleanup`
//! when players disagree), the engine does not pass while opponent stones it judges dead
//! are on the board: it fills their liberties until they are captured.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use log::{info, warn};

use crate::board::{Color, Move, Point};
use crate::game::{handicap, Game, IllegalMove, RuleSet};
use crate::scoring::Score;
use crate::search::{self, Decision, Search};
use crate::settings::Settings;
use crate::sgf;
use crate::time::{Budget, Clock, MoveContext, TimeSystem};

mod analysis;

pub use analysis::{Analysis, AnalysisMove, MoveSearch, Ownership};

/// The board size of a new engine, until the controller says otherwise.
pub const DEFAULT_SIZE: usize = 19;

/// Why the engine refused a request. Each variant is one GTP error text.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    /// A board size outside 2..=25 (rule 1).
    UnacceptableSize,
    /// The move is not legal now.
    Illegal(IllegalMove),
    /// There is no move to take back.
    CannotUndo,
    /// A handicap that the command does not allow on this board.
    InvalidHandicap,
    /// Handicap stones need an empty board with no moves played.
    BoardNotEmpty,
    /// Free handicap points that repeat (the caller also uses it for passes and points off
    /// the board).
    BadVertexList,
    /// `loadsgf`: the file is unreadable, not SGF, or not a game this engine can replay.
    CannotLoad(String),
    /// `printsgf FILE`: the file could not be written.
    CannotSave(String),
    /// `kgs-rules` with a name no preset matches.
    UnknownRules(String),
    /// A query about a point that holds no stone.
    EmptyPoint,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::UnacceptableSize => write!(f, "unacceptable size"),
            EngineError::Illegal(why) => write!(f, "illegal move: {why}"),
            EngineError::CannotUndo => write!(f, "cannot undo"),
            EngineError::InvalidHandicap => write!(f, "invalid number of stones"),
            EngineError::BoardNotEmpty => write!(f, "board not empty"),
            EngineError::BadVertexList => write!(f, "bad vertex list"),
            EngineError::CannotLoad(why) => write!(f, "cannot load file: {why}"),
            EngineError::CannotSave(why) => write!(f, "cannot save file: {why}"),
            EngineError::UnknownRules(name) => write!(f, "unknown rules: {name}"),
            EngineError::EmptyPoint => write!(f, "vertex must not be empty"),
        }
    }
}

impl std::error::Error for EngineError {}

/// The status of stones at the end of the game (rule 13), as `final_status_list` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoneStatus {
    Alive,
    Dead,
    Seki,
}

/// Which GTP move command a move search answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// `genmove`: it may resign, and cleans up dead stones before passing only where the
    /// rules do not remove them by agreement.
    Normal,
    /// `kgs-genmove_cleanup`: it never resigns and captures every opponent stone it judges
    /// dead before it passes.
    Cleanup,
}

/// A position as far as pondering cares: the stones, how many moves led there and the side
/// to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PositionKey {
    hash: u64,
    moves: usize,
    to_move: Color,
}

impl PositionKey {
    fn of(game: &Game) -> PositionKey {
        PositionKey {
            hash: game.board().hash(),
            moves: game.moves().len(),
            to_move: game.to_move(),
        }
    }
}

/// Each legal move with its probability ([`search::move_model::policy`]).
type Policy = Vec<(Move, f64)>;

/// A search running on the opponent's time.
struct Pondering {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Search>,
}

/// The engine. See the module documentation.
pub struct Engine {
    game: Game,
    /// The search, when it is not out pondering.
    search: Option<Search>,
    /// The user's settings: the search gets a copy of its part when it is made and
    /// whenever they change.
    settings: Settings,
    pondering: Option<Pondering>,
    /// The position the engine's last move left: it ponders there while the game stays.
    ponder_on: Option<PositionKey>,
    /// The agreed time control, so that a new game starts with full clocks.
    time_system: TimeSystem,
    clocks: [Clock; 2],
    /// Colours whose time the controller reports with `time_left`; the engine does not
    /// charge their clocks itself.
    reported: [bool; 2],
    /// The colour that resigned, while the game has not changed since.
    resigned: Option<Color>,
    /// Wall-clock time spent searching, for `cputime` where the OS does not tell.
    thinking: Duration,
    /// The policy of the last position analysed ([`Engine::policy`]).
    policy: Option<((PositionKey, Color), Policy)>,
    /// Set (by GTP's reader thread) to stop the running search early; see
    /// [`Engine::interrupter`].
    interrupt: Arc<AtomicBool>,
}

impl Engine {
    /// An engine with an empty 19x19 board and no time limit.
    pub fn new(settings: Settings) -> Engine {
        let game = Game::new(DEFAULT_SIZE, settings.rules)
            .unwrap_or_else(|_| unreachable!("19 is a valid board size"));
        Engine {
            game,
            search: Some(Search::new(settings.search.clone())),
            settings,
            pondering: None,
            ponder_on: None,
            time_system: TimeSystem::None,
            clocks: [Clock::new(TimeSystem::None), Clock::new(TimeSystem::None)],
            reported: [false; 2],
            resigned: None,
            thinking: Duration::ZERO,
            policy: None,
            interrupt: Arc::new(AtomicBool::new(false)),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The search, back from pondering if it was out, and the game it plays.
    fn search_and_game(&mut self) -> (&mut Search, &Game) {
        self.stop_pondering();
        let config = &self.settings.search;
        let search = self
            .search
            .get_or_insert_with(|| Search::new(config.clone()));
        (search, &self.game)
    }

    /// Dead stones and seki as the search judges them now.
    fn judge(&mut self) -> search::LifeAndDeath {
        let (search, game) = self.search_and_game();
        search.life_and_death(game)
    }

    /// Whether a search runs on the opponent's time now.
    pub fn is_pondering(&self) -> bool {
        self.pondering.is_some()
    }

    /// Stops pondering, if it runs, and takes the search back.
    pub fn stop_pondering(&mut self) {
        if let Some(pondering) = self.pondering.take() {
            pondering.stop.store(true, Ordering::Relaxed);
            // A pondering thread that panicked lost its tree; a fresh search replaces it.
            self.search = pondering.thread.join().ok();
        }
    }

    /// Ponders again if the game is still where the engine's last move left it, as after a
    /// command that changed nothing (a query, an analysis stream): the opponent's time is
    /// the engine's to use until the opponent moves.
    pub fn resume_pondering(&mut self) {
        if !self.is_pondering() && self.ponder_on == Some(PositionKey::of(&self.game)) {
            self.start_pondering();
        }
    }

    /// Searches the current position, the opponent to move, until stopped.
    fn start_pondering(&mut self) {
        if !self.settings.ponder || self.game.is_over() || self.resigned.is_some() {
            return;
        }
        self.stop_pondering();
        let Some(mut search) = self.search.take() else {
            return;
        };
        let game = self.game.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new()
            .name("ponder".into())
            .spawn(move || {
                let day = Duration::from_secs(86_400);
                let until_stopped = Budget::Time {
                    target: day,
                    max: day,
                };
                search.run(&game, &until_stopped, &flag);
                search
            });
        match spawned {
            Ok(thread) => self.pondering = Some(Pondering { stop, thread }),
            Err(e) => warn!("cannot ponder: {e}"),
        }
    }

    /// The colour that resigned the current game, if one did.
    pub fn resigned(&self) -> Option<Color> {
        self.resigned
    }

    /// One colour's clock.
    pub fn clock(&self, color: Color) -> &Clock {
        &self.clocks[color.index()]
    }

    /// The game, for a change: any change voids a resignation.
    fn game_mut(&mut self) -> &mut Game {
        self.resigned = None;
        &mut self.game
    }

    /// Starts a new game of `size` with the komi kept (controllers such as Sabaki send
    /// `komi` before `boardsize`) and both clocks full.
    pub fn set_board_size(&mut self, size: usize) -> Result<(), EngineError> {
        let mut game =
            Game::new(size, self.settings.rules).map_err(|_| EngineError::UnacceptableSize)?;
        game.set_komi(self.game.komi());
        *self.game_mut() = game;
        self.reset_clocks();
        Ok(())
    }

    /// Starts a new game on the same board size, keeping komi.
    pub fn clear_board(&mut self) {
        let size = self.game.board().size();
        self.set_board_size(size)
            .unwrap_or_else(|_| unreachable!("the current size is valid"));
    }

    pub fn set_komi(&mut self, komi: f64) {
        self.game_mut().set_komi(komi);
    }

    /// Plays a move for either colour (GTP allows moves out of turn).
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), EngineError> {
        self.game.play(color, mv).map_err(EngineError::Illegal)?;
        self.resigned = None;
        Ok(())
    }

    pub fn undo(&mut self) -> Result<(), EngineError> {
        if self.game.moves().is_empty() {
            return Err(EngineError::CannotUndo);
        }
        self.game_mut().undo();
        Ok(())
    }

    /// GTP `fixed_handicap`: `stones` black stones on the spec's star points (rule 17).
    pub fn fixed_handicap(&mut self, stones: u64) -> Result<Vec<Point>, EngineError> {
        let size = self.game.board().size();
        let coords = usize::try_from(stones)
            .ok()
            .and_then(|n| handicap::fixed_coords(size, n))
            .ok_or(EngineError::InvalidHandicap)?;
        let board = self.game.board();
        let points: Vec<Point> = coords
            .into_iter()
            .map(|(col, row)| board.point_at(col, row))
            .collect();
        self.place_handicap(&points)?;
        Ok(points)
    }

    /// GTP `place_free_handicap`: exactly `stones` points chosen by the engine: the star
    /// points first, then the points farthest from the stones already placed.
    pub fn place_free_handicap(&mut self, stones: u64) -> Result<Vec<Point>, EngineError> {
        let board = self.game.board();
        let n = usize::try_from(stones).map_err(|_| EngineError::InvalidHandicap)?;
        if !(2..board.size() * board.size()).contains(&n) {
            return Err(EngineError::InvalidHandicap);
        }
        let points = handicap::spread(board, n);
        self.place_handicap(&points)?;
        Ok(points)
    }

    /// GTP `set_free_handicap`: the controller's points (2 up to all but one point).
    pub fn set_free_handicap(&mut self, points: &[Point]) -> Result<(), EngineError> {
        let size = self.game.board().size();
        if !(2..size * size).contains(&points.len()) {
            return Err(EngineError::InvalidHandicap);
        }
        let mut sorted = points.to_vec();
        sorted.sort();
        sorted.dedup();
        if sorted.len() != points.len() {
            return Err(EngineError::BadVertexList);
        }
        self.place_handicap(points)
    }

    fn place_handicap(&mut self, points: &[Point]) -> Result<(), EngineError> {
        if !self.game.moves().is_empty() || self.game.board().empty_count() != self.area() {
            return Err(EngineError::BoardNotEmpty);
        }
        self.game
            .place_handicap(points)
            .map_err(|_| EngineError::BadVertexList)?;
        self.resigned = None;
        Ok(())
    }

    /// Points on the board: N*N.
    fn area(&self) -> usize {
        self.game.board().size().pow(2)
    }

    /// GTP `genmove`: `color` moves next; searches, plays the chosen move and charges the
    /// time to `color`'s clock unless the controller reports it.
    pub fn genmove(&mut self, color: Color) -> Decision {
        self.generate(color, MoveKind::Normal)
    }

    /// [`Engine::genmove`] or `kgs-genmove_cleanup`, as `kind` says.
    pub fn generate(&mut self, color: Color, kind: MoveKind) -> Decision {
        self.game_mut().set_to_move(color);
        // A move is chosen among all moves, whatever an analysis avoided before.
        self.clear_filter();
        let report = self.think();
        if let Some(search) = self.search.as_mut() {
            search.learn_komi(&self.game, color, &report);
        }
        self.conclude(color, report, kind)
    }

    /// The end of a move search: charges the time to `color`'s clock unless the controller
    /// reports it, cleans up dead stones instead of passing where `kind` or the rules need
    /// it, plays the decision and starts pondering.
    fn conclude(&mut self, color: Color, report: search::Report, kind: MoveKind) -> Decision {
        if !self.reported[color.index()]
            && self.clocks[color.index()].spend(report.elapsed).is_err()
        {
            warn!("{color:?} has run out of time by our own count");
        }
        let cleans_up = match (kind, report.decision) {
            (MoveKind::Cleanup, Decision::Pass | Decision::Resign) => true,
            (MoveKind::Normal, Decision::Pass) => !self.game.rules().remove_dead,
            _ => false,
        };
        let decision = if cleans_up {
            self.cleanup_move(color, &report).unwrap_or(Decision::Pass)
        } else {
            report.decision
        };
        let played = self.play_decision(color, decision);
        self.ponder_on = Some(PositionKey::of(&self.game));
        self.start_pondering();
        played
    }

    /// A move that takes a liberty from an opponent chain judged dead: the one the search
    /// liked best among those that are legal and put nothing of ours in atari; `None` when
    /// no dead opponent stone is left.
    fn cleanup_move(&mut self, color: Color, report: &search::Report) -> Option<Decision> {
        let judged = self.judge();
        let board = self.game.board();
        let mut targets: Vec<Point> = judged
            .dead
            .iter()
            .filter(|&&p| board.cell(p) == color.opponent().cell())
            .flat_map(|&p| board.chain_liberties(p))
            .filter(|&l| {
                self.game.legality(color, Move::Play(l)).is_ok() && !board.is_self_atari(color, l)
            })
            .collect();
        targets.sort_unstable();
        targets.dedup();
        let visits = |p: Point| {
            report
                .candidates
                .iter()
                .find(|c| c.mv == Move::Play(p))
                .map_or(0, |c| c.visits)
        };
        targets
            .into_iter()
            .max_by_key(|&p| visits(p))
            .map(Decision::Play)
    }

    /// Plays what the search decided; a move the game refuses (a search bug) becomes a pass,
    /// so the controller never sees an illegal move.
    fn play_decision(&mut self, color: Color, decision: Decision) -> Decision {
        match decision {
            Decision::Play(p) => {
                if let Err(why) = self.game_mut().play(color, Move::Play(p)) {
                    warn!("the search chose an illegal move ({why}); passing instead");
                    return self.play_decision(color, Decision::Pass);
                }
                Decision::Play(p)
            }
            Decision::Pass => {
                // A pass is always legal.
                let _ = self.game_mut().play(color, Move::Pass);
                Decision::Pass
            }
            Decision::Resign => {
                self.resigned = Some(color);
                Decision::Resign
            }
        }
    }

    /// GTP `reg_genmove`: the move `color` would play now; the game and clocks stay as
    /// they are.
    pub fn reg_genmove(&mut self, color: Color) -> Decision {
        let before = self.game.to_move();
        self.game.set_to_move(color);
        self.clear_filter();
        let decision = self.think().decision;
        // The side to move is all `set_to_move` changed, so this restores the game exactly.
        self.game.set_to_move(before);
        decision
    }

    /// How long `color` may think now: the fixed playout budget if one is configured
    /// (capped by the clock's hard limit when there is a clock), else the clock's allocation.
    fn budget(&self, color: Color) -> Budget {
        let game = &self.game;
        let clock = &self.clocks[color.index()];
        let board = game.board();
        let ctx = MoveContext {
            move_number: u32::try_from(game.moves().len()).unwrap_or(u32::MAX),
            board_points: (board.size() * board.size()) as u32,
            empty_points: board.empty_count() as u32,
        };
        let time = clock.allocate(&ctx, &self.settings.time);
        match (self.settings.playouts, clock.remaining_for_move()) {
            (Some(playouts), None) => Budget::Playouts(playouts),
            (Some(playouts), Some(_)) => Budget::PlayoutsWithin {
                playouts,
                max: time.max(),
            },
            (None, _) => time,
        }
    }

    /// Runs the search for the side to move with a budget from the configuration or the
    /// clock, until the budget is spent or the interrupt flag is set.
    fn think(&mut self) -> search::Report {
        let color = self.game.to_move();
        let budget = self.budget(color);
        let stop = Arc::clone(&self.interrupt);
        let start = Instant::now();
        let (search, game) = self.search_and_game();
        let report = search.run(game, &budget, &stop);
        // The search also sets the flag itself when it stops early; either way it is spent.
        stop.store(false, Ordering::Relaxed);
        self.thinking += start.elapsed();
        info!(
            "{color:?}: win rate {:.3} after {} playouts in {:.2} s, played for komi {}",
            report.winrate,
            report.playouts,
            report.elapsed.as_secs_f64(),
            report.komi
        );
        report
    }

    /// The dead stones and seki the search judges, and the score with them (rule 13) under
    /// the game's rules.
    pub fn final_score(&mut self) -> Score {
        let judged = self.judge();
        self.game.score(&judged.dead, &judged.seki)
    }

    /// The chains with `status`, each as its stones, in board order.
    pub fn final_status(&mut self, status: StoneStatus) -> Vec<Vec<Point>> {
        let judged = self.judge();
        let board = self.game.board();
        let stones: Vec<Point> = match status {
            StoneStatus::Dead => judged.dead,
            StoneStatus::Seki => judged.seki,
            StoneStatus::Alive => board
                .points()
                .filter(|p| board.cell(*p).color().is_some())
                .filter(|p| !judged.dead.contains(p) && !judged.seki.contains(p))
                .collect(),
        };
        let mut chains: BTreeMap<Point, Vec<Point>> = BTreeMap::new();
        for p in stones {
            if board.cell(p).color().is_some() {
                chains.entry(board.chain_head(p)).or_default().push(p);
            }
        }
        chains
            .into_values()
            .map(|mut chain| {
                chain.sort();
                chain.dedup();
                chain
            })
            .collect()
    }

    /// GTP `time_settings` and `kgs-time_settings`: the new control, both clocks full, and
    /// the engine keeps time itself until the controller sends `time_left`.
    pub fn set_time_system(&mut self, system: TimeSystem) {
        self.time_system = system;
        self.reset_clocks();
    }

    fn reset_clocks(&mut self) {
        self.clocks = [Clock::new(self.time_system), Clock::new(self.time_system)];
        self.reported = [false; 2];
    }

    /// GTP `time_left`: the controller's word on `color`'s clock, authoritative from now on.
    pub fn time_left(&mut self, color: Color, seconds: f64, stones: u32) {
        self.clocks[color.index()].time_left(seconds, stones);
        self.reported[color.index()] = true;
    }

    /// `kgs-rules`: the nearest preset to `name`, for this game and the next ones.
    pub fn set_rules(&mut self, name: &str) -> Result<(), EngineError> {
        let rules = RuleSet::by_name(name).ok_or_else(|| EngineError::UnknownRules(name.into()))?;
        self.settings.rules = rules;
        self.game_mut().set_rules(rules);
        Ok(())
    }

    /// GTP `loadsgf`: the game of an SGF file, up to the position before `move_number`
    /// (1-based; the whole main line without it). Clocks and settings stay.
    pub fn load_sgf(&mut self, path: &Path, move_number: Option<usize>) -> Result<(), EngineError> {
        let bytes = std::fs::read(path).map_err(|e| EngineError::CannotLoad(e.to_string()))?;
        let record = sgf::parse(&String::from_utf8_lossy(&bytes))
            .map_err(|e| EngineError::CannotLoad(e.to_string()))?;
        let game = sgf::to_game(&record, move_number, self.settings.rules)
            .map_err(|e| EngineError::CannotLoad(e.to_string()))?;
        *self.game_mut() = game;
        Ok(())
    }

    /// The game as SGF (rule 22), with the result when the game is over.
    pub fn to_sgf(&mut self) -> String {
        let mut record = sgf::from_game(&self.game);
        record.result = match self.resigned {
            Some(loser) => Some(format!("{}+R", color_letter(loser.opponent()))),
            None if self.game.is_over() => Some(self.final_score().gtp_text()),
            None => None,
        };
        sgf::write(&record)
    }

    /// GTP `printsgf FILE`.
    pub fn save_sgf(&mut self, path: &Path) -> Result<(), EngineError> {
        let text = self.to_sgf();
        std::fs::write(path, text).map_err(|e| EngineError::CannotSave(e.to_string()))
    }

    /// The star points of the current board (rule 2), for diagrams: the fixed handicap
    /// points, without the side points below 15x15, where boards mark only the corners and
    /// the centre.
    pub fn star_points(&self) -> Vec<Point> {
        handicap::star_points(self.game.board())
    }

    /// CPU time the process has used (all threads), or the time spent searching where the
    /// OS does not tell.
    pub fn cpu_time(&self) -> Duration {
        process_cpu_time().unwrap_or(self.thinking)
    }
}

/// `B` or `W`, as SGF results write the winner.
fn color_letter(color: Color) -> char {
    match color {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

/// User plus system CPU time of this process from `/proc/self/stat` (Linux), in clock
/// ticks of 1/100 s, which is what every Linux port uses for `USER_HZ`.
fn process_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may hold spaces; fields after its closing parenthesis are
    // plain numbers, utime and stime being the 12th and 13th of them.
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks.saturating_mul(10)))
}

#[cfg(test)]
mod tests;

impl Drop for Engine {
    /// A pondering thread ends with the engine.
    fn drop(&mut self) {
        self.stop_pondering();
    }
}
