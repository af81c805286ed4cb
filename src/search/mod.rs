//! Monte Carlo tree search: UCT with RAVE and priors over one tree that every thread shares.
//!
//! One playout: descend from the root choosing children by `select` (superko checked for
//! every tree move, rule 10; on big boards only among the best few by prior, more as the
//! node's visits grow, and the liberties of big chains short of them: progressive
//! widening), expand a leaf once it has been visited often enough (`tree`'s protocol),
//! finish the game with the heavy playout policy (on big boards also the thread's last good
//! replies, which learn from each result), and add the result to every node on the path,
//! plus all-moves-as-first (RAVE) results to their siblings.
//! Threads run that loop on the shared tree with rayon; one thread runs it inline, which is
//! the plain reference path (and, with a seed and a playout budget, deterministic).
//!
//! After the search the most visited move is chosen; the engine resigns when even that one
//! wins too rarely, and passes when passing wins (see [`Search::run`]).

pub mod dynamic_komi;
mod ending;
pub mod features;
pub mod filter;
mod life;
mod margins;
pub mod move_model;
mod pass_check;
pub mod priors;
pub mod spatial;
mod tree;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng;

use crate::board::{Board, Color, Move, Point, MAX_POINTS};
use crate::game::{Counting, Game};
use crate::playout::{self, Heavy, PlayoutRng, Replies, WithReplies};
use crate::scoring;
use crate::time::Budget;
pub use dynamic_komi::DynamicKomi;
use ending::opponent_passed;
pub use filter::{MoveFilter, MoveRule};
use life::Judge;
pub use life::LifeAndDeath;
use margins::Margins;
use tree::{Arena, Node};

/// How the search runs. Defaults suit a GUI user: all cores, resign below 10%.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    pub threads: usize,
    pub seed: u64,
    /// Win rate below which the engine resigns; 0 never resigns.
    pub resign_threshold: f64,
    /// Memory for the tree; past it the tree stops growing and the search goes on.
    pub max_tree_bytes: usize,
    /// Visits before a leaf gets children.
    pub expand_visits: u32,
    /// The UCT exploration constant, small as RAVE and priors already spread the search;
    /// `None` takes the board's: none from 9x9 up, 0.1 below.
    pub exploration: Option<f64>,
    /// RAVE: how many playouts of a move's own statistics make its all-moves-as-first
    /// statistics count half.
    pub rave_equivalence: f64,
    /// Progressive widening on boards of 13x13 and up: a node tries its best few moves by
    /// prior first, more as its visits grow (see `widened`).
    pub widening: bool,
    /// Last good replies in the playouts on boards of 13x13 and up ([`playout::replies`]).
    pub replies: bool,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64),
            resign_threshold: 0.1,
            max_tree_bytes: 2 << 30,
            expand_visits: 8,
            exploration: None,
            rave_equivalence: 3000.0,
            widening: true,
            replies: true,
        }
    }
}

/// What the engine does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Point),
    Pass,
    Resign,
}

/// One candidate move at the root, best first in [`Report::candidates`].
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub mv: Move,
    pub visits: u32,
    /// Win rate for the side to move if it plays this, at the game's real komi.
    pub winrate: f64,
    /// The same at the komi the search played for, which differs in handicap games
    /// ([`dynamic_komi`]).
    pub search_winrate: f64,
    pub prior: f64,
    /// The mean final score of the playouts through this move, in points for the side to
    /// move at the game's real komi; `None` before any.
    pub score_mean: Option<f64>,
    /// The standard deviation of those scores; `None` before any.
    pub score_stdev: Option<f64>,
    /// The principal variation, starting with `mv`; it stops at a pass.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub decision: Decision,
    /// Win rate for the side to move, after the decision's move.
    pub winrate: f64,
    /// The komi the playouts were played for: the game's, or in a handicap game the one
    /// dynamic komi chose. `winrate` is at the game's all the same.
    pub komi: f64,
    pub playouts: u64,
    pub elapsed: Duration,
    pub candidates: Vec<Candidate>,
}

