//! GTP version 2 (draft 2, Farnebäck 2002): the only module that writes protocol text.
//!
//! [`Gtp::handle_line`] turns one input line into its complete response: a pure function of
//! the engine's state that tests call directly. [`serve`] is the only code that reads and
//! writes streams; it answers pipelined commands strictly in order and flushes after each.
//!
//! ## Responses
//! `=[id] result` or `?[id] message`, always with one space after the prefix, ended by one
//! empty line. A result never holds an empty line (it would end the response early), so
//! multi-line results drop blank lines. A failed command leaves the engine as it was.

mod commands;
mod parse;

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::path::Path;

use log::{debug, warn};

use crate::board::{Board, Cell, Color, Move, Point};
use crate::engine::{Engine, EngineError};
use crate::search::Decision;

pub use commands::{Command, COMMANDS};
pub use parse::{GtpMove, Vertex};

use commands::ParseError;

/// The GTP protocol version this module speaks.
const PROTOCOL_VERSION: &str = "2";

/// A GTP session over one engine.
pub struct Gtp {
    engine: Engine,
    quit: bool,
}

/// What a command answers: the result text, or the error message.
type Answer = Result<String, String>;

impl Gtp {
    pub fn new(engine: Engine) -> Gtp {
        Gtp {
            engine,
            quit: false,
        }
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Whether `quit` has been answered: the session is over.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// The full response to one line (ending in the empty line), or `None` for a line that
    /// is empty once comments and control characters are gone.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let line = parse::preprocess(line)?;
        // Pondering lasts until the controller speaks again.
        self.engine.stop_pondering();
        let (id, command) = parse::split_id(&line);
        let (name, arguments) = parse::split_name(command);
        let answer = match commands::parse(name, arguments) {
            Ok(command) => self.execute(command),
            Err(ParseError::Unknown) => Err("unknown command".into()),
            Err(ParseError::Syntax) => Err("syntax error".into()),
        };
        debug!("{line} -> {answer:?}");
        Some(response(id, answer))
    }

