//! Tactical reading for the heavy playouts and the priors: the liberties of chains in small
//! fights, and ladders.
//!
//! Random playouts get fights of one and two liberties wrong in a way the search cannot
//! repair: a chain caught in a ladder runs in every playout and lives in half of them, and a
//! chain that a ladder would capture is left alone. A short ladder reader fixes the
//! commonest case at a small cost.

use std::cell::RefCell;

use crate::board::{Board, Cell, Color, Point, MIN_SIZE};

/// Steps a ladder read may take, all its branches together, before the reader gives up
/// and calls it an escape: a ladder read straight takes one a step, and this is twice the
/// longest ladder across a 25x25 board, so only a ladder going round in circles, or one
/// whose every step turns both ways, reaches it.
const MAX_LADDER_READS: usize = 128;

/// The first liberties of a chain, up to three: enough to tell atari, two liberties and
/// "safe for now" apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Liberties {
    points: [Point; 3],
    count: usize,
}

impl Liberties {
    const NONE: Liberties = Liberties {
        points: [Point::NONE; 3],
        count: 0,
    };

    /// Three or more, known without naming them.
    const MANY: Liberties = Liberties {
        points: [Point::NONE; 3],
        count: 3,
    };

    /// How many were found: 0, 1, 2, or 3 meaning three or more.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The liberties found: all of them below three. A count of three may come with none,
    /// where the chain's pseudo-liberties alone told ([`liberties`]).
    pub fn points(&self) -> &[Point] {
        &self.points[..self.count]
    }

    /// For exactly two liberties, both ways round: (one, the other) and (the other, one),
    /// as a move on one of them and what it leaves.
    fn both_ways(&self) -> Option<[(Point, Point); 2]> {
        let &[first, second] = self.points() else {
            return None;
        };
        Some([(first, second), (second, first)])
    }

    /// Notes `p` unless it is known already; true once three are known.
    fn note(&mut self, p: Point) -> bool {
        if !self.points().contains(&p) {
            self.points[self.count] = p;
            self.count += 1;
        }
        self.count == 3
    }

    /// Notes the empty neighbours of the stones of the chain through `stone`, except
    /// `besides`; true once three are known.
    fn note_chain(&mut self, board: &Board, stone: Point, besides: Point) -> bool {
        board.chain_stones(stone).any(|s| {
            board
                .neighbours(s)
                .into_iter()
                .any(|q| q != besides && board.cell(q) == Cell::Empty && self.note(q))
        })
    }
}

/// Up to three distinct liberties of the chain through `stone`, by a walk over its stones
/// that stops at the third. A chain with more than eight pseudo-liberties has three or
/// more without a walk: one liberty borders at most four of its stones, so two liberties
/// make at most eight pseudo-liberties. The playouts ask this of every chain beside the
/// last move, most of which are far from short.
pub fn liberties(board: &Board, stone: Point) -> Liberties {
    if board.chain_libs(stone) > 8 {
        return Liberties::MANY;
    }
    let mut found = Liberties::NONE;
    found.note_chain(board, stone, Point::NONE);
    found
}

/// For the chain through `stone` when it has exactly two liberties: a capture beside it, or
/// a liberty at which its owner gets three or more (Fuego's low-liberty rule), the plainest
/// ways out of being chased.
pub fn two_liberty_relief(board: &Board, stone: Point) -> Option<Point> {
    let libs = liberties(board, stone);
    if libs.count() != 2 {
        return None;
    }
    capture_beside(board, stone).or_else(|| widening_liberty(board, stone, &libs))
}

/// A liberty among `libs`, the two of the chain through `stone`, at which its owner gets
/// three or more. Counted without playing: the other liberty, the point's empty
/// neighbours, and the liberties of the own chains it joins (captures it would make are
/// left out, so it errs on the safe side).
fn widening_liberty(board: &Board, stone: Point, libs: &Liberties) -> Option<Point> {
    let owner = board.cell(stone).color()?;
    libs.both_ways()?
        .into_iter()
        .find(|&(at, other)| {
            if !board.is_legal(owner, at) {
                return false;
            }
            let mut after = Liberties::NONE;
            after.note(other);
            board
                .neighbours(at)
                .into_iter()
                .any(|q| match board.cell(q) {
                    Cell::Empty => after.note(q),
                    c if c == owner.cell() => after.note_chain(board, q, at),
                    _ => false,
                })
        })
        .map(|(at, _)| at)
}

