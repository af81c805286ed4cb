//! GTP tests through [`Gtp::handle_line`]: response framing, the command table, failed
//! commands that change nothing, and 100,000 random lines that must each get exactly one
//! well-formed response from an engine that stays consistent.

use super::*;
use crate::settings::Settings;
use analysis::Dialect;
use rand::{rngs::SmallRng, Rng, SeedableRng};

/// A deterministic engine with a tiny search budget.
fn gtp() -> Gtp {
    let config = Settings::deterministic(10);
    Gtp::new(Engine::new(config))
}

fn run(gtp: &mut Gtp, line: &str) -> String {
    gtp.handle_line(line).expect("a command gets a response")
}

/// `^[=?]\d* ` ... ending in exactly one empty line, with no empty line (and no CR) inside.
fn assert_well_formed(response: &str, line: &str) {
    let ok = (response.starts_with('=') || response.starts_with('?'))
        && response[1..]
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .starts_with(' ')
        && response.ends_with("\n\n")
        && !response[..response.len() - 1].contains("\n\n")
        && !response.contains('\r');
    assert!(ok, "malformed response {response:?} to {line:?}");
}

#[test]
fn responses_echo_the_id_and_end_with_one_empty_line() {
    let mut gtp = gtp();
    assert_eq!(run(&mut gtp, "protocol_version"), "= 2\n\n");
    assert_eq!(run(&mut gtp, "42 name"), "=42 yunzi\n\n");
    assert_eq!(run(&mut gtp, "7 boardsize 9"), "=7 \n\n");
    assert_eq!(run(&mut gtp, "3 frobnicate"), "?3 unknown command\n\n");
    assert_eq!(run(&mut gtp, "play b"), "? syntax error\n\n");
    assert_eq!(run(&mut gtp, "boardsize 26"), "? unacceptable size\n\n");
    assert_eq!(
        run(&mut gtp, "boardsize 99999999999999999999"),
        "? unacceptable size\n\n"
    );
    assert_eq!(
        run(&mut gtp, "play white T19"),
        "? illegal move\n\n",
        "off a 9x9 board"
    );
    assert_eq!(run(&mut gtp, "\t1 play\tB D4\r"), "=1 \n\n", "tabs and CR");
    assert_eq!(gtp.handle_line("  # just a comment"), None);
    assert_eq!(gtp.handle_line(""), None);
}

#[test]
fn the_table_drives_list_commands_and_known_command() {
    let mut gtp = gtp();
    let listed = run(&mut gtp, "list_commands");
    let names: Vec<&str> = listed[2..].trim_end().lines().collect();
    assert_eq!(names, COMMANDS.iter().map(|s| s.name).collect::<Vec<_>>());
    for name in names {
        assert_eq!(
            run(&mut gtp, &format!("known_command {name}")),
            "= true\n\n"
        );
    }
    assert_eq!(run(&mut gtp, "known_command kgs-chat"), "= false\n\n");
}

#[test]
fn gnu_go_debugging_commands_answer_in_its_formats() {
    let mut gtp = gtp();
    for line in ["boardsize 5", "play b b1", "play w a1", "play b a2"] {
        run(&mut gtp, line);
    }
    assert_eq!(run(&mut gtp, "captures black"), "= 1\n\n", "black took A1");
    assert_eq!(run(&mut gtp, "captures white"), "= 0\n\n");
    assert_eq!(run(&mut gtp, "list_stones b"), "= B1 A2\n\n");
    assert_eq!(run(&mut gtp, "countlib a2"), "= 3\n\n", "A1, A3 and B2");
    assert_eq!(
        run(&mut gtp, "countlib c3"),
        "? vertex must not be empty\n\n"
    );
    assert_eq!(run(&mut gtp, "is_legal w c1"), "= 1\n\n");
    assert_eq!(run(&mut gtp, "is_legal w b1"), "= 0\n\n", "occupied");
    assert_eq!(run(&mut gtp, "is_legal w a1"), "= 0\n\n", "suicide");
    let all = run(&mut gtp, "all_legal w");
    assert!(all.starts_with("= C1 D1 E1 B2 C2 "), "{all}");
}

#[test]
fn failed_commands_leave_the_game_as_it_was() {
    let mut gtp = gtp();
    for line in ["boardsize 9", "komi 0.5", "play b e5", "play w e4"] {
        run(&mut gtp, line);
    }
    let before = gtp.engine().game().board().clone();
    let to_move = gtp.engine().game().to_move();
    for line in [
        "play b e5",
        "play b z1",
        "fixed_handicap 4",
        "place_free_handicap 2",
        "set_free_handicap a1 a1",
        "boardsize 0",
        "komi abc",
        "loadsgf /nonexistent/file.sgf",
        "kgs-rules go-moku",
        "kgs-time_settings hourglass 5",
        "time_left b -1 0",
    ] {
        assert!(run(&mut gtp, line).starts_with('?'), "{line} should fail");
    }
    let game = gtp.engine().game();
    assert_eq!(game.board(), &before);
    assert_eq!(game.to_move(), to_move);
    assert_eq!(game.komi(), 0.5);
}

#[test]
fn quit_answers_and_ends_the_session() {
    let input = b"name\nquit\nname\n";
    let mut output = Vec::new();
    serve(&input[..], &mut output, gtp()).expect("in-memory streams");
    assert_eq!(String::from_utf8_lossy(&output), "= yunzi\n\n= \n\n");
}

