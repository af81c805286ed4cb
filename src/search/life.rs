//! Life and death at the end of a game (rule 13): which stones are dead and which are in
//! seki, for passing, `final_score` and `final_status_list`.
//!
//! The judgement is ownership over many playouts from the position; it runs only when the
//! engine considers passing or is asked for the result, never inside the search's playouts.

use rand::SeedableRng;

use crate::board::{Board, Cell, Color, Move, Point, MAX_POINTS};
use crate::game::Game;
use crate::playout::{self, Heavy, PlayoutRng, Policy};
use crate::scoring;

/// Life and death at the end of a game (rule 13).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LifeAndDeath {
    pub dead: Vec<Point>,
    pub seki: Vec<Point>,
    /// Per point of [`Board::points`] order: +1 Black owns it in every playout, -1 White.
    pub ownership: Vec<f64>,
    /// Points whose fate is open: stones the playouts neither clearly keep nor clearly
    /// lose and that are not in seki, and the empty points of regions (the dead stones
    /// taken off) that touch both colours and no seki: dame to fill, an open ko, a border
    /// still to close.
    pub unsettled: Vec<Point>,
    /// Live stones in a capturing race beside a big chain counted dead (`is_racing`):
    /// open to the side whose count the dead chain helps, and to a side that would resign.
    pub racing: Vec<Point>,
}

/// The share of the playouts in which a stone must live, or die, for its fate to count as
/// agreed. Empty points are not asked: in a large territory the playouts' invaders live
/// often enough that its points never look clearly owned, though one move there threatens
/// nothing that cannot be answered.
const CLEAR: f64 = 0.9;

/// The end of a game as the pass decision sees it (rules 12 and 13).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Ending {
    /// Whether passing now does not lose, counted with the judgement's dead stones and seki.
    pub passing_holds: bool,
    /// Moves for the side to move that settle points the playouts disagree on: a dame to
    /// fill, a ko to connect, a liberty of a chain whose fate is open. Empty when every
    /// point is settled, or none of the open ones is the side to move's to play.
    pub settling: Vec<Point>,
    /// Whether some stones' fate is open (a reason to keep playing even where no move of
    /// `settling` reaches them).
    pub open_stones: bool,
    /// The dame of `settling`: empty points the judgement leaves to neither colour, whose
    /// filling leaves the new stone's chain at least three liberties. Filling one changes
    /// nothing once every stone is settled; a dame that shortens an own chain's
    /// liberties may not be (in a 9x9 game filling one let the opponent atari the chain
    /// and break into the area behind it).
    pub dame: Vec<Point>,
    /// Plays in the middle of the side to move's own area: empty points it owns in
    /// nearly every judgement playout ([`CLEAR`]) with no stone within two points.
    pub idle: Vec<Point>,
    /// Liberties of the enemy chains counted dead and of every chain with two liberties
    /// or fewer, where the side to move may play safely (no own eye, no self-atari):
    /// under area counting, a play there costs nothing if the count is right, and saves
    /// or takes a group if the count is wrong.
    pub at_stake: Vec<Point>,
}

impl Ending {
    /// Whether every point is settled: no move changes the outcome.
    pub fn is_settled(&self) -> bool {
        self.settling.is_empty() && !self.open_stones
    }

    /// Whether filling the dame `p` instead of the search's `best` move changes nothing
    /// but the border: the judgement counts every stone settled and the game won by
    /// passing, and `best` is idle. On a finished board the search's playouts invade
    /// the territories and its win rates are noise: with 1,000 playouts on a 9x9 board
    /// with one dame it preferred a move inside its own area (74%) to the dame (61%).
    /// Only an idle move gives way: where the judgement took a 9x9 fight for settled, the
    /// search's best moves were cuts and connections beside the stones, and filling
    /// dame instead lost games against GNU Go.
    pub fn fills_dame_instead_of(&self, best: Move, p: Point) -> bool {
        self.passing_holds
            && !self.open_stones
            && self.dame.contains(&p)
            && matches!(best, Move::Play(b) if self.idle.contains(&b))
    }
}

