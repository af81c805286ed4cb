//! The one table of GTP commands: each name with the parser of its arguments. Dispatch
//! (a name becomes a typed [`Command`]), `list_commands` and `known_command` all read it, so
//! a command exists in all three or in none.

use nom::{
    branch::alt,
    bytes::complete::tag_no_case,
    combinator::{opt, value},
    multi::{many0, many1},
    sequence::tuple,
};

use super::analysis::{self, AnalyzeOptions, Dialect};
use super::parse::{
    arg, args, color, float, gtp_move, uint, uint32, vertex, word, GtpMove, Res, SyntaxError,
    Vertex,
};
use crate::board::Color;
use crate::engine::StoneStatus;
use crate::settings::Setting;
use crate::time::TimeSystem;

/// A GTP command with typed arguments.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    ProtocolVersion,
    Name,
    Version,
    KnownCommand(String),
    ListCommands,
    Quit,
    /// The size as sent; the engine judges whether it is acceptable.
    BoardSize(u64),
    ClearBoard,
    Komi(f64),
    FixedHandicap(u64),
    PlaceFreeHandicap(u64),
    SetFreeHandicap(Vec<GtpMove>),
    Play(Color, GtpMove),
    Genmove(Color),
    Undo,
    TimeSettings(TimeSystem),
    TimeLeft {
        color: Color,
        seconds: f64,
        stones: u32,
    },
    FinalScore,
    FinalStatusList(StoneStatus),
    LoadSgf {
        path: String,
        move_number: Option<u64>,
    },
    RegGenmove(Color),
    Showboard,
    /// `printsgf` answers the record; `printsgf FILE` writes it there.
    PrintSgf(Option<String>),
    KgsRules(String),
    KgsTimeSettings(TimeSystem),
    KgsGameOver,
    KgsGenmoveCleanup(Color),
    CpuTime,
    IsLegal(Color, GtpMove),
    AllLegal(Color),
    ListStones(Color),
    Captures(Color),
    Countlib(Vertex),
    /// `lz-analyze`, `analyze`, `kata-analyze`: stream updates until the next input line.
    Analyze(Dialect, AnalyzeOptions),
    /// `lz-genmove_analyze`, `kata-genmove_analyze`: stream updates while searching a move,
    /// then play it.
    GenmoveAnalyze(Dialect, AnalyzeOptions),
    GoguiAnalyzeCommands,
    /// Listed so that GoGui knows it may send `# interrupt` while a command runs (GoGui's
    /// interrupt protocol); sent as a command it does nothing.
    GoguiInterrupt,
    YunziOwnership,
    YunziVisits,
    YunziWinrates,
    YunziPv,
    /// The result if the game ended now, in points and in stones (rule 16).
    YunziResult,
    /// `yunzi-param` lists the settings of GoGui's dialog; `yunzi-param KEY VALUE` changes
    /// one of them (the engine checks the value).
    YunziParam(Option<(String, String)>),
}

/// One row of the table: a command name and how to read its arguments.
pub struct Spec {
    pub name: &'static str,
    parse: fn(&str) -> Result<Command, SyntaxError>,
}

/// Why a line is not a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// No such command name: GTP's `unknown command`.
    Unknown,
    /// A known command with arguments that do not fit: GTP's `syntax error`.
    Syntax,
}

/// A command without arguments: anything after the name is a syntax error.
fn none(input: &str, command: Command) -> Result<Command, SyntaxError> {
    input
        .trim()
        .is_empty()
        .then_some(command)
        .ok_or(SyntaxError)
}

fn final_status(input: &str) -> Res<'_, StoneStatus> {
    alt((
        value(StoneStatus::Alive, tag_no_case("alive")),
        value(StoneStatus::Dead, tag_no_case("dead")),
        value(StoneStatus::Seki, tag_no_case("seki")),
    ))(input)
}

/// The arguments of an analysis command.
fn analyze_options(input: &str) -> Result<AnalyzeOptions, SyntaxError> {
    let words = args(input, many0(arg(word)))?;
    analysis::options(&words)
}

