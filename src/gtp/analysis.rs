//! Analysis commands and their text: the streaming ones of Leela Zero (`lz-analyze`, which
//! Sabaki also sends as `analyze`) and KataGo (`kata-analyze`), their genmove variants, and
//! GoGui's analyze commands (`gogui-analyze_commands` and the `yunzi-*` commands it lists).
//!
//! ## Streaming
//! A streaming response is `=[id]` on its own line, then one `info ...` line per update, then
//! the empty line that ends every GTP response: the genmove variants first write
//! `play VERTEX`. Any input line ends the stream; see [`super::Gtp::continue_analysis`].
//!
//! Each update holds one `info` segment per candidate move, best first, with `pv` last in
//! each segment, as both GUIs' parsers expect. Leela Zero's win rates, priors and bounds are
//! integers in 0..10000; KataGo's are floats in 0..1, with score estimates per segment and,
//! when asked, `ownership` and N*N values (row by row from the top left, for the side to
//! move) after the last segment.

use std::fmt::Write as _;
use std::time::Duration;

use super::parse::{arg, color, gtp_move, uint, GtpMove, SyntaxError};
use super::vertex_text;
use crate::board::{Board, Color, Move};
use crate::engine::{Analysis, Ownership};
use crate::settings::{Settings, SETTINGS};

/// Whose format an analysis stream uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Leela Zero's `lz-analyze` (and Sabaki's generic `analyze`).
    Leela,
    /// KataGo's `kata-analyze`.
    Kata,
}

/// The arguments of an analysis command: `[colour] [interval] [key value]...`.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalyzeOptions {
    /// The side to analyse for; the side to move when absent.
    pub color: Option<Color>,
    /// Time between updates; zero writes none.
    pub interval: Duration,
    /// At most this many moves per update.
    pub max_moves: Option<usize>,
    /// At least this many moves per update where the board has them: moves no playout has
    /// tried yet, best prior first, fill the list up.
    pub min_moves: usize,
    /// KataGo's `ownership true`.
    pub ownership: bool,
    /// `avoid` and `allow` arguments, in order.
    pub rules: Vec<AnalyzeRule>,
}

/// `avoid COLOUR VERTICES UNTILDEPTH` or `allow ...` (KataGo's GTP extensions): the
/// comma-separated vertices, which need the board to become points.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalyzeRule {
    pub color: Color,
    pub allow: bool,
    pub moves: Vec<GtpMove>,
    pub until_depth: usize,
}

/// The interval when the command gives none: one update a second.
const DEFAULT_INTERVAL: Duration = Duration::from_secs(1);

/// Parses `[colour] [interval] [interval N] [minmoves N] [maxmoves N] [ownership BOOL]
/// [avoid|allow COLOUR VERTICES UNTILDEPTH]...` (intervals in centiseconds).
pub fn options(words: &[&str]) -> Result<AnalyzeOptions, SyntaxError> {
    let mut options = AnalyzeOptions {
        color: None,
        interval: DEFAULT_INTERVAL,
        max_moves: None,
        min_moves: 0,
        ownership: false,
        rules: Vec::new(),
    };
    let mut rest = words;
    if let Some((first, tail)) = rest.split_first() {
        if let Ok(c) = super::parse::args(first, arg(color)) {
            options.color = Some(c);
            rest = tail;
        }
    }
    let number = |word: &str| super::parse::args(word, arg(uint));
    if let Some((first, tail)) = rest.split_first() {
        if let Ok(cs) = number(first) {
            options.interval = Duration::from_millis(cs.saturating_mul(10));
            rest = tail;
        }
    }
    while let [key, tail @ ..] = rest {
        let key = key.to_ascii_lowercase();
        if key == "avoid" || key == "allow" {
            let [color_word, vertices, depth, tail @ ..] = tail else {
                return Err(SyntaxError);
            };
            let moves = vertices
                .split(',')
                .map(|v| super::parse::args(v, arg(gtp_move)))
                .collect::<Result<Vec<_>, _>>()?;
            options.rules.push(AnalyzeRule {
                color: super::parse::args(color_word, arg(color))?,
                allow: key == "allow",
                moves,
                until_depth: usize::try_from(number(depth)?).unwrap_or(usize::MAX),
            });
            rest = tail;
            continue;
        }
        let [value, tail @ ..] = tail else {
            return Err(SyntaxError);
        };
        match key.as_str() {
            "interval" => {
                options.interval = Duration::from_millis(number(value)?.saturating_mul(10))
            }
            "minmoves" => options.min_moves = usize::try_from(number(value)?).unwrap_or(usize::MAX),
            "maxmoves" => {
                options.max_moves = Some(usize::try_from(number(value)?).unwrap_or(usize::MAX))
            }
            "ownership" => {
                options.ownership = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(SyntaxError),
                }
            }
            _ => return Err(SyntaxError),
        }
        rest = tail;
    }
    if rest.is_empty() {
        Ok(options)
    } else {
        Err(SyntaxError)
    }
}