/// The judge of life and death, with the memory of its last judgement: passing,
/// `final_score` and `final_status_list` ask for the same position in a row, and a
/// judgement is a pure function of the seed and the position.
#[derive(Debug, Default)]
pub(super) struct Judge {
    /// The last judgement, by (seed, position hash).
    last: Option<((u64, u64), LifeAndDeath)>,
}

impl Judge {
    /// Dead stones and seki, judged from ownership over playouts from the position: a stone
    /// its own side keeps in under 30% of them is dead; chains with at most two liberties
    /// that survive beside an enemy chain that also survives, sharing a liberty that neither
    /// side ends up owning, are in seki (rule 13).
    ///
    /// The judgement depends on the stones alone (half the playouts start with each colour,
    /// after a pass, from `seed` and the position's hash), so the judgement that made the
    /// engine pass is the one `final_score` reports after the pass.
    pub fn life_and_death(&mut self, game: &Game, seed: u64) -> LifeAndDeath {
        let key = (seed, game.board().hash());
        if let Some((last_key, judged)) = &self.last {
            if *last_key == key {
                return judged.clone();
            }
        }
        let runs = (200_000 / game.board().size().pow(2)).clamp(400, 2000);
        let judged = judge_afresh(game.board(), seed, runs);
        self.last = Some((key, judged.clone()));
        judged
    }

    /// Whether the game is over but for the passes: what passing now would give and
    /// which moves would still settle something (see [`Ending`]). A pass is safe only when
    /// `settling` is empty: a group whose fate the playouts do not agree on is a reason to
    /// keep playing.
    pub fn ending(&mut self, game: &Game, seed: u64) -> Ending {
        let judged = self.life_and_death(game, seed);
        let board = game.board();
        let color = game.to_move();
        let score = game.score(&judged.dead, &judged.seki);
        let passing_holds = score.winner() != Some(color.opponent());
        // A race matters to the side to move where its count takes the enemy's big chain
        // for dead (its own racing chain wins it), or where it would resign: a race it
        // loses beside its own dead chain changes nothing a pass gives away.
        let open: Vec<Point> = judged
            .unsettled
            .iter()
            .copied()
            .chain(
                judged
                    .racing
                    .iter()
                    .copied()
                    .filter(|&p| !passing_holds || board.cell(p) == color.cell()),
            )
            .collect();
        // A play the side to move may make at no risk of its own: legal, not in its own
        // true eye, not a self-atari.
        let safe_play = |p: Point| {
            game.legality(color, Move::Play(p)).is_ok()
                && !board.is_true_eye(color, p)
                && !board.is_self_atari(color, p)
        };
        let mut settling: Vec<Point> = open
            .iter()
            .flat_map(|&p| match board.cell(p).color() {
                // Its liberties, and those of the enemy chains short of liberties beside
                // it: in a race, the attack settles as much as the defence.
                Some(_) => short_neighbours(board, p)
                    .into_iter()
                    .chain(std::iter::once(p))
                    .flat_map(|q| board.chain_liberties(q))
                    .collect(),
                None => vec![p],
            })
            .filter(|&p| safe_play(p))
            .collect();
        // A chain in atari is one move from changing hands: take or save it before passing
        // (under either counting this costs nothing).
        let in_atari = board
            .points()
            .filter(|&p| board.cell(p).color().is_some())
            .filter_map(|p| board.atari_liberty(p))
            .filter(|&l| {
                game.legality(color, Move::Play(l)).is_ok() && !board.is_self_atari(color, l)
            });
        let dame = settling
            .iter()
            .copied()
            .filter(|&p| open.contains(&p) && keeps_three_liberties(board, color, p))
            .collect();
        let idle = board
            .points()
            .zip(&judged.ownership)
            .filter(|&(p, &own)| {
                board.cell(p) == Cell::Empty
                    && share_owned(own, color) >= CLEAR
                    && !has_stone_within_two(board, p)
            })
            .map(|(p, _)| p)
            .collect();
        let dead_enemy_liberties = judged
            .dead
            .iter()
            .filter(|&&p| board.cell(p) == color.opponent().cell())
            .flat_map(|&p| board.chain_liberties(p));
        let short_chain_liberties = board
            .chain_heads()
            .map(|p| board.chain_liberties(p))
            .filter(|libs| libs.len() <= 2)
            .flatten();
        let mut at_stake: Vec<Point> = dead_enemy_liberties
            .chain(short_chain_liberties)
            .filter(|&p| safe_play(p))
            .collect();
        at_stake.sort_unstable();
        at_stake.dedup();
        settling.extend(in_atari);
        settling.sort_unstable();
        settling.dedup();
        Ending {
            passing_holds,
            settling,
            open_stones: open.iter().any(|&p| board.cell(p).color().is_some()),
            dame,
            idle,
            at_stake,
        }
    }
}