#[test]
fn genmove_answers_a_vertex_pass_or_resign() {
    let mut gtp = gtp();
    for size in [2, 3, 5, 9] {
        run(&mut gtp, &format!("boardsize {size}"));
        for color in ["b", "w", "B", "white"]
            .iter()
            .cycle()
            .take(2 * size * size)
        {
            for command in ["reg_genmove", "genmove", "kgs-genmove_cleanup"] {
                let line = format!("{command} {color}");
                let response = run(&mut gtp, &line);
                assert_well_formed(&response, &line);
                let answer = response[2..].trim_end();
                let vertex = answer.len() >= 2
                    && parse::COLUMNS[..size].contains(&answer.as_bytes()[0])
                    && answer[1..]
                        .parse::<usize>()
                        .is_ok_and(|r| (1..=size).contains(&r));
                assert!(
                    vertex || answer == "pass" || answer == "resign",
                    "{line} -> {response:?}"
                );
            }
        }
    }
}

/// Words that make random commands: real names (the search-heavy ones are exercised by
/// `genmove_answers_a_vertex_pass_or_resign` instead), near misses, and arguments of every
/// kind, valid and not.
const NAMES: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "play",
    "undo",
    "time_settings",
    "time_left",
    "loadsgf",
    "showboard",
    "printsgf",
    "kgs-rules",
    "kgs-time_settings",
    "kgs-game_over",
    "cputime",
    "is_legal",
    "all_legal",
    "list_stones",
    "captures",
    "countlib",
    "gogui-analyze_commands",
    "gogui-interrupt",
    "yunzi-param",
    "quit",
    "PLAY",
    "play_",
    "kgs-chat",
    "",
];
const ARGS: &[&str] = &[
    "b",
    "w",
    "B",
    "W",
    "black",
    "WHITE",
    "x",
    "pass",
    "PASS",
    "a1",
    "A1",
    "b2",
    "c3",
    "t19",
    "T19",
    "z25",
    "i5",
    "a0",
    "e5",
    "d4",
    "0",
    "1",
    "2",
    "3",
    "5",
    "7",
    "9",
    "13",
    "19",
    "25",
    "26",
    "-1",
    "4294967296",
    "99999999999999999999",
    "7.5",
    "-3.5",
    "1e308",
    "inf",
    "nan",
    "alive",
    "dead",
    "seki",
    "chinese",
    "japanese",
    "aga",
    "new_zealand",
    "tromp-taylor",
    "none",
    "absolute",
    "byoyomi",
    "canadian",
    "threads",
    "playouts",
    "resign",
    "max_seconds_per_move",
    "#",
    "\t",
    "\u{0}",
    "\u{7f}",
    "围棋",
    "\u{feff}",
];

fn random_line(rng: &mut SmallRng) -> String {
    if rng.gen_bool(0.2) {
        // Random bytes, as serve would see them after a lossy UTF-8 decoding.
        let len = if rng.gen_bool(0.01) {
            rng.gen_range(10_000..100_000)
        } else {
            rng.gen_range(0..80)
        };
        let bytes: Vec<u8> = (0..len)
            .map(|_| rng.gen::<u8>())
            .filter(|&b| b != b'\n')
            .collect();
        return String::from_utf8_lossy(&bytes).into_owned();
    }
    let mut line = String::new();
    if rng.gen_bool(0.3) {
        let shift = rng.gen_range(0..64);
        line.push_str(&(rng.gen::<u64>() >> shift).to_string());
        line.push(' ');
    }
    let name = NAMES[rng.gen_range(0..NAMES.len())];
    line.push_str(name);
    // printsgf FILE would write files wherever the test runs.
    let count = if name == "printsgf" {
        0
    } else {
        rng.gen_range(0..5)
    };
    for _ in 0..count {
        line.push(' ');
        if rng.gen_bool(0.1) {
            line.push_str(&rng.gen::<i64>().to_string());
        } else {
            line.push_str(ARGS[rng.gen_range(0..ARGS.len())]);
        }
    }
    line
}

#[test]
fn a_hundred_thousand_random_lines_get_one_well_formed_response_each() {
    let mut rng = SmallRng::seed_from_u64(2002);
    let mut gtp = gtp();
    let mut responses = 0;
    for i in 0..100_000 {
        let line = random_line(&mut rng);
        let response = gtp.handle_line(&line);
        assert_eq!(
            response.is_some(),
            parse::preprocess(&line).is_some(),
            "a response exactly for non-empty lines: {line:?}"
        );
        if let Some(response) = response {
            assert_well_formed(&response, &line);
            responses += 1;
        }
        if i % 16 == 0 {
            if let Err(why) = gtp.engine().game().board().check_invariants() {
                panic!("inconsistent board after {line:?}: {why}");
            }
        }
    }
    assert!(responses > 90_000, "most random lines are commands");
    assert_eq!(run(&mut gtp, "name"), "= yunzi\n\n", "still alive");
}

/// One `info` segment of an analysis update, as GUIs read it: keys with one value each,
/// then `pv` and the moves after it.
#[derive(Debug)]
struct Segment {
    fields: Vec<(String, String)>,
    pv: Vec<String>,
}

