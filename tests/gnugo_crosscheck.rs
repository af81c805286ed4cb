//! Cross-check of the rules core against GNU Go, an independent implementation.
//!
//! In random games, after every move, yunzi's set of legal moves for the side to move must
//! equal GNU Go's `all_legal`, and both sides' stones must equal its `list_stones`. GNU Go
//! runs with `--chinese-rules --positional-superko`: suicide forbidden (rule 9), positional
//! superko (rule 10). GNU Go's `final_score` is not used: it is no oracle for scoring.
//!
//! GNU Go is Debian's `gnugo` package at `/usr/games/gnugo` (`.ci/run` installs it). Without
//! it these tests fail rather than pass silently.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use rand::{rngs::SmallRng, Rng, SeedableRng};
use yunzi::board::{Board, Color, Move, Point};
use yunzi::game::{Game, IllegalMove, RuleSet};

const GNUGO: &str = "/usr/games/gnugo";
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A GNU Go process spoken to over GTP.
struct GnuGo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GnuGo {
    fn start() -> GnuGo {
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp", "--chinese-rules", "--positional-superko"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {GNUGO} (apt-get install gnugo): {e}"));
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        GnuGo {
            child,
            input,
            output,
        }
    }

    /// Sends one command and returns the text of its successful response.
    fn ask(&mut self, command: &str) -> String {
        writeln!(self.input, "{command}").expect("gnugo accepts input");
        self.input.flush().expect("gnugo accepts input");
        let mut response = String::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).expect("gnugo answers");
            assert!(n > 0, "gnugo closed its output after {command}");
            if line.trim().is_empty() && !response.is_empty() {
                break;
            }
            response.push_str(&line);
        }
        assert!(
            response.starts_with('='),
            "gnugo refused {command}: {response}"
        );
        response[1..].trim().to_string()
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// The points where yunzi and GNU Go disagree, with yunzi's verdict on each.
fn differences(
    game: &Game,
    color: Color,
    ours: &BTreeSet<String>,
    theirs: &BTreeSet<String>,
) -> Vec<(Point, Result<(), IllegalMove>)> {
    let board = game.board();
    board
        .points()
        .filter(|&p| ours.contains(&vertex(board, p)) != theirs.contains(&vertex(board, p)))
        .map(|p| (p, game.legality(color, Move::Play(p))))
        .collect()
}

fn vertex(board: &Board, p: Point) -> String {
    let (col, row) = board.coords(p);
    format!("{}{}", COLUMNS[col] as char, row + 1)
}

fn vertex_set(text: &str) -> BTreeSet<String> {
    text.split_whitespace()
        .map(|v| v.to_ascii_uppercase())
        .collect()
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Plays `games` random games on `size` and checks every position against GNU Go.
fn cross_check(size: usize, games: u64, seed: u64) {
    let mut gnugo = GnuGo::start();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves_checked = 0;
    let mut superko_quirks = 0;
    for game_number in 0..games {
        gnugo.ask(&format!("boardsize {size}"));
        gnugo.ask("clear_board");
        let mut game = Game::new(size, RuleSet::chinese()).expect("valid size");
        let mut positions = vec![(game.board().hash(), None)];
        while !game.is_over() && game.moves().len() < 3 * size * size {
            let color = game.to_move();
            let context = || format!("game {game_number}, move {}", game.moves().len() + 1);
            let board = game.board();
            let ours: BTreeSet<String> = game
                .legal_points(color)
                .into_iter()
                .map(|p| vertex(board, p))
                .collect();
            let theirs = vertex_set(&gnugo.ask(&format!("all_legal {}", color_name(color))));
            for (p, reason) in differences(&game, color, &ours, &theirs) {
                // GNU Go hashes the ko point into its positions, so its "positional"
                // superko misses a repetition whose ko state differs. That is the one
                // difference allowed: yunzi says superko and the stones repeat an earlier
                // position, never with the same ko point.
                let mut after = board.clone();
                after.play_legal(color, p);
                let gnugo_key = (after.hash(), after.ko().map(|(k, _)| k));
                assert!(
                    reason == Err(IllegalMove::Superko) && !positions.contains(&gnugo_key),
                    "legal moves differ at {} for {color:?} at {}: yunzi says {reason:?}\n{board:?}",
                    context(),
                    vertex(board, p),
                );
                superko_quirks += 1;
            }
            for side in [Color::Black, Color::White] {
                let ours: BTreeSet<String> = board
                    .points()
                    .filter(|&p| board.cell(p) == side.cell())
                    .map(|p| vertex(board, p))
                    .collect();
                let theirs = vertex_set(&gnugo.ask(&format!("list_stones {}", color_name(side))));
                assert_eq!(ours, theirs, "{side:?} stones differ at {}", context());
            }
            // Mostly moves that do not fill one's own eye, so games fill up and reach
            // captures, ko and suicide points; now and then a pass or any legal move.
            let legal = game.legal_points(color);
            let sensible: Vec<Point> = legal
                .iter()
                .copied()
                .filter(|&p| !game.board().is_eyelike(color, p))
                .collect();
            let roll = rng.gen_range(0..100);
            let mv = if roll < 2 || legal.is_empty() {
                Move::Pass
            } else if roll < 7 || sensible.is_empty() {
                Move::Play(legal[rng.gen_range(0..legal.len())])
            } else {
                Move::Play(sensible[rng.gen_range(0..sensible.len())])
            };
            let text = match mv {
                Move::Pass => "pass".to_string(),
                Move::Play(p) => vertex(game.board(), p),
            };
            game.play(color, mv).expect("chosen among legal moves");
            positions.push((game.board().hash(), game.board().ko().map(|(k, _)| k)));
            gnugo.ask(&format!("play {} {text}", color_name(color)));
            moves_checked += 1;
        }
    }
    assert!(
        moves_checked > games * (size * size) as u64 / 2,
        "games were too short"
    );
    eprintln!("{size}x{size}: {moves_checked} positions checked, {superko_quirks} superko differences explained by GNU Go's ko hashing");
}

#[test]
fn legal_moves_and_stones_match_gnugo_on_9x9() {
    // 200 games in two halves so the two cores share the work.
    cross_check(9, 100, 9_001);
}

#[test]
fn legal_moves_and_stones_match_gnugo_on_9x9_second_half() {
    cross_check(9, 100, 9_002);
}

#[test]
fn legal_moves_and_stones_match_gnugo_on_19x19() {
    cross_check(19, 20, 19_001);
}