/// Whether the game on `board` may be over, cheaply: most empty points lie in regions that
/// one colour encloses, and a quick judgement of a few playouts finds almost nothing
/// unsettled. The full judgement is then worth its cost at every move.
pub(super) fn looks_finished(board: &Board, seed: u64) -> bool {
    let mut enclosed = [false; MAX_POINTS];
    for p in enclosed_regions(board, 1)
        .into_iter()
        .flat_map(|(_, points)| points)
    {
        enclosed[p.index()] = true;
    }
    let open = board
        .points()
        .filter(|&p| board.cell(p) == Cell::Empty && !enclosed[p.index()])
        .count();
    open * 2 <= board.size().pow(2)
        && judge_afresh(board, seed, QUICK_RUNS).unsettled.len() <= QUICK_UNSETTLED
}

/// [`Judge::life_and_death`] without the memory of the last judgement.
fn judge_afresh(board: &Board, seed: u64, runs: usize) -> LifeAndDeath {
    let territory = territories(board, seed);
    let totals = ownership_totals(board, seed, runs, &territory);
    let own = |p: Point| totals[p.index()] as f64 / runs as f64;
    let mut result = LifeAndDeath {
        ownership: board.points().map(own).collect(),
        ..LifeAndDeath::default()
    };
    let keeps = |p: Point, c: Color| share_owned(own(p), c);
    for p in board.points() {
        let Some(color) = board.cell(p).color() else {
            continue;
        };
        if keeps(p, color) < 0.3 {
            result.dead.push(p);
        } else if is_seki(board, p, &keeps) {
            result.seki.push(p);
        }
    }
    result.unsettled = unsettled(board, &keeps, &result.dead, &result.seki);
    result.racing = board
        .points()
        .filter(|&p| board.cell(p).color().is_some())
        .filter(|p| !result.dead.contains(p) && !result.seki.contains(p))
        .filter(|&p| is_racing(board, p, &result.dead))
        .collect();
    result
}

/// Each point's ownership summed over `runs` judgement playouts from `board` (+1 a
/// playout Black owns it in, -1 White), each side kept out of the other's `territory`.
/// Half the playouts start with each colour, after a pass.
fn ownership_totals(
    board: &Board,
    seed: u64,
    runs: usize,
    territory: &[i8; MAX_POINTS],
) -> [i32; MAX_POINTS] {
    let mut rng = PlayoutRng::seed_from_u64(seed ^ board.hash());
    let mut totals = [0i32; MAX_POINTS];
    let mut owners = [0i8; MAX_POINTS];
    let mut scratch = board.clone();
    let policy = Judging {
        heavy: Heavy::for_judgement(board),
        territory,
    };
    for run in 0..runs {
        let first = if run % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        scratch.clone_from(board);
        scratch.pass(first.opponent());
        playout::run(&mut scratch, first, 0.0, &policy, &mut rng, |_, _| {});
        scoring::owners(&scratch, &mut owners);
        for p in board.points() {
            totals[p.index()] += owners[p.index()] as i32;
        }
    }
    totals
}