/// A tree's root and the game it was built for: the start position's hash, the moves, and
/// the komi its playouts were counted with.
struct Root {
    node: u32,
    start_hash: u64,
    moves: Vec<(Color, Move)>,
    to_move: Color,
    komi: f64,
}

/// The search and its tree, kept between moves for reuse.
pub struct Search {
    config: SearchConfig,
    arena: Arena,
    /// The root and the game it stands for, kept for reuse on the next move.
    root: Option<Root>,
    margins: Margins,
    searches: u64,
    /// Life and death at the end of the game, for passing and the result.
    judge: Judge,
    /// Moves an analysis keeps the search away from (`avoid`, `allow`).
    filter: MoveFilter,
    /// The komi of handicap games, learnt from the engine's moves.
    dynamic_komi: DynamicKomi,
}

impl Search {
    pub fn new(config: SearchConfig) -> Search {
        Search {
            arena: Arena::new(config.max_tree_bytes),
            config,
            root: None,
            margins: Margins::new(),
            searches: 0,
            judge: Judge::default(),
            filter: MoveFilter::default(),
            dynamic_komi: DynamicKomi::default(),
        }
    }

    /// Dead stones and seki at the end of the game, judged by ownership over playouts from
    /// the position (rule 13); the same position and seed always get the same judgement.
    pub fn life_and_death(&mut self, game: &Game) -> LifeAndDeath {
        self.judge.life_and_death(game, self.config.seed)
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    pub fn config_mut(&mut self) -> &mut SearchConfig {
        &mut self.config
    }

    /// The `avoid` and `allow` rules of the searches that follow (an analysis's); the
    /// default filter lets every move through. New rules start a fresh tree: the old one's
    /// statistics hold moves the new rules forbid, or lack the lines they open.
    pub fn set_filter(&mut self, filter: MoveFilter) {
        if filter != self.filter {
            self.root = None;
            self.filter = filter;
        }
    }

    /// Searches `game` for `game.to_move()` within `budget`, stopping early when `stop`
    /// turns true, and decides: the most visited move; `Resign` when its win rate is below
    /// the threshold; `Pass` when the opponent passed and passing wins now under the game's
    /// rules with the dead stones judged by playouts (or when pass is the best move).
    pub fn run(&mut self, game: &Game, budget: &Budget, stop: &AtomicBool) -> Report {
        let start = Instant::now();
        self.searches += 1;
        let komi = self.dynamic_komi.komi(game);
        let root = self.root_for(game, komi);
        let shared = Shared {
            arena: &self.arena,
            root,
            game,
            komi,
            real_komi: game.full_komi(),
            counting: game.rules().counting,
            stop,
            started: AtomicU64::new(0),
            playouts: AtomicU64::new(0),
            start,
            budget: *budget,
            expand_visits: self.config.expand_visits,
            exploration: self
                .config
                .exploration
                .unwrap_or_else(|| board_exploration(game.board())),
            rave_equivalence: self.config.rave_equivalence,
            widening: self.config.widening && playout::is_big(game.board()),
            replies: self.config.replies && playout::is_big(game.board()),
            heavy: Heavy::for_board(game.board()),
            margins: &self.margins,
            filter: (!self.filter.is_empty()).then_some(&self.filter),
        };
        let threads = self.config.threads.max(1);
        let seed = self
            .config
            .seed
            .wrapping_add(self.searches.wrapping_mul(0x9E37_79B9));
        if threads == 1 {
            shared.work(seed, true);
        } else {
            rayon::scope(|scope| {
                for t in 0..threads {
                    let shared = &shared;
                    scope.spawn(move |_| shared.work(seed.wrapping_add(t as u64 * 7919), t == 0));
                }
            });
        }
        let playouts = shared.playouts.load(Ordering::Relaxed);
        let candidates = self.candidates(root, game, komi);
        let check = pass_check::budget(budget, playouts, start.elapsed());
        let (decision, winrate) = self.decide(game, &candidates, playouts, check.as_ref());
        Report {
            decision,
            winrate,
            komi,
            playouts,
            elapsed: start.elapsed(),
            candidates,
        }
    }

    /// Learns from the engine's own move search for `color` in `game` (its `report`) how
    /// far the komi of the next searches moves ([`DynamicKomi::react`]).
    pub fn learn_komi(&mut self, game: &Game, color: Color, report: &Report) {
        if let Some(best) = report.candidates.first() {
            self.dynamic_komi.react(game, color, best.search_winrate);
        }
    }

    /// The root's legal moves that no playout has tried yet, best prior first, each with its
    /// prior as its win rate and itself as its variation; empty unless the last search was of
    /// `game` that the filter permits. Analysis shows them when a GUI asks for more moves
    /// than were tried.
    pub fn untried(&self, game: &Game) -> Vec<Candidate> {
        let Some(root) = self.root.as_ref() else {
            return Vec::new();
        };
        let same = root.start_hash == game.start_board().hash()
            && root.moves == game.moves()
            && root.to_move == game.to_move();
        let Some((first, count)) = self.arena.get(root.node).children().filter(|_| same) else {
            return Vec::new();
        };
        let mut list: Vec<Candidate> = (first..first + count)
            .map(|c| self.arena.get(c))
            .filter(|node| !node.is_illegal() && node.visits() == 0)
            .filter(|node| {
                self.filter
                    .permits(game.to_move(), node.mv(game.board()), 0)
            })
            .map(|node| {
                let mv = node.mv(game.board());
                let prior = node.stats().prior_value;
                Candidate {
                    mv,
                    visits: 0,
                    winrate: prior,
                    search_winrate: prior,
                    prior,
                    score_mean: None,
                    score_stdev: None,
                    pv: vec![mv],
                }
            })
            .collect();
        list.sort_by(|a, b| b.prior.total_cmp(&a.prior));
        list
    }

    /// The root for `game` searched at `komi`: the old tree's node for it when the game
    /// continues the position it was built for; otherwise a fresh tree.
    fn root_for(&mut self, game: &Game, komi: f64) -> u32 {
        let reused = self.reusable_root(game, komi);
        let node = reused.unwrap_or_else(|| {
            self.arena.clear();
            self.arena.new_root().unwrap_or(0)
        });
        self.margins.keep_for(node, reused.is_none());
        self.root = Some(Root {
            node,
            start_hash: game.start_board().hash(),
            moves: game.moves().to_vec(),
            to_move: game.to_move(),
            komi,
        });
        node
    }

    /// The old tree's node for `game` searched at `komi`, if the game continues the old
    /// root's game, the moves since are in the tree, the arena has room left to grow and
    /// the old playouts were counted near `komi` ([`dynamic_komi::REUSE_TOLERANCE`]). The
    /// same position again (analysis searching in slices) keeps its tree however full the
    /// arena is: a fresh tree would only lose what the slices before found.
    fn reusable_root(&self, game: &Game, komi: f64) -> Option<u32> {
        let old = self.root.as_ref()?;
        let moves = game.moves();
        let continues = old.start_hash == game.start_board().hash()
            && moves.starts_with(&old.moves)
            && (old.komi - komi).abs() < dynamic_komi::REUSE_TOLERANCE;
        // The tree alternates colours from the old root's side to move.
        let new = &moves[old.moves.len().min(moves.len())..];
        let alternates = new
            .iter()
            .enumerate()
            .all(|(k, &(c, _))| (c == old.to_move) == k.is_multiple_of(2))
            && (game.to_move() == old.to_move) == new.len().is_multiple_of(2);
        let crowded = !new.is_empty() && self.arena.used() >= self.arena.capacity() / 2;
        if !continues || !alternates || crowded {
            return None;
        }
        new.iter().try_fold(old.node, |node, &(_, mv)| {
            self.child_with(node, mv, game.board())
        })
    }

    fn child_with(&self, node: u32, mv: Move, board: &Board) -> Option<u32> {
        let (first, count) = self.arena.get(node).children()?;
        (first..first + count).find(|&c| self.arena.get(c).mv(board) == mv)
    }

    /// The root's children by visits, with principal variations, searched at `komi`. Where
    /// that is not the real komi, a move's win rate is its share of the playouts through it
    /// won at the real komi, or, where this search has none through it (a kept tree's), its
    /// search win rate.
    fn candidates(&self, root: u32, game: &Game, komi: f64) -> Vec<Candidate> {
        let board = game.board();
        let Some((first, count)) = self.arena.get(root).children() else {
            return Vec::new();
        };
        let dynamic = komi != game.full_komi();
        let mut list: Vec<Candidate> = (first..first + count)
            .filter(|&c| !self.arena.get(c).is_illegal() && self.arena.get(c).visits() > 0)
            .map(|c| {
                let node = self.arena.get(c);
                let stats = node.stats();
                let mv = node.mv(board);
                let real = dynamic
                    .then(|| self.margins.winrate(root_point(mv), game.to_move()))
                    .flatten();
                Candidate {
                    mv,
                    visits: stats.visits,
                    winrate: real.unwrap_or(stats.value),
                    search_winrate: stats.value,
                    prior: stats.prior_value,
                    score_mean: self.score_mean(game, mv),
                    score_stdev: self.margins.stdev(root_point(mv)),
                    pv: self.principal_variation(c, board),
                }
            })
            .collect();
        list.sort_by_key(|c| std::cmp::Reverse(c.visits));
        list
    }

    /// The mean final score through the root move `mv` for the side to move, at the game's
    /// real komi.
    fn score_mean(&self, game: &Game, mv: Move) -> Option<f64> {
        let black = self.margins.mean(root_point(mv))?;
        Some(match game.to_move() {
            Color::Black => black,
            Color::White => -black,
        })
    }

    fn principal_variation(&self, from: u32, board: &Board) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut node = Some(from);
        while let Some(n) = node {
            let mv = self.arena.get(n).mv(board);
            pv.push(mv);
            if mv == Move::Pass || pv.len() >= 20 {
                break;
            }
            node = self.arena.get(n).children().and_then(|(first, count)| {
                (first..first + count)
                    .filter(|&c| self.arena.get(c).visits() > 0)
                    .max_by_key(|&c| self.arena.get(c).visits())
            });
        }
        pv
    }

