//! Board tests: hand-built positions for rules 6-10, then random games checked against a
//! from-scratch recomputation after every move.

use super::*;
use proptest::prelude::*;
use rand::{rngs::SmallRng, Rng, SeedableRng};

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("test diagram is valid")
}

/// The point at a diagram position: `col` from the left, `line` from the top (both 0-based).
fn at(board: &Board, col: usize, line: usize) -> Point {
    board.point_at(col, board.size() - 1 - line)
}

#[test]
fn diagram_round_trip_and_orientation() {
    let text = "X....\n.O...\n.....\n.....\n....X\n";
    let b = board(text);
    assert_eq!(b.to_diagram(), text);
    // Top-left is column 0 of the top row (GTP A5); bottom-right is E1.
    assert_eq!(b.cell(b.point_at(0, 4)), Cell::Black);
    assert_eq!(b.cell(b.point_at(4, 0)), Cell::Black);
    assert_eq!(b.cell(b.point_at(1, 3)), Cell::White);
    assert_eq!(b.coords(b.point_at(3, 2)), (3, 2));
}

#[test]
fn sizes_outside_2_to_25_are_refused_rule_1() {
    assert_eq!(Board::new(1).err(), Some(SetupError::BadSize(1)));
    assert_eq!(Board::new(26).err(), Some(SetupError::BadSize(26)));
    for n in MIN_SIZE..=MAX_SIZE {
        let b = Board::new(n).expect("sizes 2..=25 are valid");
        assert_eq!(b.empty_count(), n * n);
        b.check_invariants().expect("empty board is consistent");
    }
}

#[test]
fn connected_stones_share_liberties_rule_6() {
    let b = board(
        ".....
         .XX..
         ..X..
         .....
         .....",
    );
    let stone = at(&b, 1, 1);
    assert_eq!(b.chain_head(stone), b.chain_head(at(&b, 2, 2)));
    assert_eq!(b.chain_size(stone), 3);
    assert_eq!(b.chain_liberties(stone).len(), 7);
    // Pseudo-liberties count (stone, liberty) pairs: the point below (1,1) and left of
    // (2,2) counts twice.
    assert_eq!(b.chain_libs(stone), 8);
}

#[test]
fn a_chain_without_liberties_is_removed_rule_7() {
    let mut b = board(
        ".X...
         XOX..
         .....
         .....
         .....",
    );
    b.play(Color::Black, Move::Play(at(&b, 1, 2)))
        .expect("legal");
    assert_eq!(b.cell(at(&b, 1, 1)), Cell::Empty);
    assert_eq!(b.captures(Color::Black), 1);
    b.check_invariants().expect("consistent");
}

#[test]
fn captures_come_before_the_suicide_test_rule_8() {
    // Black at the marked point has no liberty of its own but captures the two white stones.
    let mut b = board(
        "OX.OX
         OXOOX
         .XXXX
         .....
         .....",
    );
    let p = at(&b, 2, 0);
    assert_eq!(b.legality(Color::Black, p), Ok(()));
    b.play(Color::Black, Move::Play(p))
        .expect("legal by capture");
    assert_eq!(b.cell(at(&b, 3, 0)), Cell::Empty);
    assert_eq!(b.cell(at(&b, 2, 1)), Cell::Empty);
    assert_eq!(b.captures(Color::Black), 3);
    assert!(b.chain_libs(p) > 0);
    b.check_invariants().expect("consistent");
}

#[test]
fn suicide_is_illegal_single_and_multi_stone_rule_9() {
    let mut b = board(
        ".X...
         X....
         .....
         OOO..
         X.XO.",
    );
    let before = b.clone();
    // Single stone into Black's eye.
    assert_eq!(
        b.legality(Color::White, at(&b, 0, 0)),
        Err(Illegal::Suicide)
    );
    // Multi-stone: Black at B1 would join A1 and C1 with no liberty and capture nothing.
    assert_eq!(
        b.play(Color::Black, Move::Play(at(&b, 1, 4))),
        Err(Illegal::Suicide)
    );
    assert_eq!(b, before, "a refused move changes nothing");
    // White may play there: it captures nothing but has no liberties either... it is
    // surrounded by black A1/C1 and its own stones above: it joins White's chain.
    assert_eq!(b.legality(Color::White, at(&b, 1, 4)), Ok(()));
}

#[test]
fn occupied_points_are_refused_rule_4() {
    let b = board("X.\n..");
    assert_eq!(
        b.legality(Color::White, at(&b, 0, 0)),
        Err(Illegal::Occupied)
    );
    assert_eq!(
        b.legality(Color::Black, at(&b, 0, 0)),
        Err(Illegal::Occupied)
    );
}