/// A liberty of an enemy chain in atari next to the chain through `stone` that its owner may
/// take: capturing it gives the chain at least one more liberty.
pub fn capture_beside(board: &Board, stone: Point) -> Option<Point> {
    let owner = board.cell(stone).color()?;
    let enemy = owner.opponent().cell();
    for s in board.chain_stones(stone) {
        for q in board.neighbours(s) {
            if board.cell(q) == enemy {
                if let Some(lib) = board.atari_liberty(q) {
                    if board.is_legal(owner, lib) {
                        return Some(lib);
                    }
                }
            }
        }
    }
    None
}

thread_local! {
    /// Boards to read on, one set per thread, grown as deep as a read goes. Reading copies
    /// positions often, and `clone_from` copies only the part of a board its size uses,
    /// where `clone` copies all of it (a 9x9 position is a seventh of the storage).
    static SCRATCH: RefCell<Vec<Board>> = const { RefCell::new(Vec::new()) };
}

/// Runs `read` with this thread's scratch boards.
fn with_scratch<R>(read: impl FnOnce(&mut Vec<Board>) -> R) -> R {
    SCRATCH.with(|cell| read(&mut cell.borrow_mut()))
}

/// Grows `boards` to at least `count`.
fn ensure(boards: &mut Vec<Board>, count: usize) {
    while boards.len() < count {
        boards.push(Board::new(MIN_SIZE).expect("the smallest size is valid"));
    }
}

/// Whether the chain through `stone`, in atari with its owner to move, is lost: it cannot
/// capture its way out, and running at its last liberty leaves it in a ladder that the
/// attacker wins (rule 7: it is then captured).
///
/// The reader tries both ataris at each step of the ladder, the first one first, until one
/// catches the runner; a runner that gets three liberties or captures a chaser escapes.
/// A greedy reader, one atari a step, misread ladders that turn (Fuego's long-ladder
/// tests); trying both costs little, as the wrong atari mostly lets the runner out at once.
pub fn is_caught(board: &Board, stone: Point) -> bool {
    if board
        .atari_liberty(stone)
        .is_some_and(|lib| runs_free(board, lib, Point::NONE))
    {
        return false;
    }
    with_scratch(|boards| {
        ensure(boards, 1);
        boards[0].clone_from(board);
        caught(boards, stone)
    })
}

/// [`is_caught`] on the scratch boards, for the position on `boards[0]`, which the read
/// plays on.
fn caught(boards: &mut Vec<Board>, stone: Point) -> bool {
    let mut reads = MAX_LADDER_READS;
    chase(boards, 0, stone, &mut reads)
}

/// What the runner's move does for a chain in atari: it is caught, it escapes, or it
/// stands in a ladder with two liberties, its chaser to move: an atari on one of them,
/// both ways round as [`Liberties::both_ways`] gives them.
#[derive(Clone, Copy, Debug)]
enum Run {
    Caught,
    Escapes,
    Ladder([(Point, Point); 2]),
}

/// The runner through `stone`, in atari and to move on `board`, captures its way out or
/// runs at its last liberty, on `board` itself: no read goes back to the position before
/// the run, as the runner has one move, so a ladder step copies the board once, for the
/// chaser's atari ([`atari_catches`]).
fn run(board: &mut Board, stone: Point) -> Run {
    let Some(runner) = board.cell(stone).color() else {
        return Run::Escapes;
    };
    if capture_beside(board, stone).is_some() {
        return Run::Escapes;
    }
    let Some(lib) = board.atari_liberty(stone) else {
        return Run::Escapes;
    };
    if !board.is_legal(runner, lib) {
        return Run::Caught;
    }
    board.play_legal(runner, lib);
    let libs = liberties(board, stone);
    match libs.count() {
        0 | 1 => Run::Caught,
        2 => Run::Ladder(libs.both_ways().expect("two liberties")),
        _ => Run::Escapes,
    }
}

/// Whether the runner through `stone`, in atari and to move on `boards[at]`, is caught:
/// see [`run`] and [`atari_catches`]. `reads` counts down every step read.
fn chase(boards: &mut Vec<Board>, at: usize, stone: Point, reads: &mut usize) -> bool {
    if *reads == 0 {
        return false;
    }
    *reads -= 1;
    match run(&mut boards[at], stone) {
        Run::Caught => true,
        Run::Escapes => false,
        Run::Ladder(ways) => atari_catches(boards, at, stone, ways, reads),
    }
}

