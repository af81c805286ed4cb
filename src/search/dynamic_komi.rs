//! Dynamic komi: the komi the search plays for in handicap games, after Baudiš and Gailly,
//! "Balancing MCTS by Dynamically Adjusting Komi Value" (ICGA Journal 34, 2011), and the
//! ideas and figures of Pachi's linear dynamic komi.
//!
//! Random playouts make more of handicap stones than strong players do: early in a
//! handicap game they give Black nearly every game. The side giving the stones, White,
//! then finds every move lost, cannot tell its moves apart, plays wild and resigns; the
//! side taking them finds every move won and plays slack. So the search counts its
//! playouts with extra komi for White (never the game's), the part of the stones' worth
//! that the playouts see and a strong player does not:
//!
//! - **The schedule**: points a handicap stone, fading linearly to none by the fade move.
//!   As White on boards of 13 lines and more the engine is credited 8 points a stone, gone
//!   by move 0.4 x the board's points (68 on 13x13, 144 on 19x19): it has to catch up by
//!   then, and credit it keeps too long makes it slack (with it, giving GNU Go 3 stones on
//!   13x13 it won 9 of 10 and 4 stones on 19x19 8 of 10). On smaller boards White gets no
//!   credit: there the playouts leave it a third of the games at the real komi, not a
//!   hopeless figure, and the credit, which lasted through the fights that decide a 9x9
//!   game, made it slack in them (giving GNU Go 2 stones on 9x9 it won 60 of 80 without
//!   the credit, 9 to 11 of 20 with it: docs/handicap.md). As Black it is charged 12
//!   points a stone, that is White is credited them, gone by move 0.55 x the points (199
//!   on 19x19): it plays to win by that much and so does not let a won game slip. A stone
//!   is worth about twice the komi, 14 to 15 points; both figures stay below that, so that
//!   neither colour's view bends past the stones' real worth (Pachi's figures).
//! - **The reaction** to the engine's own win rate after each of its moves, at the komi it
//!   played for: above [`GREEN`] it plays for one point more (in a handicap game also once
//!   the schedule is over, against a weaker player's slack); below [`ORANGE`] while it is
//!   charged it takes back [`DROP`] points and never asks for more than that again (a
//!   ratchet, so that the komi does not swing); below [`EVEN`] while charged it plays at the
//!   real komi for the rest of the game, as a charge it cannot meet only makes it overplay.
//!   It is never credited beyond the schedule: a losing engine that credits itself more
//!   only deceives itself.
//! - **What a person sees** is at the game's real komi: win rates, scores and the decision
//!   to resign (the search records each playout at both komis).
//!
//! Even games keep the real komi throughout.

use crate::board::{Color, Move};
use crate::game::Game;
use crate::playout::is_big;

/// Above this win rate the engine plays for one point more.
pub const GREEN: f64 = 0.85;
/// Below this win rate a charged engine takes back [`DROP`] points.
pub const ORANGE: f64 = 0.8;
/// Below this win rate a charged engine turns dynamic komi off for the game.
pub const EVEN: f64 = 0.5;
/// Points a charged engine takes back below [`ORANGE`].
pub const DROP: f64 = 4.0;
/// A tree whose playouts were counted this many points or more from the komi a search
/// plays for is not reused: after the reaction drops or turns off a charge its
/// statistics belong to another game. The schedule moves the komi by about a point every
/// two moves on 9x9, and less on bigger boards.
pub const REUSE_TOLERANCE: f64 = 3.0;

/// Points credited and charged a handicap stone: White's credit (big boards only) and
/// Black's charge.
const WHITE_CREDIT: f64 = 8.0;
const BLACK_CHARGE: f64 = 12.0;
/// The fade move in moves per point of the board, for the engine as White and as Black.
const WHITE_FADE: f64 = 0.4;
const BLACK_FADE: f64 = 0.55;