    fn decide(
        &mut self,
        game: &Game,
        candidates: &[Candidate],
        playouts: u64,
        pass_check: Option<&Budget>,
    ) -> (Decision, f64) {
        let Some(best) = candidates.first() else {
            return (Decision::Pass, 0.5);
        };
        // Enough evidence to resign: this search's playouts, or the visits in a tree kept
        // from earlier searches of the position (analysis and sliced move searches run many
        // short searches, each with few playouts of its own).
        // Hopeless at the real komi, and in a handicap game also at the komi the search
        // played for: a player giving stones expects to be behind at first, and one taking
        // them is not lost where only its charge for them is out of reach.
        let visits: u64 = candidates.iter().map(|c| u64::from(c.visits)).sum();
        let hopeless = best.winrate.max(best.search_winrate) < self.config.resign_threshold;
        let resigns = hopeless && playouts.max(visits) >= 200;
        // The judgement decides when a pass is in question, or when the board looks
        // finished (every move may then win or lose alike, and pass be among the least
        // visited).
        let near_end = opponent_passed(game)
            || best.mv == Move::Pass
            || life::looks_finished(game.board(), self.config.seed);
        if near_end {
            if let Some(decision) = self.end_decision(game, candidates, resigns, pass_check) {
                return decision;
            }
        }
        if resigns {
            return (Decision::Resign, best.winrate);
        }
        match best.mv {
            Move::Pass => (Decision::Pass, best.winrate),
            Move::Play(p) => (Decision::Play(p), best.winrate),
        }
    }
}

