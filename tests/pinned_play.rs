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
    let pinned = "E5 C6 E7 D4 E3 E4 F4 F3 G3 F2 G2 E2 D5 G4 F5 C4 C5 B5 B4 B3 B6 A4 C7 H4 H3 \
                  J2 J3 G1 H2 H1";
    assert_eq!(self_play(9, 30).join(" "), pinned);
}

#[test]
fn nineteen_by_nineteen_plays_the_pinned_moves() {
    let pinned = "Q16 O17 D16 F17 Q4 R6 D4 C6 F3 B4 C3 B3 B2 C4 D3 E6";
    assert_eq!(self_play(19, 16).join(" "), pinned);
}
