//! What a candidate move does, worked out once when a node gets its children: the priors
//! judge its value from these facts ([`priors`](super::priors)) and the move model its
//! place in the order the node tries its moves ([`move_model`](super::move_model)).

use crate::board::{Board, Cell, Color, Move, Point};
use crate::playout::{answer_beside, is_big, patterns, tactics};

/// The facts of one node's moves: what they share, the playout policy's answers to the
/// last move, is worked out once, when the node gets its children.
pub struct NodeFacts<'a> {
    board: &'a Board,
    color: Color,
    /// On big boards, the playout policy's answers to the last move (see
    /// [`policy_answers`]); `Point::NONE` fills the rest.
    answers: [Point; 4],
    /// On big boards, the liberties of the big chains short of them (see
    /// [`short_big_chain_liberties`]).
    short_chain_liberties: Vec<Point>,
}

impl<'a> NodeFacts<'a> {
    pub fn new(board: &'a Board, color: Color) -> NodeFacts<'a> {
        let (answers, short_chain_liberties) = if is_big(board) {
            (
                policy_answers(board, color),
                short_big_chain_liberties(board),
            )
        } else {
            ([Point::NONE; 4], Vec::new())
        };
        NodeFacts {
            board,
            color,
            answers,
            short_chain_liberties,
        }
    }

    pub fn board(&self) -> &'a Board {
        self.board
    }

    pub fn color(&self) -> Color {
        self.color
    }

    /// The facts of playing at `p`, a legal point.
    pub fn of(&self, p: Point) -> MoveFacts {
        MoveFacts {
            on_short_big_chain: self.short_chain_liberties.contains(&p),
            ..MoveFacts::of(self.board, self.color, p, self.answers.contains(&p))
        }
    }
}

/// At most one per neighbour of the last move: a third liberty for an own chain there
/// that the last move left with two, or the vital point of a three-point eye space there
/// (the heavy playouts' answers, steps 4 and 5 there), which the tree should read first
/// too. On 19x19 a node sees a few dozen playouts, too few to find them among the other
/// moves of its window by itself.
fn policy_answers(board: &Board, color: Color) -> [Point; 4] {
    let mut answers = [Point::NONE; 4];
    let Some((_, Move::Play(last))) = board.last_move() else {
        return answers;
    };
    for (k, q) in board.neighbours(last).into_iter().enumerate() {
        if let Some(p) = answer_beside(board, color, q) {
            answers[k] = p;
        }
    }
    answers
}

/// Stones from which a chain is big: its capture, or its escape, decides a game.
const BIG_CHAIN: u32 = 4;

/// Liberties from which a big chain is safe enough for now.
const SHORT_OF_LIBERTIES: usize = 3;

/// The liberties of every chain, either colour's, of at least [`BIG_CHAIN`] stones and at
/// most [`SHORT_OF_LIBERTIES`] liberties. These are where a fight over a big group is won
/// or lost, and progressive widening may keep such a point out of a node's window when the
/// move model rates it low (a plain extension, a liberty filled from outside); the games
/// that yunzi lost on the big boards were lost by big groups dying in fights (issue 34).
fn short_big_chain_liberties(board: &Board) -> Vec<Point> {
    let mut liberties: Vec<Point> = board
        .chain_heads()
        .filter(|&p| board.chain_size(p) >= BIG_CHAIN)
        .map(|p| board.chain_liberties(p))
        .filter(|libs| libs.len() <= SHORT_OF_LIBERTIES)
        .flatten()
        .collect();
    liberties.sort_unstable();
    liberties.dedup();
    liberties
}

