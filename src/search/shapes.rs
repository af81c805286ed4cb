//! 3x3 shapes learned from game records: how much likelier than an average legal move a
//! move with a given neighbourhood ([`patterns::shape_key`]) was to be the one played.
//!
//! The table (`shapes.txt`, made by `yunzi learn-shapes` from GNU Go self-play games, see
//! `scripts/shape_games.py`) gives, for each shape, how often it was played and how often
//! it was there to play. Coulom's and Fuego's move patterns are the model. On big boards a
//! node tries its moves of equal prior in the order of these odds (see
//! `priors::NodePriors::order`), where a few thousand playouts cannot tell good shape from
//! bad by themselves.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

use crate::board::{Board, Color, Move, Point};
use crate::game::Game;
use crate::playout::patterns::shape_key;

/// The learned table, kept in the source tree so that every build plays the same.
const TABLE: &str = include_str!("shapes.txt");

/// Evidence of an average move that every shape's counts start with, so that a shape seen a
/// few times only stays near average.
const PSEUDO_SEEN: f64 = 50.0;

/// Counts of shapes: per key, (times played, times legal when a move was played).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShapeCounts {
    counts: HashMap<u16, (u64, u64)>,
}

impl ShapeCounts {
    /// Adds the moves of `game` from its start position, those of `learn_from` only.
    pub fn add_game(&mut self, game: &Game, learn_from: impl Fn(Color) -> bool) {
        game.for_each_position(|position, color, mv| {
            let Move::Play(played) = mv else { return };
            if !learn_from(color) {
                return;
            }
            for p in position.legal_points(color) {
                let entry = self
                    .counts
                    .entry(shape_key(position.board(), color, p))
                    .or_default();
                entry.1 += 1;
                entry.0 += u64::from(p == played);
            }
        });
    }

    /// The table as text: a header, then `key played seen` per shape, most seen first.
    pub fn to_text(&self) -> String {
        let mut rows: Vec<_> = self.counts.iter().collect();
        rows.sort_by_key(|&(key, &(_, seen))| (std::cmp::Reverse(seen), *key));
        let mut text = String::from("# yunzi 3x3 shapes: key, times played, times legal\n");
        for (key, (played, seen)) in rows {
            let _ = writeln!(text, "{key} {played} {seen}");
        }
        text
    }

    /// Reads [`ShapeCounts::to_text`]; `None` on a malformed line.
    pub fn from_text(text: &str) -> Option<ShapeCounts> {
        let mut counts = HashMap::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let mut fields = line.split_whitespace();
            let key = fields.next()?.parse().ok()?;
            let played = fields.next()?.parse().ok()?;
            let seen = fields.next()?.parse().ok()?;
            counts.insert(key, (played, seen));
        }
        Some(ShapeCounts { counts })
    }

    /// (moves played, legal points seen), summed over all shapes.
    fn totals(&self) -> (u64, u64) {
        self.counts
            .values()
            .fold((0, 0), |(a, b), &(p, s)| (a + p, b + s))
    }

    /// Per key, how many times likelier than an average legal move the shape was played,
    /// with [`PSEUDO_SEEN`] average moves added to its counts.
    fn odds(&self) -> HashMap<u16, f32> {
        let (played, seen) = self.totals();
        let average = played as f64 / seen.max(1) as f64;
        self.counts
            .iter()
            .map(|(&key, &(p, s))| {
                let rate = (p as f64 + PSEUDO_SEEN * average) / (s as f64 + PSEUDO_SEEN);
                (key, (rate / average.max(f64::MIN_POSITIVE)) as f32)
            })
            .collect()
    }
}

/// How many times likelier than an average legal move a move of this shape is to be played
/// (1 for a shape the table has not seen).
pub fn odds(board: &Board, color: Color, p: Point) -> f32 {
    static ODDS: OnceLock<HashMap<u16, f32>> = OnceLock::new();
    let odds = ODDS.get_or_init(|| {
        ShapeCounts::from_text(TABLE)
            .map(|counts| counts.odds())
            .unwrap_or_default()
    });
    odds.get(&shape_key(board, color, p))
        .copied()
        .unwrap_or(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::RuleSet;

    fn two_moves() -> Game {
        let mut game = Game::new(5, RuleSet::chinese()).expect("valid");
        let centre = game.point(2, 2).expect("on the board");
        let beside = game.point(3, 2).expect("on the board");
        game.play(Color::Black, Move::Play(centre)).expect("legal");
        game.play(Color::White, Move::Play(beside)).expect("legal");
        game
    }

    #[test]
    fn every_legal_point_counts_once_per_learned_move() {
        let mut both = ShapeCounts::default();
        both.add_game(&two_moves(), |_| true);
        assert_eq!(both.totals(), (2, 25 + 24));
        let mut black = ShapeCounts::default();
        black.add_game(&two_moves(), |color| color == Color::Black);
        assert_eq!(black.totals(), (1, 25));
    }

    #[test]
    fn the_table_text_reads_back() {
        let mut counts = ShapeCounts::default();
        counts.add_game(&two_moves(), |_| true);
        assert_eq!(ShapeCounts::from_text(&counts.to_text()), Some(counts));
        assert_eq!(ShapeCounts::from_text("12 x 3"), None);
    }

    #[test]
    fn played_shapes_have_odds_above_one_and_shunned_ones_below() {
        let counts = ShapeCounts::from_text("1 10 100\n2 0 1000\n3 0 1\n").expect("valid");
        let odds = counts.odds();
        assert!(odds[&1] > 5.0, "{}", odds[&1]);
        assert!(odds[&2] < 0.2, "{}", odds[&2]);
        assert!(
            (0.5..1.0).contains(&odds[&3]),
            "seen once: near average {}",
            odds[&3]
        );
    }

    #[test]
    fn the_learned_table_knows_a_hane_from_an_empty_triangle() {
        let mut board = Board::new(19).expect("valid");
        let stone = |color, x, y| (color, board.point_at(x, y));
        let stones = [
            stone(Color::Black, 9, 9),
            stone(Color::Black, 10, 9),
            stone(Color::White, 5, 5),
            stone(Color::Black, 6, 5),
        ];
        board.setup(&stones).expect("valid");
        let at = |x, y| odds(&board, Color::Black, board.point_at(x, y));
        // Above (9,9), beside (10,9): an empty triangle.
        let triangle = at(9, 10);
        // Above White's (5,5), diagonal to Black's (6,5) beside it: a hane.
        let hane = at(5, 6);
        assert!(triangle < 0.3, "empty triangle {triangle}");
        assert!(hane > 4.0, "hane {hane}");
    }
}
