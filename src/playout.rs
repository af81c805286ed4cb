//! Playouts: finish a game quickly with cheap moves and count who won.
//!
//! A playout runs on a copy of the [`Board`] with its simple ko only (superko cycles are cut by
//! the length cap). It ends at two passes in a row or at the cap and is counted by area,
//! every stone alive (Tromp-Taylor): at the end of a playout no dead stones are left.

use rand::Rng;

use crate::board::{Board, Color, Point};
use crate::scoring;

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Black's area minus White's, komi included.
    pub margin: f64,
    /// Moves played, passes included.
    pub length: u32,
}

/// Moves a playout may make before it is cut off: enough for every point to be filled and
/// captured a few times, short enough that a superko cycle cannot run for long.
pub fn length_cap(board: &Board) -> u32 {
    3 * (board.size() * board.size()) as u32
}

/// A uniformly random legal move for `color` that does not fill one of its own single-point
/// eye shapes, or `None` (pass) when there is none. The plain policy tests and benchmarks use.
pub fn light_move(board: &Board, color: Color, rng: &mut impl Rng) -> Option<Point> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    // Start at a random empty point and walk the list cyclically: every candidate is equally
    // likely to be the start, and the walk finds a legal one if any exists.
    let start = rng.gen_range(0..n);
    (0..n)
        .map(|k| board.empty_point((start + k) % n))
        .find(|&p| !board.is_eyelike(color, p) && board.is_legal(color, p))
}

/// Plays light moves from `board` with `to_move` first until two passes or the length cap,
/// then counts by area with `komi`.
pub fn light_playout(board: &mut Board, to_move: Color, komi: f64, rng: &mut impl Rng) -> Outcome {
    let cap = length_cap(board);
    let (mut color, mut passes, mut length) = (to_move, 0, 0);
    while passes < 2 && length < cap {
        match light_move(board, color, rng) {
            Some(p) => {
                board.play_legal(color, p);
                passes = 0;
            }
            None => {
                board.pass(color);
                passes += 1;
            }
        }
        color = color.opponent();
        length += 1;
    }
    Outcome {
        margin: scoring::area_score(board, &[], komi, 0).margin,
        length,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::SmallRng, SeedableRng};

    /// A move that retakes a single stone: the only move a finished playout may leave, when
    /// the two closing passes lifted a simple-ko ban.
    fn is_ko_retake(board: &Board, color: Color, p: Point) -> bool {
        board.neighbours(p).iter().any(|&q| {
            board.cell(q) == color.opponent().cell()
                && board.chain_size(q) == 1
                && board.atari_liberty(q) == Some(p)
        })
    }

    #[test]
    fn light_playouts_end_with_only_eyes_left() {
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..300 {
            let mut board = Board::new(9).expect("size 9 is valid");
            let outcome = light_playout(&mut board, Color::Black, 7.5, &mut rng);
            board
                .check_invariants()
                .expect("consistent after a playout");
            if outcome.length == length_cap(&board) {
                continue;
            }
            for p in (0..board.empty_count()).map(|i| board.empty_point(i)) {
                for color in [Color::Black, Color::White] {
                    let playable = !board.is_eyelike(color, p) && board.is_legal(color, p);
                    assert!(
                        !playable || is_ko_retake(&board, color, p),
                        "a playout passed with a move left at {:?}\n{board:?}",
                        board.coords(p)
                    );
                }
            }
        }
    }

    #[test]
    fn light_move_never_fills_its_own_eye() {
        let board = Board::from_diagram(
            "X.X
             XXX
             ...",
        )
        .expect("valid diagram");
        let eye = board.point_at(1, 2);
        let mut rng = SmallRng::seed_from_u64(1);
        for _ in 0..100 {
            assert_ne!(light_move(&board, Color::Black, &mut rng), Some(eye));
        }
    }
}