#[test]
fn immediate_ko_recapture_is_refused_rule_10() {
    let mut b = board(
        ".XO..
         XO.O.
         .XO..
         .....
         .....",
    );
    let take = at(&b, 2, 1);
    b.play(Color::Black, Move::Play(take))
        .expect("black takes the ko");
    let ko_point = at(&b, 1, 1);
    assert_eq!(b.ko(), Some((ko_point, Color::White)));
    assert_eq!(b.legality(Color::White, ko_point), Err(Illegal::Ko));
    // A move elsewhere lifts the ban.
    b.play(Color::White, Move::Play(at(&b, 4, 4)))
        .expect("ko threat");
    b.play(Color::Black, Move::Play(at(&b, 4, 3)))
        .expect("answer");
    assert_eq!(b.legality(Color::White, ko_point), Ok(()));
}

#[test]
fn capturing_two_stones_is_not_a_ko() {
    let mut b = board(
        ".OOX.
         OXX..
         .....
         .....
         .....",
    );
    b.play(Color::Black, Move::Play(at(&b, 0, 0)))
        .expect("captures two");
    assert_eq!(b.captures(Color::Black), 2);
    assert_eq!(b.chain_libs(at(&b, 0, 0)), 1, "the lone stone is in atari");
    assert_eq!(b.ko(), None);
    assert_eq!(
        b.legality(Color::White, at(&b, 1, 0)),
        Ok(()),
        "retaking is allowed"
    );
}

#[test]
fn atari_liberty_is_the_last_liberty() {
    let b = board(
        ".XO..
         XOOX.
         .XX..
         .....
         O....",
    );
    let white = at(&b, 1, 1);
    assert_eq!(b.chain_liberties(white), vec![at(&b, 3, 0)]);
    assert_eq!(b.atari_liberty(white), Some(at(&b, 3, 0)));
    assert_eq!(
        b.atari_liberty(at(&b, 0, 4)),
        None,
        "two liberties is not atari"
    );
}

#[test]
fn eye_shapes_true_and_false() {
    let b = board(
        ".X...
         XX.X.
         X.X..
         .X...
         .....",
    );
    assert!(
        b.is_true_eye(Color::Black, at(&b, 0, 0)),
        "corner eye, own diagonal"
    );
    assert!(
        b.is_true_eye(Color::Black, at(&b, 1, 2)),
        "no enemy diagonal"
    );
    assert!(!b.is_eyelike(Color::Black, at(&b, 2, 1)), "open below");
    assert!(
        !b.is_eyelike(Color::White, at(&b, 0, 0)),
        "black's eye is not white's"
    );

    let middle = board(
        ".....
         .OXO.
         .X.X.
         .OXO.
         .....",
    );
    let p = at(&middle, 2, 2);
    assert!(middle.is_eyelike(Color::Black, p));
    assert!(
        !middle.is_true_eye(Color::Black, p),
        "enemy holds all four diagonals"
    );

    let one_diagonal = board(
        ".....
         .OX..
         .X.X.
         ..X..
         .....",
    );
    assert!(one_diagonal.is_true_eye(Color::Black, at(&one_diagonal, 2, 2)));

    let edge = board(
        "X.X..
         OXX..
         .....
         .....
         .....",
    );
    let p = at(&edge, 1, 0);
    assert!(edge.is_eyelike(Color::Black, p));
    assert!(
        !edge.is_true_eye(Color::Black, p),
        "one enemy diagonal on the edge is enough"
    );
}

#[test]
fn pinned_empty_board_hash() {
    // Keys are fixed at compile time: this value must never change between builds.
    assert_eq!(Board::new(19).expect("valid").hash(), PINNED_19);
    assert_ne!(
        Board::new(9).expect("valid").hash(),
        PINNED_19,
        "sizes hash apart"
    );
}

const PINNED_19: u64 = 13_204_926_894_062_707_301;

#[test]
fn two_move_orders_reach_the_same_hash() {
    let mut a = Board::new(9).expect("valid");
    let mut b = Board::new(9).expect("valid");
    let (p, q, r) = (a.point_at(2, 2), a.point_at(6, 6), a.point_at(4, 4));
    for (c, m) in [(Color::Black, p), (Color::White, q), (Color::Black, r)] {
        a.play(c, Move::Play(m)).expect("legal");
    }
    for (c, m) in [(Color::Black, r), (Color::White, q), (Color::Black, p)] {
        b.play(c, Move::Play(m)).expect("legal");
    }
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a, b);
}