/// What all threads of one search share.
struct Shared<'a> {
    arena: &'a Arena,
    root: u32,
    game: &'a Game,
    komi: f64,
    /// The game's real komi, which the margins are recorded at.
    real_komi: f64,
    /// Playouts are counted by the game's rules (rule 18's territory counting, or area).
    counting: Counting,
    stop: &'a AtomicBool,
    /// Playouts begun (the budget counts these) and finished (the report counts these).
    started: AtomicU64,
    playouts: AtomicU64,
    start: Instant,
    budget: Budget,
    expand_visits: u32,
    exploration: f64,
    rave_equivalence: f64,
    widening: bool,
    /// Whether each thread learns and plays last good replies.
    replies: bool,
    /// The playout policy for this board.
    heavy: Heavy,
    margins: &'a Margins,
    /// The analysis's `avoid` and `allow` rules, if it has any.
    filter: Option<&'a MoveFilter>,
}

impl Shared<'_> {
    /// One thread's loop; the `lead` thread also checks whether the search may stop early.
    fn work(&self, seed: u64, lead: bool) {
        let mut rng = PlayoutRng::seed_from_u64(seed);
        let mut scratch = Scratch::new(self.game.board(), self.replies);
        // Finished playouts are counted here and published in batches: a shared counter
        // bumped by every playout of every thread would cost scaling.
        let mut finished = 0;
        while self.should_continue() {
            finished += u64::from(self.playout(&mut scratch, &mut rng));
            if finished == 64 {
                self.playouts.fetch_add(finished, Ordering::Relaxed);
                finished = 0;
                if lead && self.clearly_decided() {
                    self.stop.store(true, Ordering::Relaxed);
                }
            }
        }
        self.playouts.fetch_add(finished, Ordering::Relaxed);
    }

    fn should_continue(&self) -> bool {
        !self.stop.load(Ordering::Relaxed)
            && self.budget.allows(
                self.started.fetch_add(1, Ordering::Relaxed),
                self.start.elapsed(),
            )
    }

    /// Whether the budget's stop rule ([`Budget::clearly_decided`]) says the choice is made.
    fn clearly_decided(&self) -> bool {
        let Some((first, count)) = self.arena.get(self.root).children() else {
            return false;
        };
        let (mut best, mut second) = (0, 0);
        for c in first..first + count {
            let visits = self.arena.get(c).visits();
            if visits > best {
                (best, second) = (visits, best);
            } else if visits > second {
                second = visits;
            }
        }
        self.budget.clearly_decided(
            self.start.elapsed(),
            self.playouts.load(Ordering::Relaxed),
            best,
            second,
        )
    }

    /// One descent, playout and update; see the module documentation. False when the
    /// descent was abandoned (a superko move found in the tree).
    fn playout(&self, s: &mut Scratch, rng: &mut PlayoutRng) -> bool {
        s.board.clone_from(self.game.board());
        s.path.clear();
        s.moves.clear();
        s.hashes.clear();
        let mut color = self.game.to_move();
        let mut passes = self.game.consecutive_passes();
        let mut node_index = self.root;
        let mut guard = PathGuard {
            arena: self.arena,
            path: std::mem::take(&mut s.path),
        };
        guard.enter(node_index);
        loop {
            let node = self.arena.get(node_index);
            if !node.is_expanded()
                && (node.visits() > self.expand_visits || node_index == self.root)
            {
                self.expand(node, &s.board, color);
            }
            let Some(child_index) = self.select(node, &s.board, color, s.moves.len()) else {
                break;
            };
            let child = self.arena.get(child_index);
            match child.mv(&s.board) {
                Move::Pass => {
                    s.board.pass(color);
                    passes += 1;
                    s.moves.push((color, Point::NONE));
                }
                Move::Play(p) => {
                    if !s.board.is_legal(color, p) {
                        child.mark_illegal();
                        return false; // the guard takes the visits back
                    }
                    s.board.play_legal(color, p);
                    let hash = s.board.hash();
                    if self.game.repeats(hash, color.opponent()) || s.hashes.contains(&hash) {
                        child.mark_illegal();
                        return false;
                    }
                    s.hashes.push(hash);
                    s.moves.push((color, p));
                    passes = 0;
                }
            }
            guard.enter(child_index);
            color = color.opponent();
            node_index = child_index;
            if passes >= 2 {
                break;
            }
        }
        s.path = guard.commit();
        let moves = &mut s.moves;
        let record = |c, p| moves.push((c, p));
        let outcome = match &s.replies {
            Some(replies) => {
                let policy = WithReplies {
                    replies,
                    policy: self.heavy,
                };
                playout::run(&mut s.board, color, self.komi, &policy, rng, record)
            }
            None => playout::run(&mut s.board, color, self.komi, &self.heavy, rng, record),
        };
        let margin = match self.counting {
            Counting::Area => outcome.margin,
            Counting::Territory => outcome.margin + scoring::territory_correction(&s.board),
        };
        if s.path.len() > 1 {
            // The first move is the root move this playout went through.
            self.margins
                .add(s.moves[0].1, margin + self.komi - self.real_komi);
        }
        let black = match margin {
            m if m > 0.0 => 2,
            m if m < 0.0 => 0,
            _ => 1,
        };
        self.update(s, black);
        if let Some(replies) = &mut s.replies {
            let winner = match black {
                2 => Some(Color::Black),
                0 => Some(Color::White),
                _ => None,
            };
            replies.learn(&s.moves, winner);
        }
        true
    }

    fn expand(&self, node: &Node, board: &Board, color: Color) {
        let mut children = priors::children(board, color);
        let mut always_tried = 0;
        if self.widening {
            // The node's order for `select`'s window: the moves always tried first, then
            // by prior; among equals an order that varies with the position, so that no
            // corner of the board always comes first.
            let hash = board.hash();
            let tie = |mv: Move| {
                let index = match mv {
                    Move::Play(p) => p.index(),
                    Move::Pass => MAX_POINTS,
                } as u64;
                (hash ^ index).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            };
            children.sort_by(|(a, a_prior), (b, b_prior)| {
                (b_prior.always_tried.cmp(&a_prior.always_tried))
                    .then_with(|| b_prior.order.0.cmp(&a_prior.order.0))
                    .then_with(|| b_prior.order.1.total_cmp(&a_prior.order.1))
                    .then_with(|| tie(*b).cmp(&tie(*a)))
            });
            always_tried = children.iter().filter(|(_, p)| p.always_tried).count();
        }
        let children: Vec<_> = children
            .into_iter()
            .map(|(mv, prior)| (mv, prior.value, prior.weight))
            .collect();
        self.arena.expand(node, &children, always_tried);
    }

    /// Adds the result (`black`: half-points for Black) along the path, and RAVE results to
    /// the children of each path node whose move its side to move played first later on.
    fn update(&self, s: &mut Scratch, black: u32) {
        let root_color = self.game.to_move();
        let for_color = |c: Color| if c == Color::Black { black } else { 2 - black };
        s.stamp = s.stamp.wrapping_add(1);
        if s.stamp == 0 {
            s.first.fill((0, None));
            s.stamp = 1;
        }
        let mut marked = s.moves.len();
        for depth in (0..s.path.len()).rev() {
            // Mark who played each point first from this depth on.
            while marked > depth {
                marked -= 1;
                let (c, p) = s.moves[marked];
                if p != Point::NONE {
                    s.first[p.index()] = (s.stamp, Some(c));
                }
            }
            let node = self.arena.get(s.path[depth]);
            let to_move = if depth % 2 == 0 {
                root_color
            } else {
                root_color.opponent()
            };
            node.add_result(for_color(to_move.opponent()));
            let Some((_, children)) = self.arena.children_of(node) else {
                continue;
            };
            let result = for_color(to_move);
            for child in children {
                if let Some(index) = child.point_index() {
                    if s.first[index] == (s.stamp, Some(to_move)) {
                        child.add_rave(result);
                    }
                }
            }
        }
    }

    /// The child to descend into, `color` to play the `depth`-th move of the line: the best
    /// UCT-RAVE score with priors among the moves the filter permits, or `None` when there
    /// is no legal child (or the node is still a leaf).
    fn select(&self, node: &Node, board: &Board, color: Color, depth: usize) -> Option<u32> {
        let (first, children) = self.arena.children_of(node)?;
        // Without an exploration term (9x9 and up) the square root and the logarithm are
        // work whose product with 0 changes no score.
        let explores = self.exploration > 0.0;
        let log_parent = if explores {
            ((node.visits() + 1) as f64).ln()
        } else {
            0.0
        };
        let mut window = if self.widening {
            widened(node.visits()) + node.always_tried()
        } else {
            usize::MAX
        };
        let mut best = None;
        let mut best_score = f64::NEG_INFINITY;
        for (c, child) in (first..).zip(children) {
            if child.is_illegal()
                || self
                    .filter
                    .is_some_and(|f| !f.permits(color, child.mv(board), depth))
            {
                continue;
            }
            if window == 0 {
                break;
            }
            window -= 1;
            let s = child.stats();
            let n = s.visits as f64 + s.prior_weight;
            let q = (s.value * s.visits as f64 + s.prior_value * s.prior_weight) / n.max(1e-9);
            let rn = s.rave_visits as f64;
            let beta = rn / (rn + n + rn * n / self.rave_equivalence).max(1e-9);
            let mut score = (1.0 - beta) * q + beta * s.rave_value;
            if explores {
                score += self.exploration * (log_parent / (n + 1.0)).sqrt();
            }
            if score > best_score {
                best_score = score;
                best = Some(c);
            }
        }
        best
    }
}

