//! GTP tests through [`Gtp::handle_line`]: response framing, the command table, failed
//! commands that change nothing, and 100,000 random lines that must each get exactly one
//! well-formed response from an engine that stays consistent.

use super::*;
use crate::engine::EngineConfig;
use crate::game::RuleSet;
use crate::search::SearchConfig;
use crate::time::TimeConfig;
use rand::{rngs::SmallRng, Rng, SeedableRng};

/// A deterministic engine with a tiny search budget.
fn gtp() -> Gtp {
    let config = EngineConfig {
        search: SearchConfig {
            threads: 1,
            seed: 1,
            resign_threshold: 0.0,
            max_tree_bytes: 16 << 20,
            ..SearchConfig::default()
        },
        playouts: Some(10),
        rules: RuleSet::chinese(),
        ponder: false,
    };
    Gtp::new(Engine::new(config, TimeConfig::default()))
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
    serve(&input[..], &mut output, gtp().engine).expect("in-memory streams");
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
