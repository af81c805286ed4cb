//! Analysis for GUIs: typed snapshots of the search that `gtp` turns into Leela Zero, KataGo
//! and GoGui formats. No protocol text here.
//!
//! A GUI watches a search while it runs, but [`Search::run`](crate::search::Search::run)
//! blocks until its budget is spent. So analysis searches in short slices: the position does
//! not change between them, the search reuses its tree, and a snapshot after each slice shows
//! the search so far. A move search in slices ([`MoveSearch`]) does the same within the
//! budget `genmove` would have, then plays the move.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{Engine, MoveKind, PositionKey};
use crate::board::{Color, Move};
use crate::search::move_model;
use crate::search::{Candidate, Decision, MoveFilter, Report};
use crate::settings::Settings;
use crate::time::Budget;

/// One candidate move of an analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisMove {
    pub mv: Move,
    pub visits: u32,
    /// Win rate for the side to move if it plays this move, 0..1.
    pub winrate: f64,
    /// The move's policy probability: the move model's share of it among the legal moves
    /// ([`move_model::policy`]), summing to 1 over them.
    pub prior: f64,
    /// A lower confidence bound of the win rate (the lower end of its 95% Wilson interval,
    /// `lower_bound` in this module): low while visits are few, so that a move seen in one
    /// playout does not look better than a well-explored one.
    pub lcb: f64,
    /// The score lead for the side to move in points: the mean final score of the playouts
    /// through the move, or, for a move without any, an estimate from the win rate (see
    /// `score_lead` in this module).
    pub score_lead: f64,
    /// The standard deviation of the final scores of the move's playouts; 0 without any.
    pub score_stdev: f64,
    /// The principal variation, starting with `mv`; it stops at a pass.
    pub pv: Vec<Move>,
}

/// The search's view of the position so far, best move first.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub to_move: Color,
    pub moves: Vec<AnalysisMove>,
    /// The legal moves no playout has tried yet, highest policy first (with no visits and
    /// their heuristic priors as win rates), for GUIs that ask for a minimum number of
    /// moves.
    pub untried: Vec<AnalysisMove>,
}

/// Who owns each point at the end, judged by playouts: +1 Black in every playout, -1 White.
#[derive(Clone, Debug, PartialEq)]
pub struct Ownership {
    pub size: usize,
    /// Row by row from the bottom (row 0), left to right: `values[row * size + col]`.
    pub values: Vec<f64>,
}

impl Ownership {
    pub fn at(&self, col: usize, row: usize) -> f64 {
        self.values[row * self.size + col]
    }
}

/// A move search done in slices (`lz-genmove_analyze`): the budget `genmove` would have, the
/// time and playouts spent so far, and the latest report.
pub struct MoveSearch {
    color: Color,
    kind: MoveKind,
    budget: Budget,
    started: Instant,
    playouts: u64,
    last: Option<Report>,
}

/// The budget of the next slice of a move search under `total`, after `playouts` and
/// `elapsed`, or `None` when `total` is spent. Slices count playouts, not a time target, as
/// the early stop of a time budget judges one whole search, not a slice of it.
pub fn slice_budget(
    total: &Budget,
    playouts: u64,
    elapsed: Duration,
    slice: Duration,
) -> Option<Budget> {
    let (playouts_left, time_left) = match *total {
        Budget::Playouts(n) => (n.saturating_sub(playouts), slice),
        Budget::PlayoutsWithin { playouts: n, max } => {
            (n.saturating_sub(playouts), max.saturating_sub(elapsed))
        }
        Budget::Time { target, .. } => (u64::MAX, target.saturating_sub(elapsed)),
    };
    (playouts_left > 0 && !time_left.is_zero()).then(|| Budget::PlayoutsWithin {
        playouts: playouts_left,
        max: time_left.min(slice),
    })
}

