//! The decision near the end of a game: pass, resign, or play the move that settles what
//! the end-of-game judgement ([`life`](super::life)) finds open, before or instead of the
//! search's own choice.

use super::{Candidate, Decision, Search};
use crate::board::{Move, Point};
use crate::game::{Counting, Game};
use crate::time::Budget;

impl Search {
    /// The decision near the end of the game, or `None` to take the search's. Where every
    /// point is settled: pass if passing does not lose, whether or not the opponent has
    /// passed (no move changes the outcome, and under territory counting, rule 18, filling
    /// one's own area costs a point), except for the search's move on a liberty at stake
    /// ([`Ending::at_stake`](super::life::Ending::at_stake)) before the opponent's pass
    /// under area counting, or where a search after the pass finds the opponent's answer
    /// ([`pass_check`](super::pass_check)); if it loses, resign (play on where resigning
    /// is off). Where something is unsettled, never pass: instead of the search's pass,
    /// the move that settles it (the most visited one), or the search's best other move
    /// while stones' fate is open.
    pub(super) fn end_decision(
        &mut self,
        game: &Game,
        candidates: &[Candidate],
        resigns: bool,
        pass_check: Option<&Budget>,
    ) -> Option<(Decision, f64)> {
        let best = candidates.first()?;
        let ending = self.judge.ending(game, self.config.seed);
        let visits = |p: Point| {
            candidates
                .iter()
                .find(|c| c.mv == Move::Play(p))
                .map_or(0, |c| c.visits)
        };
        let best_play = candidates.iter().find_map(|c| match c.mv {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        });
        if !ending.is_settled() {
            if resigns {
                return None;
            }
            // Instead of a pass, always; instead of another move, only where that move is
            // idle and the settling move a dame ([`Ending::fills_dame_instead_of`]). Any
            // other move is the search's to choose: where the quick judgement took 9x9
            // fights for nearly finished, the engine saved stones in atari and filled
            // liberties of its own with settling moves the search had never tried, or
            // tried a few times, instead of the move it rated best (at 82% and at 99.9%),
            // and lost all four games it lost against GNU Go in 50 so; and one the search
            // rated nearly as well is still its second choice.
            let settle = ending
                .settling
                .iter()
                .copied()
                .max_by_key(|&p| visits(p))
                .filter(|&p| best.mv == Move::Pass || ending.fills_dame_instead_of(best.mv, p));
            if best.mv != Move::Pass {
                return settle.map(|p| (Decision::Play(p), best.winrate));
            }
            let settle = settle.or(best_play.filter(|_| ending.open_stones));
            return settle.map(|p| (Decision::Play(p), best.winrate));
        }
        // Before the opponent's pass the search's best move is played, not a pass, on a
        // liberty at stake under area counting (it costs nothing if the count is right,
        // and the count may be wrong: docs/handicap.md), or where a search after the pass
        // finds the opponent's answer ([`pass_check`]); with no time left for that search,
        // under area counting, where the play costs nothing.
        let area = game.rules().counting == Counting::Area;
        if let (Move::Play(p), false) = (best.mv, opponent_passed(game)) {
            let pass_gives_away = |budget| self.pass_gives_away(game, best.winrate, budget);
            if (area && ending.at_stake.contains(&p))
                || (ending.passing_holds && pass_check.map_or(area, pass_gives_away))
            {
                return Some((Decision::Play(p), best.winrate));
            }
        }
        if ending.passing_holds {
            return Some((Decision::Pass, best.winrate.max(0.5)));
        }
        // Settled and lost: no move changes the outcome, so a player who may resign does,
        // even where the search keeps some hope (its random playouts do in a lost game: in
        // a 19x19 match it played 150 moves into its own area while GNU Go passed), but
        // not where the search expects to win: the judgement is then the likelier to be
        // wrong (it resigned two 9x9 games at 0.53 and 0.89 that yunzi won when played on).
        let expects_to_win = best.winrate >= 0.5;
        if resigns || (self.config.resign_threshold > 0.0 && !expects_to_win) {
            return Some((Decision::Resign, best.winrate));
        }
        // Where the search expects to win, play on with its best move, which may find what
        // the judgement missed. Where it agrees the game is lost and resigning is off,
        // pass: every move loses alike, and on a settled board the search's pick can only
        // fill its own area or eyes.
        Some(match best_play.filter(|_| expects_to_win) {
            Some(p) => (Decision::Play(p), best.winrate),
            None => (Decision::Pass, best.winrate),
        })
    }
}

/// Whether the opponent's last move was a pass.
pub(super) fn opponent_passed(game: &Game) -> bool {
    matches!(game.moves().last(), Some((_, Move::Pass)))
}
