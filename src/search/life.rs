//! Life and death at the end of a game (rule 13): which stones are dead and which are in
//! seki, for passing, `final_score` and `final_status_list`.
//!
//! The judgement is ownership over many playouts from the position; it runs only when the
//! engine considers passing or is asked for the result, never inside the search's playouts.

use rand::SeedableRng;

use super::Search;
use crate::board::{Board, Color, Point, MAX_POINTS};
use crate::game::Game;
use crate::playout::{self, Heavy, PlayoutRng};
use crate::scoring;

/// Life and death at the end of a game (rule 13).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LifeAndDeath {
    pub dead: Vec<Point>,
    pub seki: Vec<Point>,
    /// Per point of [`Board::points`] order: +1 Black owns it in every playout, -1 White.
    pub ownership: Vec<f64>,
}

impl Search {
    /// Dead stones and seki, judged from ownership over playouts from the position: a stone
    /// its own side keeps in under 30% of them is dead; chains with at most two liberties
    /// that survive beside an enemy chain that also survives, sharing a liberty that neither
    /// side ends up owning, are in seki (rule 13).
    ///
    /// The judgement depends on the stones alone (half the playouts start with each colour,
    /// after a pass, from a seed and the position's hash), so the judgement that made the
    /// engine pass is the one `final_score` reports after the pass.
    pub fn life_and_death(&mut self, game: &Game) -> LifeAndDeath {
        let key = (self.config.seed, game.board().hash());
        if let Some((seed, hash, judged)) = &self.judged {
            if (*seed, *hash) == key {
                return judged.clone();
            }
        }
        let judged = self.judge_afresh(game.board());
        self.judged = Some((key.0, key.1, judged.clone()));
        judged
    }

    /// [`Search::life_and_death`] without the memory of the last judgement.
    fn judge_afresh(&self, board: &Board) -> LifeAndDeath {
        let runs = (200_000 / board.size().pow(2)).clamp(400, 2000);
        let mut rng = PlayoutRng::seed_from_u64(self.config.seed ^ board.hash());
        let mut totals = [0i32; MAX_POINTS];
        let mut owners = [0i8; MAX_POINTS];
        let mut scratch = board.clone();
        let policy = Heavy::for_board(board);
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
        let own = |p: Point| totals[p.index()] as f64 / runs as f64;
        let mut result = LifeAndDeath {
            ownership: board.points().map(own).collect(),
            ..LifeAndDeath::default()
        };
        let keeps = |p: Point, c: Color| {
            let sign = if c == Color::Black { 1.0 } else { -1.0 };
            (sign * own(p) + 1.0) / 2.0
        };
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
        result
    }
}

/// Whether the stone at `p` is in seki (see [`Search::life_and_death`]): its chain has one
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
