//! Prior knowledge for new tree nodes: cheap judgements that a move is good or bad, given as
//! a win rate worth some number of playouts (Gelly & Silver's "even" and heuristic priors),
//! and the order in which a node tries its moves.
//!
//! Each judgement that applies adds its (value, weight); the node starts as if it had already
//! seen `sum(weight)` playouts at the weighted mean value. The search soon outweighs them.

use crate::board::{Board, Color, Move, Point};
use crate::playout::is_big;

use super::features::{MoveFacts, NodeFacts};
use super::move_model::{self, MoveModel};

/// Every move starts here: a little evidence of an even game.
const EVEN: (f32, f32) = (0.5, 4.0);

/// The priors of one node's moves, from the facts of its moves ([`NodeFacts`]).
pub struct NodePriors<'a> {
    facts: NodeFacts<'a>,
}

/// What a node knows of a move before searching it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prior {
    /// Judged win rate, worth `weight` playouts.
    pub value: f32,
    pub weight: f32,
    /// Where the move comes in the order the node tries its moves (compares greater for
    /// moves to try earlier): plays before a pass before filling an own true eye or a
    /// futile chase, and within those by the move model's strength
    /// ([`MoveModel::learned`]).
    pub order: (u8, f32),
    /// The tree never tries it ([`children`] leaves it out): it captures nothing, and it
    /// chases an enemy chain along a ladder the reader says it escapes, through cutting
    /// points ([`MoveFacts::chases_failing_ladder`]).
    pub futile: bool,
    /// However few visits its node has, progressive widening lets the tree try it: a
    /// liberty of a big chain short of them ([`MoveFacts::on_short_big_chain`]), where
    /// the move model may rate the one move that saves or kills it below the window.
    pub always_tried: bool,
}