/// Whether an atari on one of the two liberties of the runner through `stone` (`ways`,
/// from [`Run::Ladder`]), with its chaser to move on `boards[at]`, catches it again (read
/// on from `boards[at + 1]`).
fn atari_catches(
    boards: &mut Vec<Board>,
    at: usize,
    stone: Point,
    ways: [(Point, Point); 2],
    reads: &mut usize,
) -> bool {
    ensure(boards, at + 2);
    let Some(chaser) = boards[at].cell(stone).color().map(Color::opponent) else {
        return false;
    };
    ways.into_iter().any(|(a, run_to)| {
        let (read, ahead) = boards.split_at_mut(at + 1);
        let ran = &read[at];
        if runs_free(ran, run_to, a) || !ran.is_legal(chaser, a) {
            return false;
        }
        ahead[0].clone_from(ran);
        ahead[0].play_legal(chaser, a);
        ahead[0].atari_liberty(stone).is_some() && chase(boards, at + 1, stone, reads)
    })
}

/// Whether a stone at `run` surely has three liberties of its own once `blocked` is
/// filled: a quick test that spares most reads a copy of the board.
#[inline]
fn runs_free(board: &Board, run: Point, blocked: Point) -> bool {
    board
        .neighbours(run)
        .iter()
        .filter(|&&q| q != blocked && board.cell(q) == Cell::Empty)
        .count()
        >= 3
}

/// Whether `color` playing at `p` only runs an own chain in atari into a ladder
/// ([`is_caught`]): the stones are lost either way, and the move adds to them.
pub fn runs_into_ladder(board: &Board, color: Color, p: Point) -> bool {
    board.neighbours(p).iter().any(|&q| {
        board.cell(q) == color.cell() && board.atari_liberty(q) == Some(p) && is_caught(board, q)
    })
}

/// A move of `attacker` on a liberty of the enemy chain through `stone`, which has two
/// liberties, that puts it in atari and catches it (see [`is_caught`]); the atari must not
/// be a self-atari the runner could answer by capturing.
pub fn catching_atari(board: &Board, attacker: Color, stone: Point) -> Option<Point> {
    if board.neighbour_count(stone, Cell::Empty) >= 3 {
        return None; // the stone alone has three liberties
    }
    let candidates = liberties(board, stone).both_ways()?;
    let worth_reading = |&(a, run_to): &(Point, Point)| {
        !runs_free(board, run_to, a)
            && board.is_legal(attacker, a)
            && !board.is_self_atari(attacker, a)
    };
    if !candidates.iter().any(worth_reading) {
        return None;
    }
    with_scratch(|boards| {
        ensure(boards, 1);
        candidates
            .into_iter()
            .filter(worth_reading)
            .find(|&(a, _)| {
                boards[0].clone_from(board);
                boards[0].play_legal(attacker, a);
                boards[0].atari_liberty(stone).is_some() && caught(boards, stone)
            })
            .map(|(a, _)| a)
    })
}

/// Whether `color` playing at `p` chases an enemy chain along a ladder that the chain
/// escapes, in a shape with cutting points: `p` touches one enemy stone, whose chain it
/// puts in atari; the chain's run leaves it two liberties, and the reader ([`is_caught`])
/// lets it out in the end; and the runner has a double atari beside its stones. Each step
/// of such a chase gives the runner another cutting point to use once it is out. Pachi's
/// tree leaves these chases out where the runner has two double ataris; one did better on
/// Fuego's long-ladder tests (docs/strength.md, 2026-12-04).
pub fn chases_a_failing_ladder(board: &Board, color: Color, p: Point) -> bool {
    let runner = color.opponent();
    let mut touched = board
        .neighbours(p)
        .into_iter()
        .filter(|&q| board.cell(q) == runner.cell());
    let (Some(stone), None) = (touched.next(), touched.next()) else {
        return false;
    };
    if liberties(board, stone).count() != 2
        || !board.is_legal(color, p)
        || !double_atari_beside(board, runner, stone)
    {
        return false;
    }
    let mut reads = MAX_LADDER_READS;
    with_scratch(|boards| {
        ensure(boards, 1);
        boards[0].clone_from(board);
        boards[0].play_legal(color, p);
        // A ladder: the run leaves two liberties. An atari the chain answers with three is
        // a forcing move, common in life and death, and not this reader's to judge.
        match run(&mut boards[0], stone) {
            Run::Ladder(ways) => !atari_catches(boards, 0, stone, ways, &mut reads),
            Run::Caught | Run::Escapes => false,
        }
    })
}

/// Whether `color` would put two enemy chains in atari at once on an empty point diagonal
/// to a stone of the chain through `stone`.
fn double_atari_beside(board: &Board, color: Color, stone: Point) -> bool {
    board
        .chain_stones(stone)
        .flat_map(|s| board.diagonals(s))
        .any(|d| board.cell(d) == Cell::Empty && is_double_atari(board, color, d))
}