/// The exploration constant for `board` when none is set. None from 9x9 up, where the
/// move model's prior spreads the search, as Pachi's default has it (self-play against
/// 0.1: 82 of 133 games on 9x9, 51 of 80 on 13x13 at 4,000 playouts; on 19x19 38 of 60
/// at 1,000 and 23 of 30 at 4,000; docs/strength.md). 0.1 below 9x9, where the table was
/// not fitted and no match has measured the search without the term.
fn board_exploration(board: &Board) -> f64 {
    if board.size() >= 9 {
        0.0
    } else {
        0.1
    }
}

/// The point of a root move as [`Margins`] keys it: `Point::NONE` for a pass.
fn root_point(mv: Move) -> Point {
    match mv {
        Move::Pass => Point::NONE,
        Move::Play(p) => p,
    }
}

/// Progressive widening (Coulom's progressive unpruning, Chaslot et al.'s Mango): how many
/// of a node's children, best prior first, `select` considers after `visits` visits. A 9x9
/// node can afford to try all of its 81 moves; on 19x19 the prior order has to concentrate
/// the search, or a few thousand playouts spread evenly over 361 moves (as the opening
/// search did without it). Five at first, one more each time the visits grow by a factor
/// of 1.3 past 50: about 14 at 500 visits and 24 at 8,000. The moves a node always tries
/// ([`priors::Prior::always_tried`]) come on top of these.
fn widened(visits: u32) -> usize {
    const FIRST: usize = 5;
    const START: f64 = 50.0;
    const RATE: f64 = 1.3;
    FIRST + ((1.0 + f64::from(visits) / START).ln() / RATE.ln()) as usize
}