/// The owner of each empty point of the [`enclosed_regions`] that are territories
/// (+1 Black, -1 White, 0 elsewhere). The walls alone are not enough where the other
/// side has stones inside: early in a game every chain is small and lies "inside"
/// someone's walls (at move 24 of a 9x9 game all twelve of Black's stones did, the
/// judgement counted the board White's, and the engine resigned a game its search gave
/// it at 0.89). Such a region is a territory only if each of those stones lives in
/// fewer than [`INVADERS_KEPT`] of a few playouts open to both sides.
fn territories(board: &Board, seed: u64) -> [i8; MAX_POINTS] {
    let mut owner = [0i8; MAX_POINTS];
    let regions = enclosed_regions(board, TERRITORY);
    let mut open = None;
    for (sign, points) in regions {
        let (empty, stones): (Vec<Point>, Vec<Point>) = points
            .into_iter()
            .partition(|&p| board.cell(p) == Cell::Empty);
        if !stones.is_empty() {
            let open = open.get_or_insert_with(|| {
                ownership_totals(board, seed, CONFIRM_RUNS, &[0; MAX_POINTS])
            });
            // The ownership, for its own side, of the stone likeliest to live.
            let most_kept = stones
                .iter()
                .map(|p| -i32::from(sign) * open[p.index()])
                .fold(i32::MIN, i32::max);
            let share = (f64::from(most_kept) / CONFIRM_RUNS as f64 + 1.0) / 2.0;
            if share >= INVADERS_KEPT {
                continue;
            }
        }
        for p in empty {
            if owner[p.index()] == 0 {
                owner[p.index()] = sign;
            }
        }
    }
    owner
}

/// Playouts of the quick judgement in [`looks_finished`], and the unsettled points
/// it may find on a board that is still worth judging in full (a dame or two, an open ko).
const QUICK_RUNS: usize = 64;
const QUICK_UNSETTLED: usize = 6;

/// Empty regions of at least this many points, enclosed by one colour, are that colour's
/// territory to the judgement's playouts: the other side does not play there. Random
/// invaders live in a third of a 9x9 board often enough to make the walls around it look
/// unsettled (a finished game of two walls, every point owned, kept the engine playing);
/// a living invasion is a move that the owner answers, not a reason to doubt the walls.
/// Smaller spaces stay open to throw-ins, where nakade kills.
const TERRITORY: usize = 7;

/// Playouts open to both sides that confirm a territory with the other side's stones
/// inside, and the share of them in which each of those stones may live at most (see
/// [`territories`]). A lone dead stone in a four-column area lived in 0.58 of
/// them, beside invaders its owner did not answer; of White's four lone stones on the
/// open side of a 9x9 game at move 33, counted dead by their walls alone, the likeliest
/// to live did in 0.91.
const CONFIRM_RUNS: usize = 64;
const INVADERS_KEPT: f64 = 0.7;

/// The points of each region of at least `min_size` points that one colour encloses, with
/// that colour's sign (+1 Black, -1 White): candidates for its territory (see
/// [`TERRITORY`]). A colour's region holds empty points and the other colour's small chains
/// (a lone dead stone must not turn the territory around it into open ground); it must be
/// walled in by at least one chain that is not small, and cover at most two thirds of the
/// board (early in a game a few lone stones "enclose" everything).
fn enclosed_regions(board: &Board, min_size: usize) -> Vec<(i8, Vec<Point>)> {
    const SMALL: u32 = 3;
    let mut regions = Vec::new();
    let mut region = Vec::new();
    for (color, sign) in [(Color::Black, 1), (Color::White, -1)] {
        let inside = |p: Point| match board.cell(p) {
            Cell::Empty => true,
            c if c == color.opponent().cell() => board.chain_size(p) <= SMALL,
            _ => false,
        };
        let mut seen = [false; MAX_POINTS];
        for p in board.points() {
            if !inside(p) || seen[p.index()] {
                continue;
            }
            region.clear();
            region.push(p);
            seen[p.index()] = true;
            let (mut enclosed, mut walled) = (true, false);
            let mut k = 0;
            while k < region.len() {
                for q in board.neighbours(region[k]) {
                    if inside(q) {
                        if !seen[q.index()] {
                            seen[q.index()] = true;
                            region.push(q);
                        }
                    } else if board.cell(q) == color.cell() {
                        walled |= board.chain_size(q) > SMALL;
                    } else {
                        enclosed &= board.cell(q) != color.opponent().cell();
                    }
                }
                k += 1;
            }
            let most = 2 * board.size().pow(2) / 3;
            if enclosed && walled && region.len() >= min_size && region.len() <= most {
                regions.push((sign, region.clone()));
            }
        }
    }
    regions
}