/// Whether `color` playing at `p` puts two or more enemy chains in atari, and is no
/// self-atari.
fn is_double_atari(board: &Board, color: Color, p: Point) -> bool {
    let mut heads = [Point::NONE; 4];
    let mut found = 0;
    for q in board.neighbours(p) {
        if board.cell(q) == color.opponent().cell() && liberties(board, q).count() == 2 {
            let head = board.chain_head(q);
            if !heads[..found].contains(&head) {
                heads[found] = head;
                found += 1;
            }
        }
    }
    found >= 2 && board.is_legal(color, p) && !board.is_self_atari(color, p)
}

/// The vital point of a three-point eye space that `p` belongs to: the middle of a
/// straight or bent three, walled in by one colour (or the edge). Whoever takes it first
/// decides the group: the owner makes two eyes there, the enemy kills by nakade. Random
/// playouts find it one time in three, which makes such groups look half alive.
pub fn eye_vital_point(board: &Board, p: Point) -> Option<Point> {
    // Three empty neighbours make a space of four points or more: most points of an open
    // board, ruled out before the walk (the playouts ask at every move).
    // So do none (a one-point space), and stones of both colours beside `p` (no one wall).
    let empty = board.neighbour_count(p, Cell::Empty);
    if empty > 2
        || empty == 0
        || (board.neighbour_count(p, Cell::Black) > 0 && board.neighbour_count(p, Cell::White) > 0)
    {
        return None;
    }
    let mut space = [Point::NONE; 3];
    let mut size = 0;
    let mut wall = None;
    let mut stack = [p; 4];
    let mut pending = 1;
    while pending > 0 {
        pending -= 1;
        let q = stack[pending];
        if space[..size].contains(&q) {
            continue;
        }
        if size == 3 {
            return None; // four points or more
        }
        space[size] = q;
        size += 1;
        for r in board.neighbours(q) {
            match board.cell(r) {
                Cell::Empty if !space[..size].contains(&r) => {
                    if pending == stack.len() {
                        return None;
                    }
                    stack[pending] = r;
                    pending += 1;
                }
                Cell::Empty | Cell::Border => {}
                stone => match wall {
                    None => wall = Some(stone),
                    Some(w) if w == stone => {}
                    Some(_) => return None,
                },
            }
        }
    }
    if size != 3 || wall.is_none() {
        return None;
    }
    space.iter().copied().find(|&m| {
        let inside = board.neighbours(m);
        space.iter().all(|&o| o == m || inside.contains(&o))
    })
}

/// Whether `color`'s self-atari at `p` kills by nakade: the chain it makes (at most five
/// stones) and its last liberty form a space that only enemy stones and the edge enclose,
/// and the chain, once captured, leaves the enemy an eye space of one eye (any two or three
/// points, the square or pyramid four, the bulky or crossed five), whose vital point the
/// next throw-in takes. Refusing every self-atari of more than a lone stone let a group
/// with such a space live in every playout (a pyramid four with the enemy on its vital
/// point was counted alive). The caller has already found the move a self-atari.
pub fn is_nakade_throw_in(board: &Board, color: Color, p: Point) -> bool {
    const MAX: usize = 5;
    let mut stones = [Point::NONE; MAX];
    stones[0] = p;
    let mut n = 1;
    for q in board.neighbours(p) {
        if board.cell(q) == color.cell() && !stones[..n].contains(&q) {
            let size = board.chain_size(q) as usize;
            if n + size > MAX {
                return false;
            }
            for s in board.chain_stones(q) {
                stones[n] = s;
                n += 1;
            }
        }
    }
    let stones = &stones[..n];
    let enemy = color.opponent().cell();
    let mut liberty = None;
    for &s in stones {
        for q in board.neighbours(s) {
            if stones.contains(&q) {
                continue;
            }
            match board.cell(q) {
                Cell::Empty if liberty.is_none_or(|l| l == q) => liberty = Some(q),
                Cell::Empty => return false,
                c if c == enemy || c == Cell::Border => {}
                _ => return false,
            }
        }
    }
    // The liberty closes the space: past it, only enemy stones and the edge.
    let Some(liberty) = liberty else {
        return false;
    };
    let sealed = board
        .neighbours(liberty)
        .iter()
        .all(|&q| stones.contains(&q) || board.cell(q) == enemy || board.cell(q) == Cell::Border);
    sealed && is_one_eye_shape(board, stones)
}