impl<'a> NodePriors<'a> {
    pub fn new(board: &'a Board, color: Color) -> NodePriors<'a> {
        NodePriors {
            facts: NodeFacts::new(board, color),
        }
    }

    /// What the node knows of `mv`, a legal move.
    pub fn of(&self, mv: Move) -> Prior {
        let Move::Play(p) = mv else {
            // Passing is rarely best while points remain; the tree can still learn otherwise.
            return Prior {
                value: 0.1,
                weight: 30.0,
                order: (1, 0.0),
                futile: false,
                always_tried: false,
            };
        };
        let board = self.facts.board();
        let facts = self.facts.of(p);
        let judged = judge(board, p, &facts);
        let value = judged.weighted_sum / judged.weight;
        let model = MoveModel::learned(board);
        let features = move_model::features(board, self.facts.color(), p, &facts, model);
        let strength = model.strength(&features);
        let futile = facts.chases_failing_ladder && facts.captures == 0;
        Prior {
            value,
            weight: judged.weight,
            order: (if facts.fills_eye || futile { 0 } else { 2 }, strength),
            futile,
            always_tried: facts.on_short_big_chain && !facts.fills_eye && !futile,
        }
    }
}

/// Every legal move of `color` on `board` but the futile ones ([`Prior::futile`], read on
/// big boards), and a pass, with their priors. Those chases are left out, not merely rated
/// low, as Pachi prunes them: the move model rates ataris highly, and the search went on
/// chasing along a ladder that failed move after move (most of its failures on Fuego's
/// long-ladder tests). A run into a caught ladder is only rated low (below): left out, it
/// cost the nakade plays that sacrifice a chain inside an eye (Fuego's life-and-death
/// tests). The move model judges too: a play wins `model_weight` times the square root of
/// its share of the node's strengths in playouts (Pachi's pattern prior), so the moves the
/// model favours are read first and the rest, flattened by the root, lose little.
pub fn children(board: &Board, color: Color) -> Vec<(Move, Prior)> {
    let priors = NodePriors::new(board, color);
    let mut children: Vec<(Move, Prior)> = board
        .points()
        .filter(|&p| board.is_legal(color, p))
        .map(Move::Play)
        .chain(std::iter::once(Move::Pass))
        .map(|mv| (mv, priors.of(mv)))
        .filter(|(_, prior)| !prior.futile)
        .collect();
    let total: f32 = children
        .iter()
        .filter(|(mv, _)| *mv != Move::Pass)
        .map(|(_, prior)| prior.order.1)
        .sum();
    let model_weight = model_weight(board);
    for (mv, prior) in &mut children {
        if *mv != Move::Pass && total > 0.0 {
            let weight = model_weight * (prior.order.1 / total).sqrt();
            prior.value = (prior.value * prior.weight + weight) / (prior.weight + weight);
            prior.weight += weight;
        }
    }
    children
}

/// The playouts that [`children`] gives the move model's whole share, as Pachi weighs its
/// pattern prior (210 on small boards, 300 on big ones). On 9x9, 200 was worth about 150
/// Elo in self-play over 40 times the share itself. On 19x19, where the model had only
/// ordered moves since a judgement by shape odds outweighed the tactical ones (7a3bc99),
/// 300 won 18 of 20 games against GNU Go where ordering alone won 11 (docs/strength.md).
fn model_weight(board: &Board) -> f32 {
    if is_big(board) {
        300.0
    } else {
        200.0
    }
}

/// One of the playout policy's answers to the last move ([`NodeFacts`]): the tree should
/// read it first too.
const POLICY_ANSWER: (f32, f32) = (0.8, 20.0);

/// The judgements of a play at `p` with these facts.
fn judge(board: &Board, p: Point, facts: &MoveFacts) -> Judgement {
    let mut judged = Judgement::default();
    judged.push(EVEN);
    if facts.fills_eye {
        judged.push((0.0, 100.0));
    }
    if facts.captures > 0 {
        judged.push((0.9, 20.0 + 5.0 * facts.captures.min(6) as f32));
    }
    if facts.saves && !facts.self_atari && !facts.runs_into_ladder {
        judged.push((0.8, 20.0));
    }
    if facts.runs_into_ladder && facts.captures == 0 {
        judged.push((0.1, 20.0));
    }
    if facts.ladder {
        judged.push((0.85, 20.0));
    }
    if facts.self_atari {
        judged.push((0.1, 30.0));
    }
    if facts.mogo_shape {
        judged.push((0.7, 10.0));
    }
    let big = is_big(board);
    let near_last = facts.is_near_last();
    if near_last {
        judged.push(if big { NEAR_LAST_BIG } else { (0.6, 6.0) });
    }
    let (line, other_line) = facts.edge_lines;
    if big && !facts.is_tactical() && !near_last && line == 0 {
        judged.push(QUIET_FIRST_LINE);
    }
    if facts.empty_area {
        judged.push(match line {
            0 => (0.1, 40.0),
            1 => (0.25, 30.0),
            2 | 3 if big && other_line <= 4 => EMPTY_CORNER,
            2 | 3 => (0.65, 20.0),
            _ => (0.5, 10.0),
        });
    }
    if is_small_board_opening_centre(board, p) {
        judged.push(OPENING_CENTRE);
    }
    if facts.policy_answer {
        judged.push(POLICY_ANSWER);
    }
    judged
}

/// The first move in the centre of an empty small board: strong players and programs agree
/// it is the best start on 9x9 and below, and a few thousand playouts cannot tell it from
/// the second line, so without this the opening move was nearly random.
const OPENING_CENTRE: (f32, f32) = (0.7, 300.0);

/// Whether `p` is the centre of an empty board of odd size 9 or less.
fn is_small_board_opening_centre(board: &Board, p: Point) -> bool {
    let n = board.size();
    n % 2 == 1 && n <= 9 && board.empty_count() == n * n && board.coords(p) == (n / 2, n / 2)
}

/// The judgements so far, as a weighted sum.
#[derive(Default)]
struct Judgement {
    weighted_sum: f32,
    weight: f32,
}

impl Judgement {
    fn push(&mut self, (value, weight): (f32, f32)) {
        self.weighted_sum += value * weight;
        self.weight += weight;
    }
}

/// Answering the last move: on a big board most good moves are near it (Pachi's and
/// michi's distance priors), and many quiet moves far away would otherwise rank level.
const NEAR_LAST_BIG: (f32, f32) = (0.7, 10.0);

/// A quiet first-line move far from the last move: 3x3 patterns match many of these on
/// the edge, and they are rarely worth a place among the first moves a node tries.
const QUIET_FIRST_LINE: (f32, f32) = (0.2, 20.0);

/// The 3-3, 3-4, 4-4, 3-5 and 4-5 points of an empty corner of a big board: corners first,
/// as every strong player and program opens. Playouts cannot tell them from the side on
/// 19x19 in a few thousand games, so without this the opening search was nearly flat.
const EMPTY_CORNER: (f32, f32) = (0.8, 30.0);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::tactics;

    fn prior(board: &Board, color: Color, mv: Move) -> (f32, f32) {
        let prior = NodePriors::new(board, color).of(mv);
        (prior.value, prior.weight)
    }

    fn at(board: &Board, col: usize, line: usize) -> Move {
        Move::Play(board.point_at(col, board.size() - 1 - line))
    }

