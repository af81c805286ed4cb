//! Which moves strong players try first: Coulom's Bradley-Terry move model ("Computing Elo
//! Ratings of Move Patterns in the Game of Go", 2007), as Crazy Stone and Fuego order
//! progressive widening with it.
//!
//! A move is a team of features ([`Feature`]: its 3x3 shape, its distance to the last two
//! moves, captures, ataris, ...), each with a strength `gamma`; the move's strength is the
//! product, and a position's moves are played in proportion to their strengths. The gammas
//! are fitted to game records by minorization-maximization ([`Observations::fit`]); the
//! table (`move_model.txt`, made by `yunzi learn-moves --player "GNU Go"` from the match
//! games in `records/19x19-vs-gnugo/`) is compiled in. On big boards a node tries its moves
//! in the order of their strengths (see `priors::Prior::order`).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::sync::OnceLock;

use crate::board::{Board, Color, Move, Point};
use crate::game::Game;
use crate::playout::patterns::shape_key;

use super::features::MoveFacts;
use super::priors::NodePriors;

/// The learned table, kept in the source tree so that every build plays the same.
const TABLE: &str = include_str!("move_model.txt");

/// The kinds of feature; a move has at most one of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// [`shape_key`] of the 3x3 neighbourhood.
    Shape,
    /// Gridcular distance to the last move (up to 16), 0 if that was no play.
    Last,
    /// The same for the second-last move (up to 8).
    SecondLast,
    /// A capture that saves an own chain in atari (1), takes the last move's stone (2),
    /// or else takes 1, 2-3, 4 and more stones (3-5).
    Capture,
    /// Extends an own chain in atari: 1, or 2 when that only runs into a ladder.
    Save,
    /// Puts an enemy chain in atari: 1 when that catches it in a ladder, 2 when the chain
    /// holds the last move's stone, 3 otherwise.
    Atari,
    /// Leaves an own chain in atari (1), or a lone new stone (2).
    SelfAtari,
    FillsEye,
    /// Line from the edge (up to 4); in an empty area, 8 + 8 x line + other line (to 7).
    Edge,
    /// One of the playout policy's answers to the last move.
    PolicyAnswer,
}

const FAMILIES: [(Family, &str); 10] = [
    (Family::Shape, "shape"),
    (Family::Last, "last"),
    (Family::SecondLast, "second-last"),
    (Family::Capture, "capture"),
    (Family::Save, "save"),
    (Family::Atari, "atari"),
    (Family::SelfAtari, "self-atari"),
    (Family::FillsEye, "fills-eye"),
    (Family::Edge, "edge"),
    (Family::PolicyAnswer, "policy-answer"),
];

/// One feature: a family and its key within the family.
pub type Feature = (Family, u16);

/// The features of a move: at most one per family.
pub fn features(board: &Board, color: Color, p: Point, facts: &MoveFacts) -> Vec<Feature> {
    let mut found = vec![
        (Family::Shape, shape_key(board, color, p)),
        (
            Family::Last,
            facts.last_distance.map_or(0, |d| d.min(16)) as u16,
        ),
        (
            Family::SecondLast,
            facts.second_last_distance.map_or(0, |d| d.min(8)) as u16,
        ),
    ];
    let (line, other) = facts.edge_lines;
    let edge = if facts.empty_area {
        8 + 8 * line.min(6) + other.min(7)
    } else {
        line.min(4)
    };
    found.push((Family::Edge, edge as u16));
    let mut flag = |on: bool, family: Family, key: u16| {
        if on {
            found.push((family, key));
        }
    };
    let capture_key = match facts.captures {
        _ if facts.capture_saves => 1,
        _ if facts.captures_last => 2,
        1 => 3,
        2..=3 => 4,
        _ => 5,
    };
    flag(facts.captures > 0, Family::Capture, capture_key);
    let save_key = if facts.runs_into_ladder { 2 } else { 1 };
    flag(facts.saves, Family::Save, save_key);
    let atari_key = if facts.ladder {
        1
    } else if facts.ataris_last {
        2
    } else {
        3
    };
    flag(facts.ataris, Family::Atari, atari_key);
    flag(facts.self_atari, Family::SelfAtari, 1);
    flag(facts.lone_self_atari, Family::SelfAtari, 2);
    flag(facts.fills_eye, Family::FillsEye, 1);
    flag(facts.policy_answer, Family::PolicyAnswer, 1);
    found
}

/// Gammas per feature; a feature the table lacks has gamma 1.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveModel {
    gammas: HashMap<Feature, f64>,
    /// The same gammas per family, indexed by key: a node looks up every feature of
    /// every legal move when it gets its children.
    by_family: Vec<Vec<f32>>,
}