/// Whether `color` at `p` plays into its own two-point eye for nothing: `p` and one
/// neighbour form a space that only `color`'s stones and the edge enclose, and either the
/// neighbour is empty (filling half the eye spends a liberty and makes no second eye) or it
/// holds a lone enemy stone thrown in while a wall chain races, with two liberties, one the
/// enemy can fill (taking it leaves as many liberties as it found and spends the tempo the
/// race needs). A group with a two-point eye and an outside liberty beat a surrounded chain
/// with two liberties in the game; in playouts whose owner filled the eye, or took the
/// throw-in at once, it died (a 30-stone White group counted dead, a lost game passed as
/// won).
pub fn plays_into_own_two_point_eye(board: &Board, color: Color, p: Point) -> bool {
    let own = color.cell();
    let walls = |q: Point| board.cell(q) == own || board.cell(q) == Cell::Border;
    let mut other = None;
    for q in board.neighbours(p) {
        if walls(q) {
            continue;
        }
        let thrown_in = board.cell(q) == color.opponent().cell() && board.chain_size(q) == 1;
        if other.is_some() || !(board.cell(q) == Cell::Empty || thrown_in) {
            return false;
        }
        other = Some(q);
    }
    let Some(other) = other else {
        return false;
    };
    if !board.neighbours(other).iter().all(|&q| q == p || walls(q)) {
        return false;
    }
    // A wall chain in a race: two liberties, the one besides `p` open to the enemy. One
    // whose other liberty is an eye is not racing and cleans the stone up.
    let racing = |q: Point| {
        board.cell(q) == own && {
            let libs = board.chain_liberties(q);
            libs.len() == 2
                && libs
                    .iter()
                    .any(|&l| l != p && board.is_legal(color.opponent(), l))
        }
    };
    board.cell(other) == Cell::Empty
        || [p, other]
            .iter()
            .flat_map(|&s| board.neighbours(s))
            .any(racing)
}

/// Whether a connected space of up to five points makes one eye however its owner plays:
/// everything up to three points, and of the larger ones only the square and pyramid four
/// and the bulky and crossed five (the straight and bent four and the other fives make two).
fn is_one_eye_shape(board: &Board, space: &[Point]) -> bool {
    // The shapes differ in how many neighbours each point has inside the space.
    let mut degrees = [0usize; 5];
    for (k, &s) in space.iter().enumerate() {
        degrees[k] = board
            .neighbours(s)
            .iter()
            .filter(|q| space.contains(q))
            .count();
    }
    let degrees = &mut degrees[..space.len()];
    degrees.sort_unstable();
    let links: usize = degrees.iter().sum::<usize>() / 2;
    match space.len() {
        0..=3 => true,
        // The square is a cycle (four links), the pyramid has a point touching all three.
        4 => links == 4 || degrees[3] == 3,
        // The bulky five holds a square (five links), the crossed five a centre of four.
        5 => links == 5 || degrees[4] == 4,
        _ => false,
    }
}

/// Positions shared by the tests of the tactics, the heavy playouts and the priors.
#[cfg(test)]
pub(crate) mod fixtures {
    /// Black (2,2) with two liberties between White stones: White's atari at (2,3) starts
    /// a ladder that runs to the top edge with nothing in its way.
    pub const LADDER_BEFORE_ATARI: &str = ".........
                                           ..O......
                                           .OX......
                                           ...O.....
                                           .........
                                           .........
                                           .........
                                           .........
                                           .........";

    /// The same after the atari: running at (3,2) leaves two liberties, and the ladder
    /// catches Black.
    pub const LADDER: &str = ".........
                              ..O......
                              .OX......
                              ..OO.....
                              .........
                              .........
                              .........
                              .........
                              .........";

    /// White's atari at H5 (7,4) chases Black J5 down the edge to its J2 and out, and
    /// Black H6 would then atari White J6 and G6 at once: a chase that leaves a cutting
    /// point behind.
    pub const FAILING_CHASE: &str = ".........
                                     .........
                                     ......X..
                                     .....XO.O
                                     ........X
                                     .........
                                     .........
                                     ........X
                                     .........";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Move;

    /// The shared 9x9 position's corner (records of yunzi against Pachi): White's space
    /// A9 B8 C9 around Black's B9, a pyramid four with Black on its vital point.
    const PYRAMID: &str = ".X.OO....
                           O.OO.....
                           OOO......
                           .........
                           .........
                           .........
                           .........
                           .........
                           .........";