    #[test]
    fn captures_beat_quiet_moves_and_eye_filling_is_worst() {
        let board = Board::from_diagram(
            "X.X.....
             XXX.....
             ........
             ....OX..
             .....O..
             ........
             ........
             ........",
        )
        .expect("valid");
        let eye = prior(&board, Color::Black, at(&board, 1, 0)).0;
        let quiet = prior(&board, Color::Black, at(&board, 1, 6)).0;
        let capture_board = Board::from_diagram(
            "........
             ...X....
             ..XO....
             ...X....
             ........
             ........
             ........
             ........",
        )
        .expect("valid");
        let capture = prior(&capture_board, Color::Black, at(&capture_board, 4, 2)).0;
        assert!(eye < 0.1, "eye filling {eye}");
        assert!(capture > quiet, "capture {capture} vs quiet {quiet}");
        assert!(prior(&board, Color::Black, Move::Pass).0 < quiet);
    }

    #[test]
    fn running_a_caught_chain_is_rated_low_but_tried() {
        // Black (2,2) is in atari; running at (3,2) leaves a ladder to the edge that White
        // wins. Such a run can still sacrifice stones usefully (a nakade), so the node
        // keeps it, rated below a quiet move.
        let board = Board::from_diagram(tactics::fixtures::LADDER).expect("valid");
        let run = at(&board, 3, 2);
        let quiet = prior(&board, Color::Black, at(&board, 6, 6)).0;
        assert!(prior(&board, Color::Black, run).0 < quiet);
        assert!(children(&board, Color::Black)
            .iter()
            .any(|(mv, _)| *mv == run));
    }

    #[test]
    fn the_tree_leaves_out_a_chase_its_reader_says_fails_on_big_boards_only() {
        // FAILING_CHASE in the top-right corner of a 13x13 board: the chase at M9 (H5 on
        // 9x9) is left out, the atari at N8 (J4), which lets the chain out at once, stays.
        let rows: Vec<String> = tactics::fixtures::FAILING_CHASE
            .lines()
            .map(|row| format!("....{}", row.trim()))
            .chain(std::iter::repeat_n(".".repeat(13), 4))
            .collect();
        let big = Board::from_diagram(&rows.join("\n")).expect("valid");
        let tried = |board: &Board| -> Vec<Move> {
            children(board, Color::White)
                .into_iter()
                .map(|(mv, _)| mv)
                .collect()
        };
        let on_big = tried(&big);
        assert!(!on_big.contains(&at(&big, 11, 4)));
        assert!(on_big.contains(&at(&big, 12, 5)));
        assert_eq!(on_big.len(), big.empty_count(), "the rest and a pass");
        // On 9x9 the same chase is read: there its ataris often gain a liberty or a cut,
        // and leaving them out lost games (docs/strength.md, 2026-12-04).
        let small = Board::from_diagram(tactics::fixtures::FAILING_CHASE).expect("valid");
        let chase = small.point_at(7, 4); // H5
        assert!(tactics::chases_a_failing_ladder(
            &small,
            Color::White,
            chase
        ));
        assert!(tried(&small).contains(&Move::Play(chase)));
    }

    #[test]
    fn first_line_in_an_empty_area_is_worse_than_the_third() {
        let board = Board::new(19).expect("valid");
        let first = prior(&board, Color::Black, Move::Play(board.point_at(0, 9))).0;
        let third = prior(&board, Color::Black, Move::Play(board.point_at(2, 9))).0;
        assert!(first < third);
    }

    #[test]
    fn an_empty_big_board_corner_comes_before_its_sides() {
        let board = Board::new(19).expect("valid");
        let at = |x, y| prior(&board, Color::Black, Move::Play(board.point_at(x, y))).0;
        let (star, komoku, side) = (at(3, 3), at(2, 15), at(3, 9));
        assert!(star > side && komoku > side, "{star} {komoku} {side}");
        // On 9x9 every third-line point is near a corner: none of them is preferred.
        let small = Board::new(9).expect("valid");
        let small_at = |x, y| prior(&small, Color::Black, Move::Play(small.point_at(x, y))).0;
        assert_eq!(small_at(2, 2), small_at(2, 4));
    }

    #[test]
    fn quiet_first_line_moves_rank_low_on_big_boards_only() {
        // A white stone on the second line; Black's first-line move under it is quiet.
        let first_line_vs_open = |size: usize| {
            let mid = size / 2;
            let rows: Vec<String> = (0..size)
                .map(|row| {
                    (0..size)
                        .map(|col| if (col, row) == (1, mid) { 'O' } else { '.' })
                        .collect()
                })
                .collect();
            let board = Board::from_diagram(&rows.join("\n")).expect("valid");
            let under = prior(&board, Color::Black, Move::Play(board.point_at(0, mid))).0;
            let open = prior(&board, Color::Black, Move::Play(board.point_at(mid, mid))).0;
            (under, open)
        };
        let (under, open) = first_line_vs_open(19);
        assert!(under < 0.4 && under < open, "{under} vs {open}");
        let (under, _) = first_line_vs_open(9);
        assert!(under >= 0.5, "9x9 keeps its priors: {under}");
    }

