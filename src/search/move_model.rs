//! Which moves strong players try first: Coulom's Bradley-Terry move model ("Computing Elo
//! Ratings of Move Patterns in the Game of Go", 2007), as Crazy Stone and Fuego order
//! progressive widening with it.
//!
//! A move is a team of features ([`Feature`]: its 3x3 shape, the largest of its larger
//! shapes that the table knows ([`super::spatial`]), its distance to the last two
//! moves, captures, ataris, ...), each with a strength `gamma`; the move's strength is the
//! product, and a position's moves are played in proportion to their strengths. The gammas
//! are fitted to game records by minorization-maximization (`yunzi learn-moves`, in
//! [`crate::learn`]); the tables ([`MoveModel::learned`]) are compiled in. A node tries its
//! moves in the order of their strengths (see `priors::Prior::order`), and on small boards
//! the model judges them too (`priors::children`).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

use crate::board::{Board, Color, Move, Point};
use crate::game::Game;
use crate::playout::is_big;
use crate::playout::patterns::shape_key;

use super::features::{MoveFacts, NodeFacts};
use super::spatial;

/// The learned tables, kept in the source tree so that every build plays the same, both
/// fitted to Pachi's self-play: big boards' on 19x19 (`yunzi learn-moves
/// records/19x19-pachi-selfplay/game-00*.sgf`: the first 100 games; the other 25 test it),
/// small boards' on 9x9 (`yunzi learn-moves records/9x9-pachi-selfplay/game-0[0-2]*.sgf
/// records/9x9-pachi-selfplay/game-0300.sgf`: the first 300 games; the other 80 test it).
const BIG_TABLE: &str = include_str!("move_model.txt");
const SMALL_TABLE: &str = include_str!("move_model_9x9.txt");

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
    /// The [`spatial`] key of the shape within distance 2 of the move, when the table
    /// knows it but not the one within 3.
    Spatial2,
    /// The [`spatial`] key of the shape within distance 3.
    Spatial3,
}

/// The spatial families, one per [`spatial::RADII`], smallest first.
pub const SPATIAL: [Family; spatial::RADII.len()] = [Family::Spatial2, Family::Spatial3];

/// Every family with its name in the table.
pub const FAMILIES: [(Family, &str); 12] = [
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
    (Family::Spatial2, "spatial-2"),
    (Family::Spatial3, "spatial-3"),
];

/// One feature: a family and its key within the family.
pub type Feature = (Family, u64);

