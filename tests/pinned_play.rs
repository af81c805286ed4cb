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
    let pinned = "D4 F5 D6 F7 F3 G3 G2 G4 D8 E3 E2 D3 E4 F4 F2 C3 C4 B3 D2 C2 B4 H2 H1 H3 B1 \
                  C1 A3 C7 D7 C8";
    assert_eq!(self_play(9, 30).join(" "), pinned);
}

#[test]
fn nineteen_by_nineteen_plays_the_pinned_moves() {
    let pinned = "D16 C14 D4 F3 Q16 Q4 O3 R6 Q2 R3 R2 S2 Q3 R4 P4 P5";
    assert_eq!(self_play(19, 16).join(" "), pinned);
}
