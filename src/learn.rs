//! Learning and measuring the move model offline, for `yunzi learn-moves` and `yunzi
//! predict`: the engine never runs this (it reads the fitted table,
//! [`MoveModel::learned`]), so it sits beside the engine, as [`bench`](crate::bench) does.
//!
//! Fitting treats each position of a game record as a Bradley-Terry competition among the
//! legal moves, which the played move wins ([`Observations`]); measuring ranks each played
//! move in the order a tree node tries its moves ([`predict`]).

use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::board::{Color, Move, Point};
use crate::game::{Game, RuleSet};
use crate::search::features::NodeFacts;
use crate::search::move_model::{features, Feature, MoveModel, FAMILIES, SPATIAL};
use crate::search::priors::NodePriors;
use crate::search::spatial;
use crate::sgf::{self, SgfGame};

/// Rounds of minorization-maximization that `learn-moves` runs: the log-likelihood has
/// settled by then.
pub const ITERATIONS: usize = 20;

/// A spatial shape enters the table when at least this many plays of the records have it
/// (Coulom and Pachi harvest theirs so): a rarer one could not be rated.
pub const SHAPE_MIN_PLAYS: u32 = 3;

/// Game records read for learning or testing, with the files that could not be used.
pub struct Records {
    pub games: Vec<(SgfGame, Game)>,
    /// Each file skipped, with the reason.
    pub skipped: Vec<(PathBuf, String)>,
}

impl Records {
    /// Reads and replays `files`; one that cannot be read or replayed is skipped.
    pub fn read(files: &[PathBuf]) -> Records {
        let mut records = Records {
            games: Vec::new(),
            skipped: Vec::new(),
        };
        for file in files {
            match read_record(file) {
                Ok(game) => records.games.push(game),
                Err(why) => records.skipped.push((file.clone(), why)),
            }
        }
        records
    }

    /// Visits every play (not pass) of the records by `player` (a part of the PB or PW
    /// name; anyone when `None`), with the position before it and the colour playing.
    fn for_each_play(&self, player: Option<&str>, mut visit: impl FnMut(&Game, Color, Point)) {
        for (record, game) in &self.games {
            game.for_each_position(|position, color, mv| {
                if let (Move::Play(p), true) = (mv, plays_for(record, color, player)) {
                    visit(position, color, p);
                }
            });
        }
    }
}

fn read_record(file: &Path) -> Result<(SgfGame, Game), String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let record = sgf::parse(&text).map_err(|e| e.to_string())?;
    let game = sgf::to_game(&record, None, RuleSet::chinese()).map_err(|e| e.to_string())?;
    Ok((record, game))
}

/// Whether `color` in `record` is `player` (a part of the PB or PW name), or any player.
pub fn plays_for(record: &SgfGame, color: Color, player: Option<&str>) -> bool {
    let name = match color {
        Color::Black => record.player_black.as_deref(),
        Color::White => record.player_white.as_deref(),
    };
    player.is_none_or(|wanted| name.is_some_and(|name| name.contains(wanted)))
}

/// Fits the move model to the plays in `records` (those of `player` only, when given);
/// returns it with the number of moves learned from.
pub fn learn_moves(records: &Records, player: Option<&str>) -> (MoveModel, usize) {
    let shapes = harvest_shapes(records, player);
    let mut observations = Observations::default();
    for (record, game) in &records.games {
        observations.add_game(game, |color| plays_for(record, color, player), &shapes);
    }
    (observations.fit(ITERATIONS), observations.positions())
}

/// The spatial shapes of at least [`SHAPE_MIN_PLAYS`] plays in `records` (those of
/// `player` only, when given), as a model that knows them, at gamma 1, and nothing else.
fn harvest_shapes(records: &Records, player: Option<&str>) -> MoveModel {
    let mut plays: HashMap<Feature, u32> = HashMap::new();
    records.for_each_play(player, |position, color, p| {
        let keys = spatial::keys(position.board(), color, p);
        for feature in SPATIAL.into_iter().zip(keys) {
            *plays.entry(feature).or_default() += 1;
        }
    });
    plays.retain(|_, &mut n| n >= SHAPE_MIN_PLAYS);
    MoveModel::new(plays.into_keys().map(|feature| (feature, 1.0)).collect())
}

/// How well the tree's move order predicts the plays of game records.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Prediction {
    pub moves: u64,
    /// Plays ranked within the first 1, 5, 10 and 20 ([`Prediction::TOPS`]).
    pub hits: [u64; 4],
    /// The sum of the plays' ranks ([`prior_rank`]).
    pub rank_sum: f64,
}

impl Prediction {
    pub const TOPS: [f32; 4] = [1.0, 5.0, 10.0, 20.0];

