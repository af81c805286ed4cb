//! A pass checked by a search of the position after it.
//!
//! Near the end the judgement may count a board settled and a pass safe where the search
//! rates a play far better: in a 9x9 handicap game it counted White's open corner its own,
//! and White passed at 0.96 where the search rated E1 there at 0.96; Black's E2 took White
//! to 0.06 (docs/handicap.md). The judgement's playouts start from the stones alone, so a
//! move that breaks into an area can escape them, and the search seldom tries the pass
//! (its prior keeps it for the end), so it never reads the opponent's answer to it.
//! So before passing first, the engine searches the position after its pass, the
//! opponent to move, and plays its own best move instead where the opponent's best reply
//! leaves the pass worth [`MARGIN`] less than that move.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::Search;
use crate::board::Move;
use crate::game::Game;
use crate::time::Budget;

/// How much worse than the search's best move a pass may be and still be played: on a
/// settled board the pass gives the opponent a free move, which playouts may rate a few
/// tenths for an invasion of a big area; the pass that lost White its corner lost 0.86.
const MARGIN: f64 = 0.3;

/// Fewer playouts than this say nothing about the opponent's replies.
const MIN_PLAYOUTS: u64 = 1000;

/// The share of the move's search that checks a pass.
const SHARE: u32 = 4;

/// The check's budget: a quarter of the move's playouts ([`MIN_PLAYOUTS`] at least),
/// within a quarter of its time and what its hard stop leaves; `None` where the search
/// left too little time for one (under a clock it may have run to its hard stop). A plain
/// playout budget gets plain playouts, so that a seeded search stays deterministic.
pub(super) fn budget(budget: &Budget, playouts: u64, elapsed: Duration) -> Option<Budget> {
    let playouts = (playouts / u64::from(SHARE)).max(MIN_PLAYOUTS);
    match budget {
        Budget::Playouts(_) => Some(Budget::Playouts(playouts)),
        Budget::PlayoutsWithin { .. } | Budget::Time { .. } => {
            let time = elapsed / SHARE;
            (budget.max().saturating_sub(elapsed) >= time).then_some(Budget::PlayoutsWithin {
                playouts,
                max: time,
            })
        }
    }
}

impl Search {
    /// Whether passing in `game` gives the opponent a reply that leaves the pass worth
    /// [`MARGIN`] less than `best`, the win rate of the search's best play.
    pub(super) fn pass_gives_away(&mut self, game: &Game, best: f64, budget: &Budget) -> bool {
        let mut after = game.clone();
        if after.play(game.to_move(), Move::Pass).is_err() {
            return false;
        }
        // Its own flag: the move's search sets its flag when it stops early.
        let report = self.run(&after, budget, &AtomicBool::new(false));
        let Some(reply) = report.candidates.first() else {
            return false;
        };
        log::debug!(
            "pass checked: the reply {:?} leaves it {:.3} against {best:.3} ({} playouts)",
            reply.mv,
            1.0 - reply.winrate,
            report.playouts
        );
        1.0 - reply.winrate < best - MARGIN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_gets_a_quarter_of_the_move_and_never_passes_its_hard_stop() {
        let ms = Duration::from_millis;
        // A seeded playout budget stays a playout budget: the same search every run.
        assert_eq!(
            budget(&Budget::Playouts(40_000), 40_000, ms(900)),
            Some(Budget::Playouts(10_000))
        );
        let clock = Budget::Time {
            target: ms(1000),
            max: ms(1500),
        };
        assert_eq!(
            budget(&clock, 40_000, ms(1000)),
            Some(Budget::PlayoutsWithin {
                playouts: 10_000,
                max: ms(250),
            })
        );
        // Too few playouts say nothing: a small budget's check still gets its floor.
        assert_eq!(
            budget(&Budget::Playouts(200), 200, ms(10)),
            Some(Budget::Playouts(MIN_PLAYOUTS))
        );
        // A search that ran to near its hard stop leaves no time for a check.
        assert_eq!(budget(&clock, 40_000, ms(1440)), None);
    }
}
