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
    let pinned = "F4 D5 D3 F6 E6 E5 F5 E7 G6 F7 G7 G8 H8 C3 C4 D2 B3 E3 C2 E4 G3 B5 F8 E2 B4 \
                  C5 E8 D7 D4 B1";
    assert_eq!(self_play(9, 30).join(" "), pinned);
}

#[test]
fn nineteen_by_nineteen_plays_the_pinned_moves() {
    let pinned = "Q4 D16 C14 Q16 O17 P15 R17 Q17 Q18 P18 R18 P17 O16 O15 N15 N14";
    assert_eq!(self_play(19, 16).join(" "), pinned);
}
