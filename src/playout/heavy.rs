//! The heavy playout policy, MoGo and Pachi style: answer the last move first, otherwise play
//! randomly but not stupidly.
//!
//! In order, around the opponent's last stone:
//! 1. capture it if it is in atari;
//! 2. save an own chain it put in atari (capture an attacker in atari, or run unless the
//!    run ends in a ladder, [`super::tactics`]);
//! 3. catch it in a ladder if it has two liberties;
//! 4. give an own chain it left with two liberties a third;
//! 5. take the vital point of a three-point eye space next to it (nakade);
//! 6. play a 3x3 shape ([`super::patterns`]) on one of its eight neighbours, unless that
//!    only runs into a ladder.
//!
//! Then, on big boards only:
//! 7. capture an opponent chain beside one's own previous stone that is in atari, one the
//!    opponent let go (MoGo's capture anywhere, looked for where it is likely).
//!
//! MoGo's "fill the board" (a point in the middle of an empty 3x3 area first) is left
//! out, as Pachi leaves it: it fired on most random moves of a big board's middle game and
//! left the fights to the answers above. Without it yunzi won 30 of 64 games against
//! Pachi on 13x13, where it had won 13 to 15 of 40, and 20 of 40 on 19x19, where it had
//! won 17 (docs/strength.md, eighteenth to twentieth sessions).
//!
//! Otherwise a random legal move that fills no true eye of one's own and is no self-atari,
//! except a lone stone's or one of several stones that kills by nakade, which is how a
//! throw-in kills.
//!
//! On small boards the search's playouts look for steps 1 and 2, 3 and 4, and 5 only most
//! of the time ([`ATARI_RATE`], [`TWO_LIBERTY_RATE`], [`NAKADE_RATE`]; Pachi's moggy
//! "rates"): a policy that always answers plays a fight the same way in every playout
//! through a position, and where its answer is wrong, all of them are wrong. Big boards
//! and the judgement of life and death always answer, as their figures were measured so.

use crate::board::{Board, Cell, Color, Move, Point, MAX_POINTS};

use super::{patterns, random_below, random_move, tactics, PlayoutRng, Policy};

/// The heavy policy. See the module documentation.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heavy {
    /// Take the big-board step 7 before a plain random move.
    pub big: bool,
    /// The end-of-game judgement's policy: never fill one's own two-point eye, and pick the
    /// random move uniformly among the points the caller allows.
    pub judging: bool,
}

impl Heavy {
    /// The policy for `board`: step 7 on big boards, where a chain left in atari far from
    /// the last move would otherwise stay so for many moves, as nothing answers it; 9x9
    /// keeps the policy its strength was measured with.
    pub fn for_board(board: &Board) -> Heavy {
        Heavy {
            big: super::is_big(board),
            judging: false,
        }
    }

    /// The policy that judges life and death on `board`: [`Heavy::for_board`] that keeps
    /// its own two-point eyes, or a group with one and a race outside it is counted dead.
    /// The search's playouts go without that check: it cost them a quarter of their
    /// speed (docs/speed.md, e14438e).
    pub fn for_judgement(board: &Board) -> Heavy {
        Heavy {
            judging: true,
            ..Heavy::for_board(board)
        }
    }
}

impl Policy for Heavy {
    #[inline]
    fn choose(&self, board: &Board, color: Color, rng: &mut PlayoutRng) -> Option<Point> {
        self.choose_within(board, color, rng, |_| true)
    }
}

impl Heavy {
    /// [`Policy::choose`] among the points `allowed` admits only (the judgement of life and
    /// death keeps each side out of the other's large territories); a step whose answer it
    /// refuses gives way to the next.
    #[inline]
    pub fn choose_within(
        &self,
        board: &Board,
        color: Color,
        rng: &mut PlayoutRng,
        allowed: impl Fn(Point) -> bool,
    ) -> Option<Point> {
        // The judgement leaves a throw-in into its own two-point eye where it is.
        let answer = answer_last_move(board, color, rng, !self.big && !self.judging).filter(|&p| {
            allowed(p) && !(self.judging && tactics::plays_into_own_two_point_eye(board, color, p))
        });
        if let Some(p) = answer {
            return Some(p);
        }
        if self.big {
            if let Some(p) = capture_let_go(board, color).filter(|&p| allowed(p)) {
                return Some(p);
            }
        }
        if self.judging {
            // Uniformly among the acceptable points: `random_move`'s walk from a random
            // start favours a point after a long run of refused ones, and `allowed` may
            // refuse most of the board.
            let mut found = [Point::NONE; MAX_POINTS];
            let mut n = 0;
            for i in 0..board.empty_count() {
                let p = board.empty_point(i);
                if allowed(p)
                    && sensible_or_nakade(board, color, p)
                    && !tactics::plays_into_own_two_point_eye(board, color, p)
                {
                    found[n] = p;
                    n += 1;
                }
            }
            (n > 0).then(|| found[random_below(rng, n)])
        } else {
            random_move(board, rng, |p| {
                allowed(p) && sensible_or_nakade(board, color, p)
            })
        }
    }
}