impl Segment {
    fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    fn float(&self, key: &str) -> f64 {
        let value = self.get(key).unwrap_or_else(|| panic!("{key} is missing"));
        value.parse().unwrap_or_else(|_| panic!("{key} {value}"))
    }

    fn int(&self, key: &str) -> u32 {
        let value = self.get(key).unwrap_or_else(|| panic!("{key} is missing"));
        value.parse().unwrap_or_else(|_| panic!("{key} {value}"))
    }
}

/// Parses an update line the way Sabaki does (`info` starts a segment, `pv` runs to the next
/// `info` or `ownership`), checking that each segment has a move on the board, a win rate in
/// the dialect's range and a principal variation that stops at its first pass. Returns the
/// segments and the ownership values, if any.
fn parse_update(line: &str, dialect: Dialect, size: usize) -> (Vec<Segment>, Option<Vec<f64>>) {
    assert!(!line.contains('\n') && !line.is_empty(), "{line:?}");
    let mut words = line.split(' ').peekable();
    let mut segments = Vec::new();
    let mut ownership = None;
    while let Some(word) = words.next() {
        match word {
            "info" => segments.push(Segment {
                fields: Vec::new(),
                pv: Vec::new(),
            }),
            "ownership" => {
                ownership = Some(
                    words
                        .by_ref()
                        .map(|w| w.parse().expect("a float"))
                        .collect(),
                );
            }
            "pv" => {
                let segment = segments.last_mut().expect("pv inside a segment");
                while let Some(&w) = words.peek() {
                    if w == "info" || w == "ownership" {
                        break;
                    }
                    segment.pv.push(w.to_string());
                    words.next();
                }
            }
            key => {
                let value = words.next().expect("a value after each key");
                let segment = segments.last_mut().expect("keys inside a segment");
                assert!(segment.pv.is_empty(), "pv is last in a segment: {line}");
                segment.fields.push((key.to_string(), value.to_string()));
            }
        }
    }
    assert!(!segments.is_empty(), "{line}");
    let on_board = |m: &str| {
        m == "pass"
            || parse::args(m, parse::arg(parse::vertex)).is_ok_and(|v| v.col < size && v.row < size)
    };
    for (order, segment) in segments.iter().enumerate() {
        let mv = segment.get("move").expect("move is required");
        assert!(on_board(mv), "{mv}");
        let winrate = segment.get("winrate").expect("winrate is required");
        match dialect {
            Dialect::Leela => {
                let w: u32 = winrate.parse().expect("an integer win rate");
                assert!(w <= 10000);
                assert!(segment
                    .get("lcb")
                    .expect("lcb")
                    .parse::<u32>()
                    .is_ok_and(|l| l <= w));
            }
            Dialect::Kata => {
                let w: f64 = winrate.parse().expect("a float win rate");
                assert!((0.0..=1.0).contains(&w));
                assert!(segment
                    .get("scoreLead")
                    .expect("scoreLead")
                    .parse::<f64>()
                    .is_ok());
                for key in ["scoreMean", "scoreSelfplay", "utility"] {
                    assert!(segment.float(key).is_finite(), "{key}: {line}");
                }
                assert!(segment.float("scoreStdev") >= 0.0, "{line}");
                let lcb = segment.float("lcb");
                assert!((0.0..=w).contains(&lcb), "{line}");
                assert!((0.0..=1.0).contains(&segment.float("prior")), "{line}");
                assert!((segment.float("utility") - (2.0 * w - 1.0)).abs() < 1e-5);
            }
        }
        assert_eq!(segment.get("order"), Some(order.to_string().as_str()));
        assert!(segment
            .get("visits")
            .expect("visits")
            .parse::<u32>()
            .is_ok());
        assert_eq!(
            segment.pv.first().map(String::as_str),
            Some(mv),
            "pv starts with the move"
        );
        assert!(segment.pv.iter().all(|m| on_board(m)), "{:?}", segment.pv);
        let pass = segment.pv.iter().position(|m| m == "pass");
        assert!(
            pass.is_none_or(|i| i + 1 == segment.pv.len()),
            "pv stops at a pass"
        );
    }
    (segments, ownership)
}

/// Runs a genmove variant's stream until its budget ends it (at most 1000 slices); returns
/// what it wrote after the header.
fn stream_to_its_end(gtp: &mut Gtp) -> String {
    let mut stream = String::new();
    for _ in 0..1000 {
        if !gtp.is_analyzing() {
            break;
        }
        stream.extend(gtp.continue_analysis());
    }
    stream
}

/// Runs slices of the streaming analysis until one gives an update line.
fn next_update(gtp: &mut Gtp) -> String {
    for _ in 0..1000 {
        if let Some(text) = gtp.continue_analysis() {
            return text;
        }
    }
    panic!("no update after 1000 slices");
}

