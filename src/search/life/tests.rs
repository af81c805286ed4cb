//! Life-and-death tests: one thread and a fixed seed, so every judgement is the same.

use super::*;
use crate::board::{Cell, Move};
use crate::search::fixtures::{self, at, game, search};

/// Every white stone of `g`, in board order.
fn white_stones(g: &Game) -> Vec<Point> {
    let board = g.board();
    board
        .points()
        .filter(|&p| board.cell(p) == Cell::White)
        .collect()
}

#[test]
fn dead_stones_inside_territory_are_dead() {
    let g = game(fixtures::DEAD_STONES, Color::Black);
    let judged = search().life_and_death(&g);
    let own: Vec<String> = judged
        .ownership
        .chunks(9)
        .rev()
        .map(|row| {
            row.iter()
                .map(|o| format!("{o:5.2}"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(
        judged.dead.len(),
        2,
        "{:?}\n{}",
        judged.dead,
        own.join("\n")
    );
    assert!(judged.dead.contains(&at(&g, 1, 1)));
    assert!(judged.dead.contains(&at(&g, 7, 7)));
    assert!(judged.seki.is_empty());
}

#[test]
fn the_judgement_after_a_pass_is_the_judgement_before_it() {
    let mut g = game(fixtures::FINISHED, Color::Black);
    let before = search().life_and_death(&g);
    g.play(Color::Black, Move::Pass).expect("pass");
    assert_eq!(search().life_and_death(&g), before);
}

#[test]
fn a_ring_sharing_two_liberties_with_three_stones_inside_is_seki() {
    // Whoever fills an inner liberty puts itself in atari, and Black's throw-in would give
    // White a straight four of eye space: neither plays, both live (rule 13).
    let g = game(
        ".........
         .XXXXXXX.
         XOOOOOOOX
         XO.XXX.OX
         XOOOOOOOX
         .XXXXXXX.
         .........
         .........
         .........",
        Color::Black,
    );
    let judged = search().life_and_death(&g);
    let ring = white_stones(&g);
    assert!(judged.dead.is_empty(), "{:?}", judged.dead);
    let inside = [at(&g, 3, 3), at(&g, 4, 3), at(&g, 5, 3)];
    for p in ring.iter().chain(inside.iter()) {
        assert!(
            judged.seki.contains(p),
            "{p:?} not in seki: {:?}",
            judged.seki
        );
    }
    assert_eq!(
        judged.seki.len(),
        ring.len() + inside.len(),
        "outer black stones are simply alive"
    );
    assert!(judged.unsettled.is_empty(), "{:?}", judged.unsettled);
}

#[test]
fn a_ring_around_a_straight_three_with_the_enemy_on_its_vital_point_is_dead() {
    // Not seki (this diagram was once taken for one): Black throws in at an inner point,
    // White must capture the two stones, and Black's stone on the vital point of the
    // three-point space left kills the ring (rule 13, nakade). The playouts of the
    // judgement play that throw-in; refusing every self-atari of two stones, they kept the
    // ring alive.
    let g = game(
        ".........
         ..XXXXX..
         .XOOOOOX.
         .XO.X.OX.
         .XOOOOOX.
         ..XXXXX..
         .........
         .........
         .........",
        Color::Black,
    );
    let judged = search().life_and_death(&g);
    let ring = white_stones(&g);
    assert_eq!(judged.dead, ring);
    assert!(judged.seki.is_empty(), "{:?}", judged.seki);
}

#[test]
fn two_liberty_chains_beside_big_dead_chains_are_racing() {
    // Black's G1 G2 has H1 and H2, White's six stones F1-F3 G3 H3 J3 have H2 and J2:
    // whoever fills a liberty first decides, a tempo the playouts get wrong, and counting
    // White's chain dead is what the race is about.
    let g = game(
        ".........
         .........
         .........
         .........
         .........
         ....XXXXX
         ....XOOOO
         ....XOX..
         ....XOX..",
        Color::Black,
    );
    let board = g.board();
    let white = white_stones(&g);
    assert!(is_racing(board, at(&g, 6, 8), &white));
    // Counted alive, White's chain is no race that passing depends on.
    assert!(!is_racing(board, at(&g, 6, 8), &[]));
    // Black's inner chain has two liberties too, but both are its own eyes: no race,
    // though White's dead chain beside it has one liberty left.
    let g = game(
        ".........
         .........
         .........
         .........
         ....XXXX.
         ....XOOOO
         ....XOXXX
         ....XOX.X
         ....XOXX.",
        Color::Black,
    );
    assert!(!is_racing(g.board(), at(&g, 6, 8), &white_stones(&g)));
}

#[test]
fn early_in_a_game_small_chains_are_not_dead_inside_a_territory() {
    // Move 24 of a 9x9 game against GNU Go (gtp-tests/9x9-early-resign.sgf): every chain
    // of Black's has at most three stones, and White's walls seemed to enclose them all.
    // The judgement counted the whole board White's and the engine resigned a game its
    // search gave Black at 0.89.
    let g = game(
        ".........
         .....O...
         ...OO.OOO
         ..O..XXOX
         OOOXX..XX
         OXX......
         X.....X..
         .X.......
         .........",
        Color::Black,
    );
    let judged = search().life_and_death(&g);
    // B2 A3 G3 B4 C4 D5 E5.
    let black = [(1, 7), (0, 6), (6, 6), (1, 5), (2, 5), (3, 4), (4, 4)];
    assert_not_dead(&g, &judged, Cell::Black, &black);
    let score = g.score(&judged.dead, &judged.seki);
    assert_eq!(score.winner(), Some(Color::Black), "{score:?}");
}

#[test]
fn lone_stones_on_an_open_side_are_not_dead_inside_a_territory() {
    // Move 33 of another game against GNU Go (gtp-tests/9x9-open-side-resign.sgf): White's
    // C7, B5 and B2-B3 on the open left side seemed walled in by Black, the judgement
    // counted B+73.5 and the engine resigned at a win rate of 0.53.
    let g = game(
        ".........
         .........
         ..O..X...
         ......XX.
         .O..X.XXX
         .....XOXO
         .O.XXOOOO
         .OXXOO..O
         ..XOO.XX.",
        Color::White,
    );
    let judged = search().life_and_death(&g);
    // C7 B5 B3 B2.
    let white = [(2, 2), (1, 4), (1, 6), (1, 7)];
    assert_not_dead(&g, &judged, Cell::White, &white);
}

/// Asserts that the stones of `cell` at these diagram positions (column from the left, line
/// from the top) are not among the judgement's dead.
fn assert_not_dead(g: &Game, judged: &LifeAndDeath, cell: Cell, stones: &[(usize, usize)]) {
    for &(x, y) in stones {
        let p = at(g, x, y);
        assert_eq!(g.board().cell(p), cell, "the diagram has a stone at {p:?}");
        assert!(
            !judged.dead.contains(&p),
            "{p:?} judged dead: {:?}",
            judged.dead
        );
    }
}

#[test]
fn a_dame_that_leaves_its_chain_two_liberties_is_not_safe_to_fill() {
    // Black's B1 under White's wall: joining it at A1 or C1 leaves two liberties (a
    // dame filled so in a 9x9 game let the opponent atari the chain); D1 stands alone
    // with three.
    let g = game(
        ".....
         .....
         .....
         .OO..
         .X...",
        Color::Black,
    );
    let board = g.board();
    assert!(!keeps_three_liberties(board, Color::Black, at(&g, 0, 4)));
    assert!(!keeps_three_liberties(board, Color::Black, at(&g, 2, 4)));
    assert!(keeps_three_liberties(board, Color::Black, at(&g, 3, 4)));
}
