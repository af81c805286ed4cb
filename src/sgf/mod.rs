//! Reading and writing SGF (Smart Game Format, `FF[4]`) game records for Go.
//!
//! # What it reads
//!
//! [`parse`] accepts a full `FF[4]` collection: one or more game trees, each
//! `(` a sequence of nodes `;` followed by child game trees `)`, with
//! properties `IDENT[value][value]...` and white space allowed between any
//! two tokens. Property values honour the SGF escapes (`\]`, `\\`, `\` before
//! any other character) and an escaped line break (a "soft line break") is
//! removed. Old-style identifiers with lower-case letters (`AddBlack`) are
//! read by dropping the lower-case letters (`AB`). A UTF-8 byte order mark at
//! the start is skipped. The whole collection is checked for syntax, but only
//! the **first** game tree is interpreted, and only its **main line** (the
//! first variation at every branch), because that is what a Go engine
//! needs to adjourn a game (SGF rule 22).
//!
//! From that main line it keeps the board size, komi, handicap, rules,
//! result, player names, the root comment, the setup stones placed before the
//! first move, the player to move, and the moves themselves. Compressed point
//! lists (`AB[aa:cc]`) are expanded. `B[]` is a pass, and so is `B[tt]` on
//! boards up to 19x19 (on larger boards `tt` is an ordinary point). All other
//! properties (marks, timing, variations' content...) are ignored.
//!
//! # What it refuses, and why
//!
//! * Syntax errors of any kind ([`SgfError::Syntax`]): unbalanced
//!   parentheses, a game tree without a node, a node after a variation,
//!   unterminated values, a node holding both `B` and `W`, a single-valued
//!   property given several values, unreadable numbers. Guessing at a broken
//!   file would risk replaying a different game than the one recorded.
//! * Games other than Go (`GM` not 1) ([`SgfError::NotGo`]).
//! * Boards that are not square or not between 1x1 and 25x25
//!   ([`SgfError::BadSize`]): the engine does not play on them.
//! * Points outside the board or not written as two letters
//!   ([`SgfError::BadPoint`]).
//! * Setup properties (`AB`, `AW`, `AE`, `PL`) in a node after moves have
//!   been played ([`SgfError::Unsupported`]): such a position is not a plain
//!   "setup, then moves" game and cannot be described by [`SgfGame`] without
//!   losing information, so it is refused rather than silently altered. The
//!   same goes for variations nested deeper than 10,000 levels.
//!
//! The parser never panics and never recurses on the input's nesting depth:
//! game-tree structure is handled with an explicit stack.
//!
//! # What it writes
//!
//! [`write()`] produces a single game tree with all game information and setup
//! in the root node and one node per move, e.g.
//! `(;FF[4]GM[1]CA[UTF-8]SZ[19]KM[7.5]\n;B[dd];W[pp];B[])`, which [`parse`]
//! reads back to an equal [`SgfGame`].
//!
//! # Games
//!
//! [`to_game`] replays a record as a [`Game`](crate::game::Game) (GTP `loadsgf`, with its move
//! number) and [`from_game`] records one (`printsgf`), so that a game saved
//! and restored continues identically: same position, side to move, ko
//! state, prisoners and superko history (rule 22, adjournment).

//!
//! The code follows those three concerns: `read` (tokens with nom, the game-tree
//! structure without recursion, and the interpretation of the main line), `write`, and
//! `game` (records to and from [`Game`](crate::game::Game)s).

use std::fmt;

use crate::board::Color;

mod game;
mod read;
mod write;

pub use game::{from_game, to_game, ReplayError};
pub use read::parse;
pub use write::write;

/// A colour in SGF terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SgfColor {
    /// The first player, `B`.
    Black,
    /// The second player, `W`.
    White,
}

/// A point as (column, row), both 0-based from the top-left corner, as SGF
/// letters give them (`"ab"` = column 0, row 1).
pub type SgfPoint = (u8, u8);

/// The main line of an SGF game, reduced to what a Go engine needs (SGF rule
/// 22: adjournment).
///
/// `SgfGame::default()` is an empty 19x19 game. For [`write()`] followed by
/// [`parse`] to give back the same value, the game must be valid: `size` in
/// 1..=25, every point on the board, the three setup lists free of repeats
/// and disjoint, `komi` finite, and text fields either `None` or non-empty
/// (an empty text is written as nothing and read back as `None`).
#[derive(Clone, Debug, PartialEq)]
pub struct SgfGame {
    /// `SZ`, default 19; only square boards 1..=25 are accepted.
    pub size: u8,
    /// `KM`, the komi.
    pub komi: Option<f64>,
    /// `HA`, the number of handicap stones as recorded.
    pub handicap: Option<u8>,
    /// `RU`, the rule set name as recorded (e.g. `Chinese`).
    pub rules: Option<String>,
    /// `RE`, the result as recorded (e.g. `B+R`, `W+3.5`).
    pub result: Option<String>,
    /// `AB`: black stones on the board before the first move.
    pub setup_black: Vec<SgfPoint>,
    /// `AW`: white stones on the board before the first move.
    pub setup_white: Vec<SgfPoint>,
    /// `AE`: points cleared by setup before the first move.
    pub setup_empty: Vec<SgfPoint>,
    /// `PL`: the player to move after setup.
    pub to_play: Option<SgfColor>,
    /// `B`/`W` in main-line order; `None` is a pass.
    pub moves: Vec<(SgfColor, Option<SgfPoint>)>,
    /// `PB`, the black player's name.
    pub player_black: Option<String>,
    /// `PW`, the white player's name.
    pub player_white: Option<String>,
    /// `C` of the root node, unescaped.
    pub comment: Option<String>,
}

impl Default for SgfGame {
    /// An empty 19x19 game with no game information.
    fn default() -> Self {
        SgfGame {
            size: 19,
            komi: None,
            handicap: None,
            rules: None,
            result: None,
            setup_black: Vec::new(),
            setup_white: Vec::new(),
            setup_empty: Vec::new(),
            to_play: None,
            moves: Vec::new(),
            player_black: None,
            player_white: None,
            comment: None,
        }
    }
}

/// Why an SGF text could not be turned into an [`SgfGame`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SgfError {
    /// The text is not well-formed SGF, or a property value is unreadable.
    /// The message says what and, for grammar errors, where (line:column).
    Syntax(String),
    /// The game is not Go (`GM` other than 1).
    NotGo,
    /// The board is not square or not between 1x1 and 25x25.
    BadSize,
    /// A point is malformed or off the board; the message names it.
    BadPoint(String),
    /// Well-formed SGF that this reader deliberately does not handle.
    Unsupported(String),
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::Syntax(m) => write!(f, "SGF syntax error: {m}"),
            SgfError::NotGo => write!(f, "not a Go game record (GM is not 1)"),
            SgfError::BadSize => {
                write!(
                    f,
                    "unsupported board size (only square boards 1x1 to 25x25)"
                )
            }
            SgfError::BadPoint(m) => write!(f, "bad point: {m}"),
            SgfError::Unsupported(m) => write!(f, "unsupported SGF: {m}"),
        }
    }
}

impl std::error::Error for SgfError {}

/// Largest board side accepted.
const MAX_SIZE: u8 = 25;
/// Deepest nesting of game trees accepted.
const MAX_DEPTH: usize = 10_000;

#[cfg(test)]
mod game_tests;

#[cfg(test)]
mod tests;
