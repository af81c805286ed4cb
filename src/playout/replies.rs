//! Last good reply with forgetting (Drake 2009; Baier & Drake 2010, "The Power of
//! Forgetting"): playouts remember, for each colour, the reply that won after a move and
//! after a pair of moves, and play it first the next time that move comes up; a reply that
//! loses is forgotten. While the last move left a stone in atari beside it, capturing or
//! saving it (the heavy policy's first two steps) comes before any remembered reply: a
//! reply that won once elsewhere must not throw away a chain.
//!
//! The tables belong to one search thread and learn from each of its playouts, so the
//! playouts adapt to the position searched: the answers that decide its fights come up
//! again, where a fixed policy finds them only by chance. On 19x19, with a few thousand
//! playouts a move, that is most of what the tree cannot read itself.

use crate::board::{Board, Color, Move, Point, MAX_POINTS};

use super::{
    heavy::{atari_at_last_move, sensible},
    PlayoutRng, Policy,
};

/// One thread's reply tables; `Point::NONE` where none is known.
pub struct Replies {
    /// The reply per (colour to move, last move).
    after_one: Vec<Point>,
    /// The reply per (colour to move, second last move, last move).
    after_two: Vec<Point>,
}

impl Default for Replies {
    fn default() -> Replies {
        Replies {
            after_one: vec![Point::NONE; 2 * MAX_POINTS],
            after_two: vec![Point::NONE; 2 * MAX_POINTS * MAX_POINTS],
        }
    }
}

impl Replies {
    /// Learns from one finished game: `moves` in order from some position on (a pass as
    /// `Point::NONE`), and its winner (`None` for a draw, which teaches nothing). Every move
    /// of the winner becomes the reply to the one or two moves before it; a move of the
    /// loser that was the stored reply is forgotten.
    pub fn learn(&mut self, moves: &[(Color, Point)], winner: Option<Color>) {
        let Some(winner) = winner else {
            return;
        };
        for k in 1..moves.len() {
            let (color, reply) = moves[k];
            let last = moves[k - 1].1;
            let slots = [
                Some(one_slot(color, last)),
                (k >= 2).then(|| two_slot(color, moves[k - 2].1, last)),
            ];
            for (table, slot) in [&mut self.after_one, &mut self.after_two]
                .into_iter()
                .zip(slots)
            {
                let Some(slot) = slot else { continue };
                if color == winner {
                    table[slot] = reply;
                } else if table[slot] == reply {
                    table[slot] = Point::NONE;
                }
            }
        }
    }

    /// The stored replies for `color` to the board's last moves, the pair's first.
    fn replies(&self, board: &Board, color: Color) -> [Point; 2] {
        let Some((_, last)) = board.last_move() else {
            return [Point::NONE; 2];
        };
        let last = point_of(last);
        let pair = match board.second_last_move() {
            Some((_, before)) => self.after_two[two_slot(color, point_of(before), last)],
            None => Point::NONE,
        };
        [pair, self.after_one[one_slot(color, last)]]
    }
}

fn point_of(mv: Move) -> Point {
    match mv {
        Move::Play(p) => p,
        Move::Pass => Point::NONE,
    }
}

fn one_slot(color: Color, last: Point) -> usize {
    color.index() * MAX_POINTS + last.index()
}

fn two_slot(color: Color, before: Point, last: Point) -> usize {
    (color.index() * MAX_POINTS + before.index()) * MAX_POINTS + last.index()
}

/// A policy that plays a remembered reply when it is sensible (legal, no own eye filled,
/// no self-atari but a lone stone's) and no atari beside the last move needs answering,
/// and asks `policy` otherwise.
pub struct WithReplies<'a, P> {
    pub replies: &'a Replies,
    pub policy: P,
}