/// Every command yunzi knows, in the order `list_commands` gives them.
pub const COMMANDS: &[Spec] = &[
    Spec {
        name: "protocol_version",
        parse: |a| none(a, Command::ProtocolVersion),
    },
    Spec {
        name: "name",
        parse: |a| none(a, Command::Name),
    },
    Spec {
        name: "version",
        parse: |a| none(a, Command::Version),
    },
    Spec {
        name: "known_command",
        parse: |a| args(a, arg(word)).map(|w| Command::KnownCommand(w.to_string())),
    },
    Spec {
        name: "list_commands",
        parse: |a| none(a, Command::ListCommands),
    },
    Spec {
        name: "quit",
        parse: |a| none(a, Command::Quit),
    },
    Spec {
        name: "boardsize",
        parse: |a| args(a, arg(uint)).map(Command::BoardSize),
    },
    Spec {
        name: "clear_board",
        parse: |a| none(a, Command::ClearBoard),
    },
    Spec {
        name: "komi",
        parse: |a| args(a, arg(float)).map(Command::Komi),
    },
    Spec {
        name: "fixed_handicap",
        parse: |a| args(a, arg(uint)).map(Command::FixedHandicap),
    },
    Spec {
        name: "place_free_handicap",
        parse: |a| args(a, arg(uint)).map(Command::PlaceFreeHandicap),
    },
    Spec {
        name: "set_free_handicap",
        parse: |a| args(a, many1(arg(gtp_move))).map(Command::SetFreeHandicap),
    },
    Spec {
        name: "play",
        parse: |a| args(a, tuple((arg(color), arg(gtp_move)))).map(|(c, m)| Command::Play(c, m)),
    },
    Spec {
        name: "genmove",
        parse: |a| args(a, arg(color)).map(Command::Genmove),
    },
    Spec {
        name: "undo",
        parse: |a| none(a, Command::Undo),
    },
    Spec {
        name: "time_settings",
        parse: |a| {
            args(a, tuple((arg(uint), arg(uint), arg(uint32)))).map(|(main, byo, stones)| {
                Command::TimeSettings(TimeSystem::from_gtp_time_settings(main, byo, stones))
            })
        },
    },
    Spec {
        name: "time_left",
        parse: |a| {
            args(a, tuple((arg(color), arg(float), arg(uint32)))).and_then(
                |(color, seconds, stones)| {
                    (seconds >= 0.0)
                        .then_some(Command::TimeLeft {
                            color,
                            seconds,
                            stones,
                        })
                        .ok_or(SyntaxError)
                },
            )
        },
    },
    Spec {
        name: "final_score",
        parse: |a| none(a, Command::FinalScore),
    },
    Spec {
        name: "final_status_list",
        parse: |a| args(a, arg(final_status)).map(Command::FinalStatusList),
    },
    Spec {
        name: "loadsgf",
        parse: |a| {
            args(a, tuple((arg(word), opt(arg(uint))))).map(|(path, move_number)| {
                Command::LoadSgf {
                    path: path.to_string(),
                    move_number,
                }
            })
        },
    },
    Spec {
        name: "reg_genmove",
        parse: |a| args(a, arg(color)).map(Command::RegGenmove),
    },
    Spec {
        name: "showboard",
        parse: |a| none(a, Command::Showboard),
    },
    Spec {
        name: "printsgf",
        parse: |a| args(a, opt(arg(word))).map(|f| Command::PrintSgf(f.map(str::to_string))),
    },
    Spec {
        name: "kgs-rules",
        parse: |a| args(a, arg(word)).map(|w| Command::KgsRules(w.to_string())),
    },
    Spec {
        name: "kgs-time_settings",
        parse: |a| {
            let words = args(a, many0(arg(word)))?;
            TimeSystem::from_kgs(&words)
                .map(Command::KgsTimeSettings)
                .map_err(|_| SyntaxError)
        },
    },
    Spec {
        name: "kgs-game_over",
        parse: |a| none(a, Command::KgsGameOver),
    },
    Spec {
        name: "kgs-genmove_cleanup",
        parse: |a| args(a, arg(color)).map(Command::KgsGenmoveCleanup),
    },
    Spec {
        name: "cputime",
        parse: |a| none(a, Command::CpuTime),
    },
    Spec {
        name: "is_legal",
        parse: |a| args(a, tuple((arg(color), arg(gtp_move)))).map(|(c, m)| Command::IsLegal(c, m)),
    },
    Spec {
        name: "all_legal",
        parse: |a| args(a, arg(color)).map(Command::AllLegal),
    },
    Spec {
        name: "list_stones",
        parse: |a| args(a, arg(color)).map(Command::ListStones),
    },
    Spec {
        name: "captures",
        parse: |a| args(a, arg(color)).map(Command::Captures),
    },
    Spec {
        name: "countlib",
        parse: |a| args(a, arg(vertex)).map(Command::Countlib),
    },
    Spec {
        name: "lz-analyze",
        parse: |a| analyze_options(a).map(|o| Command::Analyze(Dialect::Leela, o)),
    },
    Spec {
        name: "analyze",
        parse: |a| analyze_options(a).map(|o| Command::Analyze(Dialect::Leela, o)),
    },
    Spec {
        name: "kata-analyze",
        parse: |a| analyze_options(a).map(|o| Command::Analyze(Dialect::Kata, o)),
    },
    Spec {
        name: "lz-genmove_analyze",
        parse: |a| analyze_options(a).map(|o| Command::GenmoveAnalyze(Dialect::Leela, o)),
    },
    Spec {
        name: "kata-genmove_analyze",
        parse: |a| analyze_options(a).map(|o| Command::GenmoveAnalyze(Dialect::Kata, o)),
    },
    Spec {
        name: "gogui-analyze_commands",
        parse: |a| none(a, Command::GoguiAnalyzeCommands),
    },
    Spec {
        name: "gogui-interrupt",
        parse: |a| none(a, Command::GoguiInterrupt),
    },
    Spec {
        name: "yunzi-ownership",
        parse: |a| none(a, Command::YunziOwnership),
    },
    Spec {
        name: "yunzi-visits",
        parse: |a| none(a, Command::YunziVisits),
    },
    Spec {
        name: "yunzi-winrates",
        parse: |a| none(a, Command::YunziWinrates),
    },
    Spec {
        name: "yunzi-pv",
        parse: |a| none(a, Command::YunziPv),
    },
    Spec {
        name: "yunzi-result",
        parse: |a| none(a, Command::YunziResult),
    },
    Spec {
        name: "yunzi-param",
        parse: |a| {
            let change = args(a, opt(tuple((arg(word), arg(word)))))?;
            let in_dialog = |key: &str| Setting::named(key).is_some_and(|s| s.in_dialog);
            match change {
                Some((key, _)) if !in_dialog(key) => Err(SyntaxError),
                change => Ok(Command::YunziParam(
                    change.map(|(key, value)| (key.to_string(), value.to_string())),
                )),
            }
        },
    },
];