    fn execute(&mut self, command: Command) -> Answer {
        let engine = &mut self.engine;
        match command {
            Command::ProtocolVersion => Ok(PROTOCOL_VERSION.into()),
            Command::Name => Ok(env!("CARGO_PKG_NAME").into()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Command::KnownCommand(name) => Ok(commands::is_known(&name).to_string()),
            Command::ListCommands => Ok(COMMANDS
                .iter()
                .map(|spec| spec.name)
                .collect::<Vec<_>>()
                .join("\n")),
            Command::Quit => {
                self.quit = true;
                Ok(String::new())
            }
            Command::BoardSize(size) => {
                let size =
                    usize::try_from(size).map_err(|_| failure(EngineError::UnacceptableSize))?;
                engine.set_board_size(size).map_err(failure)?;
                Ok(String::new())
            }
            Command::ClearBoard => {
                engine.clear_board();
                Ok(String::new())
            }
            Command::Komi(komi) => {
                engine.set_komi(komi);
                Ok(String::new())
            }
            Command::FixedHandicap(n) => engine
                .fixed_handicap(n)
                .map(|points| vertex_list(engine.game().board(), &points))
                .map_err(failure),
            Command::PlaceFreeHandicap(n) => engine
                .place_free_handicap(n)
                .map(|points| vertex_list(engine.game().board(), &points))
                .map_err(failure),
            Command::SetFreeHandicap(moves) => {
                let board = engine.game().board();
                let points = moves
                    .iter()
                    .map(|&m| match to_move(board, m) {
                        Some(Move::Play(p)) => Some(p),
                        _ => None,
                    })
                    .collect::<Option<Vec<Point>>>()
                    .ok_or_else(|| failure(EngineError::BadVertexList))?;
                engine.set_free_handicap(&points).map_err(failure)?;
                Ok(String::new())
            }
            Command::Play(color, m) => {
                let mv = to_move(engine.game().board(), m).ok_or("illegal move")?;
                engine.play(color, mv).map_err(failure)?;
                Ok(String::new())
            }
            Command::Genmove(color) => {
                let decision = engine.genmove(color);
                Ok(decision_text(engine.game().board(), decision))
            }
            Command::RegGenmove(color) => {
                let decision = engine.reg_genmove(color);
                Ok(decision_text(engine.game().board(), decision))
            }
            Command::KgsGenmoveCleanup(color) => {
                let decision = engine.genmove_cleanup(color);
                Ok(decision_text(engine.game().board(), decision))
            }
            Command::Undo => engine.undo().map(|()| String::new()).map_err(failure),
            Command::TimeSettings(system) | Command::KgsTimeSettings(system) => {
                engine.set_time_system(system);
                Ok(String::new())
            }
            Command::TimeLeft {
                color,
                seconds,
                stones,
            } => {
                engine.time_left(color, seconds, stones);
                Ok(String::new())
            }
            Command::FinalScore => Ok(engine.final_score().gtp_text()),
            Command::FinalStatusList(status) => {
                let chains = engine.final_status(status);
                let board = engine.game().board();
                Ok(chains
                    .iter()
                    .map(|chain| vertex_list(board, chain))
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
            Command::LoadSgf { path, move_number } => {
                let move_number = move_number.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
                engine
                    .load_sgf(Path::new(&path), move_number)
                    .map_err(|e| {
                        warn!("loadsgf {path}: {e}");
                        "cannot load file".to_string()
                    })?;
                Ok(String::new())
            }
            Command::PrintSgf(None) => Ok(engine.to_sgf()),
            Command::PrintSgf(Some(path)) => engine
                .save_sgf(Path::new(&path))
                .map(|()| String::new())
                .map_err(failure),
            Command::Showboard => Ok(showboard(engine)),
            Command::KgsRules(name) => engine
                .set_rules(&name)
                .map(|()| String::new())
                .map_err(failure),
            Command::KgsGameOver => Ok(String::new()),
            Command::CpuTime => Ok(format!("{:.3}", engine.cpu_time().as_secs_f64())),
            Command::IsLegal(color, m) => {
                let game = engine.game();
                let legal =
                    to_move(game.board(), m).is_some_and(|mv| game.legality(color, mv).is_ok());
                Ok(if legal { "1" } else { "0" }.into())
            }
            Command::AllLegal(color) => {
                let game = engine.game();
                Ok(vertex_list(game.board(), &game.legal_points(color)))
            }
            Command::ListStones(color) => {
                let board = engine.game().board();
                let stones: Vec<Point> = board
                    .points()
                    .filter(|&p| board.cell(p) == color.cell())
                    .collect();
                Ok(vertex_list(board, &stones))
            }
            Command::Captures(color) => Ok(engine.game().board().captures(color).to_string()),
            Command::Countlib(v) => {
                let board = engine.game().board();
                let p = board.try_point(v.col, v.row).ok_or("invalid coordinate")?;
                if board.cell(p).color().is_none() {
                    return Err(failure(EngineError::EmptyPoint));
                }
                Ok(board.chain_liberties(p).len().to_string())
            }
        }
    }
}

/// The GTP error text of an engine error: the spec's standard texts where one applies.
fn failure(error: EngineError) -> String {
    match error {
        EngineError::Illegal(_) => "illegal move".into(),
        EngineError::CannotLoad(_) => "cannot load file".into(),
        other => other.to_string(),
    }
}

/// Formats a response: prefix, id, one space, the text without empty lines, one empty line.
fn response(id: Option<&str>, answer: Answer) -> String {
    let (mark, text) = match answer {
        Ok(text) => ('=', text),
        Err(message) => ('?', message),
    };
    // A result that starts on the next line (a board) keeps that line break.
    let lead = if text.starts_with('\n') { "\n" } else { "" };
    let body: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|line| !line.is_empty())
        .collect();
    format!("{mark}{} {lead}{}\n\n", id.unwrap_or(""), body.join("\n"))
}

/// The board move of a GTP move, or `None` for a vertex off this board.
fn to_move(board: &Board, m: GtpMove) -> Option<Move> {
    match m {
        GtpMove::Pass => Some(Move::Pass),
        GtpMove::At(v) => board.try_point(v.col, v.row).map(Move::Play),
    }
}

/// The GTP vertex of a point: `D4`.
fn vertex_text(board: &Board, p: Point) -> String {
    let (col, row) = board.coords(p);
    format!("{}{}", char::from(parse::COLUMNS[col]), row + 1)
}

/// Points as space-separated vertices.
fn vertex_list(board: &Board, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| vertex_text(board, p))
        .collect::<Vec<_>>()
        .join(" ")
}

fn decision_text(board: &Board, decision: Decision) -> String {
    match decision {
        Decision::Play(p) => vertex_text(board, p),
        Decision::Pass => "pass".into(),
        Decision::Resign => "resign".into(),
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// `showboard`: the board with coordinates on all sides, star points as `+`, the last move
/// in parentheses, then captures, komi, rules, the side to move and, when the game is over,
/// the result.
fn showboard(engine: &mut Engine) -> String {
    let game = engine.game();
    let board = game.board();
    let size = board.size();
    let stars = engine.star_points();
    let last = match board.last_move() {
        Some((_, Move::Play(p))) => Some(board.coords(p)),
        _ => None,
    };
    let letters: String = parse::COLUMNS[..size]
        .iter()
        .map(|&c| format!(" {}", char::from(c)))
        .collect();
    let mut out = format!("\n   {letters}\n");
    for row in (0..size).rev() {
        let _ = write!(out, "{:>2} ", row + 1);
        for col in 0..size {
            let p = board.point_at(col, row);
            let separator = if last == Some((col, row)) {
                '('
            } else if col > 0 && last == Some((col - 1, row)) {
                ')'
            } else {
                ' '
            };
            out.push(separator);
            out.push(match board.cell(p) {
                Cell::Black => 'X',
                Cell::White => 'O',
                _ if stars.contains(&p) => '+',
                _ => '.',
            });
        }
        let closing = if last == Some((size - 1, row)) {
            ')'
        } else {
            ' '
        };
        let _ = writeln!(out, "{closing}{:<2}", row + 1);
    }
    let _ = writeln!(out, "   {letters}");
    let _ = writeln!(
        out,
        "Black (X) has captured {}, White (O) has captured {}",
        board.captures(Color::Black),
        board.captures(Color::White)
    );
    let _ = writeln!(
        out,
        "komi {}, {} rules, move {}, {} to move",
        game.komi(),
        game.rules().name,
        game.moves().len(),
        color_name(game.to_move())
    );
    let over = game.is_over();
    if let Some(loser) = engine.resigned() {
        let _ = write!(out, "{} resigned", color_name(loser));
    } else if over {
        let _ = write!(out, "game over: {}", engine.final_score().gtp_text());
    }
    out
}

/// Serves GTP: reads commands from `input` and writes each response to `output` (flushed)
/// until `quit` or the end of input. Lines are read as bytes, so invalid UTF-8 is answered
/// (as replacement characters) rather than fatal.
pub fn serve(mut input: impl BufRead, mut output: impl Write, engine: Engine) -> io::Result<()> {
    let mut gtp = Gtp::new(engine);
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        if let Some(response) = gtp.handle_line(&String::from_utf8_lossy(&line)) {
            output.write_all(response.as_bytes())?;
            output.flush()?;
        }
        if gtp.quit_requested() {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests;