impl<P: Policy> Policy for WithReplies<'_, P> {
    fn choose(&self, board: &Board, color: Color, rng: &mut PlayoutRng) -> Option<Point> {
        if atari_at_last_move(board, color) {
            return self.policy.choose(board, color, rng);
        }
        let remembered = self.replies.replies(board, color);
        remembered
            .into_iter()
            .find(|&p| p != Point::NONE && sensible(board, color, p))
            .or_else(|| self.policy.choose(board, color, rng))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::Light;
    use rand::SeedableRng;

    fn rng() -> PlayoutRng {
        PlayoutRng::seed_from_u64(11)
    }

    /// A 9x9 board after Black `first` and White `second`.
    fn after(first: Point, second: Point) -> Board {
        let mut board = Board::new(9).expect("valid");
        board.play(Color::Black, Move::Play(first)).expect("legal");
        board.play(Color::White, Move::Play(second)).expect("legal");
        board
    }

    /// Teaches `replies` a 9x9 game of Black, White, Black at `moves` that Black won.
    fn black_won(replies: &mut Replies, moves: [(usize, usize); 3]) {
        let board = Board::new(9).expect("valid");
        let colours = [Color::Black, Color::White, Color::Black];
        let game: Vec<(Color, Point)> = colours
            .into_iter()
            .zip(moves)
            .map(|(c, (x, y))| (c, board.point_at(x, y)))
            .collect();
        replies.learn(&game, Some(Color::Black));
    }

    #[test]
    fn a_winning_reply_is_played_and_a_losing_one_forgotten() {
        let board = Board::new(9).expect("valid");
        let (a, b, c) = (
            board.point_at(2, 2),
            board.point_at(6, 6),
            board.point_at(4, 4),
        );
        let game = [(Color::Black, a), (Color::White, b), (Color::Black, c)];
        let mut replies = Replies::default();
        let policy = WithReplies {
            replies: &replies,
            policy: Light,
        };
        let position = after(a, b);
        let mut r = rng();
        let before: usize = (0..50)
            .filter(|_| policy.choose(&position, Color::Black, &mut r) == Some(c))
            .count();
        assert!(before < 10, "a random move hit {before} times in 50");
        replies.learn(&game, Some(Color::Black));
        let policy = WithReplies {
            replies: &replies,
            policy: Light,
        };
        assert_eq!(policy.choose(&position, Color::Black, &mut r), Some(c));
        // White does not learn Black's reply as its own.
        assert_eq!(replies.replies(&position, Color::White), [Point::NONE; 2]);
        replies.learn(&game, Some(Color::White));
        assert_eq!(replies.replies(&position, Color::Black), [Point::NONE; 2]);
    }

    #[test]
    fn the_reply_to_the_pair_comes_before_the_reply_to_the_last_move() {
        let board = Board::new(9).expect("valid");
        let p = |x, y| board.point_at(x, y);
        let mut replies = Replies::default();
        // After B (2,2) W (6,6) Black won with (4,4); after B (2,6) W (6,6) with (5,5).
        black_won(&mut replies, [(2, 2), (6, 6), (4, 4)]);
        black_won(&mut replies, [(2, 6), (6, 6), (5, 5)]);
        let policy = WithReplies {
            replies: &replies,
            policy: Light,
        };
        let mut r = rng();
        let first = after(p(2, 2), p(6, 6));
        assert_eq!(policy.choose(&first, Color::Black, &mut r), Some(p(4, 4)));
        let unknown_pair = after(p(1, 1), p(6, 6));
        assert_eq!(
            policy.choose(&unknown_pair, Color::Black, &mut r),
            Some(p(5, 5)),
            "the last move's reply when the pair is new"
        );
    }

    #[test]
    fn an_occupied_reply_falls_back_to_the_policy() {
        let board = Board::new(9).expect("valid");
        let p = |x, y| board.point_at(x, y);
        let mut replies = Replies::default();
        black_won(&mut replies, [(2, 2), (6, 6), (4, 4)]);
        // White answers at (6,6) again, but Black's reply point is taken this time.
        let occupied = after(p(4, 4), p(6, 6));
        let policy = WithReplies {
            replies: &replies,
            policy: Light,
        };
        assert_eq!(replies.replies(&occupied, Color::Black)[1], p(4, 4));
        let mut r = rng();
        for _ in 0..20 {
            let chosen = policy.choose(&occupied, Color::Black, &mut r);
            assert!(chosen.is_some_and(|q| occupied.is_legal(Color::Black, q)));
        }
    }

    #[test]
    fn an_atari_beside_the_last_move_comes_before_the_reply() {
        let board = Board::new(9).expect("valid");
        let p = |x, y| board.point_at(x, y);
        let mut replies = Replies::default();
        // Black once won by answering White's (4,3) far away at (0,8).
        black_won(&mut replies, [(6, 6), (4, 3), (0, 8)]);
        let policy = WithReplies {
            replies: &replies,
            policy: crate::playout::Heavy::default(),
        };
        let mut r = rng();
        // Here the same move puts Black (4,4) in atari: Black runs at (4,5) instead.
        let mut atari = Board::new(9).expect("valid");
        for (color, x, y) in [
            (Color::Black, 4, 4),
            (Color::White, 3, 4),
            (Color::Black, 6, 6),
            (Color::White, 5, 4),
            (Color::Black, 7, 7),
            (Color::White, 4, 3),
        ] {
            atari.play(color, Move::Play(p(x, y))).expect("legal");
        }
        assert_eq!(atari.atari_liberty(p(4, 4)), Some(p(4, 5)));
        assert_eq!(policy.choose(&atari, Color::Black, &mut r), Some(p(4, 5)));
        // Without the atari the reply is played.
        let quiet = after(p(6, 6), p(4, 3));
        assert_eq!(policy.choose(&quiet, Color::Black, &mut r), Some(p(0, 8)));
    }
}