    #[test]
    fn an_atari_that_starts_a_working_ladder_is_good() {
        // White's atari at (2,3) starts the ladder of tactics::fixtures::LADDER.
        let before = Board::from_diagram(tactics::fixtures::LADDER_BEFORE_ATARI).expect("valid");
        let atari = prior(&before, Color::White, Move::Play(before.point_at(2, 5))).0;
        let quiet = prior(&before, Color::White, Move::Play(before.point_at(6, 2))).0;
        assert!(atari > 0.7, "the catching atari {atari} vs quiet {quiet}");
    }

    #[test]
    fn the_playouts_answer_to_a_chasing_move_ranks_high_on_big_boards_only() {
        // White's last move (9,8) leaves Black (9,9) with two liberties; the relief the
        // playouts would play gets the policy's prior on top of its own judgements.
        let relieved = |size: usize| {
            let mut board = Board::new(size).expect("valid");
            let mid = size / 2;
            let mut play = |color, x, y| {
                let p = board.point_at(x, y);
                board.play(color, Move::Play(p)).expect("legal");
            };
            play(Color::Black, mid, mid);
            play(Color::White, mid - 1, mid);
            play(Color::Black, 0, 0);
            play(Color::White, mid, mid - 1);
            let stone = board.point_at(mid, mid);
            let relief = tactics::two_liberty_relief(&board, stone).expect("a relief");
            let facts = MoveFacts::of(&board, Color::Black, relief, false);
            let alone = judge(&board, relief, &facts);
            let with_node = prior(&board, Color::Black, Move::Play(relief));
            (alone.weighted_sum / alone.weight, with_node.0)
        };
        let (alone, with_node) = relieved(19);
        assert!(with_node > alone + 0.05, "{with_node} vs {alone}");
        let (alone, with_node) = relieved(9);
        assert_eq!(with_node, alone, "9x9 keeps its priors");
    }

    #[test]
    fn the_move_model_judges_on_every_board() {
        // Two black stones side by side; Black extends from one end, or makes an empty
        // triangle above it: the judgements see no difference, the move model does (19x19's
        // table prefers the extension; 9x9's, from Pachi's self-play, the other).
        for size in [9, 19] {
            let mut board = Board::new(size).expect("valid");
            let mid = size / 2;
            let stones = [
                (Color::Black, board.point_at(mid, mid)),
                (Color::Black, board.point_at(mid + 1, mid)),
            ];
            board.setup(&stones).expect("valid");
            let priors = NodePriors::new(&board, Color::Black);
            let (extension, triangle) = (
                Move::Play(board.point_at(mid - 1, mid)),
                Move::Play(board.point_at(mid, mid + 1)),
            );
            let (e, t) = (priors.of(extension), priors.of(triangle));
            assert_eq!((e.value, e.weight), (t.value, t.weight));
            assert_ne!(e.order, t.order, "{size}: {e:?} vs {t:?}");
            let children = children(&board, Color::Black);
            let of = |mv| children.iter().find(|(m, _)| *m == mv).expect("legal").1;
            let (e, t) = (of(extension), of(triangle));
            let (favourite, other) = if e.order > t.order { (e, t) } else { (t, e) };
            assert!(
                favourite.value > other.value && favourite.weight > other.weight,
                "{size}: {favourite:?} vs {other:?}"
            );
        }
    }

    #[test]
    fn a_pass_comes_after_every_play_but_filling_an_own_eye() {
        let board = Board::from_diagram(
            "X.X.....
             XXX.....
             ........
             ........
             ........
             ........
             ........
             ........",
        )
        .expect("valid");
        let priors = NodePriors::new(&board, Color::Black);
        let pass = priors.of(Move::Pass).order;
        let eye = priors.of(at(&board, 1, 0)).order;
        let quiet = priors.of(at(&board, 6, 6)).order;
        assert!(eye < pass && pass < quiet, "{eye:?} {pass:?} {quiet:?}");
    }

    #[test]
    fn the_centre_leads_on_an_empty_small_board_only() {
        let empty = Board::new(9).expect("valid");
        let centre = prior(&empty, Color::Black, Move::Play(empty.point_at(4, 4)));
        let third_line = prior(&empty, Color::Black, Move::Play(empty.point_at(2, 2)));
        assert!(centre.0 > third_line.0 && centre.1 > 10.0 * third_line.1);
        let big = Board::new(19).expect("valid");
        let tengen = prior(&big, Color::Black, Move::Play(big.point_at(9, 9))).0;
        let star = prior(&big, Color::Black, Move::Play(big.point_at(3, 3))).0;
        assert!(star > tengen, "on 19x19 the corners come first");
    }
}