#[test]
fn lz_analyze_streams_integer_win_rates_until_the_next_command() {
    let mut gtp = gtp();
    run(&mut gtp, "boardsize 9");
    run(&mut gtp, "play b e5");
    assert_eq!(
        run(&mut gtp, "12 lz-analyze w 1"),
        "=12\n",
        "the header alone"
    );
    assert!(gtp.is_analyzing());
    for _ in 0..3 {
        let update = next_update(&mut gtp);
        let line = update.strip_suffix('\n').expect("one line");
        let (segments, ownership) = parse_update(line, Dialect::Leela, 9);
        assert!(ownership.is_none());
        assert!(
            segments.iter().all(|s| s.get("move") != Some("E5")),
            "occupied"
        );
    }
    assert_eq!(
        run(&mut gtp, "7 name"),
        "\n=7 yunzi\n\n",
        "the stream's empty line, then the new command's response"
    );
    assert!(!gtp.is_analyzing());
    assert_eq!(gtp.continue_analysis(), None);
    assert_eq!(
        gtp.engine().game().to_move(),
        Color::White,
        "the game is as it was"
    );
    assert_eq!(gtp.engine().game().moves().len(), 1);
}

#[test]
fn kata_analyze_gives_float_win_rates_and_ownership_for_every_point() {
    let mut gtp = gtp();
    run(&mut gtp, "boardsize 7");
    assert_eq!(
        run(
            &mut gtp,
            "kata-analyze b interval 1 ownership true maxmoves 3"
        ),
        "=\n"
    );
    let update = next_update(&mut gtp);
    let (segments, ownership) = parse_update(update.trim_end(), Dialect::Kata, 7);
    assert!(segments.len() <= 3, "maxmoves");
    let ownership = ownership.expect("ownership was asked for");
    assert_eq!(ownership.len(), 49);
    assert!(ownership.iter().all(|v| (-1.0..=1.0).contains(v)));
    assert_eq!(
        gtp.handle_line("# interrupt"),
        Some("\n".into()),
        "any line ends it"
    );
    assert!(!gtp.is_analyzing());
}

#[test]
fn analyze_is_lz_analyze_and_bad_options_are_syntax_errors() {
    let mut gtp = gtp();
    run(&mut gtp, "boardsize 5");
    assert_eq!(run(&mut gtp, "analyze 1"), "=\n");
    let update = next_update(&mut gtp);
    parse_update(update.trim_end(), Dialect::Leela, 5);
    assert_eq!(run(&mut gtp, "quit"), "\n= \n\n");
    let mut gtp = super::tests::gtp();
    for line in [
        "lz-analyze b x",
        "lz-analyze b 10 minmoves",
        "kata-analyze ownership maybe",
        "lz-analyze b 10 frobnicate 3",
        "lz-analyze 10 avoid b K10",
        "lz-analyze 10 avoid b K10 x",
        "lz-analyze 10 avoid red K10 30",
        "lz-analyze 10 allow b K10,,K11 1",
    ] {
        assert_eq!(run(&mut gtp, line), "? syntax error\n\n", "{line}");
        assert!(!gtp.is_analyzing());
    }
}

#[test]
fn genmove_analyze_streams_then_plays_its_move() {
    let mut gtp = gtp();
    run(&mut gtp, "boardsize 9");
    assert_eq!(run(&mut gtp, "lz-genmove_analyze b 1"), "=\n");
    let stream = stream_to_its_end(&mut gtp);
    assert!(!gtp.is_analyzing(), "the 10-playout budget ends the search");
    let (updates, last) = stream
        .trim_end()
        .rsplit_once('\n')
        .unwrap_or(("", stream.trim_end()));
    for line in updates.lines() {
        parse_update(line, Dialect::Leela, 9);
    }
    assert!(stream.ends_with("\n\n"), "{stream:?}");
    let played = last.strip_prefix("play ").expect("a play line");
    let game = gtp.engine().game();
    assert_eq!(game.moves().len(), 1, "the move is played");
    assert_eq!(game.to_move(), Color::White);
    let last_move = game.moves().last().map(|&(_, mv)| mv);
    assert_eq!(
        last_move.map(|mv| analysis::play_line(
            game.board(),
            match mv {
                Move::Pass => Decision::Pass,
                Move::Play(p) => Decision::Play(p),
            }
        )),
        Some(format!("play {played}")),
        "the line names the move played"
    );
}

#[test]
fn a_new_line_ends_kata_genmove_analyze_with_the_best_move_so_far() {
    let mut gtp = gtp();
    run(&mut gtp, "boardsize 9");
    // Thirty seconds a move: only the next line can end the search within the test.
    run(&mut gtp, "yunzi-param playouts 0");
    run(&mut gtp, "yunzi-param default_seconds 30");
    assert_eq!(run(&mut gtp, "kata-genmove_analyze w 1"), "=\n");
    next_update(&mut gtp);
    let response = run(&mut gtp, "name");
    let (play, rest) = response.split_once('\n').expect("two parts");
    assert!(play.starts_with("play "), "{response:?}");
    assert_eq!(rest, "\n= yunzi\n\n");
    assert_eq!(gtp.engine().game().moves().len(), 1);
}