    #[test]
    fn playing_into_ones_own_two_point_eye_is_found() {
        // White's corner eye A9 B9; Black's A4 B4 on the left edge; Black's straight
        // three A1 B1 C1 at the bottom.
        let b = Board::from_diagram(
            "..OX.....
             OOOX.....
             XXXX.....
             .........
             XX.......
             ..X......
             XX.......
             XXXX.....
             ...X.....",
        )
        .expect("valid");
        let (a9, b9) = (b.point_at(0, 8), b.point_at(1, 8));
        assert!(plays_into_own_two_point_eye(&b, Color::White, a9));
        assert!(plays_into_own_two_point_eye(&b, Color::White, b9));
        // For Black the same points are a throw-in, not its own eye.
        assert!(!plays_into_own_two_point_eye(&b, Color::Black, a9));
        assert!(plays_into_own_two_point_eye(
            &b,
            Color::Black,
            b.point_at(0, 3)
        ));
        assert!(plays_into_own_two_point_eye(
            &b,
            Color::Black,
            b.point_at(1, 3)
        ));
        // Three points are no two-point eye: the middle makes two eyes.
        assert!(!plays_into_own_two_point_eye(
            &b,
            Color::Black,
            b.point_at(0, 0)
        ));
        assert!(!plays_into_own_two_point_eye(
            &b,
            Color::Black,
            b.point_at(1, 0)
        ));
        // Black thrown in at A9 while White's wall has D9 and the eye: White's capture at
        // B9 only trades one liberty for another, a tempo lost in a race.
        let racing = |top: &str| {
            let rows = [
                top,
                "OOOX.....",
                "XXXX.....",
                ".........",
                ".........",
                ".........",
                ".........",
                ".........",
                ".........",
            ];
            let mut b = Board::from_diagram(&rows.join("\n")).expect("valid");
            b.play(Color::Black, Move::Play(a9)).expect("legal");
            b
        };
        assert!(plays_into_own_two_point_eye(
            &racing("..O.X...."),
            Color::White,
            b9
        ));
        // With E8 and F9 to spare the capture costs nothing: the stone is taken as in any
        // clean-up.
        assert!(!plays_into_own_two_point_eye(
            &racing("..OOO...."),
            Color::White,
            b9
        ));
        // An open point in the middle of the board is no eye.
        assert!(!plays_into_own_two_point_eye(
            &b,
            Color::Black,
            b.point_at(6, 4)
        ));
    }

    #[test]
    fn a_throw_in_that_leaves_one_eye_of_space_is_nakade() {
        let mut b = Board::from_diagram(PYRAMID).expect("valid");
        // After A9, Black's C9 puts A9 B9 C9 in atari at B8: captured, they leave a
        // straight three whose middle Black takes again.
        b.play(Color::Black, Move::Play(b.point_at(0, 8)))
            .expect("legal");
        let c9 = b.point_at(2, 8);
        assert!(b.is_self_atari(Color::Black, c9));
        assert!(is_nakade_throw_in(&b, Color::Black, c9));
        // B8 makes the bent three A9 B9 B8, in atari at C9: nakade too.
        assert!(is_nakade_throw_in(&b, Color::Black, b.point_at(1, 7)));
    }

    #[test]
    fn a_self_atari_into_open_space_or_two_eyes_of_space_is_no_nakade() {
        // Black (1,3) runs to (2,3): one liberty left, at (3,3), which opens onto the board.
        let open = Board::from_diagram(
            ".OO..
             OX...
             .OO..
             .....
             .....",
        )
        .expect("valid");
        let run = open.point_at(2, 3);
        assert!(open.is_self_atari(Color::Black, run));
        assert!(!is_nakade_throw_in(&open, Color::Black, run));
        // Four stones in a row, in atari at the end of a sealed straight five: captured,
        // they leave White a straight four, two eyes.
        let long = Board::from_diagram(
            ".XXX.O...
             OOOOOO...
             .........
             .........
             .........
             .........
             .........
             .........
             .........",
        )
        .expect("valid");
        let fill = long.point_at(0, 8);
        assert!(long.is_self_atari(Color::Black, fill));
        assert!(!is_nakade_throw_in(&long, Color::Black, fill));
    }

    /// The point at column `col` and row `row` counted from the top of the diagram.
    fn at(board: &Board, col: usize, row: usize) -> Point {
        board.point_at(col, board.size() - 1 - row)
    }

    #[test]
    fn liberties_stop_at_three() {
        let board = Board::from_diagram(
            ".....
             .XX..
             .....
             .....
             .....",
        )
        .expect("valid");
        assert_eq!(liberties(&board, at(&board, 1, 1)).count(), 3);
        let corner = Board::from_diagram(
            "X..
             ...
             ...",
        )
        .expect("valid");
        let libs = liberties(&corner, at(&corner, 0, 0));
        assert_eq!(libs.count(), 2);
        assert!(libs.points().contains(&at(&corner, 1, 0)));
        assert!(libs.points().contains(&at(&corner, 0, 1)));
    }

