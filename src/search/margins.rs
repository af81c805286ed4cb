//! Final score margins of the playouts through each root move, at the game's real komi
//! ([`Game::full_komi`](crate::game::Game::full_komi)), whatever komi the search plays
//! for: score estimates, and in handicap games the win rates a person sees
//! ([`super::dynamic_komi`]).

use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, Ordering};

use crate::board::{Color, Point, MAX_POINTS};

/// Sums in half points from Black's view, one slot per point and one for the pass. They
/// belong to one root and start afresh with another.
pub(super) struct Margins {
    root: Option<u32>,
    sums: Vec<AtomicI64>,
    /// Sums of the squared margins (in quarter points), for the spread of the scores.
    squares: Vec<AtomicU64>,
    /// Black's wins in half wins: two for a win, one for a draw.
    black_wins: Vec<AtomicU32>,
    counts: Vec<AtomicU32>,
}

impl Margins {
    pub(super) fn new() -> Margins {
        Margins {
            root: None,
            sums: zeros(),
            squares: zeros(),
            black_wins: zeros(),
            counts: zeros(),
        }
    }

    /// Keeps the margins when `root` is the node they belong to and `fresh` is false;
    /// otherwise clears them for `root`.
    pub(super) fn keep_for(&mut self, root: u32, fresh: bool) {
        if fresh || self.root != Some(root) {
            self.sums.iter_mut().for_each(|x| *x.get_mut() = 0);
            self.squares.iter_mut().for_each(|x| *x.get_mut() = 0);
            self.black_wins.iter_mut().for_each(|x| *x.get_mut() = 0);
            self.counts.iter_mut().for_each(|x| *x.get_mut() = 0);
            self.root = Some(root);
        }
    }

    fn slot(point: Point) -> usize {
        if point == Point::NONE {
            MAX_POINTS
        } else {
            point.index()
        }
    }

    /// One playout through the root move at `point` (`Point::NONE` for a pass) that ended
    /// `margin` points up for Black at the real komi.
    pub(super) fn add(&self, point: Point, margin: f64) {
        let slot = Margins::slot(point);
        let half_points = (2.0 * margin).round() as i64;
        let half_wins = (1 + half_points.signum()) as u32;
        self.sums[slot].fetch_add(half_points, Ordering::Relaxed);
        self.squares[slot].fetch_add(half_points.unsigned_abs().pow(2), Ordering::Relaxed);
        self.black_wins[slot].fetch_add(half_wins, Ordering::Relaxed);
        self.counts[slot].fetch_add(1, Ordering::Relaxed);
    }

    /// The mean margin from Black's view through the root move at `point`, if any.
    pub(super) fn mean(&self, point: Point) -> Option<f64> {
        let slot = Margins::slot(point);
        let n = self.counts[slot].load(Ordering::Relaxed);
        (n > 0).then(|| self.sums[slot].load(Ordering::Relaxed) as f64 / (2.0 * f64::from(n)))
    }

    /// The standard deviation of those margins, in points.
    pub(super) fn stdev(&self, point: Point) -> Option<f64> {
        let slot = Margins::slot(point);
        let n = f64::from(self.counts[slot].load(Ordering::Relaxed));
        let mean = self.mean(point)?;
        let mean_square = self.squares[slot].load(Ordering::Relaxed) as f64 / (4.0 * n);
        Some((mean_square - mean * mean).max(0.0).sqrt())
    }

    /// The share of those playouts that `color` won (a draw half), if any.
    pub(super) fn winrate(&self, point: Point, color: Color) -> Option<f64> {
        let slot = Margins::slot(point);
        let n = self.counts[slot].load(Ordering::Relaxed);
        let black = (n > 0).then(|| {
            f64::from(self.black_wins[slot].load(Ordering::Relaxed)) / (2.0 * f64::from(n))
        })?;
        Some(match color {
            Color::Black => black,
            Color::White => 1.0 - black,
        })
    }
}

/// One zero counter per slot.
fn zeros<T: Default>() -> Vec<T> {
    (0..=MAX_POINTS).map(|_| T::default()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_rates_count_wins_by_the_sign_of_the_margin_and_draws_half() {
        let margins = Margins::new();
        let p = Point::NONE;
        assert_eq!(margins.winrate(p, Color::Black), None, "no playout yet");
        for margin in [3.5, -0.5, 0.0, 12.0] {
            margins.add(p, margin);
        }
        assert_eq!(margins.winrate(p, Color::Black), Some(2.5 / 4.0));
        assert_eq!(margins.winrate(p, Color::White), Some(1.5 / 4.0));
        assert_eq!(margins.mean(p), Some(15.0 / 4.0));
    }
}
