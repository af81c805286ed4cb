//! A game: the board plus the side to move, the full history and the rules.
//!
//! This is what the board leaves out: turn order, superko (rule 10) over the whole history,
//! undo of any number of moves, handicap (rule 17), passes toward the end (rule 12), and the
//! rule set that scores the result. Superko lives here, below the search, because moves
//! inside the search tree must respect it; playouts use the board's simple ko only.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::{Board, Color, Illegal, Move, Point, SetupError};
use crate::scoring::{self, Score};

/// Which repetitions are forbidden (rule 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone (for playouts and Japanese rules,
    /// where longer cycles are settled by agreement rather than forbidden).
    Simple,
    /// No move may recreate an earlier whole-board position (the 2002 text; the default).
    Positional,
    /// No move may make the opponent face an earlier position with them to move (the older
    /// text): position plus side to move.
    Situational,
}

/// How the result is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Stones plus surrounded points (rules 14-16).
    Area,
    /// Surrounded points plus prisoners (rule 18).
    Territory,
}

/// A named set of rules. Suicide is illegal in every preset (rule 9).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RuleSet {
    pub name: &'static str,
    pub counting: Counting,
    pub ko: KoRule,
    /// Komi a new game starts with; GTP `komi` overrides it per game.
    pub default_komi: f64,
    /// White gets one point per handicap stone (2..9) under area counting (rule 17).
    pub handicap_compensation: bool,
    /// Dead stones are removed before counting (rule 13); Tromp-Taylor counts every stone.
    pub remove_dead: bool,
}

impl RuleSet {
    /// The Chinese rules of `shared/RULES.md`: area counting, positional superko, 7.5 komi.
    pub const fn chinese() -> RuleSet {
        RuleSet {
            name: "chinese",
            counting: Counting::Area,
            ko: KoRule::Positional,
            default_komi: 7.5,
            handicap_compensation: true,
            remove_dead: true,
        }
    }

    /// Japanese and Korean rules (rule 18): territory counting, 6.5 komi.
    pub const fn japanese() -> RuleSet {
        RuleSet {
            name: "japanese",
            counting: Counting::Territory,
            ko: KoRule::Simple,
            default_komi: 6.5,
            handicap_compensation: false,
            remove_dead: true,
        }
    }

    /// Tromp-Taylor (CGOS): area counting of every stone on the board, positional superko.
    pub const fn tromp_taylor() -> RuleSet {
        RuleSet {
            name: "tromp-taylor",
            counting: Counting::Area,
            ko: KoRule::Positional,
            default_komi: 7.5,
            handicap_compensation: false,
            remove_dead: false,
        }
    }

    /// A preset by name, or the nearest one for the rule names KGS and OGS send.
    pub fn by_name(name: &str) -> Option<RuleSet> {
        match name.to_ascii_lowercase().as_str() {
            "chinese" | "aga" | "new_zealand" | "nz" => Some(RuleSet::chinese()),
            "japanese" | "korean" => Some(RuleSet::japanese()),
            "tromp-taylor" | "tromp_taylor" | "tromptaylor" => Some(RuleSet::tromp_taylor()),
            _ => None,
        }
    }
}

/// Why a move is refused. The game is unchanged after any of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The coordinates are not on this board.
    OffBoard,
    /// The point already holds a stone (rule 4).
    Occupied,
    /// The stone would have no liberty and captures nothing (rule 9).
    Suicide,
    /// Immediate recapture of a single-stone ko.
    Ko,
    /// The move recreates an earlier position (rule 10).
    Superko,
}