/// The features of a move: at most one per family, and of the spatial families only the
/// largest that `model` knows.
pub fn features(
    board: &Board,
    color: Color,
    p: Point,
    facts: &MoveFacts,
    model: &MoveModel,
) -> Vec<Feature> {
    let mut found = vec![
        (Family::Shape, u64::from(shape_key(board, color, p))),
        (
            Family::Last,
            facts.last_distance.map_or(0, |d| d.min(16)) as u64,
        ),
        (
            Family::SecondLast,
            facts.second_last_distance.map_or(0, |d| d.min(8)) as u64,
        ),
    ];
    found.extend(model.spatial(board, color, p));
    let (line, other) = facts.edge_lines;
    let edge = if facts.empty_area {
        8 + 8 * line.min(6) + other.min(7)
    } else {
        line.min(4)
    };
    found.push((Family::Edge, edge as u64));
    let mut flag = |on: bool, family: Family, key: u64| {
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

/// The move model as a probability distribution over `color`'s legal moves in `game`,
/// on every board size: each play's strength over the sum of all. GUIs show it as the
/// policy (`prior` in analysis). The model does not rate passes, so a pass weighs as the
/// weakest play (all of it when no play is legal).
pub fn policy(game: &Game, color: Color) -> Vec<(Move, f64)> {
    let board = game.board();
    let node = NodeFacts::new(board, color);
    let model = MoveModel::learned(board);
    let mut moves: Vec<(Move, f64)> = game
        .legal_points(color)
        .into_iter()
        .map(|p| {
            let strength = model.strength(&features(board, color, p, &node.of(p), model));
            (Move::Play(p), f64::from(strength))
        })
        .collect();
    let weakest = moves
        .iter()
        .map(|&(_, s)| s)
        .reduce(f64::min)
        .unwrap_or(1.0);
    moves.push((Move::Pass, weakest));
    let total: f64 = moves.iter().map(|&(_, s)| s).sum();
    for (_, strength) in &mut moves {
        *strength /= total;
    }
    moves
}

/// Gammas per feature; a feature the table lacks has gamma 1.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveModel {
    gammas: HashMap<Feature, f64>,
    /// The same gammas per family, indexed by key: a node looks up every feature of
    /// every legal move when it gets its children. Empty for the spatial families, whose
    /// keys are hashes.
    by_family: Vec<Vec<f32>>,
    /// Whether the table knows any spatial shape: if not, none is worked out.
    has_spatial: bool,
}

impl MoveModel {
    /// The compiled-in table for `board`'s size (empty, all gammas 1, if it does not parse):
    /// the big boards' from [`BIG_BOARD`](crate::playout::BIG_BOARD) up, else the small.
    pub fn learned(board: &Board) -> &'static MoveModel {
        static BIG: OnceLock<MoveModel> = OnceLock::new();
        static SMALL: OnceLock<MoveModel> = OnceLock::new();
        let (model, table) = if is_big(board) {
            (&BIG, BIG_TABLE)
        } else {
            (&SMALL, SMALL_TABLE)
        };
        model.get_or_init(|| {
            MoveModel::from_text(table).unwrap_or_else(|| MoveModel::new(HashMap::new()))
        })
    }

    /// A model with these gammas (1 for a feature not given).
    pub fn new(gammas: HashMap<Feature, f64>) -> MoveModel {
        let mut by_family = vec![Vec::new(); FAMILIES.len()];
        for (&(family, key), &gamma) in &gammas {
            if SPATIAL.contains(&family) {
                continue;
            }
            let key = key as usize;
            let table: &mut Vec<f32> = &mut by_family[family as usize];
            if table.len() <= key {
                table.resize(key + 1, 1.0);
            }
            table[key] = gamma as f32;
        }
        let has_spatial = gammas.keys().any(|(family, _)| SPATIAL.contains(family));
        MoveModel {
            gammas,
            by_family,
            has_spatial,
        }
    }

    /// Whether the table has this spatial shape.
    pub fn spatial_known(&self, feature: Feature) -> bool {
        self.gammas.contains_key(&feature)
    }

    /// The largest spatial shape of a play at `p` that the table knows, as a feature.
    pub fn spatial(&self, board: &Board, color: Color, p: Point) -> Option<Feature> {
        if !self.has_spatial {
            return None;
        }
        let keys = spatial::keys(board, color, p);
        SPATIAL
            .into_iter()
            .zip(keys)
            .rev()
            .find(|&feature| self.spatial_known(feature))
    }

    /// The gamma of one feature.
    pub fn gamma(&self, feature: Feature) -> f64 {
        self.gammas.get(&feature).copied().unwrap_or(1.0)
    }

    /// The strength of a move with these features.
    pub fn strength(&self, features: &[Feature]) -> f32 {
        features
            .iter()
            .map(|&feature @ (family, key)| {
                if SPATIAL.contains(&family) {
                    self.gamma(feature) as f32
                } else {
                    self.by_family[family as usize]
                        .get(key as usize)
                        .copied()
                        .unwrap_or(1.0)
                }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_is_a_distribution_over_the_legal_moves_that_prefers_good_shape() {
        use crate::game::RuleSet;
        for size in [9, 13, 19] {
            let mut game = Game::new(size, RuleSet::chinese()).expect("valid");
            let mid = size / 2;
            for (color, x, y) in [(Color::Black, mid, mid), (Color::White, mid + 1, mid)] {
                let p = game.point(x, y).expect("on the board");
                game.play(color, Move::Play(p)).expect("legal");
            }
            let policy = policy(&game, Color::Black);
            assert_eq!(
                policy.len(),
                size * size - 2 + 1,
                "every empty point and a pass"
            );
            let total: f64 = policy.iter().map(|&(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{size}: {total}");
            assert!(policy.iter().all(|&(_, p)| p > 0.0));
            let of = |x, y| {
                let mv = Move::Play(game.point(x, y).expect("on the board"));
                policy.iter().find(|&&(m, _)| m == mv).map(|&(_, p)| p)
            };
            // The hane on White's stone against a first-line point far away.
            let hane = of(mid + 1, mid + 1).expect("legal");
            let far = of(0, 0).expect("legal");
            assert!(hane > 5.0 * far, "{size}: hane {hane} vs corner {far}");
        }
    }

    #[test]
    fn the_table_text_reads_back() {
        let gammas = HashMap::from([
            ((Family::Shape, 12), 3.25),
            ((Family::Last, 2), 0.125),
            ((Family::PolicyAnswer, 1), 7.5),
            ((Family::Spatial3, u64::MAX - 5), 0.5),
        ]);
        let model = MoveModel::new(gammas);
        let read = MoveModel::from_text(&model.to_text()).expect("valid");
        assert_eq!(read, model);
        assert_eq!(MoveModel::from_text("shape 12 x"), None);
        assert_eq!(MoveModel::from_text("colour 1 2.0"), None);
        assert_eq!(MoveModel::from_text("last 2 -1"), None);
    }

    #[test]
    fn a_move_has_the_largest_spatial_shape_the_table_knows() {
        let board = Board::from_diagram("..O..\n.....\n.X...\n.....\n.....").expect("valid");
        let p = board.point_at(2, 2);
        let [small, large] = spatial::keys(&board, Color::Black, p);
        let model = |known: &[Feature]| MoveModel::new(known.iter().map(|&f| (f, 2.0)).collect());
        let small = (Family::Spatial2, small);
        let large = (Family::Spatial3, large);
        assert_eq!(model(&[]).spatial(&board, Color::Black, p), None);
        assert_eq!(
            model(&[small]).spatial(&board, Color::Black, p),
            Some(small)
        );
        let both = model(&[small, large]);
        assert_eq!(both.spatial(&board, Color::Black, p), Some(large));
        let facts = NodeFacts::new(&board, Color::Black);
        let found = features(&board, Color::Black, p, &facts.of(p), &both);
        assert!(
            found.contains(&large) && !found.contains(&small),
            "{found:?}"
        );
        // White to move sees another shape, which the table does not know.
        assert_eq!(both.spatial(&board, Color::White, p), None);
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
            let shape = (Family::Shape, u64::from(shape_key(&board, Color::Black, p)));
            MoveModel::learned(&board).strength(&[shape])
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