/// Per-thread buffers, reused from playout to playout.
struct Scratch {
    board: Board,
    path: Vec<u32>,
    /// Moves from the root on: tree moves (a pass as `Point::NONE`), then the playout's.
    moves: Vec<(Color, Point)>,
    /// Positions reached by tree moves in this descent (superko within the tree).
    hashes: Vec<u64>,
    /// For RAVE: (stamp, first colour to play the point) per point.
    first: Vec<(u32, Option<Color>)>,
    stamp: u32,
    /// This thread's last good replies, learnt over this search, when it uses them.
    replies: Option<Replies>,
}

impl Scratch {
    /// Buffers for searching `board`; reply tables only if the search plays `replies`.
    fn new(board: &Board, replies: bool) -> Scratch {
        Scratch {
            board: board.clone(),
            path: Vec::with_capacity(64),
            moves: Vec::with_capacity(1024),
            hashes: Vec::with_capacity(64),
            first: vec![(0, None); MAX_POINTS],
            stamp: 0,
            replies: replies.then(Replies::default),
        }
    }
}

/// The path of a descent. Entering a node adds a visit that counts as a loss until the
/// result comes (virtual loss); a descent abandoned before its result (a superko move
/// found in the tree) takes its visits back when the guard drops.
struct PathGuard<'a> {
    arena: &'a Arena,
    path: Vec<u32>,
}