    /// The shortcut's boundary: two one-point eyes, each inside four stones of the chain,
    /// are eight pseudo-liberties and two liberties, which the walk still counts; a third
    /// eye (twelve) is three without one.
    #[test]
    fn eight_pseudo_liberties_may_still_be_two() {
        let two_eyes = Board::from_diagram(
            "XXXXX
             X.X.X
             XXXXX
             OOOOO
             .....",
        )
        .expect("valid");
        let chain = at(&two_eyes, 0, 0);
        assert_eq!(two_eyes.chain_libs(chain), 8);
        let libs = liberties(&two_eyes, chain);
        assert_eq!(libs.count(), 2);
        assert!(libs.points().contains(&at(&two_eyes, 1, 1)));
        assert!(libs.points().contains(&at(&two_eyes, 3, 1)));
        let three_eyes = Board::from_diagram(
            "XXXXXXX
             X.X.X.X
             XXXXXXX
             OOOOOOO
             .......
             .......
             .......",
        )
        .expect("valid");
        assert_eq!(three_eyes.chain_libs(at(&three_eyes, 0, 0)), 12);
        assert_eq!(liberties(&three_eyes, at(&three_eyes, 0, 0)).count(), 3);
    }

    #[test]
    fn rule_7_a_chain_caught_in_a_ladder_is_lost() {
        let board = Board::from_diagram(fixtures::LADDER).expect("valid");
        let black = at(&board, 2, 2);
        assert_eq!(board.atari_liberty(black), Some(at(&board, 3, 2)));
        assert!(capture_beside(&board, black).is_none());
        assert!(is_caught(&board, black));
    }

    #[test]
    fn a_ladder_breaker_saves_the_runner() {
        // A black stone at (4,1) joins the runner whichever way White chases.
        let mut board = Board::from_diagram(fixtures::LADDER).expect("valid");
        board
            .play(Color::Black, Move::Play(at(&board, 4, 1)))
            .expect("legal");
        assert!(!is_caught(&board, at(&board, 2, 2)));
    }

    #[test]
    fn a_runner_that_can_capture_a_chaser_escapes() {
        // White (2,1) is itself in atari, so Black takes it instead of running.
        let board = Board::from_diagram(
            ".........
             .XOX.....
             .OX......
             ..OO.....
             .........
             .........
             .........
             .........
             .........",
        )
        .expect("valid");
        let black = at(&board, 2, 2);
        assert!(board.atari_liberty(black).is_some());
        assert!(capture_beside(&board, black).is_some());
        assert!(!is_caught(&board, black));
    }

    #[test]
    fn a_runner_reaching_three_liberties_escapes() {
        let board = Board::from_diagram(
            ".........
             .........
             ..O......
             .OX......
             .........
             .........
             .........
             .........
             .........",
        )
        .expect("valid");
        let mut chased = board.clone();
        chased
            .play(Color::White, Move::Play(at(&board, 2, 4)))
            .expect("legal");
        let black = at(&board, 2, 3);
        assert!(chased.atari_liberty(black).is_some());
        assert!(
            !is_caught(&chased, black),
            "running at (3,3) gives three liberties"
        );
    }

    /// Black J5 on the edge in atari between White J6 and H5: running at J4 leaves J3 and
    /// H4. White's atari at H4 drives it down the edge to J1; the one at J3 lets it turn
    /// into the board. With a Black stone at J2 both fail (White J3 is then in atari).
    const EDGE_LADDER: &str = ".........
                               .........
                               .........
                               ........O
                               .......OX
                               .........
                               .........
                               .........
                               .........";

    #[test]
    fn the_reader_tries_both_ataris_of_a_ladder() {
        // A reader that took the first atari after which the runner had two liberties
        // took J3 here and called the chain free.
        let mut board = Board::from_diagram(EDGE_LADDER).expect("valid");
        let runner = at(&board, 8, 4);
        assert!(is_caught(&board, runner));
        board
            .play(Color::Black, Move::Play(at(&board, 8, 7)))
            .expect("legal");
        assert!(!is_caught(&board, runner), "J2 breaks the ladder");
    }