/// The facts about one move of `color` at a point.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveFacts {
    /// Stones it captures.
    pub captures: u32,
    /// A chain it captures holds the last move's stone (a recapture, or taking the
    /// stone that just cut).
    pub captures_last: bool,
    /// A chain it captures touches an own chain in atari, which the capture saves.
    pub capture_saves: bool,
    /// It extends an own chain in atari.
    pub saves: bool,
    /// It only runs an own chain in atari into a ladder ([`tactics::runs_into_ladder`]).
    pub runs_into_ladder: bool,
    /// It puts an enemy chain of two liberties in atari.
    pub ataris: bool,
    /// One of those chains holds the last move's stone.
    pub ataris_last: bool,
    /// That atari catches the chain in a ladder ([`tactics::catching_atari`]).
    pub ladder: bool,
    /// It chases an enemy chain along a ladder that fails, leaving cutting points
    /// ([`tactics::chases_a_failing_ladder`]). Read on big boards ([`is_big`]) only: a
    /// 9x9 ladder is short, the chase's ataris there often win something else (a liberty
    /// in a race, a cut), and leaving them out of the tree lost on 9x9 against Pachi, in
    /// handicap games and in self-play (docs/strength.md).
    pub chases_failing_ladder: bool,
    /// It leaves its own chain (of more than the new stone) in atari.
    pub self_atari: bool,
    /// It leaves the new stone, touching no own chain, in atari: a throw-in or a
    /// sacrifice, often good where a chain's self-atari rarely is.
    pub lone_self_atari: bool,
    /// It fills one of the own true eyes.
    pub fills_eye: bool,
    /// A MoGo shape matches around it ([`patterns::matches`]).
    pub mogo_shape: bool,
    /// Gridcular distance to the last and the second-last move, when those were plays.
    pub last_distance: Option<usize>,
    pub second_last_distance: Option<usize>,
    /// Its lines from the edges (0 = first line), nearer first.
    pub edge_lines: (usize, usize),
    /// No stone stands within two lines of it.
    pub empty_area: bool,
    /// It is one of the playout policy's answers to the last move (see [`NodeFacts`]).
    pub policy_answer: bool,
    /// On big boards, it is a liberty of a chain of at least 4 stones and at most 3
    /// liberties; the node's to say, as [`NodeFacts`] reads them once for all its moves.
    pub on_short_big_chain: bool,
}

impl MoveFacts {
    /// The facts of `color` playing at `p`, a legal move on `board`; `policy_answer` is
    /// the node's to say.
    pub fn of(board: &Board, color: Color, p: Point, policy_answer: bool) -> MoveFacts {
        let mut facts = MoveFacts {
            policy_answer,
            fills_eye: board.is_true_eye(color, p),
            mogo_shape: patterns::matches(board, p),
            edge_lines: edge_lines(board, p),
            empty_area: is_empty_area(board, p),
            ..MoveFacts::default()
        };
        let last_chain = match board.last_move() {
            Some((_, Move::Play(last))) if board.cell(last) != Cell::Empty => {
                Some(board.chain_head(last))
            }
            _ => None,
        };
        let holds_last = |q: Point| last_chain == Some(board.chain_head(q));
        for q in board.neighbours(p) {
            match board.cell(q).color() {
                Some(c) if c != color && board.atari_liberty(q) == Some(p) => {
                    facts.captures += board.chain_size(q);
                    facts.captures_last |= holds_last(q);
                    facts.capture_saves |= touches_own_atari(board, color, q);
                }
                Some(c) if c != color => {
                    // A stone with three empty neighbours leaves its chain three liberties.
                    let ataris = board.neighbour_count(q, Cell::Empty) < 3
                        && tactics::liberties(board, q).count() == 2;
                    facts.ataris |= ataris;
                    facts.ataris_last |= ataris && holds_last(q);
                    facts.ladder |= tactics::catching_atari(board, color, q) == Some(p);
                }
                Some(_) if board.atari_liberty(q) == Some(p) => facts.saves = true,
                _ => {}
            }
        }
        let self_atari = board.is_self_atari(color, p);
        let lone = board.is_lone(color, p);
        facts.self_atari = self_atari && !lone;
        facts.lone_self_atari = self_atari && lone;
        facts.runs_into_ladder = facts.saves && tactics::runs_into_ladder(board, color, p);
        facts.chases_failing_ladder = is_big(board)
            && facts.ataris
            && !facts.ladder
            && tactics::chases_a_failing_ladder(board, color, p);
        let distance_to = |last: Option<(Color, Move)>| match last {
            Some((_, Move::Play(q))) => Some(distance(board, p, q)),
            _ => None,
        };
        facts.last_distance = distance_to(board.last_move());
        facts.second_last_distance = distance_to(board.second_last_move());
        facts
    }