impl PathGuard<'_> {
    fn enter(&mut self, node: u32) {
        self.arena.get(node).add_visit();
        self.path.push(node);
    }

    /// The descent will get its result: keep the visits and hand back the path.
    fn commit(mut self) -> Vec<u32> {
        std::mem::take(&mut self.path)
    }
}

impl Drop for PathGuard<'_> {
    fn drop(&mut self) {
        for &n in &self.path {
            self.arena.get(n).remove_visit();
        }
    }
}

/// Positions and helpers shared by the search's tests, its life-and-death tests and the
/// engine's.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::{Search, SearchConfig};
    use crate::board::{Board, Color, Point};
    use crate::game::{Game, RuleSet};

    /// One thread and a fixed seed, so every run is the same.
    pub fn search() -> Search {
        Search::new(SearchConfig {
            threads: 1,
            seed: 42,
            max_tree_bytes: 64 << 20,
            ..SearchConfig::default()
        })
    }

    pub fn game(diagram: &str, to_move: Color) -> Game {
        let board = Board::from_diagram(diagram).expect("valid diagram");
        Game::from_position(board, to_move, RuleSet::chinese())
    }

    /// A `size` game with `stones` handicap stones on the star points (rule 17), komi 0.5,
    /// White to move.
    pub fn handicap_game(size: usize, stones: usize) -> Game {
        let mut game = Game::new(size, RuleSet::chinese()).expect("valid size");
        game.set_komi(0.5);
        let points: Vec<Point> = crate::game::handicap::fixed_coords(size, stones)
            .expect("a fixed handicap")
            .into_iter()
            .map(|(col, row)| game.board().point_at(col, row))
            .collect();
        game.place_handicap(&points).expect("empty board");
        game
    }

    /// The point at a diagram position: `col` from the left, `line` from the top.
    pub fn at(game: &Game, col: usize, line: usize) -> Point {
        let n = game.board().size();
        game.board().point_at(col, n - 1 - line)
    }

    /// A finished 9x9 game: Black has 36 points, White 45, every group two or more eyes.
    pub const FINISHED: &str = ".X.XO.O..
                               XXXXOOOOO
                               .X.XO.O.O
                               XXXXOOOOO
                               .X.XO.O.O
                               XXXXOOOOO
                               .X.XO.O.O
                               XXXXOOOOO
                               .X.XO.O.O";

    /// A finished 9x9 game but for a dead white stone at B8 and a dead black one at H2.
    pub const DEAD_STONES: &str = "...XO.O.O
                                   .O.XOOOOO
                                   ...XO.O.O
                                   XXXXOOOOO
                                   .X.XO.O.O
                                   XXXXOOOOO
                                   .X.XO....
                                   XXXXO..X.
                                   .X.XO....";
}

#[cfg(test)]
mod tests;