fn move_text(board: &Board, mv: Move) -> String {
    match mv {
        Move::Pass => "pass".into(),
        Move::Play(p) => vertex_text(board, p),
    }
}

/// One update line (without its line end), or `None` when the search has no move yet: an
/// empty line would end the response.
pub fn info_line(
    board: &Board,
    analysis: &Analysis,
    dialect: Dialect,
    options: &AnalyzeOptions,
    ownership: Option<&Ownership>,
) -> Option<String> {
    let shown = options.max_moves.unwrap_or(usize::MAX);
    let fill = options.min_moves.saturating_sub(analysis.moves.len());
    let moves = analysis
        .moves
        .iter()
        .chain(analysis.untried.iter().take(fill));
    let mut segments = Vec::new();
    for (order, m) in moves.take(shown).enumerate() {
        let mut segment = format!("info move {} visits {} ", move_text(board, m.mv), m.visits);
        let _ = match dialect {
            Dialect::Leela => write!(
                segment,
                "winrate {} prior {} lcb {} ",
                per_10000(m.winrate),
                per_10000(m.prior),
                per_10000(m.lcb)
            ),
            // KataGo's order. Its utility blends win rate and score; yunzi's search values
            // wins alone, so the utility is the win rate from -1 to 1. The playouts are
            // self-play, so their mean score is the self-play score too.
            Dialect::Kata => write!(
                segment,
                "utility {:.6} winrate {:.6} scoreMean {:.2} scoreStdev {:.2} scoreLead {:.2} \
                 scoreSelfplay {:.2} prior {:.6} lcb {:.6} ",
                2.0 * m.winrate - 1.0,
                m.winrate,
                m.score_lead,
                m.score_stdev,
                m.score_lead,
                m.score_lead,
                m.prior,
                m.lcb
            ),
        };
        let pv: Vec<String> = m.pv.iter().map(|&mv| move_text(board, mv)).collect();
        let _ = write!(segment, "order {order} pv {}", pv.join(" "));
        segments.push(segment);
    }
    if segments.is_empty() {
        return None;
    }
    let mut line = segments.join(" ");
    if let (Dialect::Kata, Some(ownership)) = (dialect, ownership) {
        let sign = match analysis.to_move {
            Color::Black => 1.0,
            Color::White => -1.0,
        };
        line.push_str(" ownership");
        for row in (0..ownership.size).rev() {
            for col in 0..ownership.size {
                let _ = write!(line, " {:.4}", sign * ownership.at(col, row));
            }
        }
    }
    Some(line)
}

/// A fraction 0..1 as Leela Zero's integer 0..10000.
fn per_10000(x: f64) -> u32 {
    (x.clamp(0.0, 1.0) * 10000.0).round() as u32
}

/// `gogui-analyze_commands`: GoGui's `type/label/command` lines for the `yunzi-*` commands.
pub const GOGUI_ANALYZE_COMMANDS: &str = "dboard/Ownership/yunzi-ownership
sboard/Visits/yunzi-visits
gfx/Win rates/yunzi-winrates
gfx/Principal variation/yunzi-pv
string/Result in stones/yunzi-result
param/Search parameters/yunzi-param";