/// The judgement's playout policy: the heavy one with nakade throw-ins, kept out of the
/// other side's territories.
struct Judging<'a> {
    heavy: Heavy,
    territory: &'a [i8; MAX_POINTS],
}

impl Policy for Judging<'_> {
    fn choose(&self, board: &Board, color: Color, rng: &mut PlayoutRng) -> Option<Point> {
        let theirs = match color {
            Color::Black => -1,
            Color::White => 1,
        };
        self.heavy
            .choose_within(board, color, rng, |p| self.territory[p.index()] != theirs)
    }
}

/// [`LifeAndDeath::unsettled`] for `board` with the fates judged.
fn unsettled(
    board: &Board,
    keeps: &dyn Fn(Point, Color) -> f64,
    dead: &[Point],
    seki: &[Point],
) -> Vec<Point> {
    let mut open = [false; MAX_POINTS];
    for &p in dead {
        open[p.index()] = true;
    }
    let mut list = Vec::new();
    for p in board.points() {
        match board.cell(p).color() {
            None => open[p.index()] = true,
            Some(color) if !open[p.index()] && !seki.contains(&p) => {
                let k = keeps(p, color);
                if k < CLEAR && k > 1.0 - CLEAR {
                    list.push(p);
                }
            }
            Some(_) => {}
        }
    }
    // Flood-fill each region of empty points and dead stones; note the live colours and
    // the seki it touches.
    let mut seen = [false; MAX_POINTS];
    let mut region = Vec::new();
    for p in board.points() {
        if !open[p.index()] || seen[p.index()] {
            continue;
        }
        region.clear();
        region.push(p);
        seen[p.index()] = true;
        let (mut black, mut white, mut by_seki) = (false, false, false);
        let mut k = 0;
        while k < region.len() {
            for q in board.neighbours(region[k]) {
                if open[q.index()] {
                    if !seen[q.index()] {
                        seen[q.index()] = true;
                        region.push(q);
                    }
                    continue;
                }
                by_seki |= seki.contains(&q);
                match board.cell(q).color() {
                    Some(Color::Black) => black = true,
                    Some(Color::White) => white = true,
                    None => {}
                }
            }
            k += 1;
        }
        if black == white && !by_seki {
            list.extend(region.iter().filter(|&&q| board.cell(q).color().is_none()));
        }
    }
    list.sort_unstable();
    list
}

/// Whether the stone at `p` is in a capturing race that the playouts cannot be trusted
/// with: its chain has at most two liberties, one of them a point the enemy may fill (not
/// in its own eye space, [`is_eye_space`]), beside an enemy chain of at most three that the
/// judgement counts `dead` and that holds at least [`RACE_STAKE`] stones. Who wins such a
/// race turns on a tempo that random play gets wrong: in a 19x19 game the judgement gave a
/// surrounded two-liberty chain the race against a 30-stone group with a two-point eye and
/// an outside liberty, and the engine passed a game that cleanup play lost by 82 points.
/// Races over a few stones are left to the playouts: counted as open, they kept the engine
/// playing into its own area for 70 moves while the opponent passed.
fn is_racing(board: &Board, p: Point, dead: &[Point]) -> bool {
    let Some(color) = board.cell(p).color() else {
        return false;
    };
    let libs = board.chain_liberties(p);
    libs.len() <= 2
        && libs.iter().any(|&l| !is_eye_space(board, color, l))
        && short_neighbours(board, p)
            .iter()
            .any(|&q| board.chain_size(q) >= RACE_STAKE && dead.contains(&q))
}