impl MoveModel {
    /// The compiled-in table (empty, all gammas 1, if it does not parse).
    pub fn learned() -> &'static MoveModel {
        static MODEL: OnceLock<MoveModel> = OnceLock::new();
        MODEL.get_or_init(|| {
            MoveModel::from_text(TABLE).unwrap_or_else(|| MoveModel::new(HashMap::new()))
        })
    }

    fn new(gammas: HashMap<Feature, f64>) -> MoveModel {
        let mut by_family = vec![Vec::new(); FAMILIES.len()];
        for (&(family, key), &gamma) in &gammas {
            let table: &mut Vec<f32> = &mut by_family[family as usize];
            if table.len() <= usize::from(key) {
                table.resize(usize::from(key) + 1, 1.0);
            }
            table[usize::from(key)] = gamma as f32;
        }
        MoveModel { gammas, by_family }
    }

    /// The strength of a move with these features.
    pub fn strength(&self, features: &[Feature]) -> f32 {
        features
            .iter()
            .map(|&(family, key)| {
                self.by_family[family as usize]
                    .get(usize::from(key))
                    .copied()
                    .unwrap_or(1.0)
            })
            .product()
    }

    /// The table as text: a header, then `family key gamma` per feature.
    pub fn to_text(&self) -> String {
        let mut rows: Vec<_> = self.gammas.iter().collect();
        rows.sort_by_key(|&(feature, _)| *feature);
        let mut text = String::from("# yunzi move model: family, key, gamma\n");
        for ((family, key), gamma) in rows {
            let _ = writeln!(text, "{} {key} {gamma:.6}", family_name(*family));
        }
        text
    }

    /// Reads [`MoveModel::to_text`]; `None` on a malformed line.
    pub fn from_text(text: &str) -> Option<MoveModel> {
        let mut gammas = HashMap::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let mut fields = line.split_whitespace();
            let name = fields.next()?;
            let family = FAMILIES.iter().find(|(_, n)| *n == name)?.0;
            let key = fields.next()?.parse().ok()?;
            let gamma: f64 = fields.next()?.parse().ok()?;
            (gamma > 0.0).then_some(())?;
            gammas.insert((family, key), gamma);
        }
        Some(MoveModel::new(gammas))
    }
}

fn family_name(family: Family) -> &'static str {
    FAMILIES
        .iter()
        .find(|(f, _)| *f == family)
        .map_or("?", |(_, name)| name)
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
    /// Adds the plays of `game` (passes are not modelled), those of `learn_from` only.
    pub fn add_game(&mut self, game: &Game, learn_from: impl Fn(Color) -> bool) {
        if self.team_start.is_empty() {
            self.team_start.push(0);
        }
        game.for_each_position(|position, color, mv| {
            let Move::Play(played) = mv else { return };
            if !learn_from(color) {
                return;
            }
            let board = position.board();
            let priors = NodePriors::new(board, color);
            let first = self.team_start.len() - 1;
            let mut winner = None;
            for p in position.legal_points(color) {
                if p == played {
                    winner = Some(self.team_start.len() - 1);
                }
                for feature in features(board, color, p, &priors.facts(p)) {
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
    use crate::game::RuleSet;

    /// 9x9: stones of alternating colour along the middle line, each beside the last.
    fn snake() -> Game {
        let mut game = Game::new(9, RuleSet::chinese()).expect("valid");
        let mut color = Color::Black;
        for x in 1..8 {
            let p = game.point(x, 4).expect("on the board");
            game.play(color, Move::Play(p)).expect("legal");
            color = color.opponent();
        }
        game
    }

    #[test]
    fn every_legal_move_competes_and_the_played_one_wins() {
        let mut observations = Observations::default();
        observations.add_game(&snake(), |color| color == Color::Black);
        assert_eq!(observations.positions(), 4);
        // Black's moves found 81, 79, 77 and 75 empty points.
        assert_eq!(observations.team_start.len() - 1, 81 + 79 + 77 + 75);
        for (k, (candidates, winner)) in observations.positions.iter().enumerate() {
            let first = (0..k).map(|j| 81 - 2 * j).sum::<usize>();
            assert_eq!(*candidates, first..first + 81 - 2 * k);
            assert!(candidates.contains(winner));
        }
    }

    #[test]
    fn fitting_rates_what_was_always_played_above_what_never_was() {
        let mut observations = Observations::default();
        observations.add_game(&snake(), |_| true);
        let model = observations.fit(10);
        let gamma = |feature| model.gammas.get(&feature).copied().unwrap_or(1.0);
        // Every move but the first was played beside the last one.
        assert!(gamma((Family::Last, 2)) > 3.0, "{}", model.to_text());
        assert!(gamma((Family::Last, 10)) < 1.0, "{}", model.to_text());
        let beside = [(Family::Last, 2)];
        let far = [(Family::Last, 10)];
        assert!(model.strength(&beside) > model.strength(&far));
    }

    #[test]
    fn the_table_text_reads_back() {
        let mut observations = Observations::default();
        observations.add_game(&snake(), |_| true);
        let model = observations.fit(2);
        let read = MoveModel::from_text(&model.to_text()).expect("valid");
        for (feature, gamma) in &model.gammas {
            assert!(
                (read.gammas[feature] - gamma).abs() < 1e-5 * gamma,
                "{feature:?}"
            );
        }
        assert_eq!(MoveModel::from_text("shape 12 x"), None);
        assert_eq!(MoveModel::from_text("colour 1 2.0"), None);
        assert_eq!(MoveModel::from_text("last 2 -1"), None);
    }

    #[test]
    fn the_learned_table_knows_a_hane_from_an_empty_triangle() {
        let mut board = Board::new(19).expect("valid");
        let stone = |color, x, y| (color, board.point_at(x, y));
        let stones = [
            stone(Color::Black, 9, 9),
            stone(Color::Black, 10, 9),
            stone(Color::White, 5, 5),
            stone(Color::Black, 6, 5),
        ];
        board.setup(&stones).expect("valid");
        let gamma = |x, y| {
            let p = board.point_at(x, y);
            let shape = (Family::Shape, shape_key(&board, Color::Black, p));
            MoveModel::learned().strength(&[shape])
        };
        // Above (9,9), beside (10,9): an empty triangle.
        let triangle = gamma(9, 10);
        // Above White's (5,5), diagonal to Black's (6,5) beside it: a hane.
        let hane = gamma(5, 6);
        assert!(
            triangle < 0.5 && hane > 2.0,
            "triangle {triangle}, hane {hane}"
        );
    }
}
