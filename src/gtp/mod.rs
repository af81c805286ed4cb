//! GTP version 2 (draft 2, Farnebäck 2002): the only module that writes protocol text.
//!
//! [`Gtp::handle_line`] turns one input line into its complete response: a pure function of
//! the engine's state that tests call directly. [`serve`] is the only code that reads and
//! writes streams; it answers pipelined commands strictly in order and flushes after each.
//!
//! ## Streaming analysis
//! The analysis commands (module `analysis`) answer in parts: `handle_line` gives the first line
//! and leaves the session analysing; [`Gtp::continue_analysis`] searches a short slice and
//! gives the next update when one is due; the next input line ends the stream, and
//! `handle_line` then starts its response with the rest of the stream's
//! ([`Gtp::finish_analysis`]). `serve` reads input on a thread of its own, so it can go on
//! analysing until a line arrives, and so GoGui's `# interrupt` comment can stop a `genmove`
//! early (the reader sets the engine's interrupt flag as the line arrives).
//!
//! ## Live graphics
//! GoGui draws what an engine writes to standard error in its live graphics form while a
//! command runs. With them on ([`Gtp::with_live_gfx`]), `genmove` and `kgs-genmove_cleanup`
//! search in slices and give each slice's view, as `yunzi-winrates` and `yunzi-pv` draw it,
//! to a sink that `main` points at standard error. Off by default: bridges and the referee
//! read standard error too.
//!
//! ## Responses
//! `=[id] result` or `?[id] message`, always with one space after the prefix, ended by one
//! empty line. A result never holds an empty line (it would end the response early), so
//! multi-line results drop blank lines. A failed command leaves the engine as it was.

mod analysis;
mod commands;
mod parse;

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, TryRecvError};
use std::time::{Duration, Instant};

use log::{debug, warn};

use crate::board::{Board, Cell, Color, Move, Point};
use crate::engine::{Engine, EngineError, MoveKind, MoveSearch, Ownership};
use crate::search::{Decision, MoveFilter, MoveRule};

pub use commands::{Command, COMMANDS};
pub use parse::{GtpMove, Vertex};

use analysis::{AnalyzeOptions, Dialect};
use commands::ParseError;

/// The longest slice of search between two looks at the input while analysing: short enough
/// that a GUI's next command is answered at once.
const SLICE: Duration = Duration::from_millis(100);

/// Time between two live graphics updates during `genmove`: GoGui redraws the board for
/// each, and the search runs in slices of this length to make them.
const LIVE_GFX_INTERVAL: Duration = Duration::from_millis(500);

/// Where GoGui's live graphics go: standard error in `main`, a buffer in tests. It gets
/// whole blocks, each to be written at once.
pub type GfxSink = Box<dyn FnMut(&str)>;

/// The GTP protocol version this module speaks.
const PROTOCOL_VERSION: &str = "2";

/// The version of Leela Zero's analysis commands yunzi speaks (`lz-analyze` with `avoid`,
/// `allow` and `minmoves`), which `--lizzie` answers first.
const LEELA_ZERO_DIALECT: &str = "0.17";

/// How long `--lizzie` waits before its first `version` answer. Lizzie 0.7.4 starts the
/// engine inside the constructor of the object that handles the answer, and loses its
/// engine for good (a NullPointerException on its reader thread) when the answer comes
/// before that constructor returns: Leela Zero loads its network first, yunzi answers in
/// microseconds, and about one start in five lost its engine. A second is what Leela Zero
/// takes at the least.
const LIZZIE_START: Duration = Duration::from_secs(1);

/// `version`: yunzi's own; with `--lizzie`, the Leela Zero dialect first. Lizzie 0.7.4 reads
/// the number after the first dot of the answer's first word as Leela Zero's minor version
/// and, below 15, shows a dialog from its engine thread that deadlocks its window.
fn version_text(lizzie: bool) -> String {
    let own = env!("CARGO_PKG_VERSION");
    if lizzie {
        format!("{LEELA_ZERO_DIALECT} (yunzi {own}, Leela Zero's analysis dialect)")
    } else {
        own.to_string()
    }
}