#[test]
fn gogui_analyze_commands_are_known_and_answer_in_their_types() {
    let mut gtp = gtp();
    run(&mut gtp, "boardsize 5");
    let listed = run(&mut gtp, "gogui-analyze_commands");
    for entry in listed[2..].trim_end().lines() {
        let parts: Vec<&str> = entry.split('/').collect();
        assert_eq!(parts.len(), 3, "{entry}");
        assert!(
            ["dboard", "sboard", "gfx", "string", "param"].contains(&parts[0]),
            "{entry}"
        );
        assert!(commands::is_known(parts[2]), "{entry}");
        let response = run(&mut gtp, parts[2]);
        assert_well_formed(&response, entry);
        assert!(response.starts_with('='), "{response:?}");
        let text = &response[2..response.len() - 2];
        match parts[0] {
            "dboard" | "sboard" => {
                let rows: Vec<&str> = text.lines().collect();
                assert_eq!(rows.len(), 5, "{text}");
                assert!(rows.iter().all(|r| r.split(' ').count() == 5), "{text}");
                if parts[0] == "dboard" {
                    assert!(text
                        .split_whitespace()
                        .all(|v| v.parse::<f64>().is_ok_and(|v| (-1.0..=1.0).contains(&v))));
                }
            }
            "gfx" => assert!(
                text.lines()
                    .all(|l| ["LABEL ", "TEXT ", "VAR "].iter().any(|k| l.starts_with(k))),
                "{text}"
            ),
            // The empty 5x5 board: White by the komi, 3 3/4 stones.
            "string" => assert!(
                text.starts_with("W+7.5 (W+3 3/4 stones, 白胜3又3/4子)\n"),
                "{text}"
            ),
            _ => assert!(text.lines().all(|l| l.starts_with('[')), "{text}"),
        }
    }
}

#[test]
fn yunzi_param_lists_and_changes_the_search_settings() {
    let mut gtp = gtp();
    assert_eq!(
        run(&mut gtp, "yunzi-param"),
        "= [string] threads 1\n[string] playouts 10\n[string] default_seconds 5\n\
         [string] max_seconds_per_move 60\n[string] resign never\n[bool] ponder 0\n\
         [bool] live_gfx 0\n\n"
    );
    for line in [
        "yunzi-param threads 2",
        "yunzi-param playouts 0",
        "yunzi-param default_seconds 0.5",
        "yunzi-param max_seconds_per_move 3",
        "yunzi-param resign 0.2",
        "yunzi-param ponder 1",
        "yunzi-param live_gfx 1",
    ] {
        assert_eq!(run(&mut gtp, line), "= \n\n", "{line}");
    }
    let settings = gtp.engine().settings();
    assert_eq!(settings.search.threads, 2);
    assert_eq!(settings.playouts, None, "0 thinks by the clock");
    assert_eq!(settings.time.default_budget, Duration::from_millis(500));
    assert_eq!(settings.time.max_per_move, Duration::from_secs(3));
    assert_eq!(settings.search.resign_threshold, 0.2);
    assert!(settings.ponder);
    assert!(settings.live_gfx);
    let before = settings.clone();
    for line in [
        "yunzi-param threads",
        "yunzi-param colour blue",
        "yunzi-param seed 3",
    ] {
        assert_eq!(run(&mut gtp, line), "? syntax error\n\n", "{line}");
    }
    for (line, name) in [
        ("yunzi-param threads 0", "threads"),
        ("yunzi-param threads 99999999999", "threads"),
        ("yunzi-param resign 2", "resign"),
        ("yunzi-param max_seconds_per_move 0", "max_seconds_per_move"),
        ("yunzi-param ponder maybe", "ponder"),
        ("yunzi-param live_gfx on", "live_gfx"),
    ] {
        let answer = run(&mut gtp, line);
        assert!(
            answer.starts_with(&format!("? invalid value for {name}: expected ")),
            "{line}: {answer:?}"
        );
    }
    assert_eq!(
        gtp.engine().settings(),
        &before,
        "refused values change nothing"
    );
}

#[test]
fn serve_ends_an_analysis_when_the_next_line_arrives() {
    let input = b"boardsize 5\nlz-analyze b 1\nname\nquit\n";
    let mut output = Vec::new();
    serve(&input[..], &mut output, gtp()).expect("in-memory streams");
    let output = String::from_utf8_lossy(&output);
    let rest = output.strip_prefix("= \n\n=\n").expect("the header");
    let updates = rest
        .strip_suffix("\n= yunzi\n\n= \n\n")
        .expect("then name and quit");
    for line in updates.lines() {
        parse_update(line, Dialect::Leela, 5);
    }
}

/// Input that arrives in parts, each after its delay, as from a GUI that sends a line while
/// the engine thinks.
struct Delayed(std::collections::VecDeque<(Duration, &'static [u8])>);

impl io::Read for Delayed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Some((delay, bytes)) = self.0.pop_front() else {
            return Ok(0);
        };
        std::thread::sleep(delay);
        let n = bytes.len().min(buf.len());
        buf[..n].copy_from_slice(&bytes[..n]);
        Ok(n)
    }
}

#[test]
fn gogui_interrupt_stops_a_running_genmove_with_a_move() {
    let parts: [(u64, &'static [u8]); 3] = [
        (
            0,
            b"yunzi-param playouts 0\nyunzi-param default_seconds 60\nboardsize 9\ngenmove b\n",
        ),
        (500, b"# interrupt\n"),
        (0, b"name\n"),
    ];
    let input = Delayed(
        parts
            .iter()
            .map(|&(ms, bytes)| (Duration::from_millis(ms), bytes))
            .collect(),
    );
    let start = Instant::now();
    let mut output = Vec::new();
    serve(io::BufReader::new(input), &mut output, gtp()).expect("in-memory streams");
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "a 60-second genmove stopped early"
    );
    let output = String::from_utf8_lossy(&output);
    let responses: Vec<&str> = output.split_terminator("\n\n").collect();
    assert_eq!(responses.len(), 5, "{output:?}");
    let mv = responses[3].strip_prefix("= ").expect("genmove succeeds");
    assert!(
        parse::args(mv, parse::arg(parse::vertex)).is_ok(),
        "half a second of search finds a move, not {mv:?}"
    );
    assert_eq!(responses[4], "= yunzi");
}