/// Step 7: the liberty of an opponent chain in atari beside one's own previous stone,
/// where the opponent's last move did not save it.
fn capture_let_go(board: &Board, color: Color) -> Option<Point> {
    let (own, Move::Play(previous)) = board.second_last_move()? else {
        return None;
    };
    if own != color || board.cell(previous) != color.cell() {
        return None;
    }
    board
        .neighbours(previous)
        .into_iter()
        .filter(|&q| board.cell(q) == color.opponent().cell())
        .filter_map(|q| board.atari_liberty(q))
        .find(|&lib| board.is_legal(color, lib))
}

/// Whether the opponent's last stone is in atari or put an own chain beside it in atari:
/// the fights that the policy's first two steps settle, before any remembered reply.
pub fn atari_at_last_move(board: &Board, color: Color) -> bool {
    let Some((last_color, Move::Play(last))) = board.last_move() else {
        return false;
    };
    last_color != color
        && board.cell(last) == last_color.cell()
        && (board.atari_liberty(last).is_some()
            || board
                .neighbours(last)
                .iter()
                .any(|&q| board.cell(q) == color.cell() && board.atari_liberty(q).is_some()))
}

/// Legal, not into one's own true eye, and no self-atari of more than a lone stone.
#[inline]
pub fn sensible(board: &Board, color: Color, p: Point) -> bool {
    board.is_legal(color, p)
        && !board.is_true_eye(color, p)
        && (board.is_lone(color, p) || !board.is_self_atari(color, p))
}

/// [`sensible`], or a self-atari of several stones that kills by nakade
/// ([`tactics::is_nakade_throw_in`]): the random move. Refusing those let a group with a
/// pyramid four of eye space and the enemy on its vital point live in every playout, so
/// the tree believed big groups alive that a throw-in kills (docs/strength.md: worth 50
/// of 75 games in self-play).
#[inline]
fn sensible_or_nakade(board: &Board, color: Color, p: Point) -> bool {
    board.is_legal(color, p)
        && !board.is_true_eye(color, p)
        && (board.is_lone(color, p)
            || !board.is_self_atari(color, p)
            || tactics::is_nakade_throw_in(board, color, p))
}

/// Percent of the moves where steps 1 and 2 (capture the last stone, save what it put in
/// atari) are looked for, as Pachi's moggy policy does on small boards. With the two rates
/// below, 107 of 195 self-play games against answering every time (docs/strength.md).
const ATARI_RATE: usize = 90;

/// Percent of the moves where steps 3 and 4 (ladder the last stone, give a two-liberty
/// chain beside it a third) are looked for.
const TWO_LIBERTY_RATE: usize = 90;

/// Percent of the moves where step 5 (the vital point of a three-point eye) is looked for.
const NAKADE_RATE: usize = 80;

/// True `percent` times in a hundred.
fn chance(rng: &mut PlayoutRng, percent: usize) -> bool {
    random_below(rng, 100) < percent
}