    #[test]
    fn a_chase_the_runner_escapes_through_its_cutting_point_is_futile() {
        let board = Board::from_diagram(fixtures::FAILING_CHASE).expect("valid");
        let chase = at(&board, 7, 4);
        assert!(is_double_atari(&board, Color::Black, at(&board, 7, 3)));
        assert!(chases_a_failing_ladder(&board, Color::White, chase));
        // The atari at J4 lets J5 out at once, with three liberties: no ladder.
        assert!(!chases_a_failing_ladder(
            &board,
            Color::White,
            at(&board, 8, 5)
        ));
        // Without the cutting point (no White G6) the chase is left to the search.
        let mut plain = Board::from_diagram(
            ".........
             .........
             .........
             ........O
             ........X
             .........
             .........
             ........X
             .........",
        )
        .expect("valid");
        assert!(!chases_a_failing_ladder(&plain, Color::White, chase));
        // Without the breaker the ladder works: a catching atari, not a futile chase.
        plain = Board::from_diagram(
            ".........
             .........
             ......X..
             .....XO.O
             ........X
             .........
             .........
             .........
             .........",
        )
        .expect("valid");
        assert!(!chases_a_failing_ladder(&plain, Color::White, chase));
        plain.play(Color::White, Move::Play(chase)).expect("legal");
        assert!(is_caught(&plain, at(&plain, 8, 4)));
    }

    #[test]
    fn catching_atari_finds_an_atari_that_ladders() {
        // The ladder position one move earlier: Black (2,2) still has two liberties.
        let board = Board::from_diagram(fixtures::LADDER_BEFORE_ATARI).expect("valid");
        let black = at(&board, 2, 2);
        let atari = catching_atari(&board, Color::White, black).expect("a ladder");
        let mut after = board.clone();
        after.play(Color::White, Move::Play(atari)).expect("legal");
        assert!(is_caught(&after, black));
        // A breaker on each side: no atari catches it.
        let broken = Board::from_diagram(
            ".........
             ..O.X....
             .OX......
             ...O.....
             .X.......
             .........
             .........
             .........
             .........",
        )
        .expect("valid");
        assert_eq!(catching_atari(&broken, Color::White, black), None);
    }

    #[test]
    fn the_vital_point_of_three_point_eye_spaces() {
        // A straight three in the corner and a bent three beside it, walled in by Black.
        let board = Board::from_diagram(
            "...X.
             XXXX.
             .....
             .....
             .....",
        )
        .expect("valid");
        let straight = [at(&board, 0, 0), at(&board, 1, 0), at(&board, 2, 0)];
        for p in straight {
            assert_eq!(eye_vital_point(&board, p), Some(at(&board, 1, 0)));
        }
        let bent = Board::from_diagram(
            "..X..
             .XX..
             XX...
             .....
             .....",
        )
        .expect("valid");
        assert_eq!(
            eye_vital_point(&bent, at(&bent, 0, 1)),
            Some(at(&bent, 0, 0))
        );
        // Four points, two points, or a space that both colours touch: none.
        assert_eq!(eye_vital_point(&board, at(&board, 4, 0)), None);
        let two = Board::from_diagram(
            "..X..
             XXX..
             .....
             .....
             .....",
        )
        .expect("valid");
        assert_eq!(eye_vital_point(&two, at(&two, 0, 0)), None);
        let mixed = Board::from_diagram(
            "...O.
             XXXX.
             .....
             .....
             .....",
        )
        .expect("valid");
        assert_eq!(eye_vital_point(&mixed, at(&mixed, 0, 0)), None);
        // A walled-in pyramid four, from its middle (three empty neighbours) and its ends.
        let pyramid = Board::from_diagram(
            "...X.
             X.XX.
             XX...
             .....
             .....",
        )
        .expect("valid");
        for (x, y) in [(1, 0), (0, 0), (2, 0), (1, 1)] {
            assert_eq!(eye_vital_point(&pyramid, at(&pyramid, x, y)), None);
        }
    }

    #[test]
    fn widening_liberty_counts_the_chains_it_joins() {
        // Black (1,1)-(2,1) has two liberties, (0,1) and (3,1). At (3,1) it joins (4,1),
        // which brings two more; at (0,1) the edge leaves it one new one.
        let board = Board::from_diagram(
            ".OO..
             .XX.X
             OOOO.
             .....
             .....",
        )
        .expect("valid");
        let black = at(&board, 1, 1);
        assert_eq!(liberties(&board, black).count(), 2);
        assert_eq!(two_liberty_relief(&board, black), Some(at(&board, 3, 1)));
        // Walled in, neither liberty gives three.
        let cramped = Board::from_diagram(
            ".OOO.
             .XX.O
             OOOO.
             .....
             .....",
        )
        .expect("valid");
        assert_eq!(two_liberty_relief(&cramped, at(&cramped, 1, 1)), None);
    }
}