#[test]
fn minmoves_fills_an_update_with_untried_moves() {
    let mut gtp = gtp();
    run(&mut gtp, "boardsize 9");
    assert_eq!(run(&mut gtp, "lz-analyze b 1"), "=\n");
    let (tried, _) = parse_update(next_update(&mut gtp).trim_end(), Dialect::Leela, 9);
    assert!(
        tried.iter().all(|s| s.get("visits") != Some("0")),
        "tried moves only"
    );
    assert_eq!(run(&mut gtp, "lz-analyze b 1 minmoves 82"), "\n=\n");
    let (all, _) = parse_update(next_update(&mut gtp).trim_end(), Dialect::Leela, 9);
    assert_eq!(all.len(), 82, "every point and the pass");
    let mut moves: Vec<&str> = all.iter().filter_map(|s| s.get("move")).collect();
    moves.sort_unstable();
    moves.dedup();
    assert_eq!(moves.len(), 82, "each move once");
    run(&mut gtp, "name");
}

/// A session whose live graphics go to the returned buffer.
fn gtp_with_live_gfx(on: bool) -> (Gtp, std::rc::Rc<std::cell::RefCell<String>>) {
    let seen = std::rc::Rc::new(std::cell::RefCell::new(String::new()));
    let sink = std::rc::Rc::clone(&seen);
    let mut settings = Settings::deterministic(10);
    settings.live_gfx = on;
    let gtp = Gtp::new(Engine::new(settings))
        .with_live_gfx(Box::new(move |block| sink.borrow_mut().push_str(block)));
    (gtp, seen)
}

/// Checks GoGui's live graphics as GoGui's `LiveGfx` reads them: multi-line `gogui-gfx:`
/// blocks ended by an empty line, each with `LABEL` point/win-rate pairs, a `TEXT` and a
/// `VAR` that starts with `first` and alternates colours, then `gogui-gfx: CLEAR`. Returns
/// the number of blocks.
fn assert_live_gfx(text: &str, first: Color, size: usize) -> usize {
    let on_board = |v: &str| {
        parse::args(v, parse::arg(parse::vertex)).is_ok_and(|v| v.col < size && v.row < size)
    };
    let body = text
        .strip_suffix("gogui-gfx: CLEAR\n")
        .unwrap_or_else(|| panic!("ends with CLEAR: {text:?}"));
    let blocks: Vec<&str> = body.split_terminator("\n\n").collect();
    assert!(!blocks.is_empty(), "{text:?}");
    for block in &blocks {
        let mut lines = block.lines();
        assert_eq!(lines.next(), Some("gogui-gfx:"), "{block:?}");
        let commands: Vec<&str> = lines.collect();
        let words = |prefix: &str| -> Vec<&str> {
            let line = commands
                .iter()
                .find(|l| l.split(' ').next() == Some(prefix));
            let line = line.unwrap_or_else(|| panic!("no {prefix} in {block:?}"));
            line.split(' ').skip(1).collect()
        };
        assert_eq!(commands.len(), 3, "LABEL, TEXT and VAR: {block:?}");
        let labels = words("LABEL");
        assert!(labels.len() % 2 == 0 && !labels.is_empty(), "{block:?}");
        for pair in labels.chunks(2) {
            assert!(on_board(pair[0]), "{block:?}");
            assert!(pair[1].parse::<u32>().is_ok_and(|w| w <= 100), "{block:?}");
        }
        assert!(!words("TEXT").is_empty());
        let var = words("VAR");
        assert!(var.len() >= 2 && var.len() % 2 == 0, "{block:?}");
        let mut color = first;
        for pair in var.chunks(2) {
            let letter = if color == Color::Black { "b" } else { "w" };
            assert_eq!(pair[0], letter, "{block:?}");
            assert!(on_board(pair[1]), "{block:?}");
            color = color.opponent();
        }
    }
    blocks.len()
}

#[test]
fn genmove_draws_live_graphics_only_when_they_are_on_and_answers_as_ever() {
    let (mut gtp, seen) = gtp_with_live_gfx(false);
    run(&mut gtp, "boardsize 9");
    // A time budget of three live graphics intervals.
    run(&mut gtp, "yunzi-param playouts 0");
    run(&mut gtp, "yunzi-param default_seconds 1.5");
    let answer = run(&mut gtp, "genmove b");
    assert!(
        seen.borrow().is_empty(),
        "off by default: {:?}",
        seen.borrow()
    );
    assert_well_formed(&answer, "genmove b");
    assert_eq!(
        run(&mut gtp, "yunzi-param"),
        "= [string] threads 1\n[string] playouts 0\n[string] default_seconds 1.5\n\
         [string] max_seconds_per_move 60\n[string] resign never\n[bool] ponder 0\n\
         [bool] live_gfx 0\n\n"
    );
    run(&mut gtp, "yunzi-param live_gfx 1");
    for (line, color, moves) in [
        ("7 genmove w", Color::White, 2),
        ("kgs-genmove_cleanup b", Color::Black, 3),
    ] {
        seen.borrow_mut().clear();
        let answer = run(&mut gtp, line);
        let vertex = answer
            .strip_prefix(if line.starts_with('7') { "=7 " } else { "= " })
            .and_then(|a| a.strip_suffix("\n\n"))
            .unwrap_or_else(|| panic!("{line}: {answer:?}"));
        assert!(
            parse::args(vertex, parse::arg(parse::vertex)).is_ok(),
            "only the move on stdout: {answer:?}"
        );
        assert_eq!(gtp.engine().game().moves().len(), moves, "{line} plays");
        let blocks = assert_live_gfx(&seen.borrow(), color, 9);
        assert!((2..=4).contains(&blocks), "one a half second: {blocks}");
    }
    run(&mut gtp, "yunzi-param live_gfx 0");
    seen.borrow_mut().clear();
    run(&mut gtp, "genmove w");
    assert!(seen.borrow().is_empty(), "off again");
}