/// How sure a GUI may be of a win rate seen in `visits` playouts: the lower end of its
/// Wilson score interval at 95%, which a single playout puts near 0.2 even when it won,
/// and which nears the win rate as visits grow.
pub fn lower_bound(winrate: f64, visits: u32) -> f64 {
    const Z: f64 = 1.96;
    if visits == 0 {
        return 0.0;
    }
    let n = f64::from(visits);
    let p = winrate.clamp(0.0, 1.0);
    let z2 = Z * Z;
    let centre = p + z2 / (2.0 * n);
    let spread = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - spread) / (1.0 + z2 / n)).clamp(0.0, p)
}

/// The score lead that a win rate suggests, for moves without playouts: a logistic model whose scale grows with the board
/// (a lead of half the board's width wins about 73% of the time). A rough guide for GUIs that
/// draw a score, not a count.
pub fn score_lead(winrate: f64, board_size: usize) -> f64 {
    let w = winrate.clamp(0.01, 0.99);
    board_size as f64 / 2.0 * (w / (1.0 - w)).ln()
}

impl Engine {
    /// The flag that stops a running search early: GTP's reader thread sets it when GoGui
    /// sends `# interrupt`, and the engine clears it when the search has stopped.
    pub fn interrupter(&self) -> std::sync::Arc<AtomicBool> {
        std::sync::Arc::clone(&self.interrupt)
    }

    /// One slice of analysis for `color` on the current position; the game stays as it was.
    pub fn analyze(&mut self, color: Color, slice: Duration) -> Analysis {
        let budget = Budget::PlayoutsWithin {
            playouts: u64::MAX,
            max: slice,
        };
        self.analyze_with(color, &budget, &AtomicBool::new(false))
    }

    /// A whole search for `color` with the budget of a move, as GoGui's analyze commands
    /// ask; the game stays as it was.
    pub fn analyze_once(&mut self, color: Color) -> Analysis {
        self.clear_filter();
        let budget = self.budget(color);
        let stop = self.interrupter();
        let analysis = self.analyze_with(color, &budget, &stop);
        stop.store(false, Ordering::Relaxed);
        analysis
    }

    fn analyze_with(&mut self, color: Color, budget: &Budget, stop: &AtomicBool) -> Analysis {
        let before = self.game.to_move();
        self.game.set_to_move(color);
        let start = Instant::now();
        let (search, game) = self.search_and_game();
        let report = search.run(game, budget, stop);
        let untried = search.untried(game);
        self.thinking += start.elapsed();
        // The side to move is all `set_to_move` changed, so this restores the game exactly.
        self.game.set_to_move(before);
        self.snapshot(color, &report.candidates, &untried)
    }

    fn snapshot(&mut self, color: Color, tried: &[Candidate], untried: &[Candidate]) -> Analysis {
        let size = self.game.board().size();
        let policy = self.policy(color);
        let probability = |mv: Move| {
            policy
                .iter()
                .find(|&&(m, _)| m == mv)
                .map_or(0.0, |&(_, p)| p)
        };
        let convert = |c: &Candidate| AnalysisMove {
            mv: c.mv,
            visits: c.visits,
            winrate: c.winrate,
            prior: probability(c.mv),
            lcb: lower_bound(c.winrate, c.visits),
            score_lead: c.score_mean.unwrap_or_else(|| score_lead(c.winrate, size)),
            score_stdev: c.score_stdev.unwrap_or(0.0),
            pv: c.pv.clone(),
        };
        let mut untried: Vec<AnalysisMove> = untried.iter().map(convert).collect();
        untried.sort_by(|a, b| b.prior.total_cmp(&a.prior));
        Analysis {
            to_move: color,
            moves: tried.iter().map(convert).collect(),
            untried,
        }
    }

    /// [`move_model::policy`] for `color` here, worked out once per position.
    fn policy(&mut self, color: Color) -> &[(Move, f64)] {
        let key = (PositionKey::of(&self.game), color);
        if self.policy.as_ref().is_none_or(|(k, _)| *k != key) {
            let mut game = self.game.clone();
            game.set_to_move(color);
            self.policy = Some((key, move_model::policy(&game, color)));
        }
        self.policy.as_ref().map_or(&[], |(_, p)| p)
    }