/// The urgent replies to the opponent's last stone, if any; `rated`, each group of steps
/// is looked for at its rate only.
fn answer_last_move(
    board: &Board,
    color: Color,
    rng: &mut PlayoutRng,
    rated: bool,
) -> Option<Point> {
    let (last_color, Move::Play(last)) = board.last_move()? else {
        return None;
    };
    if last_color == color || board.cell(last) != last_color.cell() {
        return None;
    }
    let mut looks = |percent| !rated || chance(rng, percent);
    let atari = looks(ATARI_RATE);
    // 1. Capture the stone just played.
    if let Some(lib) = board.atari_liberty(last).filter(|_| atari) {
        if board.is_legal(color, lib) {
            return Some(lib);
        }
    }
    // 2. Save own chains it put in atari.
    for q in board.neighbours(last) {
        if atari && board.cell(q) == color.cell() && board.atari_liberty(q).is_some() {
            if let Some(p) = escape(board, q) {
                return Some(p);
            }
        }
    }
    let two_liberties = looks(TWO_LIBERTY_RATE);
    // 3. Catch the stone just played in a ladder when it has two liberties.
    if let Some(p) = two_liberties
        .then(|| tactics::catching_atari(board, color, last))
        .flatten()
    {
        return Some(p);
    }
    // 4. Give an own chain it left with two liberties a third (or capture beside it).
    let around = board.neighbours(last);
    for (k, &q) in around.iter().enumerate() {
        let counted = around[..k]
            .iter()
            .any(|&r| board.cell(r) == color.cell() && board.chain_head(r) == board.chain_head(q));
        if two_liberties && board.cell(q) == color.cell() && !counted {
            if let Some(p) = answer_beside(board, color, q) {
                return Some(p);
            }
        }
    }
    // 5. Take the vital point of a three-point eye space beside it.
    let nakade = looks(NAKADE_RATE);
    for q in board.neighbours(last) {
        if nakade && board.cell(q) == Cell::Empty {
            if let Some(v) = answer_beside(board, color, q) {
                return Some(v);
            }
        }
    }
    // 6. Shapes around it.
    let mut candidates = [Point::NONE; 8];
    let mut found = 0;
    let around = board
        .neighbours(last)
        .into_iter()
        .chain(board.diagonals(last));
    for p in around {
        if board.cell(p) == Cell::Empty
            && patterns::matches(board, p)
            && sensible(board, color, p)
            && !tactics::runs_into_ladder(board, color, p)
        {
            candidates[found] = p;
            found += 1;
        }
    }
    (found > 0).then(|| candidates[random_below(rng, found)])
}

/// Steps 4 and 5 at `q`, a neighbour of the opponent's last stone: a third liberty that is
/// no self-atari for the own chain through `q` if it has two, or the sensible vital point
/// of the three-point eye space through `q` if it is empty.
pub fn answer_beside(board: &Board, color: Color, q: Point) -> Option<Point> {
    match board.cell(q) {
        c if c == color.cell() => {
            tactics::two_liberty_relief(board, q).filter(|&p| !board.is_self_atari(color, p))
        }
        Cell::Empty => tactics::eye_vital_point(board, q).filter(|&v| sensible(board, color, v)),
        _ => None,
    }
}