    /// The share of plays ranked within each of [`Prediction::TOPS`], in percent.
    pub fn top_shares(&self) -> [f64; 4] {
        self.hits
            .map(|hit| 100.0 * hit as f64 / self.moves.max(1) as f64)
    }

    pub fn mean_rank(&self) -> f64 {
        self.rank_sum / self.moves.max(1) as f64
    }
}

/// Ranks each play of `records` (those of `player` only, when given) among the legal moves
/// in the tree's order.
pub fn predict(records: &Records, player: Option<&str>) -> Prediction {
    let mut prediction = Prediction::default();
    records.for_each_play(player, |position, color, played| {
        let rank = prior_rank(position, color, played);
        prediction.moves += 1;
        prediction.rank_sum += f64::from(rank);
        for (hit, top) in prediction.hits.iter_mut().zip(Prediction::TOPS) {
            *hit += u64::from(rank < top);
        }
    });
    prediction
}

/// Where `played` stands among `color`'s legal moves in `position` in the order a node
/// tries them ([`Prior::order`](crate::search::priors::Prior::order)): how many come before
/// it, plus half of those level with it (the search orders those at random). 0 means the
/// search would try it first.
pub fn prior_rank(position: &Game, color: Color, played: Point) -> f32 {
    let priors = NodePriors::new(position.board(), color);
    let order = |p| priors.of(Move::Play(p)).order;
    let mine = order(played);
    let (mut above, mut level) = (0, 0);
    for p in position.legal_points(color) {
        let other = order(p);
        if p != played && other > mine {
            above += 1;
        } else if p != played && other == mine {
            level += 1;
        }
    }
    above as f32 + level as f32 / 2.0
}

/// The moves of game records as Bradley-Terry competitions: in each position, the legal
/// moves (teams of features) compete and the played move wins.
#[derive(Default)]
pub struct Observations {
    /// Dense index per feature, and back.
    index: HashMap<Feature, u32>,
    features: Vec<Feature>,
    /// Per candidate move, its features' indices: `team_features[team_start[c]..team_start[c + 1]]`.
    team_features: Vec<u32>,
    team_start: Vec<usize>,
    /// Per position, its candidates and the winner among them.
    positions: Vec<(Range<usize>, usize)>,
}

impl Observations {
    /// Adds the plays of `game` (passes are not modelled), those of `learn_from` only, with
    /// the spatial shapes that `shapes` knows.
    pub fn add_game(
        &mut self,
        game: &Game,
        learn_from: impl Fn(Color) -> bool,
        shapes: &MoveModel,
    ) {
        if self.team_start.is_empty() {
            self.team_start.push(0);
        }
        game.for_each_position(|position, color, mv| {
            let Move::Play(played) = mv else { return };
            if !learn_from(color) {
                return;
            }
            let board = position.board();
            let node = NodeFacts::new(board, color);
            let first = self.team_start.len() - 1;
            let mut winner = None;
            for p in position.legal_points(color) {
                if p == played {
                    winner = Some(self.team_start.len() - 1);
                }
                for feature in features(board, color, p, &node.of(p), shapes) {
                    let next = self.features.len() as u32;
                    let id = *self.index.entry(feature).or_insert(next);
                    if id == next {
                        self.features.push(feature);
                    }
                    self.team_features.push(id);
                }
                self.team_start.push(self.team_features.len());
            }
            match winner {
                Some(winner) => {
                    let end = self.team_start.len() - 1;
                    self.positions.push((first..end, winner));
                }
                // A record's illegal move (under these rules): forget its candidates.
                None => {
                    self.team_start.truncate(first + 1);
                    self.team_features.truncate(self.team_start[first]);
                }
            }
        });
    }

    /// Moves learned from.
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// Fits the gammas by `iterations` rounds of minorization-maximization, each family in
    /// turn. Every feature also gets one virtual win and one loss against a gamma-1 move
    /// (Coulom's prior), so that rare features stay near 1.
    pub fn fit(&self, iterations: usize) -> MoveModel {
        let mut gamma = vec![1.0f64; self.features.len()];
        let mut wins = vec![0.0f64; self.features.len()];
        for (_, winner) in &self.positions {
            for &f in self.team(*winner) {
                wins[f as usize] += 1.0;
            }
        }
        let mut strengths = Vec::new();
        for _ in 0..iterations {
            for &(family, _) in &FAMILIES {
                let mut spread = vec![0.0f64; gamma.len()];
                for (candidates, _) in &self.positions {
                    strengths.clear();
                    strengths.extend(candidates.clone().map(|c| {
                        self.team(c)
                            .iter()
                            .map(|&f| gamma[f as usize])
                            .product::<f64>()
                    }));
                    let total: f64 = strengths.iter().sum();
                    for (c, strength) in candidates.clone().zip(&strengths) {
                        let team = self.team(c);
                        let Some(&f) = team
                            .iter()
                            .find(|&&f| self.features[f as usize].0 == family)
                        else {
                            continue;
                        };
                        spread[f as usize] += strength / gamma[f as usize] / total;
                    }
                }
                for (f, feature) in self.features.iter().enumerate() {
                    if feature.0 == family {
                        gamma[f] = (wins[f] + 1.0) / (spread[f] + 2.0 / (gamma[f] + 1.0));
                    }
                }
            }
        }
        MoveModel::new(self.features.iter().copied().zip(gamma).collect())
    }

