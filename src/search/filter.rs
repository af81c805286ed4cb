//! Moves a GUI keeps the search away from: KataGo's and Leela Zero's `avoid` and `allow`
//! analysis arguments (Lizzie's right-click menu sends them). A rule holds for one colour's
//! moves in the first `until_depth` moves of every line the tree reads (1: the root move).

use crate::board::{Color, Move, Point};

/// One `avoid` or `allow` argument.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRule {
    pub color: Color,
    /// `avoid`: these moves are not searched; `allow`: only these are.
    pub allow: bool,
    pub moves: Vec<Move>,
    pub until_depth: usize,
}

/// The rules of one analysis; empty, it lets every move through.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MoveFilter {
    rules: Vec<MoveRule>,
}

impl MoveFilter {
    pub fn new(rules: Vec<MoveRule>) -> MoveFilter {
        MoveFilter { rules }
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Whether `color` may play `mv` as the `depth`-th move of a line (0: the root move).
    /// A pass is never kept out by `allow`: it is always a legal answer.
    pub fn permits(&self, color: Color, mv: Move, depth: usize) -> bool {
        self.rules
            .iter()
            .filter(|rule| rule.color == color && depth < rule.until_depth)
            .all(|rule| {
                let listed = rule.moves.contains(&mv);
                if rule.allow {
                    listed || mv == Move::Pass
                } else {
                    !listed
                }
            })
    }

    /// [`MoveFilter::permits`] for a point.
    pub fn permits_play(&self, color: Color, p: Point, depth: usize) -> bool {
        self.permits(color, Move::Play(p), depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn avoid_and_allow_hold_for_their_colour_up_to_their_depth() {
        let board = Board::new(9).expect("valid");
        let (a, b) = (board.point_at(4, 4), board.point_at(2, 2));
        let filter = MoveFilter::new(vec![
            MoveRule {
                color: Color::Black,
                allow: false,
                moves: vec![Move::Play(a)],
                until_depth: 3,
            },
            MoveRule {
                color: Color::White,
                allow: true,
                moves: vec![Move::Play(b)],
                until_depth: 1,
            },
        ]);
        assert!(!filter.permits_play(Color::Black, a, 0));
        assert!(!filter.permits_play(Color::Black, a, 2));
        assert!(filter.permits_play(Color::Black, a, 3), "past its depth");
        assert!(filter.permits_play(Color::Black, b, 0));
        assert!(
            filter.permits_play(Color::White, a, 1),
            "White's rule ends at depth 1"
        );
        assert!(
            !filter.permits_play(Color::White, a, 0),
            "only b is allowed"
        );
        assert!(filter.permits_play(Color::White, b, 0));
        assert!(filter.permits(Color::White, Move::Pass, 0));
        assert!(MoveFilter::default().permits_play(Color::Black, a, 0));
    }
}