/// The fewest stones of a dead enemy chain for a race beside it to keep the game open (see
/// [`is_racing`]).
const RACE_STAKE: u32 = 4;

/// The share of the judgement's playouts in which `color` owns a point of ownership
/// `own` ([`LifeAndDeath::ownership`]: +1 Black in every playout, -1 White).
fn share_owned(own: f64, color: Color) -> f64 {
    let sign = if color == Color::Black { 1.0 } else { -1.0 };
    (sign * own + 1.0) / 2.0
}

/// Whether a stone lies within Manhattan distance two of `p`.
fn has_stone_within_two(board: &Board, p: Point) -> bool {
    let (col, row) = board.coords(p);
    (-2i32..=2)
        .flat_map(|dx| (-2i32..=2).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| dx.abs() + dy.abs() <= 2)
        .filter_map(|(dx, dy)| {
            let (c, r) = (
                col.checked_add_signed(dx as isize)?,
                row.checked_add_signed(dy as isize)?,
            );
            board.try_point(c, r)
        })
        .any(|q| board.cell(q).color().is_some())
}

/// Whether `color`'s stone at `p`, a legal play, would be in a chain of at least three
/// liberties (see [`Ending::dame`]).
fn keeps_three_liberties(board: &Board, color: Color, p: Point) -> bool {
    let mut after = board.clone();
    after.play_legal(color, p);
    after.chain_liberties(p).len() >= 3
}

/// The enemy stones beside the chain at `p` whose chains have at most three liberties.
fn short_neighbours(board: &Board, p: Point) -> Vec<Point> {
    let mut found: Vec<Point> = Vec::new();
    let Some(color) = board.cell(p).color() else {
        return found;
    };
    for s in board.chain_stones(p) {
        for q in board.neighbours(s) {
            if board.cell(q) == color.opponent().cell()
                && !found.contains(&q)
                && board.chain_liberties(q).len() <= 3
            {
                found.push(q);
            }
        }
    }
    found
}

/// Whether the empty point `l` lies in a small space (at most six points) that only
/// `color`'s stones and the edge enclose: an eye, or room for one, that the enemy cannot
/// fill from outside. A live group's chains often share their eyes as their only liberties.
fn is_eye_space(board: &Board, color: Color, l: Point) -> bool {
    const MAX: usize = 6;
    let mut space = [l; MAX];
    let mut size = 1;
    let mut k = 0;
    while k < size {
        for q in board.neighbours(space[k]) {
            match board.cell(q) {
                Cell::Empty if !space[..size].contains(&q) => {
                    if size == MAX {
                        return false;
                    }
                    space[size] = q;
                    size += 1;
                }
                c if c == color.opponent().cell() => return false,
                _ => {}
            }
        }
        k += 1;
    }
    true
}

/// Whether the stone at `p` is in seki (see [`Judge::life_and_death`]): its chain has one
/// or two liberties, neither side can fill any of them without putting itself in atari (or
/// at all), and one of them touches an enemy chain that survives too.
fn is_seki(board: &Board, p: Point, keeps: &dyn Fn(Point, Color) -> f64) -> bool {
    let Some(color) = board.cell(p).color() else {
        return false;
    };
    let enemy = color.opponent();
    let libs = board.chain_liberties(p);
    if libs.is_empty() || libs.len() > 2 || keeps(p, color) < 0.3 {
        return false;
    }
    let fillable = |c: Color, l: Point| board.is_legal(c, l) && !board.is_self_atari(c, l);
    let mut beside_live_enemy = false;
    for &l in &libs {
        if fillable(color, l) || fillable(enemy, l) {
            return false;
        }
        beside_live_enemy |= board
            .neighbours(l)
            .iter()
            .any(|&q| board.cell(q) == enemy.cell() && keeps(q, enemy) >= 0.3);
    }
    beside_live_enemy
}

#[cfg(test)]
mod tests;