#[test]
fn serve_keeps_live_graphics_off_stdout() {
    let input = b"boardsize 7\n3 genmove b\nquit\n";
    let serve_to_string = |gtp: Gtp| {
        let mut output = Vec::new();
        serve(&input[..], &mut output, gtp).expect("in-memory streams");
        String::from_utf8_lossy(&output).into_owned()
    };
    let (live, seen) = gtp_with_live_gfx(true);
    let output = serve_to_string(live);
    let responses: Vec<&str> = output.split_terminator("\n\n").collect();
    assert_eq!(responses.len(), 3, "{output:?}");
    let mv = responses[1].strip_prefix("=3 ").expect("genmove succeeds");
    assert!(
        parse::args(mv, parse::arg(parse::vertex)).is_ok(),
        "{output:?}"
    );
    // Ten playouts fit in one slice: the same search as without live graphics.
    assert_eq!(output, serve_to_string(gtp()));
    assert_eq!(assert_live_gfx(&seen.borrow(), Color::Black, 7), 1);
}

#[test]
fn pondering_resumes_when_an_analysis_ends_without_a_move() {
    let mut gtp = gtp();
    run(&mut gtp, "boardsize 9");
    run(&mut gtp, "yunzi-param ponder 1");
    run(&mut gtp, "genmove b");
    assert!(gtp.engine().is_pondering(), "on White's time");
    assert_eq!(run(&mut gtp, "lz-analyze w 1"), "=\n");
    assert!(!gtp.engine().is_pondering(), "the analysis has the search");
    next_update(&mut gtp);
    assert_eq!(run(&mut gtp, "name"), "\n= yunzi\n\n");
    assert!(
        gtp.engine().is_pondering(),
        "the game is where our move left it"
    );
    assert_eq!(run(&mut gtp, "kata-analyze w 1"), "=\n");
    next_update(&mut gtp);
    assert_eq!(run(&mut gtp, "play w a1"), "\n= \n\n");
    assert!(
        !gtp.engine().is_pondering(),
        "White moved: no longer White's time"
    );
    run(&mut gtp, "showboard");
    assert!(!gtp.engine().is_pondering());
    run(&mut gtp, "genmove b");
    assert!(gtp.engine().is_pondering());
    assert_eq!(run(&mut gtp, "lz-analyze w 1"), "=\n");
    assert_eq!(
        gtp.handle_line(""),
        Some("\n".into()),
        "an empty line ends it"
    );
    assert!(gtp.engine().is_pondering());
    run(&mut gtp, "quit");
    assert!(!gtp.engine().is_pondering(), "not after quit");
}

/// Every move an update lists, as its text.
fn listed_moves(segments: &[Segment]) -> Vec<&str> {
    segments.iter().filter_map(|s| s.get("move")).collect()
}

#[test]
fn avoid_and_allow_keep_moves_out_of_the_search_as_lizzie_asks() {
    let mut gtp = gtp();
    run(&mut gtp, "boardsize 9");
    // Lizzie's right-click "avoid": KataGo's and Leela Zero's syntax.
    assert_eq!(
        run(&mut gtp, "lz-analyze 1 avoid b E5,D4 30 avoid w E5 30"),
        "=\n"
    );
    for _ in 0..3 {
        let (segments, _) = parse_update(next_update(&mut gtp).trim_end(), Dialect::Leela, 9);
        let moves = listed_moves(&segments);
        assert!(
            !moves.contains(&"E5") && !moves.contains(&"D4"),
            "{moves:?}"
        );
        for segment in &segments {
            assert!(
                !segment.pv.iter().skip(1).any(|m| m == "E5"),
                "White avoids E5 too: {:?}",
                segment.pv
            );
        }
    }
    // "allow": only these moves for Black at the root, then anything.
    assert_eq!(
        run(&mut gtp, "kata-analyze b 1 allow b C3,G7 1 minmoves 10"),
        "\n=\n"
    );
    let (segments, _) = parse_update(next_update(&mut gtp).trim_end(), Dialect::Kata, 9);
    let moves = listed_moves(&segments);
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|m| ["C3", "G7", "pass"].contains(m)),
        "{moves:?}"
    );
    // A point off the board is refused, and nothing streams.
    assert_eq!(
        run(&mut gtp, "lz-analyze 1 avoid b Z9 5"),
        "\n? invalid coordinate\n\n"
    );
    assert!(!gtp.is_analyzing());
    // A genmove variant plays within the rules, also when no update was written.
    run(&mut gtp, "boardsize 5");
    assert_eq!(run(&mut gtp, "lz-genmove_analyze b 0 allow b A1 1"), "=\n");
    let stream = stream_to_its_end(&mut gtp);
    assert_eq!(
        stream, "play A1\n\n",
        "interval 0: no update, then the move"
    );
    run(&mut gtp, "clear_board");
    // genmove chooses among all moves again.
    run(&mut gtp, "boardsize 5");
    run(&mut gtp, "lz-analyze 1 allow b A1 50");
    let (segments, _) = parse_update(next_update(&mut gtp).trim_end(), Dialect::Leela, 5);
    let moves = listed_moves(&segments);
    assert!(moves.contains(&"A1"), "{moves:?}");
    assert!(
        moves.iter().all(|m| ["A1", "pass"].contains(m)),
        "{moves:?}"
    );
    assert_eq!(
        run(&mut gtp, "genmove b"),
        "\n= C3\n\n",
        "the centre, not A1"
    );
}