impl From<Illegal> for IllegalMove {
    fn from(reason: Illegal) -> IllegalMove {
        match reason {
            Illegal::Occupied => IllegalMove::Occupied,
            Illegal::Suicide => IllegalMove::Suicide,
            Illegal::Ko => IllegalMove::Ko,
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OffBoard => "off the board",
            IllegalMove::Occupied => "occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Ko => "ko",
            IllegalMove::Superko => "superko",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// The state before a move, so undo restores it exactly.
#[derive(Clone)]
struct Snapshot {
    board: Board,
    to_move: Color,
    passes: u32,
}

/// The identity of the next game made ([`Game::id`]).
static NEXT_ID: AtomicU64 = AtomicU64::new(0);

/// A game in progress. See the module documentation.
#[derive(Clone)]
pub struct Game {
    /// Which game this is: a copy keeps it, a new game gets its own.
    id: u64,
    rules: RuleSet,
    komi: f64,
    board: Board,
    to_move: Color,
    /// Handicap stones placed at the start (rule 17).
    handicap: u32,
    /// Consecutive passes at the end of the move list (rule 12).
    passes: u32,
    /// The state before each move of `moves`.
    history: Vec<Snapshot>,
    moves: Vec<(Color, Move)>,
    /// Every position so far with the side to move in it, the start included (rule 10).
    seen: Vec<(u64, Color)>,
}

impl Game {
    /// An empty board of `size` under `rules`, Black to move, komi from the rules.
    pub fn new(size: usize, rules: RuleSet) -> Result<Game, SetupError> {
        let board = Board::new(size)?;
        Ok(Game {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            komi: rules.default_komi,
            rules,
            seen: vec![(board.hash(), Color::Black)],
            board,
            to_move: Color::Black,
            handicap: 0,
            passes: 0,
            history: Vec::new(),
            moves: Vec::new(),
        })
    }

    /// A game starting from a set position (an SGF's setup, a test diagram): it cannot be
    /// undone past this position.
    pub fn from_position(board: Board, to_move: Color, rules: RuleSet) -> Game {
        Game {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            komi: rules.default_komi,
            rules,
            seen: vec![(board.hash(), to_move)],
            board,
            to_move,
            handicap: 0,
            passes: 0,
            history: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Which game this is: the same for its copies (a search's, pondering's) and through
    /// every move and undo, another for every new game, even one that starts alike. What
    /// the search learns over a game ([`crate::search::DynamicKomi`]) ends with it.
    pub fn id(&self) -> u64 {
        self.id
    }

    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets who moves next (SGF `PL`); the current position is recorded with it.
    pub fn set_to_move(&mut self, color: Color) {
        self.to_move = color;
        if let Some(last) = self.seen.last_mut() {
            last.1 = color;
        }
    }

    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Changes the rules; komi stays as the controller set it.
    pub fn set_rules(&mut self, rules: RuleSet) {
        self.rules = rules;
    }

    pub fn komi(&self) -> f64 {
        self.komi
    }

    pub fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }

    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// Every point White gets beyond its count at the end: the komi and, under area counting
    /// with compensation, a point a handicap stone (rule 17). This is the komi a playout is
    /// won or lost against, and the one a person's win rates mean.
    pub fn full_komi(&self) -> f64 {
        self.komi + scoring::handicap_compensation(self.compensated_stones())
    }

    /// The handicap stones White is compensated for under these rules.
    fn compensated_stones(&self) -> u32 {
        match self.rules.counting {
            Counting::Area if self.rules.handicap_compensation => self.handicap,
            _ => 0,
        }
    }

    /// The moves played since the start position, in order.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// The position the game started from (before any move).
    pub fn start_board(&self) -> &Board {
        self.history.first().map_or(&self.board, |s| &s.board)
    }

    /// Who was to move in the start position (SGF `PL`, so a saved game replays exactly).
    pub fn start_to_move(&self) -> Color {
        self.history.first().map_or(self.to_move, |s| s.to_move)
    }

    /// Consecutive passes at the end of the game so far.
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// Two passes in a row end the game (rule 12).
    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    /// The point at 0-based `col` and `row` (row 0 at the bottom), if it is on the board.
    pub fn point(&self, col: usize, row: usize) -> Result<Point, IllegalMove> {
        self.board.try_point(col, row).ok_or(IllegalMove::OffBoard)
    }

    /// Whether `color` may play `mv` now, superko included.
    pub fn legality(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        let Move::Play(p) = mv else {
            return Ok(()); // rule 10: passes never repeat a position
        };
        self.board.legality(color, p)?;
        if self.rules.ko == KoRule::Simple {
            return Ok(());
        }
        let mut next = self.board.clone();
        next.play_legal(color, p);
        if self.repeats(next.hash(), color.opponent()) {
            return Err(IllegalMove::Superko);
        }
        Ok(())
    }

    /// Whether a position with `to_move` to play would repeat one of the game's (rule 10).
    pub fn repeats(&self, hash: u64, to_move: Color) -> bool {
        match self.rules.ko {
            KoRule::Simple => false,
            KoRule::Positional => self.seen.iter().any(|&(h, _)| h == hash),
            KoRule::Situational => self.seen.contains(&(hash, to_move)),
        }
    }

    /// Plays `mv` for `color` (either colour may move: GTP `play` allows it) if legal;
    /// otherwise the game is unchanged.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        self.legality(color, mv)?;
        self.history.push(Snapshot {
            board: self.board.clone(),
            to_move: self.to_move,
            passes: self.passes,
        });
        match mv {
            Move::Pass => {
                self.board.pass(color);
                self.passes += 1;
            }
            Move::Play(p) => {
                self.board.play_legal(color, p);
                self.passes = 0;
            }
        }
        self.moves.push((color, mv));
        self.to_move = color.opponent();
        self.seen.push((self.board.hash(), self.to_move));
        Ok(())
    }

    /// Replays this game from its start position, calling `visit` with the game as it stood
    /// before each move and that move: for tools that learn from game records or test on
    /// them.
    pub fn for_each_position(&self, mut visit: impl FnMut(&Game, Color, Move)) {
        let mut replay = Game {
            komi: self.komi,
            handicap: self.handicap,
            ..Game::from_position(self.start_board().clone(), self.start_to_move(), self.rules)
        };
        for &(color, mv) in &self.moves {
            visit(&replay, color, mv);
            if replay.play(color, mv).is_err() {
                return;
            }
        }
    }

    /// Takes back the last move; `false` if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(snapshot) = self.history.pop() else {
            return false;
        };
        self.board = snapshot.board;
        self.to_move = snapshot.to_move;
        self.passes = snapshot.passes;
        self.moves.pop();
        self.seen.pop();
        true
    }

    /// Places handicap stones on an empty board before any move (rule 17); White then moves
    /// first. Fails, changing nothing, if the board is not empty or a point repeats.
    pub fn place_handicap(&mut self, points: &[Point]) -> Result<(), SetupError> {
        if !self.moves.is_empty() || self.board.empty_count() != self.board.size().pow(2) {
            return Err(SetupError::BadDiagram("board not empty".into()));
        }
        let stones: Vec<(Color, Point)> = points.iter().map(|&p| (Color::Black, p)).collect();
        self.board.setup(&stones)?;
        self.handicap = points.len() as u32;
        self.to_move = Color::White;
        self.seen = vec![(self.board.hash(), self.to_move)];
        Ok(())
    }

    /// Every point where `color` may play now, superko included.
    pub fn legal_points(&self, color: Color) -> Vec<Point> {
        self.board
            .points()
            .filter(|&p| self.legality(color, Move::Play(p)).is_ok())
            .collect()
    }

    /// The result under this game's rules with `dead` stones removed and `seki` stones
    /// given no territory. Tromp-Taylor removes nothing.
    pub fn score(&self, dead: &[Point], seki: &[Point]) -> Score {
        let dead = if self.rules.remove_dead { dead } else { &[] };
        match self.rules.counting {
            Counting::Area => {
                scoring::area_score(&self.board, dead, self.komi, self.compensated_stones())
            }
            Counting::Territory => scoring::territory_score(&self.board, dead, seki, self.komi),
        }
    }
}

pub mod handicap;

#[cfg(test)]
mod tests;