/// Plays a random game: mostly legal non-eye moves, sometimes a random point that may be
/// illegal (which must then change nothing), sometimes a pass. Calls `check` after each move.
fn random_game(size: usize, seed: u64, mut check: impl FnMut(&Board)) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut b = Board::new(size).expect("valid size");
    let mut color = Color::Black;
    let cap = 4 * size * size;
    let mut passes = 0;
    for _ in 0..cap {
        if passes >= 2 {
            break;
        }
        let roll = rng.gen_range(0..100);
        if roll < 3 {
            b.pass(color);
            passes += 1;
        } else if roll < 13 {
            let p = b.point_at(rng.gen_range(0..size), rng.gen_range(0..size));
            let before = b.clone();
            if b.play(color, Move::Play(p)).is_err() {
                assert_eq!(b, before, "an illegal move changed the board");
                continue;
            }
            passes = 0;
        } else {
            match crate::playout::light_move(&b, color, &mut rng) {
                Some(p) => {
                    b.play(color, Move::Play(p)).expect("light moves are legal");
                    passes = 0;
                }
                None => {
                    b.pass(color);
                    passes += 1;
                }
            }
        }
        check(&b);
        color = color.opponent();
    }
}

/// Where the checks of one random game failed, if they did.
fn checked_random_game(size: usize, seed: u64) -> Result<(), String> {
    let mut failure = None;
    random_game(size, seed, |b| {
        if failure.is_none() {
            if let Err(e) = b.check_invariants() {
                failure = Some(format!("{e}\n{b:?}"));
            }
            for p in b.points() {
                if b.cell(p).color().is_some() && b.chain_head(p) == p {
                    let libs = b.chain_liberties(p);
                    let expected = (libs.len() == 1).then(|| libs[0]);
                    if b.atari_liberty(p) != expected && failure.is_none() {
                        failure = Some(format!("atari liberty wrong at {}\n{b:?}", p.index()));
                    }
                }
            }
        }
    });
    failure.map_or(Ok(()), Err)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1200, ..ProptestConfig::default() })]

    /// Incremental state == state recomputed from scratch, after every move of 1,200 random
    /// games spread over sizes 2, 5, 9, 13, 19 and 25.
    #[test]
    fn incremental_state_matches_recomputation(
        size in prop::sample::select(vec![2usize, 5, 9, 13, 19, 25]),
        seed in any::<u64>(),
    ) {
        prop_assert_eq!(checked_random_game(size, seed), Ok(()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// The O(1) self-atari test agrees with playing the move and counting liberties, at
    /// every empty point for both colours, through random games.
    #[test]
    fn self_atari_matches_playing_the_move(
        size in prop::sample::select(vec![5usize, 9, 13]),
        seed in any::<u64>(),
    ) {
        let mut failure = None;
        random_game(size, seed, |b| {
            for p in b.points().filter(|&p| b.cell(p) == Cell::Empty) {
                for color in [Color::Black, Color::White] {
                    if !b.is_legal(color, p) || failure.is_some() {
                        continue;
                    }
                    let mut after = b.clone();
                    let captured = after.play_legal(color, p);
                    let expected = captured == 0 && after.chain_liberties(p).len() == 1;
                    if b.is_self_atari(color, p) != expected {
                        failure = Some(format!("{color:?} at {:?}: expected {expected}\n{b:?}", b.coords(p)));
                    }
                }
            }
        });
        prop_assert_eq!(failure, None);
    }
}

/// Whether `color` may play at `p`, from the liberties found by walking the chains: the
/// reference the O(1) legality test must agree with.
fn legal_by_walking(b: &Board, color: Color, p: Point) -> bool {
    let libs_besides_p = |q: Point| b.chain_liberties(q).into_iter().filter(|&l| l != p).count();
    b.cell(p) == Cell::Empty
        && b.ko() != Some((p, color))
        && b.neighbours(p).iter().any(|&q| match b.cell(q) {
            Cell::Empty => true,
            c if c == color.cell() => libs_besides_p(q) > 0,
            c if c == color.opponent().cell() => libs_besides_p(q) == 0,
            _ => false,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// The O(1) legality test agrees with walking the chains for their liberties, at every
    /// point for both colours, through random games.
    #[test]
    fn legality_matches_walking_the_chains(
        size in prop::sample::select(vec![2usize, 5, 9, 13]),
        seed in any::<u64>(),
    ) {
        let mut failure = None;
        random_game(size, seed, |b| {
            for p in b.points() {
                for color in [Color::Black, Color::White] {
                    let expected = legal_by_walking(b, color, p);
                    if b.is_legal(color, p) != expected && failure.is_none() {
                        failure = Some(format!("{color:?} at {:?}: expected {expected}\n{b:?}", b.coords(p)));
                    }
                }
            }
        });
        prop_assert_eq!(failure, None);
    }
}