    /// Captures, saves an own chain or catches an enemy one in a ladder.
    pub fn is_tactical(&self) -> bool {
        self.captures > 0 || self.saves || self.ladder
    }

    /// Within gridcular distance 2 of the last move (its neighbours and diagonals, and
    /// the points two lines straight off).
    pub fn is_near_last(&self) -> bool {
        self.last_distance.is_some_and(|d| d <= 2)
    }
}

/// Whether the enemy chain through `stone` touches a chain of `color` in atari.
fn touches_own_atari(board: &Board, color: Color, stone: Point) -> bool {
    board.chain_stones(stone).any(|s| {
        board
            .neighbours(s)
            .into_iter()
            .any(|q| board.cell(q) == color.cell() && board.atari_liberty(q).is_some())
    })
}

/// Grid distance (Manhattan plus the larger offset, as Pachi's "gridcular" distance).
fn distance(board: &Board, a: Point, b: Point) -> usize {
    let ((ax, ay), (bx, by)) = (board.coords(a), board.coords(b));
    let (dx, dy) = (ax.abs_diff(bx), ay.abs_diff(by));
    dx + dy + dx.max(dy)
}

/// Whether no stone stands within two lines of `p` (edge points count as empty).
fn is_empty_area(board: &Board, p: Point) -> bool {
    let n = board.size() as i32;
    let (x, y) = board.coords(p);
    (-2i32..=2).all(|dx| {
        (-2i32..=2).all(|dy| {
            let (cx, cy) = (x as i32 + dx, y as i32 + dy);
            let off_board = cx < 0 || cy < 0 || cx >= n || cy >= n;
            off_board || board.cell(board.point_at(cx as usize, cy as usize)) == Cell::Empty
        })
    })
}