/// A GTP session over one engine.
pub struct Gtp {
    engine: Engine,
    quit: bool,
    /// Whether `version` was answered once (see [`LIZZIE_START`]).
    version_answered: bool,
    /// The analysis being streamed, if one is.
    streaming: Option<Streaming>,
    /// Where GoGui's live graphics go, if anywhere; `genmove` writes them while the
    /// `live-gfx` setting is on.
    gfx_sink: Option<GfxSink>,
}

/// A streaming analysis in progress.
struct Streaming {
    dialect: Dialect,
    options: AnalyzeOptions,
    color: Color,
    /// The move search of a genmove variant; `None` analyses until the next input line.
    move_search: Option<MoveSearch>,
    /// Computed for the first update that shows it: it depends on the position alone.
    ownership: Option<Ownership>,
    last_update: Instant,
}

/// What a command answers: the result text, or the error message.
type Answer = Result<String, String>;

impl Gtp {
    pub fn new(engine: Engine) -> Gtp {
        Gtp {
            engine,
            quit: false,
            version_answered: false,
            streaming: None,
            gfx_sink: None,
        }
    }

    /// The session with GoGui's live graphics going to `sink`, written during `genmove` and
    /// `kgs-genmove_cleanup` while the engine's `live-gfx` setting is on (`--live-gfx`,
    /// `yunzi-param live_gfx 1`). Off by default, as bridges such as kgsGtp and gtp2ogs log
    /// standard error.
    pub fn with_live_gfx(mut self, sink: GfxSink) -> Gtp {
        self.gfx_sink = Some(sink);
        self
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Whether `quit` has been answered: the session is over.
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// The full response to one line (ending in the empty line), or `None` for a line that
    /// is empty once comments and control characters are gone. Any line ends a streaming
    /// analysis first: the response then starts with the stream's end, and a line that is
    /// empty gets only that. A streaming command gets only its first line; see
    /// [`Gtp::continue_analysis`].
    ///
    /// Pondering stops for every command and resumes after one that leaves the game where
    /// the engine's last move left it, unless an analysis now streams.
    pub fn handle_line(&mut self, line: &str) -> Option<String> {
        let response = self.respond(line);
        if self.streaming.is_none() && !self.quit {
            self.engine.resume_pondering();
        }
        response
    }

    /// [`Gtp::handle_line`] but for pondering.
    fn respond(&mut self, line: &str) -> Option<String> {
        let ended = self.streaming.is_some().then(|| self.finish_analysis());
        let Some(line) = parse::preprocess(line) else {
            return ended;
        };
        self.engine.stop_pondering();
        let (id, command) = parse::split_id(&line);
        let (name, arguments) = parse::split_name(command);
        let answer = match commands::parse(name, arguments) {
            Ok(command) => self.execute(command),
            Err(ParseError::Unknown) => Err("unknown command".into()),
            Err(ParseError::Syntax) => Err("syntax error".into()),
        };
        debug!("{line} -> {answer:?}");
        let text = match (&self.streaming, answer) {
            (Some(_), Ok(_)) => format!("={}\n", id.unwrap_or("")),
            (_, answer) => response(id, answer),
        };
        Some(ended.unwrap_or_default() + &text)
    }

    /// Whether a streaming analysis is running: [`Gtp::continue_analysis`] goes on with it.
    pub fn is_analyzing(&self) -> bool {
        self.streaming.is_some()
    }

    /// Searches one short slice of the streaming analysis and returns the text it adds, if
    /// any: an update line when the interval has passed since the last one, or, when a
    /// genmove variant's budget is spent, its move and the end of the response. `None` when
    /// there is nothing to write yet (or no analysis runs).
    pub fn continue_analysis(&mut self) -> Option<String> {
        let streaming = self.streaming.as_mut()?;
        let interval = streaming.options.interval;
        let slice = if interval.is_zero() {
            SLICE
        } else {
            SLICE.min(interval)
        };
        let analysis = match streaming.move_search.as_mut() {
            Some(ms) => self.engine.continue_move_search(ms, slice),
            None => Some(self.engine.analyze(streaming.color, slice)),
        };
        let Some(analysis) = analysis else {
            return Some(self.finish_analysis());
        };
        if interval.is_zero() || streaming.last_update.elapsed() < interval {
            return None;
        }
        streaming.last_update = Instant::now();
        if streaming.options.ownership && streaming.ownership.is_none() {
            streaming.ownership = Some(self.engine.ownership());
        }
        let line = analysis::info_line(
            self.engine.game().board(),
            &analysis,
            streaming.dialect,
            &streaming.options,
            streaming.ownership.as_ref(),
        )?;
        Some(line + "\n")
    }

    /// Ends the streaming analysis and returns the rest of its response: for a genmove
    /// variant the move it plays (the best so far), then the empty line. Empty when no
    /// analysis runs.
    pub fn finish_analysis(&mut self) -> String {
        let Some(streaming) = self.streaming.take() else {
            return String::new();
        };
        match streaming.move_search {
            Some(ms) => {
                let decision = self.engine.finish_move_search(ms);
                analysis::play_line(self.engine.game().board(), decision) + "\n\n"
            }
            None => "\n".into(),
        }
    }

    /// Starts an analysis stream, or refuses its `avoid`/`allow` points when one is not on
    /// the board (and starts nothing).
    fn start_streaming(
        &mut self,
        dialect: Dialect,
        options: AnalyzeOptions,
        genmove: bool,
    ) -> Answer {
        let board = self.engine.game().board();
        let rules = options
            .rules
            .iter()
            .map(|rule| {
                let moves = rule.moves.iter().map(|&m| to_move(board, m));
                Some(MoveRule {
                    color: rule.color,
                    allow: rule.allow,
                    moves: moves.collect::<Option<Vec<_>>>()?,
                    until_depth: rule.until_depth,
                })
            })
            .collect::<Option<Vec<_>>>()
            .ok_or("invalid coordinate")?;
        let color = options
            .color
            .unwrap_or_else(|| self.engine.game().to_move());
        let move_search = genmove.then(|| self.engine.begin_move_search(color, MoveKind::Normal));
        self.engine.set_filter(MoveFilter::new(rules));
        self.streaming = Some(Streaming {
            dialect,
            options,
            color,
            move_search,
            ownership: None,
            last_update: Instant::now(),
        });
        Ok(String::new())
    }

    /// `genmove` or `kgs-genmove_cleanup`. With live graphics on, the move search runs in
    /// slices, as the genmove variants' does, and the sink gets the search's view after each.
    fn genmove(&mut self, color: Color, kind: MoveKind) -> Decision {
        let sink = match self.gfx_sink.as_mut() {
            Some(sink) if self.engine.settings().live_gfx => sink,
            _ => return self.engine.generate(color, kind),
        };
        let mut move_search = self.engine.begin_move_search(color, kind);
        let mut shown = false;
        while let Some(found) = self
            .engine
            .continue_move_search(&mut move_search, LIVE_GFX_INTERVAL)
        {
            if let Some(block) = analysis::live_gfx(self.engine.game().board(), &found) {
                sink(&block);
                shown = true;
            }
        }
        if shown {
            sink(analysis::LIVE_GFX_CLEAR);
        }
        self.engine.finish_move_search(move_search)
    }

    fn execute(&mut self, command: Command) -> Answer {
        let engine = &mut self.engine;
        match command {
            Command::ProtocolVersion => Ok(PROTOCOL_VERSION.into()),
            Command::Name => Ok(env!("CARGO_PKG_NAME").into()),
            Command::Version => {
                let lizzie = engine.settings().lizzie;
                if lizzie && !self.version_answered {
                    std::thread::sleep(LIZZIE_START);
                }
                self.version_answered = true;
                Ok(version_text(lizzie))
            }
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
                let decision = self.genmove(color, MoveKind::Normal);
                Ok(decision_text(self.engine.game().board(), decision))
            }
            Command::RegGenmove(color) => {
                let decision = engine.reg_genmove(color);
                Ok(decision_text(engine.game().board(), decision))
            }
            Command::KgsGenmoveCleanup(color) => {
                let decision = self.genmove(color, MoveKind::Cleanup);
                Ok(decision_text(self.engine.game().board(), decision))
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
            Command::Analyze(dialect, options) => self.start_streaming(dialect, options, false),
            Command::GenmoveAnalyze(dialect, options) => {
                self.start_streaming(dialect, options, true)
            }
            Command::GoguiAnalyzeCommands => Ok(analysis::GOGUI_ANALYZE_COMMANDS.into()),
            Command::GoguiInterrupt => Ok(String::new()),
            Command::YunziOwnership => Ok(analysis::ownership_board(&engine.ownership())),
            Command::YunziVisits => {
                let found = engine.analyze_once(engine.game().to_move());
                Ok(analysis::visits_board(engine.game().board(), &found))
            }
            Command::YunziWinrates => {
                let found = engine.analyze_once(engine.game().to_move());
                Ok(analysis::winrates_gfx(engine.game().board(), &found))
            }
            Command::YunziResult => {
                let score = engine.final_score();
                let mut text = score.full_text();
                if let Some(count) = score.count_text() {
                    text = format!("{text}\n{count}");
                }
                if !engine.game().is_over() {
                    text.push_str("\nif the game ended now, with the dead stones as judged");
                }
                Ok(text)
            }
            Command::YunziPv => {
                let found = engine.analyze_once(engine.game().to_move());
                Ok(analysis::pv_gfx(engine.game().board(), &found))
            }
            Command::YunziParam(None) => Ok(analysis::param_list(engine.settings())),
            Command::YunziParam(Some((key, value))) => {
                engine.change_setting(&key, &value)?;
                Ok(String::new())
            }
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
        let _ = write!(out, "game over: {}", engine.final_score().full_text());
    }
    out
}

/// Serves GTP for `gtp`'s engine: reads commands from `input` and writes each response to
/// `output` (flushed) until `quit` or the end of input. Lines are read as bytes, so invalid UTF-8 is answered
/// (as replacement characters) rather than fatal.
///
/// A thread reads the input and sends its lines over a channel: while an analysis streams,
/// this loop searches slice after slice and looks for a line after each; and GoGui's
/// `# interrupt` sets the engine's interrupt flag as soon as it is read, while a `genmove`
/// still runs here. The flag is cleared when its line comes up here, so it cannot stop a
/// later search.
pub fn serve(
    mut input: impl BufRead + Send + 'static,
    mut output: impl Write,
    mut gtp: Gtp,
) -> io::Result<()> {
    let interrupt = gtp.engine().interrupter();
    let flag = interrupt.clone();
    let (send, lines) = mpsc::channel::<io::Result<String>>();
    std::thread::Builder::new()
        .name("gtp-input".into())
        .spawn(move || {
            let mut line = Vec::new();
            loop {
                line.clear();
                let read = match input.read_until(b'\n', &mut line) {
                    Ok(0) => return,
                    Ok(_) => Ok(String::from_utf8_lossy(&line).into_owned()),
                    Err(e) => Err(e),
                };
                if read.as_ref().is_ok_and(|l| parse::is_interrupt(l)) {
                    flag.store(true, Ordering::Relaxed);
                }
                let failed = read.is_err();
                if send.send(read).is_err() || failed {
                    return;
                }
            }
        })?;
    loop {
        let next = if gtp.is_analyzing() {
            match lines.try_recv() {
                Ok(line) => line,
                Err(TryRecvError::Empty) => {
                    if let Some(text) = gtp.continue_analysis() {
                        output.write_all(text.as_bytes())?;
                        output.flush()?;
                    }
                    continue;
                }
                Err(TryRecvError::Disconnected) => {
                    output.write_all(gtp.finish_analysis().as_bytes())?;
                    output.flush()?;
                    return Ok(());
                }
            }
        } else {
            match lines.recv() {
                Ok(line) => line,
                Err(_) => return Ok(()),
            }
        };
        let line = next?;
        if parse::is_interrupt(&line) {
            interrupt.store(false, Ordering::Relaxed);
        }
        if let Some(response) = gtp.handle_line(&line) {
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
