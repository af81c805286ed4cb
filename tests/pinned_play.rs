//! The moves of a fixed seed and playout budget, pinned: a change that means to keep play
//! as it is (a refactoring, a speed-up) must leave these games move for move as they were.
//! A change that means to play differently updates the pins in the same commit, and its
//! message says why (a match, not belief, shows that the new moves are better).

mod common;

/// Self-play from the empty board, `moves` genmoves alternating from Black, on one thread
/// with seed 7 and 1,500 playouts a move; returns the moves as GTP prints them.
fn self_play(size: usize, moves: usize) -> Vec<String> {
    let mut input = format!("boardsize {size}\nclear_board\nkomi 7.5\n");
    for i in 0..moves {
        input.push_str(if i % 2 == 0 {
            "genmove b\n"
        } else {
            "genmove w\n"
        });
    }
    input.push_str("quit\n");
    let (stdout, _) = common::run_engine(
        &["--threads", "1", "--seed", "7", "--playouts", "1500"],
        &input,
    );
    let answers: Vec<String> = stdout
        .split_terminator("\n\n")
        .map(|r| r.trim_start_matches('=').trim().to_string())
        .filter(|r| !r.is_empty())
        .collect();
    assert_eq!(answers.len(), moves, "{stdout:?}");
    answers
}

#[test]
fn nine_by_nine_plays_the_pinned_moves() {
    let pinned = "E5 G7 C7 F3 E2 D3 E3 E4 F4 D4 G3 F5 G4 D6 B5 B4 D5 C5 E6 D7 E7 D8 C6 C4 E8 \
                  C8 B8 B6 B7 C9";
    assert_eq!(self_play(9, 30).join(" "), pinned);
}

#[test]
fn nineteen_by_nineteen_plays_the_pinned_moves() {
    let pinned = "R4 P16 D5 C16 F16 D18 D15 D16 E15 D13 F12 D11 F9 C9 C15 B7";
    assert_eq!(self_play(19, 16).join(" "), pinned);
}