/// The lines of `p` from the edges (0 = first line), nearer first.
fn edge_lines(board: &Board, p: Point) -> (usize, usize) {
    let n = board.size();
    let (x, y) = board.coords(p);
    let (across, down) = (x.min(n - 1 - x), y.min(n - 1 - y));
    (across.min(down), across.max(down))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_a_save_and_an_atari_are_told_apart() {
        let board = Board::from_diagram(
            ".O.....
             OX..X..
             XO.XOX.
             .......
             .......
             .......
             .......",
        )
        .expect("valid");
        // Columns from the left, rows from the top of the diagram.
        let facts =
            |x, row: usize| MoveFacts::of(&board, Color::Black, board.point_at(x, 6 - row), false);
        // Black's stone at (1,1) has one liberty left, (2,1).
        let save = facts(2, 1);
        assert!(save.saves && save.is_tactical() && !save.self_atari);
        // White's (4,2) has one liberty left, (4,3).
        let capture = facts(4, 3);
        assert_eq!((capture.captures, capture.saves), (1, false));
        // White's (1,0) has two, (0,0) and (2,0).
        assert!(facts(2, 0).ataris && !facts(2, 0).is_tactical());
        // White's (0,1) has one liberty, (0,0): taking it saves Black's (1,1).
        let saving = facts(0, 0);
        assert!(saving.captures == 1 && saving.capture_saves && !capture.capture_saves);
        let quiet = facts(6, 6);
        assert!(!quiet.ataris && !quiet.is_tactical() && quiet.captures == 0);
    }

    #[test]
    fn moves_against_the_last_stone_and_a_lone_self_atari() {
        let mut board = Board::new(7).expect("valid");
        let empty = board.clone();
        let at = |x, y| empty.point_at(x, y);
        let stones = [
            (Color::Black, at(2, 3)),
            (Color::Black, at(3, 2)),
            (Color::White, at(2, 0)),
            (Color::White, at(1, 1)),
        ];
        board.setup(&stones).expect("valid");
        let mut taken = board.clone();
        board
            .play(Color::White, Move::Play(at(3, 3)))
            .expect("legal");
        let facts = |board: &Board, x, y| MoveFacts::of(board, Color::Black, at(x, y), false);
        // White's last stone has two liberties, (4,3) and (3,4).
        assert!(facts(&board, 4, 3).ataris_last);
        // A Black stone at (1,0) has (0,0) alone and touches no Black chain.
        let throw_in = facts(&board, 1, 0);
        assert!(throw_in.lone_self_atari && !throw_in.self_atari);

        // With Black at (4,3) too, White's stone at (3,3) has one liberty, (3,4).
        taken
            .play(Color::Black, Move::Play(at(4, 3)))
            .expect("legal");
        taken
            .play(Color::White, Move::Play(at(3, 3)))
            .expect("legal");
        assert!(facts(&taken, 3, 4).captures_last);
        taken.pass(Color::Black);
        taken.pass(Color::White);
        let later = facts(&taken, 3, 4);
        assert!(later.captures == 1 && !later.captures_last);
    }

    #[test]
    fn the_liberties_of_big_chains_short_of_them() {
        let board = Board::from_diagram(
            "XXXX.........
             OOO..........
             .............
             .............
             .............
             .............
             ....XXXX.....
             .............
             ...........XO
             ...........XO
             ............O
             ............O
             .............",
        )
        .expect("valid");
        let at = |x, row: usize| board.point_at(x, 12 - row);
        // Black's four stones on the first line have two liberties; White's three below
        // them are not big, Black's four in the open have ten liberties, and White's four
        // on the right edge have four: one more than a short chain's.
        let mut found = short_big_chain_liberties(&board);
        found.sort_unstable();
        let mut expected = vec![at(4, 0), at(3, 1)];
        expected.sort_unstable();
        assert_eq!(found, expected);
        let facts = NodeFacts::new(&board, Color::White);
        assert!(facts.of(at(4, 0)).on_short_big_chain && facts.of(at(3, 1)).on_short_big_chain);
        assert!(!facts.of(at(11, 10)).on_short_big_chain);

        // A Black stone beside it leaves the edge chain three liberties: short too.
        let mut closer = board.clone();
        closer
            .play(Color::Black, Move::Play(at(11, 10)))
            .expect("legal");
        assert_eq!(short_big_chain_liberties(&closer).len(), 2 + 3);

        // Below 13x13 the tree tries every move (no widening), and nothing is read.
        let small = Board::from_diagram(
            "XXXX.....
             OOO......
             .........
             .........
             .........
             .........
             .........
             .........
             .........",
        )
        .expect("valid");
        let small_facts = NodeFacts::new(&small, Color::White);
        assert!(!small_facts.of(small.point_at(4, 8)).on_short_big_chain);
    }

    #[test]
    fn distances_to_the_last_two_moves_and_the_edges() {
        let mut board = Board::new(9).expect("valid");
        board
            .play(Color::Black, Move::Play(board.point_at(4, 4)))
            .expect("legal");
        board
            .play(Color::White, Move::Play(board.point_at(2, 2)))
            .expect("legal");
        let facts = MoveFacts::of(&board, Color::Black, board.point_at(3, 2), false);
        assert_eq!(facts.last_distance, Some(2));
        assert_eq!(facts.second_last_distance, Some(1 + 2 + 2));
        assert!(facts.is_near_last());
        assert_eq!(facts.edge_lines, (2, 3));
        assert!(!facts.empty_area);
        let far = MoveFacts::of(&board, Color::Black, board.point_at(8, 0), false);
        assert!(far.empty_area && far.edge_lines == (0, 0));
        let empty = Board::new(9).expect("valid");
        let first = MoveFacts::of(&empty, Color::Black, empty.point_at(4, 4), false);
        assert_eq!(
            (first.last_distance, first.second_last_distance),
            (None, None)
        );
    }
}