/// The reaction's state over one game. See the module documentation.
#[derive(Clone, Debug, PartialEq)]
pub struct DynamicKomi {
    /// The game the state was learnt in: its identity and its moves when the engine last
    /// moved. Another game, or one that does not continue those moves (an undo and another
    /// line), starts afresh.
    learnt_in: Option<(u64, Vec<(Color, Move)>)>,
    /// The colour the engine played its last move with.
    engine: Option<Color>,
    /// Points moved in the engine's favour by the reaction (against it when negative).
    shift: f64,
    /// The most the engine may be charged.
    ratchet: f64,
    /// Turned off for the rest of the game.
    off: bool,
}

impl Default for DynamicKomi {
    fn default() -> DynamicKomi {
        DynamicKomi {
            learnt_in: None,
            engine: None,
            shift: 0.0,
            ratchet: f64::INFINITY,
            off: false,
        }
    }
}

impl DynamicKomi {
    /// The komi the search plays `game` for: the real komi plus White's extra. The engine's
    /// colour is the one of its last move in this game, or else the side to move (an
    /// analysis before any move).
    pub fn komi(&self, game: &Game) -> f64 {
        let fresh = DynamicKomi::default();
        let state = if self.continues(game) { self } else { &fresh };
        let engine = state.engine.unwrap_or(game.to_move());
        let extra = state.for_engine(game, engine);
        game.full_komi()
            + match engine {
                Color::White => extra,
                Color::Black => -extra,
            }
    }

    /// Reacts to the engine's move search for `color` in `game`, which gave its chosen
    /// move `winrate` at the komi [`DynamicKomi::komi`] gave.
    pub fn react(&mut self, game: &Game, color: Color, winrate: f64) {
        if !self.continues(game) || self.engine != Some(color) {
            *self = DynamicKomi::default();
        }
        self.learnt_in = Some((game.id(), game.moves().to_vec()));
        self.engine = Some(color);
        if !self.applies(game) {
            return;
        }
        let extra = self.for_engine(game, color);
        let charged = extra < 0.0;
        if charged && winrate < EVEN {
            self.off = true;
        } else if charged && winrate < ORANGE {
            self.ratchet = (-extra - DROP).max(0.0);
            self.shift += DROP;
        } else if winrate > GREEN && -(extra - 1.0) <= self.ratchet {
            self.shift -= 1.0;
        }
    }

    /// Whether the komi moves at all: in a handicap game, while not turned off.
    fn applies(&self, game: &Game) -> bool {
        game.handicap() >= 2 && !self.off
    }

    /// Whether `game` continues the game the state was learnt in (none learnt: any game).
    fn continues(&self, game: &Game) -> bool {
        self.learnt_in
            .as_ref()
            .is_none_or(|(id, moves)| *id == game.id() && game.moves().starts_with(moves))
    }

    /// The extra points in `engine`'s favour now: the schedule moved by the reaction, no
    /// more in its favour than the schedule and no more against it than the ratchet.
    fn for_engine(&self, game: &Game, engine: Color) -> f64 {
        if !self.applies(game) {
            return 0.0;
        }
        let scheduled = schedule(game, engine);
        (scheduled + self.shift).clamp(-self.ratchet, scheduled.max(0.0))
    }
}

/// The schedule's points in `engine`'s favour at this move of a handicap game: White's
/// credit (none on small boards), or Black's charge as a negative number.
fn schedule(game: &Game, engine: Color) -> f64 {
    let stones = f64::from(game.handicap());
    let points = game.board().size().pow(2) as f64;
    let (per_stone, fade) = match engine {
        Color::White if !is_big(game.board()) => return 0.0,
        Color::White => (WHITE_CREDIT, WHITE_FADE),
        Color::Black => (-BLACK_CHARGE, BLACK_FADE),
    };
    let left = (1.0 - game.moves().len() as f64 / (fade * points)).max(0.0);
    per_stone * stones * left
}

#[cfg(test)]
mod tests;