    /// The `avoid` and `allow` rules of the analysis that follows, set after it begins;
    /// `genmove`, GoGui's analyze commands and a move search clear them.
    pub fn set_filter(&mut self, filter: MoveFilter) {
        let (search, _) = self.search_and_game();
        search.set_filter(filter);
    }

    /// Searches every move again, as `genmove` must.
    pub fn clear_filter(&mut self) {
        self.set_filter(MoveFilter::default());
    }

    /// Who owns each point, from playouts of the current position (the judgement behind
    /// `final_status_list`).
    pub fn ownership(&mut self) -> Ownership {
        let judged = self.judge();
        let board = self.game.board();
        let size = board.size();
        let mut values = vec![0.0; size * size];
        for (p, value) in board.points().zip(judged.ownership) {
            let (col, row) = board.coords(p);
            values[row * size + col] = value;
        }
        Ownership { size, values }
    }

    /// Starts a move search for `color` in slices, with the budget `genmove` would have, to
    /// end as `kind` says.
    pub fn begin_move_search(&mut self, color: Color, kind: MoveKind) -> MoveSearch {
        self.stop_pondering();
        self.clear_filter();
        self.game_mut().set_to_move(color);
        MoveSearch {
            color,
            kind,
            budget: self.budget(color),
            started: Instant::now(),
            playouts: 0,
            last: None,
        }
    }

    /// The next slice of a move search, or `None` when its budget is spent or GoGui
    /// interrupted it.
    pub fn continue_move_search(
        &mut self,
        ms: &mut MoveSearch,
        slice: Duration,
    ) -> Option<Analysis> {
        let stop = self.interrupter();
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let budget = slice_budget(&ms.budget, ms.playouts, ms.started.elapsed(), slice)?;
        let start = Instant::now();
        let (search, game) = self.search_and_game();
        let report = search.run(game, &budget, &stop);
        let untried = search.untried(game);
        self.thinking += start.elapsed();
        ms.playouts += report.playouts;
        let analysis = self.snapshot(ms.color, &report.candidates, &untried);
        ms.last = Some(report);
        Some(analysis)
    }

    /// Ends a move search: decides from the tree so far (searching once if no slice ran),
    /// charges the clock and plays the move, as `genmove` or `kgs-genmove_cleanup` does.
    pub fn finish_move_search(&mut self, ms: MoveSearch) -> Decision {
        self.interrupt.store(false, Ordering::Relaxed);
        let mut report = match ms.last {
            Some(report) => report,
            None => self.think(),
        };
        report.elapsed = ms.started.elapsed();
        self.conclude(ms.color, report, ms.kind)
    }