/// A move that saves the chain through `stone`, in atari: capture an adjacent enemy chain in
/// atari, or run at the last liberty unless that only leads into a ladder.
fn escape(board: &Board, stone: Point) -> Option<Point> {
    tactics::capture_beside(board, stone).or_else(|| {
        let lib = board.atari_liberty(stone)?;
        (!tactics::is_caught(board, stone)).then_some(lib)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn rng() -> PlayoutRng {
        PlayoutRng::seed_from_u64(5)
    }

    /// The percentage of 1,000 draws in which `policy`'s move for `color` passes `test`.
    fn share_of(
        policy: Heavy,
        board: &Board,
        color: Color,
        test: impl Fn(Option<Point>) -> bool,
    ) -> usize {
        let mut r = rng();
        let draws = 1000;
        let hits = (0..draws)
            .filter(|_| test(policy.choose(board, color, &mut r)))
            .count();
        hits * 100 / draws
    }

    /// The policy picks `expected` for `color` about as often as the step's rate has it
    /// look: a little more, as the later steps or the random move may land there too, but
    /// not every time.
    fn chooses_at_rate(board: &Board, color: Color, expected: Point, rate: usize) {
        let share = share_of(Heavy::default(), board, color, |chosen| {
            chosen == Some(expected)
        });
        assert!(
            (rate - 4..100).contains(&share),
            "chosen in {share}% of the draws, the step's rate is {rate}%"
        );
    }

    #[test]
    fn captures_a_stone_left_in_atari() {
        let mut b = Board::from_diagram(
            "..X..
             .X.X.
             .X...
             .....
             .....",
        )
        .expect("valid");
        b.play(Color::White, Move::Play(b.point_at(2, 3)))
            .expect("legal");
        assert_eq!(b.atari_liberty(b.point_at(2, 3)), Some(b.point_at(2, 2)));
        chooses_at_rate(&b, Color::Black, b.point_at(2, 2), ATARI_RATE);
    }

    #[test]
    fn saves_a_chain_put_in_atari_by_extending() {
        let mut b = Board::from_diagram(
            ".....
             .....
             .OXO.
             .....
             .....",
        )
        .expect("valid");
        b.play(Color::White, Move::Play(b.point_at(2, 3)))
            .expect("legal");
        // Black (2,2) now has one liberty, (2,1); extending there gives three.
        chooses_at_rate(&b, Color::Black, b.point_at(2, 1), ATARI_RATE);
    }

    #[test]
    fn does_not_run_into_a_ladder_but_starts_one() {
        // White's last move (2,3) put Black (2,2) in atari; running at (3,2) only leads into
        // a ladder to the top edge, so Black lets it go.
        let mut caught =
            Board::from_diagram(tactics::fixtures::LADDER_BEFORE_ATARI).expect("valid");
        let atari = caught.point_at(2, 5);
        caught.play(Color::White, Move::Play(atari)).expect("legal");
        let run = caught.point_at(3, 6);
        let mut r = rng();
        let runs = (0..50)
            .filter(|_| Heavy::default().choose(&caught, Color::Black, &mut r) == Some(run))
            .count();
        assert!(runs < 25, "ran {runs} times in 50, as if it were urgent");
        // One move earlier, Black's last move (a stone at (2,2) played last): White starts
        // the ladder with an atari that catches it.
        let mut b = Board::from_diagram(
            ".........
             ..O......
             .O.......
             ...O.....
             .........
             .........
             .........
             .........
             .........",
        )
        .expect("valid");
        b.play(Color::Black, Move::Play(b.point_at(2, 6)))
            .expect("legal");
        let catches = share_of(Heavy::default(), &b, Color::White, |chosen| {
            let mut after = b.clone();
            let chosen = chosen.expect("a move");
            after.play(Color::White, Move::Play(chosen)).expect("legal");
            tactics::is_caught(&after, b.point_at(2, 6))
        });
        assert!(
            catches >= TWO_LIBERTY_RATE - 4,
            "caught it in {catches}% of the draws"
        );
    }

    #[test]
    fn gives_a_chain_left_with_two_liberties_a_third() {
        // White's last move (1,2) leaves Black (1,1)-(2,1) two liberties; joining (4,1) at
        // (3,1) gives it four, the edge at (0,1) only two.
        let mut b = Board::from_diagram(
            ".OO..
             .XX.X
             O.OO.
             .....
             .....",
        )
        .expect("valid");
        b.play(Color::White, Move::Play(b.point_at(1, 2)))
            .expect("legal");
        chooses_at_rate(&b, Color::Black, b.point_at(3, 3), TWO_LIBERTY_RATE);
    }

    /// Black's last move (3,0) walls in a straight three on the top edge; White kills it
    /// by nakade in the middle, at (1,0).
    fn straight_three_just_walled_in() -> Board {
        let mut b = Board::from_diagram(
            ".........
             XXXX.....
             .........
             .........
             .........
             .........
             .........
             .........
             .........",
        )
        .expect("valid");
        b.play(Color::Black, Move::Play(b.point_at(3, 8)))
            .expect("legal");
        b
    }

    #[test]
    fn takes_the_vital_point_of_a_three_point_eye_space() {
        let b = straight_three_just_walled_in();
        chooses_at_rate(&b, Color::White, b.point_at(1, 8), NAKADE_RATE);
    }

    #[test]
    fn big_boards_and_the_judgement_answer_every_time() {
        let b = straight_three_just_walled_in();
        let big = Heavy {
            big: true,
            ..Heavy::default()
        };
        for policy in [big, Heavy::for_judgement(&b)] {
            let share = share_of(policy, &b, Color::White, |chosen| {
                chosen == Some(b.point_at(1, 8))
            });
            assert_eq!(
                share, 100,
                "{policy:?} found the vital point in {share}% of draws"
            );
        }
    }

    #[test]
    fn does_not_fill_its_own_true_eye_or_self_atari_a_chain() {
        let board = Board::from_diagram(
            "X.X
             XXX
             ...",
        )
        .expect("valid");
        let eye = board.point_at(1, 2);
        assert!(!sensible(&board, Color::Black, eye));
        let b = Board::from_diagram(
            ".XO..
             .XO..
             OO...
             .....
             .....",
        )
        .expect("valid");
        // Black at (0,4) would join (1,4)-(1,3) with one liberty left: refused.
        assert!(b.is_self_atari(Color::Black, b.point_at(0, 4)));
        assert!(!sensible(&b, Color::Black, b.point_at(0, 4)));
        // A lone stone may self-atari (a nakade throw-in): White at (0,4) stands alone.
        assert!(b.is_lone(Color::White, b.point_at(0, 4)));
        assert!(b.is_self_atari(Color::White, b.point_at(0, 4)));
        assert!(sensible(&b, Color::White, b.point_at(0, 4)));
    }

    #[test]
    fn the_random_move_may_kill_by_a_nakade_throw_in() {
        // White's corner space A9 B9 C9 B8 (a pyramid four) holds Black's A9 and B9; Black's
        // C9 puts the three in atari, and once White takes them Black's B9 kills again.
        let b = Board::from_diagram(
            "XX.OO....
             O.OO.....
             OOO......
             .........
             .........
             .........
             .........
             .........
             .........",
        )
        .expect("valid");
        let c9 = b.point_at(2, 8);
        assert!(!sensible(&b, Color::Black, c9));
        assert!(sensible_or_nakade(&b, Color::Black, c9));
        let only_c9 = |p| p == c9;
        for policy in [Heavy::for_board(&b), Heavy::for_judgement(&b)] {
            assert_eq!(
                policy.choose_within(&b, Color::Black, &mut rng(), only_c9),
                Some(c9)
            );
        }
    }

    #[test]
    fn heavy_playouts_finish_and_stay_consistent() {
        let mut r = rng();
        for size in [5, 9, 13] {
            for _ in 0..20 {
                let mut board = Board::new(size).expect("valid");
                let policy = Heavy::for_board(&board);
                let outcome =
                    super::super::run(&mut board, Color::Black, 7.5, &policy, &mut r, |_, _| {});
                board.check_invariants().expect("consistent");
                assert!(outcome.length > 0);
            }
        }
    }

    #[test]
    fn the_random_move_does_not_fill_empty_areas_first() {
        // One stone on 19x19: 280 of the 360 empty points are the middle of an empty 3x3
        // area, so a random move lands in one about 78% of the time; MoGo's "fill the
        // board" drew 195 or more of 200 there.
        const EMPTY_AROUND: u16 = 0xAAAA; // `Cell::Empty` in each of the eight slots
        let mut board = Board::new(19).expect("valid");
        board
            .play(Color::White, Move::Play(board.point_at(9, 9)))
            .expect("legal");
        let share = share_of(Heavy::for_board(&board), &board, Color::Black, |chosen| {
            chosen.is_some_and(|p| board.neighbourhood(p) == EMPTY_AROUND)
        });
        assert!((65..90).contains(&share), "{share}% in an empty area");
    }

    #[test]
    fn captures_what_the_opponent_let_go_on_big_boards_only() {
        // Black's last move (5,5) put White (5,6) in atari; White answered far away.
        let mut board = Board::new(13).expect("valid");
        for (color, (x, y)) in [
            (Color::White, (5, 6)),
            (Color::Black, (4, 6)),
            (Color::White, (10, 2)),
            (Color::Black, (6, 6)),
            (Color::White, (2, 10)),
            (Color::Black, (5, 5)),
            (Color::White, (10, 10)),
        ] {
            board
                .play(color, Move::Play(board.point_at(x, y)))
                .expect("legal");
        }
        let capture = board.point_at(5, 7);
        assert_eq!(board.atari_liberty(board.point_at(5, 6)), Some(capture));
        let mut r = rng();
        let captures = |policy: Heavy, r: &mut PlayoutRng| {
            (0..50)
                .filter(|_| policy.choose(&board, Color::Black, r) == Some(capture))
                .count()
        };
        assert_eq!(captures(Heavy::for_board(&board), &mut r), 50);
        assert!(captures(Heavy::default(), &mut r) < 5);
    }
}