#[test]
fn priors_are_a_policy_summing_to_one_and_few_visits_mean_a_low_bound() {
    for size in [9, 19] {
        let mut gtp = gtp();
        run(&mut gtp, &format!("boardsize {size}"));
        run(&mut gtp, "play b D4");
        let every = size * size; // the empty points and the pass
        assert_eq!(
            run(&mut gtp, &format!("lz-analyze w 1 minmoves {every}")),
            "=\n"
        );
        let (segments, _) = parse_update(next_update(&mut gtp).trim_end(), Dialect::Leela, size);
        assert_eq!(segments.len(), every);
        let total: u32 = segments.iter().map(|s| s.int("prior")).sum();
        // Each of the N*N priors is rounded to 1/10000.
        assert!(
            total.abs_diff(10_000) <= every as u32 / 2,
            "{size}: {total}"
        );
        let priors: Vec<u32> = segments.iter().map(|s| s.int("prior")).collect();
        assert!(
            priors.iter().any(|&p| p != priors[0]),
            "{size}: a distribution, not one value"
        );
        for segment in &segments {
            let (visits, winrate, lcb) = (
                segment.int("visits"),
                segment.int("winrate"),
                segment.int("lcb"),
            );
            if visits <= 1 {
                assert!(
                    lcb <= 2500,
                    "{size}: {visits} visits, winrate {winrate}, lcb {lcb}"
                );
            }
        }
        assert_eq!(
            run(&mut gtp, &format!("kata-analyze w 1 minmoves {every}")),
            "\n=\n"
        );
        let (segments, _) = parse_update(next_update(&mut gtp).trim_end(), Dialect::Kata, size);
        let total: f64 = segments.iter().map(|s| s.float("prior")).sum();
        assert!((total - 1.0).abs() < 1e-3, "{size}: {total}");
    }
}

#[test]
fn version_answers_lizzie_s_check_only_when_asked() {
    assert_eq!(
        run(&mut gtp(), "version"),
        format!("= {}\n\n", env!("CARGO_PKG_VERSION"))
    );
    let mut settings = Settings::deterministic(10);
    settings.lizzie = true;
    let answer = run(&mut Gtp::new(Engine::new(settings)), "version");
    // Lizzie 0.7.4: the first word's part after the first dot, as an integer, at least 15.
    let first_word = answer
        .trim_start_matches("= ")
        .split(' ')
        .next()
        .expect("a word");
    let minor: u32 = first_word
        .split('.')
        .nth(1)
        .expect("a dot")
        .parse()
        .expect("a number");
    assert!(minor >= 15, "{answer:?}");
    assert!(
        answer.contains(env!("CARGO_PKG_VERSION")),
        "yunzi's own version too"
    );
}

#[test]
fn analysis_in_a_handicap_game_gives_the_win_rate_and_lead_at_the_real_komi() {
    // Black's five stones on 9x9 win nearly every playout at the real komi (0.5 and five
    // points of compensation, rule 17), and few at the komi the search charges Black
    // (twelve points a stone, search::dynamic_komi): Sabaki and Lizzie show the first.
    let mut gtp = gtp();
    for line in ["boardsize 9", "komi 0.5", "fixed_handicap 5", "play w e3"] {
        assert!(run(&mut gtp, line).starts_with('='), "{line}");
    }
    for (command, dialect) in [
        ("lz-analyze b 1", Dialect::Leela),
        ("kata-analyze b 1", Dialect::Kata),
    ] {
        assert_eq!(run(&mut gtp, command), "=\n");
        let mut best = None;
        for _ in 0..2000 {
            let update = next_update(&mut gtp);
            let (segments, _) = parse_update(update.trim_end(), dialect, 9);
            let first = segments.into_iter().next().expect("a move");
            if first.float("visits") >= 500.0 {
                best = Some(first);
                break;
            }
        }
        run(&mut gtp, "name");
        let best = best.expect("500 visits");
        let winrate = match dialect {
            Dialect::Leela => best.float("winrate") / 10_000.0,
            Dialect::Kata => best.float("winrate"),
        };
        assert!(winrate > 0.8, "{command}: Black's win rate {winrate}");
        if dialect == Dialect::Kata {
            let lead = best.float("scoreLead");
            assert!(lead > 5.0, "Black leads at the real komi, not {lead}");
        }
    }
}