    /// The settings the engine plays with now.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes one setting, by name, as GoGui's parameter dialog does; the search keeps
    /// its tree. Nothing changes on an error.
    pub fn change_setting(&mut self, name: &str, value: &str) -> Result<(), String> {
        self.stop_pondering();
        self.settings.set(name, value)?;
        if let Some(search) = self.search.as_mut() {
            search.config_mut().clone_from(&self.settings.search);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchConfig;

    fn engine(size: usize, playouts: u64) -> Engine {
        let mut config = Settings::deterministic(playouts);
        config.search.seed = 3;
        config.search.resign_threshold = SearchConfig::default().resign_threshold;
        let mut engine = Engine::new(config);
        engine.set_board_size(size).expect("a valid size");
        engine
    }

    #[test]
    fn analysis_slices_grow_one_tree_and_leave_the_game_alone() {
        let mut engine = engine(7, 100);
        engine
            .play(Color::Black, Move::Pass)
            .expect("a pass is legal");
        let before = engine.game().clone();
        let first = engine.analyze(Color::Black, Duration::from_millis(50));
        let second = engine.analyze(Color::Black, Duration::from_millis(50));
        let total = |a: &Analysis| a.moves.iter().map(|m| u64::from(m.visits)).sum::<u64>();
        assert!(
            total(&second) > total(&first),
            "the second slice builds on the first"
        );
        assert_eq!(
            second.to_move,
            Color::Black,
            "the side asked for, not the side to move"
        );
        assert_eq!(engine.game().to_move(), before.to_move());
        assert_eq!(engine.game().moves(), before.moves());
        assert!(
            second.moves.windows(2).all(|w| w[0].visits >= w[1].visits),
            "best first"
        );
        for m in &second.moves {
            assert!(m.lcb <= m.winrate && m.lcb >= 0.0, "{m:?}");
            assert_eq!(m.pv.first(), Some(&m.mv));
            assert!(
                m.score_lead.abs() <= 49.0 + 7.5,
                "within the board and komi: {m:?}"
            );
        }
        let ownership = engine.ownership();
        assert_eq!(ownership.values.len(), 49);
        assert!(ownership.values.iter().all(|v| (-1.0..=1.0).contains(v)));
    }

    #[test]
    fn a_move_search_in_slices_spends_the_playout_budget_then_plays() {
        let mut engine = engine(7, 300);
        let mut ms = engine.begin_move_search(Color::White, MoveKind::Normal);
        let mut slices = 0;
        while engine
            .continue_move_search(&mut ms, Duration::from_millis(20))
            .is_some()
        {
            slices += 1;
            assert!(slices < 10_000, "the budget ends the search");
        }
        assert!(
            ms.playouts >= 300 - 64 && ms.playouts <= 300,
            "{}",
            ms.playouts
        );
        let decision = engine.finish_move_search(ms);
        assert_ne!(decision, Decision::Resign);
        assert_eq!(engine.game().moves().len(), 1);
        assert_eq!(engine.game().to_move(), Color::Black);
    }

    #[test]
    fn a_hopeless_move_search_in_tiny_slices_still_resigns() {
        let mut engine = engine(9, 1000);
        let sgf = concat!(env!("CARGO_MANIFEST_DIR"), "/gtp-tests/search-hopeless.sgf");
        engine
            .load_sgf(std::path::Path::new(sgf), None)
            .expect("the fixture loads");
        let mut ms = engine.begin_move_search(Color::White, MoveKind::Normal);
        while engine
            .continue_move_search(&mut ms, Duration::from_micros(200))
            .is_some()
        {}
        assert_eq!(engine.finish_move_search(ms), Decision::Resign);
    }

    #[test]
    fn slices_add_up_to_the_move_budget() {
        let slice = Duration::from_millis(100);
        assert_eq!(
            slice_budget(&Budget::Playouts(1000), 400, Duration::from_secs(9), slice),
            Some(Budget::PlayoutsWithin {
                playouts: 600,
                max: slice
            }),
            "a playout budget ignores the clock"
        );
        assert_eq!(
            slice_budget(&Budget::Playouts(1000), 1000, Duration::ZERO, slice),
            None
        );
        let time = Budget::Time {
            target: Duration::from_secs(1),
            max: Duration::from_secs(3),
        };
        assert_eq!(
            slice_budget(&time, 5, Duration::from_millis(950), slice),
            Some(Budget::PlayoutsWithin {
                playouts: u64::MAX,
                max: Duration::from_millis(50)
            }),
            "the last slice ends at the target"
        );
        assert_eq!(slice_budget(&time, 5, Duration::from_secs(1), slice), None);
        let within = Budget::PlayoutsWithin {
            playouts: 100,
            max: Duration::from_secs(1),
        };
        assert_eq!(slice_budget(&within, 100, Duration::ZERO, slice), None);
        assert_eq!(
            slice_budget(&within, 0, Duration::from_secs(2), slice),
            None
        );
    }

    #[test]
    fn the_score_lead_follows_the_win_rate() {
        assert_eq!(score_lead(0.5, 19), 0.0);
        assert!(score_lead(0.7, 19) > 0.0 && score_lead(0.3, 19) < 0.0);
        assert!(
            score_lead(0.7, 19) > score_lead(0.7, 9),
            "bigger boards, bigger leads"
        );
        assert!(score_lead(1.0, 19).is_finite() && score_lead(0.0, 19).is_finite());
    }
}