/// GoGui's `dboard`: ownership from -1 (White) to 1 (Black), the top row first.
pub fn ownership_board(ownership: &Ownership) -> String {
    (0..ownership.size)
        .rev()
        .map(|row| {
            (0..ownership.size)
                .map(|col| format!("{:.2}", ownership.at(col, row)))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// GoGui's `sboard`: each candidate's visits on its point (compact, as GoGui's default
/// window fits about three characters on a point), `""` (GoGui's empty string) elsewhere,
/// the top row first.
pub fn visits_board(board: &Board, analysis: &Analysis) -> String {
    let size = board.size();
    (0..size)
        .rev()
        .map(|row| {
            (0..size)
                .map(|col| {
                    let mv = Move::Play(board.point_at(col, row));
                    analysis
                        .moves
                        .iter()
                        .find(|m| m.mv == mv)
                        .map_or_else(|| "\"\"".to_string(), |m| short_count(m.visits))
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A count in at most four characters: `999`, `1.2k`, `12k`, `123k`, `1.2M`, `12M`...
fn short_count(n: u32) -> String {
    let tenths = |unit: u32| (u64::from(n) * 10 / u64::from(unit)) as f64 / 10.0;
    match n {
        0..=999 => n.to_string(),
        1_000..=9_999 => format!("{:.1}k", tenths(1_000)),
        10_000..=999_999 => format!("{}k", n / 1_000),
        1_000_000..=9_999_999 => format!("{:.1}M", tenths(1_000_000)),
        _ => format!("{}M", n / 1_000_000),
    }
}

/// Moves seen in fewer playouts than this share of the best move's get no win-rate label:
/// a move with three lucky playouts would outshine the best move's well-measured one.
const LABELLED_SHARE: f64 = 0.05;

/// GoGui's `gfx` with each candidate's win rate in percent as a label, and a summary line.
pub fn winrates_gfx(board: &Board, analysis: &Analysis) -> String {
    let best_visits = analysis.moves.first().map_or(0, |m| m.visits);
    let labels: Vec<String> = analysis
        .moves
        .iter()
        .filter(|m| f64::from(m.visits) >= LABELLED_SHARE * f64::from(best_visits))
        .filter_map(|m| match m.mv {
            Move::Play(p) => Some(format!(
                "{} {:.0}",
                vertex_text(board, p),
                m.winrate * 100.0
            )),
            Move::Pass => None,
        })
        .collect();
    let mut out = String::new();
    if !labels.is_empty() {
        let _ = writeln!(out, "LABEL {}", labels.join(" "));
    }
    match analysis.moves.first() {
        Some(best) => {
            let _ = write!(
                out,
                "TEXT {} to move: best {}, win rate {:.1}%, {} visits",
                super::color_name(analysis.to_move),
                move_text(board, best.mv),
                best.winrate * 100.0,
                best.visits
            );
        }
        None => out.push_str("TEXT no move searched"),
    }
    out
}

/// GoGui's `gfx` `VAR` line of the best move's principal variation, up to its pass.
pub fn pv_gfx(board: &Board, analysis: &Analysis) -> String {
    let Some(best) = analysis.moves.first() else {
        return String::new();
    };
    let mut color = analysis.to_move;
    let mut var = String::from("VAR");
    for &mv in &best.pv {
        let Move::Play(p) = mv else { break };
        let letter = if color == Color::Black { 'b' } else { 'w' };
        let _ = write!(var, " {letter} {}", vertex_text(board, p));
        color = color.opponent();
    }
    var
}

/// GoGui's `param` listing: `[type] key value` per setting its dialog shows
/// ([`Setting::in_dialog`]).
pub fn param_list(settings: &Settings) -> String {
    SETTINGS
        .iter()
        .filter(|setting| setting.in_dialog)
        .map(|setting| {
            let kind = if setting.is_switch() {
                "bool"
            } else {
                "string"
            };
            format!(
                "[{kind}] {} {}",
                setting.dialog_key(),
                (setting.get)(settings)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// GoGui's live graphics of a search in progress: the gfx of `yunzi-winrates` and
/// `yunzi-pv` in one multi-line `gogui-gfx:` block ended by an empty line, as GoGui clears
/// the board for each block (single `gogui-gfx: CMD` lines would each erase the one
/// before). `VAR` comes last, so the variation's move numbers cover the win-rate labels on
/// its points; the best move's win rate is in the `TEXT`. `None` before any move is
/// searched.
pub fn live_gfx(board: &Board, analysis: &Analysis) -> Option<String> {
    if analysis.moves.is_empty() {
        return None;
    }
    let winrates = winrates_gfx(board, analysis);
    let pv = pv_gfx(board, analysis);
    let mut block = String::from("gogui-gfx:\n");
    for line in winrates.lines().chain(pv.lines()) {
        block.push_str(line);
        block.push('\n');
    }
    block.push('\n');
    Some(block)
}

/// Written when a command with live graphics ends: GoGui's documentation advises it, as an
/// update read just before the response could otherwise be drawn during the next command.
pub const LIVE_GFX_CLEAR: &str = "gogui-gfx: CLEAR\n";

/// The move a genmove variant played, as its last line says it: `play D4`.
pub fn play_line(board: &Board, decision: crate::search::Decision) -> String {
    format!("play {}", super::decision_text(board, decision))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_fit_their_formats() {
        assert_eq!(short_count(999), "999");
        assert_eq!(short_count(1000), "1.0k");
        assert_eq!(short_count(1250), "1.2k");
        assert_eq!(short_count(9999), "9.9k");
        assert_eq!(short_count(10_000), "10k");
        assert_eq!(short_count(123_456), "123k");
        assert_eq!(short_count(1_234_567), "1.2M");
        assert_eq!(short_count(u32::MAX), "4294M");
        assert!((0..2_000_000)
            .step_by(997)
            .all(|n| short_count(n).len() <= 4));
        assert_eq!(per_10000(0.55555), 5556);
        assert_eq!(per_10000(1.5), 10000, "clamped");
        assert_eq!(per_10000(-0.1), 0);
    }
}
