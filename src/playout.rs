//! Playouts: finish a game quickly with cheap moves and count who won.
//!
//! A playout runs on a copy of the [`Board`] with its simple ko only. It ends at two passes in
//! a row, when the position repeats one of the last few (a double ko or another superko cycle:
//! random play would otherwise go round it until the length cap, which on 19x19 happened to
//! most playouts), or at the length cap. It is counted by area, every stone alive
//! (Tromp-Taylor): at the end of a playout no dead stones are left.

mod heavy;
pub mod patterns;
pub mod replies;
pub mod tactics;

use rand::{rngs::SmallRng, Rng};

use crate::board::{Board, Cell, Color, Point};
use crate::scoring;

pub use heavy::{answer_beside, Heavy};
pub use replies::{Replies, WithReplies};

/// Boards from 13x13 up, where playouts and the search use knowledge that 9x9 does without:
/// a few thousand playouts cannot try every move of every node there, and the opening has
/// corners, sides and empty areas. 9x9 keeps the policy and priors its strength was
/// measured with.
pub const BIG_BOARD: usize = 13;

/// Whether `board` is big: see [`BIG_BOARD`].
pub fn is_big(board: &Board) -> bool {
    board.size() >= BIG_BOARD
}

/// How a playout ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// Black's area minus White's, komi included.
    pub margin: f64,
    /// Moves played, passes included.
    pub length: u32,
    /// Why it stopped.
    pub end: End,
}

/// Why a playout stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Two passes in a row: neither side had a move left (rule 12).
    Passes,
    /// The position repeated a recent one: the game was going round a cycle.
    Cycle,
    /// The length cap.
    Cap,
}

/// Moves a playout may make before it is cut off: enough for every point to be filled and
/// captured a few times, short enough that a superko cycle cannot run for long.
pub fn length_cap(board: &Board) -> u32 {
    3 * (board.size() * board.size()) as u32
}

/// Spots a playout going round a cycle: remembers the hashes of the last few positions.
#[derive(Clone, Debug, Default)]
pub struct CycleGuard {
    recent: [u64; 8],
    next: usize,
}

impl CycleGuard {
    /// Records the position `hash`; true if it repeats one of the last eight recorded.
    #[inline]
    pub fn repeats(&mut self, hash: u64) -> bool {
        let seen = self.recent.contains(&hash);
        self.recent[self.next] = hash;
        self.next = (self.next + 1) % self.recent.len();
        seen
    }
}

/// The source of randomness playouts use: fast, seedable, one per thread.
pub type PlayoutRng = SmallRng;

/// A playout policy: picks the next move of a playout, or `None` to pass.
pub trait Policy: Sync {
    fn choose(&self, board: &Board, color: Color, rng: &mut PlayoutRng) -> Option<Point>;
}

/// Uniformly random legal moves that do not fill one's own single-point eye shapes: the plain
/// policy that tests and `bench light` use, and the reference for the heavy one.
#[derive(Clone, Copy, Debug, Default)]
pub struct Light;

impl Policy for Light {
    #[inline]
    fn choose(&self, board: &Board, color: Color, rng: &mut PlayoutRng) -> Option<Point> {
        light_move(board, color, rng)
    }
}

/// A uniformly random legal move for `color` that does not fill one of its own single-point
/// eye shapes, or `None` (pass) when there is none.
pub fn light_move(board: &Board, color: Color, rng: &mut impl Rng) -> Option<Point> {
    random_move(board, rng, |p| {
        // An empty neighbour settles it at once: no eye shape, no suicide, and a ko point
        // never has one.
        board.neighbour_count(p, Cell::Empty) > 0
            || (!board.is_eyelike(color, p) && board.is_legal(color, p))
    })
}

/// A random empty point that passes `acceptable`, or `None` if none does.
#[inline]
fn random_move(
    board: &Board,
    rng: &mut impl Rng,
    mut acceptable: impl FnMut(Point) -> bool,
) -> Option<Point> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    // Start at a random empty point and walk the list cyclically: every candidate is equally
    // likely to be the start, and the walk finds an acceptable one if any exists.
    let start = random_below(rng, n);
    let mut i = start;
    loop {
        let p = board.empty_point(i);
        if acceptable(p) {
            return Some(p);
        }
        i = if i + 1 == n { 0 } else { i + 1 };
        if i == start {
            return None;
        }
    }
}

/// A random number below `n` by one multiply (Lemire): the bias, at most `n / 2^32`, is far
/// below anything a playout can feel, and it avoids `gen_range`'s rejection loop.
#[inline]
pub fn random_below(rng: &mut impl Rng, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

/// Plays `policy`'s moves from `board` with `to_move` first until two passes, a cycle or
/// the length cap, then counts by area with `komi`. `on_move` sees every stone played
/// (the search records them for RAVE).
pub fn run(
    board: &mut Board,
    to_move: Color,
    komi: f64,
    policy: &impl Policy,
    rng: &mut PlayoutRng,
    mut on_move: impl FnMut(Color, Point),
) -> Outcome {
    let cap = length_cap(board);
    let (mut color, mut passes, mut length) = (to_move, 0, 0);
    let mut cycle = CycleGuard::default();
    let end = loop {
        if passes == 2 {
            break End::Passes;
        }
        if length == cap {
            break End::Cap;
        }
        length += 1;
        match policy.choose(board, color, rng) {
            Some(p) => {
                let captured = board.play_legal(color, p);
                on_move(color, p);
                passes = 0;
                // A cycle needs captures, so its positions after captures come round again.
                if captured > 0 && cycle.repeats(board.hash()) {
                    break End::Cycle;
                }
            }
            None => {
                board.pass(color);
                passes += 1;
            }
        }
        color = color.opponent();
    };
    Outcome {
        margin: scoring::playout_margin(board, komi),
        length,
        end,
    }
}

/// A light playout: [`run`] with the [`Light`] policy.
pub fn light_playout(
    board: &mut Board,
    to_move: Color,
    komi: f64,
    rng: &mut PlayoutRng,
) -> Outcome {
    run(board, to_move, komi, &Light, rng, |_, _| {})
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
            if outcome.end != End::Passes {
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
    fn cycle_guard_spots_a_recent_repeat_only() {
        let mut guard = CycleGuard::default();
        assert!(!guard.repeats(1));
        assert!(!guard.repeats(2));
        assert!(guard.repeats(1), "seen two positions ago");
        for h in 10..18 {
            assert!(!guard.repeats(h));
        }
        assert!(!guard.repeats(1), "forgotten after eight newer positions");
    }

    #[test]
    fn playouts_on_19x19_end_by_passes_or_a_cycle_not_the_cap() {
        // Most 19x19 light playouts run into a double ko (about 70 in 100 here); before
        // cycles were detected they went round it until the cap.
        let mut rng = SmallRng::seed_from_u64(3);
        let empty = Board::new(19).expect("size 19 is valid");
        let mut ends = Vec::new();
        for _ in 0..100 {
            let mut board = empty.clone();
            ends.push(light_playout(&mut board, Color::Black, 7.5, &mut rng).end);
        }
        assert!(!ends.contains(&End::Cap));
        let passes = ends.iter().filter(|&&e| e == End::Passes).count();
        assert!(passes >= 10, "only {passes} of 100 ended by passes");
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