/// Whether `name` is a command of the table.
pub fn is_known(name: &str) -> bool {
    COMMANDS.iter().any(|spec| spec.name == name)
}

/// The command a name and its argument text make.
pub fn parse(name: &str, arguments: &str) -> Result<Command, ParseError> {
    let spec = COMMANDS
        .iter()
        .find(|spec| spec.name == name)
        .ok_or(ParseError::Unknown)?;
    (spec.parse)(arguments).map_err(|SyntaxError| ParseError::Syntax)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_kgs_chat_is_not_listed() {
        let mut names: Vec<&str> = COMMANDS.iter().map(|s| s.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), COMMANDS.len());
        assert!(!is_known("kgs-chat"));
    }

    #[test]
    fn commands_parse_typed_arguments() {
        assert_eq!(
            parse("play", "W q16"),
            Ok(Command::Play(
                Color::White,
                GtpMove::At(Vertex { col: 15, row: 15 })
            ))
        );
        assert_eq!(parse("play", "b"), Err(ParseError::Syntax));
        assert_eq!(parse("play", "b d4 d5"), Err(ParseError::Syntax));
        assert_eq!(parse("quit", "now"), Err(ParseError::Syntax));
        assert_eq!(parse("frobnicate", ""), Err(ParseError::Unknown));
        assert_eq!(
            parse("boardsize", "99999999999999999999"),
            Ok(Command::BoardSize(u64::MAX))
        );
        assert_eq!(
            parse("loadsgf", "game.sgf 12"),
            Ok(Command::LoadSgf {
                path: "game.sgf".into(),
                move_number: Some(12)
            })
        );
        assert_eq!(
            parse("kgs-time_settings", "byoyomi 600 30 5"),
            Ok(Command::KgsTimeSettings(TimeSystem::Byoyomi {
                main: std::time::Duration::from_secs(600),
                period: std::time::Duration::from_secs(30),
                periods: 5
            }))
        );
        assert_eq!(
            parse("kgs-time_settings", "hourglass 5"),
            Err(ParseError::Syntax)
        );
        assert_eq!(
            parse("time_left", "b -5 0"),
            Err(ParseError::Syntax),
            "time left is never negative"
        );
    }
}