    fn team(&self, candidate: usize) -> &[u32] {
        &self.team_features[self.team_start[candidate]..self.team_start[candidate + 1]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::move_model::Family;

    /// Stones of alternating colour along the middle line, each beside the last.
    fn snake(size: usize) -> Game {
        let mut game = Game::new(size, RuleSet::chinese()).expect("valid");
        let mut color = Color::Black;
        for x in 1..8 {
            let p = game.point(x, 4).expect("on the board");
            game.play(color, Move::Play(p)).expect("legal");
            color = color.opponent();
        }
        game
    }

    fn no_shapes() -> MoveModel {
        MoveModel::new(HashMap::new())
    }

    #[test]
    fn every_legal_move_competes_and_the_played_one_wins() {
        let mut observations = Observations::default();
        observations.add_game(&snake(9), |color| color == Color::Black, &no_shapes());
        assert_eq!(observations.positions(), 4);
        // Black's moves found 81, 79, 77 and 75 empty points.
        assert_eq!(observations.team_start.len() - 1, 81 + 79 + 77 + 75);
        for (k, (candidates, winner)) in observations.positions.iter().enumerate() {
            let first = (0..k).map(|j| 81 - 2 * j).sum::<usize>();
            assert_eq!(*candidates, first..first + 81 - 2 * k);
            assert!(candidates.contains(winner));
        }
    }

    /// `copies` records of the snake on a board of `size`.
    fn snakes(size: usize, copies: usize) -> Records {
        Records {
            games: (0..copies)
                .map(|_| (sgf::from_game(&snake(size)), snake(size)))
                .collect(),
            skipped: Vec::new(),
        }
    }

    /// The spatial features of the snake's plays on a board of `size`, in order.
    fn snake_shapes(size: usize) -> Vec<[Feature; 2]> {
        let mut shapes = Vec::new();
        snake(size).for_each_position(|position, color, mv| {
            if let Move::Play(p) = mv {
                let keys = spatial::keys(position.board(), color, p);
                shapes.push([(SPATIAL[0], keys[0]), (SPATIAL[1], keys[1])]);
            }
        });
        shapes
    }

    #[test]
    fn shapes_enter_the_table_once_played_often_enough() {
        let shapes = snake_shapes(9);
        let one = harvest_shapes(&snakes(9, 1), None);
        // The plays at 3, 4, 5 and 6 along the line share their smaller shape (the
        // opponent's stone beside, one's own behind it); the first play's is its own.
        assert_eq!(shapes[2][0], shapes[5][0]);
        assert!(one.spatial_known(shapes[2][0]));
        assert!(!one.spatial_known(shapes[0][1]) && !one.spatial_known(shapes[0][0]));
        let three = harvest_shapes(&snakes(9, 3), None);
        assert!(shapes.iter().flatten().all(|&f| three.spatial_known(f)));
        // Big boards' records give theirs too.
        let big = harvest_shapes(&snakes(19, 3), None);
        assert!(snake_shapes(19)
            .iter()
            .flatten()
            .all(|&f| big.spatial_known(f)));
    }

    #[test]
    fn the_shapes_played_are_rated_above_the_rest() {
        let (model, moves) = learn_moves(&snakes(9, 3), None);
        assert_eq!(moves, 3 * 7);
        let board = snake(9).board().clone();
        for (k, shape) in snake_shapes(9).into_iter().enumerate() {
            assert!(model.gamma(shape[1]) > 1.0, "play {k}: {}", model.to_text());
        }
        // An empty point far from the stones: a shape never played.
        let corner = board.point_at(0, 0);
        assert_eq!(model.spatial(&board, Color::Black, corner), None);
    }

    #[test]
    fn fitting_rates_what_was_always_played_above_what_never_was() {
        let mut observations = Observations::default();
        observations.add_game(&snake(9), |_| true, &no_shapes());
        let model = observations.fit(10);
        let gamma = |feature| model.gamma(feature);
        // Every move but the first was played beside the last one.
        assert!(gamma((Family::Last, 2)) > 3.0, "{}", model.to_text());
        assert!(gamma((Family::Last, 10)) < 1.0, "{}", model.to_text());
        let beside = [(Family::Last, 2)];
        let far = [(Family::Last, 10)];
        assert!(model.strength(&beside) > model.strength(&far));
    }
}
