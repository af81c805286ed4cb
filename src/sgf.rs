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
//! [`to_game`] replays a record as a [`Game`] (GTP `loadsgf`, with its move
//! number) and [`from_game`] records one (`printsgf`), so that a game saved
//! and restored continues identically: same position, side to move, ko
//! state, prisoners and superko history (rule 22, adjournment).

use nom::{
    bytes::complete::{take_while, take_while1},
    character::complete::char,
    combinator::cut,
    error::{context, ContextError, ErrorKind, ParseError},
    multi::{many0, many1},
    sequence::preceded,
    IResult,
};
use std::fmt;

use crate::board::{Board, Color, Move, Point, SetupError};
use crate::game::{Game, IllegalMove, RuleSet};

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

// ---------------------------------------------------------------------------
// Tokens, with nom.
// ---------------------------------------------------------------------------

/// One property: identifier (upper-case letters only) and raw, unescaped
/// values.
type Property = (String, Vec<String>);
/// One node: its properties in file order.
type Node = Vec<Property>;

/// nom error carrying the position and a human-readable message.
#[derive(Debug)]
struct PErr<'a> {
    at: &'a str,
    msg: &'static str,
}

const GENERIC: &str = "syntax error";

impl<'a> ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        PErr {
            at: input,
            msg: GENERIC,
        }
    }
    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

impl<'a> ContextError<&'a str> for PErr<'a> {
    fn add_context(_input: &'a str, ctx: &'static str, other: Self) -> Self {
        // Keep the innermost specific message.
        if other.msg == GENERIC {
            PErr {
                at: other.at,
                msg: ctx,
            }
        } else {
            other
        }
    }
}

type PResult<'a, T> = IResult<&'a str, T, PErr<'a>>;

fn is_ws(c: char) -> bool {
    c.is_ascii_whitespace() || c == '\x0b'
}

/// White space between tokens.
fn ws(i: &str) -> PResult<'_, &str> {
    take_while(is_ws)(i)
}

/// `PropIdent`: letters; lower-case ones (old FF[1-3] style) are dropped.
fn prop_ident(i: &str) -> PResult<'_, String> {
    let (rest, raw) = take_while1(|c: char| c.is_ascii_alphabetic())(i)?;
    let ident: String = raw.chars().filter(char::is_ascii_uppercase).collect();
    if ident.is_empty() {
        return Err(nom::Err::Failure(PErr {
            at: i,
            msg: "property identifier without an upper-case letter",
        }));
    }
    Ok((rest, ident))
}

/// `PropValue`: `[` ... `]`, unescaped, soft line breaks removed.
fn prop_value(i: &str) -> PResult<'_, String> {
    let (body, _) = char('[')(i)?;
    let unterminated = || {
        nom::Err::Failure(PErr {
            at: i,
            msg: "unterminated property value (missing ']')",
        })
    };
    let mut out = String::new();
    let mut chars = body.char_indices().peekable();
    while let Some((k, c)) = chars.next() {
        match c {
            ']' => return Ok((&body[k + 1..], out)),
            '\\' => match chars.next() {
                None => return Err(unterminated()),
                // Soft line break: an escaped LF, CR, LFCR or CRLF vanishes.
                Some((_, '\n')) => {
                    chars.next_if(|&(_, c)| c == '\r');
                }
                Some((_, '\r')) => {
                    chars.next_if(|&(_, c)| c == '\n');
                }
                Some((_, e)) => out.push(e),
            },
            _ => out.push(c),
        }
    }
    Err(unterminated())
}

/// `Property`: identifier then one or more values.
fn property(i: &str) -> PResult<'_, Property> {
    let (i, ident) = prop_ident(i)?;
    let (i, values) = context(
        "expected '[' after a property identifier",
        cut(many1(preceded(ws, prop_value))),
    )(i)?;
    Ok((i, (ident, values)))
}

/// `Node`: `;` then any number of properties.
fn node(i: &str) -> PResult<'_, Node> {
    preceded(char(';'), many0(preceded(ws, property)))(i)
}

// ---------------------------------------------------------------------------
// Game-tree structure, iteratively.
// ---------------------------------------------------------------------------

/// "line L, column C" of the suffix `rest` of `text`.
fn position(text: &str, rest: &str) -> String {
    let offset = text.len().saturating_sub(rest.len());
    let before = text.get(..offset).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    format!("line {line}, column {col}")
}

fn syntax(text: &str, rest: &str, msg: &str) -> SgfError {
    SgfError::Syntax(format!("{} ({})", msg, position(text, rest)))
}

/// An open game tree while scanning.
struct Frame {
    /// Whether this tree lies on the main line of the first game.
    main: bool,
    /// Nodes seen in its sequence.
    nodes: usize,
    /// Child game trees seen so far.
    children: usize,
}

/// Checks the syntax of the whole collection and returns the nodes of the
/// first game tree's main line.
fn main_line(text: &str) -> Result<Vec<Node>, SgfError> {
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut stack: Vec<Frame> = Vec::new();
    let mut trees = 0usize;
    let mut line: Vec<Node> = Vec::new();
    loop {
        rest = rest.trim_start_matches(is_ws);
        let Some(c) = rest.chars().next() else { break };
        match c {
            '(' => {
                let main = match stack.last_mut() {
                    None => {
                        trees += 1;
                        trees == 1
                    }
                    Some(parent) => {
                        if parent.nodes == 0 {
                            return Err(syntax(text, rest, "expected ';' to start a node"));
                        }
                        let first = parent.children == 0;
                        parent.children += 1;
                        parent.main && first
                    }
                };
                if stack.len() >= MAX_DEPTH {
                    return Err(SgfError::Unsupported(format!(
                        "variations nested deeper than {MAX_DEPTH} levels"
                    )));
                }
                stack.push(Frame {
                    main,
                    nodes: 0,
                    children: 0,
                });
                rest = &rest[1..];
            }
            ')' => {
                match stack.pop() {
                    None => return Err(syntax(text, rest, "unbalanced ')'")),
                    Some(f) if f.nodes == 0 => {
                        return Err(syntax(text, rest, "expected ';' to start a node"))
                    }
                    Some(_) => {}
                }
                rest = &rest[1..];
            }
            ';' => {
                let Some(frame) = stack.last_mut() else {
                    return Err(syntax(text, rest, "expected '(' to start a game tree"));
                };
                if frame.children > 0 {
                    return Err(syntax(
                        text,
                        rest,
                        "node after a variation (nodes must come before variations)",
                    ));
                }
                let (r, n) = node(rest).map_err(|e| match e {
                    nom::Err::Error(p) | nom::Err::Failure(p) => syntax(text, p.at, p.msg),
                    nom::Err::Incomplete(_) => syntax(text, rest, "incomplete input"),
                })?;
                frame.nodes += 1;
                if frame.main {
                    line.push(n);
                }
                rest = r;
            }
            _ => {
                let msg = match stack.last() {
                    None => "expected '(' to start a game tree",
                    Some(f) if f.nodes == 0 => "expected ';' to start a node",
                    Some(f) if f.children > 0 => "expected '(' or ')'",
                    Some(_) => "expected a property, ';', '(' or ')'",
                };
                return Err(syntax(text, rest, msg));
            }
        }
    }
    if !stack.is_empty() {
        return Err(syntax(
            text,
            rest,
            "unbalanced '(': missing ')' at end of input",
        ));
    }
    if trees == 0 {
        return Err(SgfError::Syntax("no game tree found".to_string()));
    }
    Ok(line)
}

// ---------------------------------------------------------------------------
// Interpretation of the main line.
// ---------------------------------------------------------------------------

/// At most the first `MAX` characters of a value, for error messages.
fn shorten(v: &str) -> String {
    const MAX: usize = 16;
    if v.chars().count() > MAX {
        let mut s: String = v.chars().take(MAX).collect();
        s.push_str("...");
        s
    } else {
        v.to_string()
    }
}

/// The value of a property that takes exactly one.
fn single<'a>(ident: &str, values: &'a [String]) -> Result<&'a str, SgfError> {
    match values {
        [v] => Ok(v),
        _ => Err(SgfError::Syntax(format!(
            "{ident} takes a single value, got {}",
            values.len()
        ))),
    }
}

/// The first occurrence of `ident` in `node`.
fn find<'a>(node: &'a Node, ident: &str) -> Option<&'a [String]> {
    node.iter()
        .find(|(id, _)| id == ident)
        .map(|(_, v)| v.as_slice())
}

fn parse_size(v: &str) -> Result<u8, SgfError> {
    let side = |s: &str| s.trim().parse::<u32>().map_err(|_| SgfError::BadSize);
    let n = match v.split_once(':') {
        None => side(v)?,
        Some((a, b)) => {
            let (a, b) = (side(a)?, side(b)?);
            if a != b {
                return Err(SgfError::BadSize);
            }
            a
        }
    };
    match u8::try_from(n) {
        Ok(n) if (1..=MAX_SIZE).contains(&n) => Ok(n),
        _ => Err(SgfError::BadSize),
    }
}

fn coord(c: char) -> Option<u8> {
    match c {
        'a'..='z' => Some(c as u8 - b'a'),
        'A'..='Z' => Some(c as u8 - b'A' + 26),
        _ => None,
    }
}

fn letter(v: u8) -> char {
    match v {
        0..=25 => char::from(b'a' + v),
        26..=51 => char::from(b'A' + v - 26),
        _ => '?',
    }
}

/// A single two-letter point on a `size` board.
fn decode_point(v: &str, size: u8, ident: &str) -> Result<SgfPoint, SgfError> {
    let bad = || SgfError::BadPoint(format!("{ident}[{}] on a {size}x{size} board", shorten(v)));
    let mut it = v.trim().chars();
    let (Some(a), Some(b), None) = (it.next(), it.next(), it.next()) else {
        return Err(bad());
    };
    match (coord(a), coord(b)) {
        (Some(x), Some(y)) if x < size && y < size => Ok((x, y)),
        _ => Err(bad()),
    }
}

/// A move value: `[]`, or `[tt]` up to 19x19, is a pass.
fn decode_move(v: &str, size: u8, ident: &str) -> Result<Option<SgfPoint>, SgfError> {
    let t = v.trim();
    if t.is_empty() || (t == "tt" && size <= 19) {
        Ok(None)
    } else {
        decode_point(t, size, ident).map(Some)
    }
}

/// A list of points, possibly with compressed rectangles `aa:cc`.
fn decode_points(
    values: &[String],
    size: u8,
    ident: &str,
    mut each: impl FnMut(SgfPoint),
) -> Result<(), SgfError> {
    for v in values {
        match v.split_once(':') {
            None => each(decode_point(v, size, ident)?),
            Some((a, b)) => {
                let (x1, y1) = decode_point(a, size, ident)?;
                let (x2, y2) = decode_point(b, size, ident)?;
                for y in y1.min(y2)..=y1.max(y2) {
                    for x in x1.min(x2)..=x1.max(x2) {
                        each((x, y));
                    }
                }
            }
        }
    }
    Ok(())
}

fn decode_color(v: &str) -> Result<SgfColor, SgfError> {
    match v.trim() {
        "B" | "b" => Ok(SgfColor::Black),
        "W" | "w" => Ok(SgfColor::White),
        _ => Err(SgfError::Syntax(format!(
            "PL[{}]: expected B or W",
            shorten(v)
        ))),
    }
}

/// `Some(text)` unless the text is empty.
fn text_value(ident: &str, values: &[String]) -> Result<Option<String>, SgfError> {
    let v = single(ident, values)?;
    Ok(if v.is_empty() {
        None
    } else {
        Some(v.to_string())
    })
}

/// What setup last did to a point.
#[derive(Clone, Copy, PartialEq)]
enum Setup {
    Black,
    White,
    Empty,
}

fn interpret(nodes: &[Node]) -> Result<SgfGame, SgfError> {
    let Some(root) = nodes.first() else {
        return Err(SgfError::Syntax("game tree without a node".to_string()));
    };
    if let Some(values) = find(root, "GM") {
        let v = single("GM", values)?;
        match v.trim().parse::<u64>() {
            Ok(1) => {}
            Ok(_) => return Err(SgfError::NotGo),
            Err(_) => return Err(SgfError::Syntax(format!("GM[{}]", shorten(v)))),
        }
    }
    let size = match find(root, "SZ") {
        None => 19,
        Some(values) => parse_size(single("SZ", values)?)?,
    };
    let mut game = SgfGame {
        size,
        ..SgfGame::default()
    };
    let n = usize::from(size);
    // Final setup state per point, and the order in which points were first
    // set up (so that lists come back in file order).
    let mut state: Vec<Option<Setup>> = vec![None; n * n];
    let mut order: Vec<SgfPoint> = Vec::new();

    for (index, node) in nodes.iter().enumerate() {
        let mut mv: Option<(SgfColor, Option<SgfPoint>)> = None;
        for (ident, values) in node {
            let ident = ident.as_str();
            match ident {
                "B" | "W" => {
                    let color = if ident == "B" {
                        SgfColor::Black
                    } else {
                        SgfColor::White
                    };
                    if mv.is_some() {
                        return Err(SgfError::Syntax(format!(
                            "node {} holds more than one move",
                            index + 1
                        )));
                    }
                    mv = Some((color, decode_move(single(ident, values)?, size, ident)?));
                }
                "AB" | "AW" | "AE" | "PL" if !game.moves.is_empty() => {
                    return Err(SgfError::Unsupported(format!(
                        "setup property {ident} after move {}",
                        game.moves.len()
                    )));
                }
                "AB" | "AW" | "AE" => {
                    let kind = match ident {
                        "AB" => Setup::Black,
                        "AW" => Setup::White,
                        _ => Setup::Empty,
                    };
                    decode_points(values, size, ident, |(x, y)| {
                        let slot = &mut state[usize::from(y) * n + usize::from(x)];
                        if slot.is_none() {
                            order.push((x, y));
                        }
                        *slot = Some(kind);
                    })?;
                }
                "PL" => game.to_play = Some(decode_color(single(ident, values)?)?),
                "KM" if game.komi.is_none() => {
                    let v = single(ident, values)?.trim();
                    if !v.is_empty() {
                        match v.replace(',', ".").parse::<f64>() {
                            Ok(k) if k.is_finite() => game.komi = Some(k),
                            _ => return Err(SgfError::Syntax(format!("KM[{}]", shorten(v)))),
                        }
                    }
                }
                "HA" if game.handicap.is_none() => {
                    let v = single(ident, values)?.trim();
                    if !v.is_empty() {
                        match v.parse::<u8>() {
                            Ok(h) => game.handicap = Some(h),
                            _ => return Err(SgfError::Syntax(format!("HA[{}]", shorten(v)))),
                        }
                    }
                }
                "RU" if game.rules.is_none() => game.rules = text_value(ident, values)?,
                "RE" if game.result.is_none() => game.result = text_value(ident, values)?,
                "PB" if game.player_black.is_none() => {
                    game.player_black = text_value(ident, values)?
                }
                "PW" if game.player_white.is_none() => {
                    game.player_white = text_value(ident, values)?
                }
                "C" if index == 0 && game.comment.is_none() => {
                    game.comment = text_value(ident, values)?
                }
                _ => {}
            }
        }
        if let Some(m) = mv {
            game.moves.push(m);
        }
    }

    for (x, y) in order {
        match state[usize::from(y) * n + usize::from(x)] {
            Some(Setup::Black) => game.setup_black.push((x, y)),
            Some(Setup::White) => game.setup_white.push((x, y)),
            Some(Setup::Empty) => game.setup_empty.push((x, y)),
            None => {}
        }
    }
    Ok(game)
}

/// Parses an SGF text and returns the main line of its first game tree.
///
/// See the [module documentation](self) for what is read and what is
/// refused. Never panics, whatever the input.
pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
    let nodes = main_line(text)?;
    interpret(&nodes)
}

// ---------------------------------------------------------------------------
// Writing.
// ---------------------------------------------------------------------------

/// Escapes `\` and `]` in a text value.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn push_point(out: &mut String, (x, y): SgfPoint) {
    out.push('[');
    out.push(letter(x));
    out.push(letter(y));
    out.push(']');
}

fn push_text(out: &mut String, ident: &str, value: &Option<String>) {
    if let Some(v) = value.as_deref().filter(|v| !v.is_empty()) {
        out.push_str(ident);
        out.push('[');
        out.push_str(&escape(v));
        out.push(']');
    }
}

fn push_points(out: &mut String, ident: &str, points: &[SgfPoint]) {
    if !points.is_empty() {
        out.push_str(ident);
        for &p in points {
            push_point(out, p);
        }
    }
}

/// Writes a game as a single `FF[4]` game tree: game information and setup in
/// the root node, then one node per move (a line break every 10 moves),
/// passes as `B[]`/`W[]`. `None` and empty fields are left out. For a valid
/// game (see [`SgfGame`]), `parse(&write(&g)) == Ok(g)`.
pub fn write(game: &SgfGame) -> String {
    let mut out = String::new();
    out.push_str("(;FF[4]GM[1]CA[UTF-8]");
    out.push_str(&format!("SZ[{}]", game.size));
    if let Some(k) = game.komi {
        // `Display` for f64 is the shortest exact form: 7.5, 6, -0.5.
        out.push_str(&format!("KM[{k}]"));
    }
    push_text(&mut out, "RU", &game.rules);
    if let Some(h) = game.handicap {
        out.push_str(&format!("HA[{h}]"));
    }
    push_text(&mut out, "PB", &game.player_black);
    push_text(&mut out, "PW", &game.player_white);
    push_text(&mut out, "RE", &game.result);
    push_points(&mut out, "AB", &game.setup_black);
    push_points(&mut out, "AW", &game.setup_white);
    push_points(&mut out, "AE", &game.setup_empty);
    if let Some(c) = game.to_play {
        out.push_str(match c {
            SgfColor::Black => "PL[B]",
            SgfColor::White => "PL[W]",
        });
    }
    push_text(&mut out, "C", &game.comment);
    for (i, &(color, point)) in game.moves.iter().enumerate() {
        if i % 10 == 0 {
            out.push('\n');
        }
        out.push_str(match color {
            SgfColor::Black => ";B",
            SgfColor::White => ";W",
        });
        match point {
            Some(p) => push_point(&mut out, p),
            None => out.push_str("[]"),
        }
    }
    out.push_str(")\n");
    out
}

// ---------------------------------------------------------------------------
// Games: SGF <-> crate::game (rule 22: adjournment).
// ---------------------------------------------------------------------------

/// Why an [`SgfGame`] cannot be replayed as a [`Game`].
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// The board or its setup cannot exist (a size below 2, a chain without liberties).
    Setup(SetupError),
    /// Move `number` (1-based) is illegal under the rules the game is replayed with.
    Move { number: usize, reason: IllegalMove },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Setup(why) => write!(f, "bad setup: {why}"),
            ReplayError::Move { number, reason } => write!(f, "move {number} is illegal: {reason}"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl From<SetupError> for ReplayError {
    fn from(why: SetupError) -> ReplayError {
        ReplayError::Setup(why)
    }
}

fn color_of(color: SgfColor) -> Color {
    match color {
        SgfColor::Black => Color::Black,
        SgfColor::White => Color::White,
    }
}

fn sgf_color(color: Color) -> SgfColor {
    match color {
        Color::Black => SgfColor::Black,
        Color::White => SgfColor::White,
    }
}

/// The board point of an SGF point: SGF counts rows from the top, the board from the bottom.
fn board_point(board: &Board, (x, y): SgfPoint) -> Result<Point, ReplayError> {
    (usize::from(y) < board.size())
        .then(|| board.try_point(usize::from(x), board.size() - 1 - usize::from(y)))
        .flatten()
        .ok_or(ReplayError::Setup(SetupError::BadDiagram(format!(
            "point {x},{y} is off the board"
        ))))
}

fn sgf_point(board: &Board, p: Point) -> SgfPoint {
    let (col, row) = board.coords(p);
    // Sizes are at most 25, so both fit in a u8.
    (col as u8, (board.size() - 1 - row) as u8)
}

/// Replays an SGF game: setup, side to move, komi, then the moves before `move_number`
/// (1-based, as GTP `loadsgf` counts; all of them without it).
///
/// `RU` picks the nearest preset ([`RuleSet::by_name`]), `rules` being the fallback for an
/// absent or unknown name; `KM` sets komi, the rules' default otherwise. `HA` of 2 or more
/// with exactly that many black setup stones and no white ones is a handicap (rule 17: the
/// compensation under area counting). The side to move is `PL`, else the first move's colour,
/// else the start position's (White after handicap, Black otherwise).
pub fn to_game(
    record: &SgfGame,
    move_number: Option<usize>,
    rules: RuleSet,
) -> Result<Game, ReplayError> {
    let rules = record
        .rules
        .as_deref()
        .and_then(RuleSet::by_name)
        .unwrap_or(rules);
    let mut board = Board::new(usize::from(record.size))?;
    let black = record
        .setup_black
        .iter()
        .map(|&p| board_point(&board, p))
        .collect::<Result<Vec<_>, _>>()?;
    let white = record
        .setup_white
        .iter()
        .map(|&p| board_point(&board, p))
        .collect::<Result<Vec<_>, _>>()?;
    let handicap = usize::from(record.handicap.unwrap_or(0));
    let mut game = if handicap >= 2 && white.is_empty() && black.len() == handicap {
        let mut game = Game::new(board.size(), rules)?;
        game.place_handicap(&black)?;
        game
    } else {
        let stones: Vec<(Color, Point)> = black
            .iter()
            .map(|&p| (Color::Black, p))
            .chain(white.iter().map(|&p| (Color::White, p)))
            .collect();
        board.setup(&stones)?;
        Game::from_position(board, Color::Black, rules)
    };
    let first_mover = record.moves.first().map(|&(color, _)| color);
    if let Some(color) = record.to_play.or(first_mover) {
        game.set_to_move(color_of(color));
    }
    game.set_komi(
        record
            .komi
            .filter(|k| k.is_finite())
            .unwrap_or(rules.default_komi),
    );
    let count = move_number.map_or(record.moves.len(), |n| {
        n.saturating_sub(1).min(record.moves.len())
    });
    for (i, &(color, point)) in record.moves[..count].iter().enumerate() {
        let mv = match point {
            Some(p) => Move::Play(board_point(game.board(), p)?),
            None => Move::Pass,
        };
        game.play(color_of(color), mv)
            .map_err(|reason| ReplayError::Move {
                number: i + 1,
                reason,
            })?;
    }
    Ok(game)
}

/// The record of a game that [`to_game`] replays to the same position, side to move, ko
/// state, captures and history: setup stones from the start position, `PL` for who was to
/// move there, `HA` (when it fits SGF's number: at most 255 stones), `KM`, `RU` and every
/// move. `RE` is left to the caller, who knows which stones are dead.
pub fn from_game(game: &Game) -> SgfGame {
    let start = game.start_board();
    let stones = |color: Color| -> Vec<SgfPoint> {
        start
            .points()
            .filter(|&p| start.cell(p).color() == Some(color))
            .map(|p| sgf_point(start, p))
            .collect()
    };
    SgfGame {
        size: start.size() as u8,
        komi: Some(game.komi()),
        handicap: u8::try_from(game.handicap()).ok().filter(|&h| h > 0),
        rules: Some(game.rules().name.to_string()),
        setup_black: stones(Color::Black),
        setup_white: stones(Color::White),
        to_play: Some(sgf_color(game.start_to_move())),
        moves: game
            .moves()
            .iter()
            .map(|&(color, mv)| {
                let point = match mv {
                    Move::Play(p) => Some(sgf_point(start, p)),
                    Move::Pass => None,
                };
                (sgf_color(color), point)
            })
            .collect(),
        ..SgfGame::default()
    }
}

#[cfg(test)]
mod game_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use SgfColor::{Black, White};

    /// Tiny deterministic xorshift64 generator.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            let mut x = self.0;
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.0 = x;
            x
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
        fn chance(&mut self, percent: usize) -> bool {
            self.below(100) < percent
        }
    }

    const REAL_GAME: &str = "\u{feff}(;GM[1]FF[4]CA[UTF-8]AP[Hand:1.0]ST[2]
RU[Chinese]SZ[19]KM[7.50]HA[0]
PW[Lee Sedol]PB[AlphaGo]WR[9p]DT[2016-03-09]
RE[B+R]
C[Game one.
The commentary has a bracket \\] and a backslash \\\\ and a soft\\
 break.]
;B[pd]C[first move];W[dp]
;B[cd]
(;W[qp]BL[100.0];B[op]
  (;W[oq]
  ;B[nq];W[pq]CR[pq])
  (;W[pq];B[oq]))
(;W[dc]LB[dc:A];B[ce](;W[tt]))
)
(;GM[1]SZ[9];B[aa])
";

    #[test]
    fn real_game_main_line() {
        let g = parse(REAL_GAME).expect("parses");
        assert_eq!(g.size, 19);
        assert_eq!(g.komi, Some(7.5));
        assert_eq!(g.handicap, Some(0));
        assert_eq!(g.rules.as_deref(), Some("Chinese"));
        assert_eq!(g.result.as_deref(), Some("B+R"));
        assert_eq!(g.player_black.as_deref(), Some("AlphaGo"));
        assert_eq!(g.player_white.as_deref(), Some("Lee Sedol"));
        assert_eq!(
            g.comment.as_deref(),
            Some("Game one.\nThe commentary has a bracket ] and a backslash \\ and a soft break.")
        );
        let expected = vec![
            (Black, Some((15, 3))),
            (White, Some((3, 15))),
            (Black, Some((2, 3))),
            (White, Some((16, 15))),
            (Black, Some((14, 15))),
            (White, Some((14, 16))),
            (Black, Some((13, 16))),
            (White, Some((15, 16))),
        ];
        assert_eq!(g.moves, expected);
        assert!(g.setup_black.is_empty() && g.setup_white.is_empty());
        assert_eq!(g.to_play, None);
    }

    #[test]
    fn escaped_text() {
        let g = parse("(;PB[a\\]b\\\\c\\d]PW[line\\\r\njoined]C[x\\\n\ry]RE[W+\\\\])").unwrap();
        assert_eq!(g.player_black.as_deref(), Some("a]b\\cd"));
        assert_eq!(g.player_white.as_deref(), Some("linejoined"));
        assert_eq!(g.comment.as_deref(), Some("xy"));
        assert_eq!(g.result.as_deref(), Some("W+\\"));
        // Raw line breaks are kept.
        let g = parse("(;C[two\nlines])").unwrap();
        assert_eq!(g.comment.as_deref(), Some("two\nlines"));
    }

    #[test]
    fn compressed_point_lists() {
        let g = parse("(;SZ[9]AB[aa:cc][ee]AW[gh:fg]AE[ii])").unwrap();
        let mut black = g.setup_black.clone();
        black.sort();
        let mut want = vec![];
        for x in 0..3 {
            for y in 0..3 {
                want.push((x, y));
            }
        }
        want.push((4, 4));
        assert_eq!(black, want);
        assert_eq!(g.setup_white, vec![(5, 6), (6, 6), (5, 7), (6, 7)]);
        assert_eq!(g.setup_empty, vec![(8, 8)]);
        assert_eq!(
            parse("(;SZ[9]AB[aa:jj])"),
            Err(SgfError::BadPoint("AB[jj] on a 9x9 board".into()))
        );
    }

    #[test]
    fn setup_across_nodes_before_first_move() {
        let g = parse("(;SZ[9]AB[aa][bb]AW[cc];AE[aa]AW[bb]PL[W];W[dd]AB[ee];B[ff])").unwrap();
        assert_eq!(g.setup_black, vec![(4, 4)]);
        assert_eq!(g.setup_white, vec![(1, 1), (2, 2)]);
        assert_eq!(g.setup_empty, vec![(0, 0)]);
        assert_eq!(g.to_play, Some(White));
        assert_eq!(g.moves, vec![(White, Some((3, 3))), (Black, Some((5, 5)))]);
    }

    #[test]
    fn setup_after_moves_is_unsupported() {
        for text in [
            "(;B[aa];AB[bb])",
            "(;B[aa];W[bb]AW[cc])",
            "(;B[aa];AE[aa])",
            "(;B[aa];PL[B])",
        ] {
            assert!(
                matches!(parse(text), Err(SgfError::Unsupported(_))),
                "{text}"
            );
        }
    }

    #[test]
    fn tt_pass_and_point() {
        let g = parse("(;SZ[19];B[tt];W[ss])").unwrap();
        assert_eq!(g.moves, vec![(Black, None), (White, Some((18, 18)))]);
        let g = parse("(;B[tt])").unwrap();
        assert_eq!(g.moves, vec![(Black, None)]);
        let g = parse("(;SZ[13];W[tt])").unwrap();
        assert_eq!(g.moves, vec![(White, None)]);
        for size in [20u8, 21, 25] {
            let g = parse(&format!("(;SZ[{size}];B[tt];W[])")).unwrap();
            assert_eq!(g.moves, vec![(Black, Some((19, 19))), (White, None)]);
        }
        let g = parse("(;SZ[25];B[yy])").unwrap();
        assert_eq!(g.moves, vec![(Black, Some((24, 24)))]);
        // tt is not a pass inside a point list.
        assert!(matches!(parse("(;AB[tt])"), Err(SgfError::BadPoint(_))));
    }

    #[test]
    fn empty_move_is_pass() {
        let g = parse("(;SZ[9];B[];W[ ];B[ee])").unwrap();
        assert_eq!(
            g.moves,
            vec![(Black, None), (White, None), (Black, Some((4, 4)))]
        );
    }

    #[test]
    fn defaults() {
        let g = parse("(;)").unwrap();
        assert_eq!(g, SgfGame::default());
        assert_eq!(g.size, 19);
        let g = parse("(;GM[1]FF[4];B[aa])").unwrap();
        assert_eq!(g.size, 19);
        assert_eq!(parse("(;SZ[ 9 ])").unwrap().size, 9);
        assert_eq!(parse("(;SZ[13:13])").unwrap().size, 13);
        assert_eq!(parse("(;SZ[1])").unwrap().size, 1);
    }

    #[test]
    fn whitespace_between_tokens() {
        let g = parse(
            " \n( ; SZ [9] \t KM [6.5] AB [aa] \r\n [bb] ; B [cc] ( ; W [dd] ) ( ; W [ee] ) ) \n",
        )
        .unwrap();
        assert_eq!(g.size, 9);
        assert_eq!(g.komi, Some(6.5));
        assert_eq!(g.setup_black, vec![(0, 0), (1, 1)]);
        assert_eq!(g.moves, vec![(Black, Some((2, 2))), (White, Some((3, 3)))]);
    }

    #[test]
    fn old_style_identifiers() {
        let g = parse("(;GaMe[1]SiZe[9]AddBlack[aa]PlayerBlack[Old];B[bb])").unwrap();
        assert_eq!(g.size, 9);
        assert_eq!(g.setup_black, vec![(0, 0)]);
        assert_eq!(g.player_black.as_deref(), Some("Old"));
        assert!(matches!(parse("(;foo[bar])"), Err(SgfError::Syntax(_))));
    }

    #[test]
    fn first_game_of_collection() {
        let g = parse("(;SZ[9];B[aa])(;SZ[13];B[bb])").unwrap();
        assert_eq!(g.size, 9);
        assert_eq!(g.moves, vec![(Black, Some((0, 0)))]);
        // The later games are only syntax-checked.
        assert_eq!(parse("(;SZ[9])(;GM[2]SZ[99])").unwrap().size, 9);
        assert!(matches!(parse("(;SZ[9])(;B[aa]"), Err(SgfError::Syntax(_))));
    }

    #[test]
    fn malformed_inputs() {
        let syntax = [
            "",
            "   ",
            "hello",
            "(;B[aa]",
            "(;B[aa]))",
            ")(;B[aa])",
            "(B[aa])",
            "()",
            "(;B[aa](B[bb]))",
            "((;B[aa]))",
            ";B[aa]",
            "(;B[aa]W[bb])",
            "(;B[aa]B[bb])",
            "(;B[aa][bb])",
            "(;B[aa)",
            "(;B[aa\\])",
            "(;B)",
            "(;B aa)",
            "(;B[aa](;W[bb]);B[cc])",
            "(;KM[seven])",
            "(;KM[inf])",
            "(;KM[NaN])",
            "(;HA[300])",
            "(;HA[-1])",
            "(;PL[X])",
            "(;GM[go])",
            "(;SZ[9][9])",
            "(;SZ[9]) junk",
        ];
        for text in syntax {
            let r = parse(text);
            assert!(matches!(r, Err(SgfError::Syntax(_))), "{text:?} gave {r:?}");
        }
        assert_eq!(parse("(;GM[2])"), Err(SgfError::NotGo));
        assert_eq!(parse("(;GM[3]SZ[8])"), Err(SgfError::NotGo));
        for size in ["0", "26", "52", "19:17", "x", "", "-1", "99999999999"] {
            assert_eq!(
                parse(&format!("(;SZ[{size}])")),
                Err(SgfError::BadSize),
                "{size}"
            );
        }
        for text in [
            "(;SZ[9];B[jj])",
            "(;B[a])",
            "(;B[abc])",
            "(;B[a1])",
            "(;B[zz])",
            "(;SZ[19];W[Aa])",
            "(;AB[aa:zz])",
            "(;AB[])",
        ] {
            assert!(
                matches!(parse(text), Err(SgfError::BadPoint(_))),
                "{text:?} gave {:?}",
                parse(text)
            );
        }
    }

    #[test]
    fn error_messages() {
        let e = parse("(;SZ[9]\n;B[aa]\n;W[bb]]").unwrap_err();
        assert_eq!(
            e,
            SgfError::Syntax("expected a property, ';', '(' or ')' (line 3, column 7)".into())
        );
        let e = parse("(;B[aa]").unwrap_err();
        assert!(e.to_string().contains("missing ')'"), "{e}");
        let e = parse("(;C[never closed").unwrap_err();
        assert!(e.to_string().contains("line 1, column 4"), "{e}");
        for e in [
            SgfError::Syntax("x".into()),
            SgfError::NotGo,
            SgfError::BadSize,
            SgfError::BadPoint("B[zz]".into()),
            SgfError::Unsupported("y".into()),
        ] {
            assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        // Deep but within the limit: a chain of single-child variations.
        let depth = 5_000;
        let mut s = String::new();
        for i in 0..depth {
            s.push_str(if i % 2 == 0 { "(;B[]" } else { "(;W[]" });
        }
        s.push_str(&")".repeat(depth));
        let g = parse(&s).unwrap();
        assert_eq!(g.moves.len(), depth);
        // Too deep, balanced or not: an error, not a crash.
        let deep = 1_000_000;
        let s = format!("{}{}", "(;".repeat(deep), ")".repeat(deep));
        assert!(matches!(parse(&s), Err(SgfError::Unsupported(_))));
        assert!(parse(&"(".repeat(deep)).is_err());
        assert!(parse(&")".repeat(deep)).is_err());
        // A long flat game is fine.
        let s = format!("(;SZ[9]{})", ";B[aa];W[]".repeat(100_000));
        assert_eq!(parse(&s).unwrap().moves.len(), 200_000);
    }

    #[test]
    fn write_format() {
        let g = SgfGame {
            size: 9,
            komi: Some(7.5),
            moves: vec![(Black, Some((3, 3))), (White, None)],
            ..SgfGame::default()
        };
        assert_eq!(
            write(&g),
            "(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[7.5]\n;B[dd];W[])\n"
        );
        let g = SgfGame {
            komi: Some(6.0),
            handicap: Some(2),
            rules: Some("Chinese".into()),
            result: Some("W+0.5".into()),
            player_black: Some("b]".into()),
            player_white: Some("w\\".into()),
            setup_black: vec![(3, 15), (15, 3)],
            setup_white: vec![(0, 0)],
            setup_empty: vec![(1, 1)],
            to_play: Some(White),
            comment: Some(String::new()),
            ..SgfGame::default()
        };
        assert_eq!(
            write(&g),
            "(;FF[4]GM[1]CA[UTF-8]SZ[19]KM[6]RU[Chinese]HA[2]PB[b\\]]PW[w\\\\]RE[W+0.5]\
             AB[dp][pd]AW[aa]AE[bb]PL[W])\n"
        );
        assert_eq!(write(&SgfGame::default()), "(;FF[4]GM[1]CA[UTF-8]SZ[19])\n");
        // A line break every ten moves.
        let g = SgfGame {
            moves: vec![(Black, None); 25],
            ..SgfGame::default()
        };
        assert_eq!(write(&g).lines().count(), 4);
    }

    fn random_text(rng: &mut Rng) -> Option<String> {
        const ALPHABET: &[char] = &[
            'a', 'Z', ' ', ']', '[', '\\', '\n', '\r', ':', ';', '(', ')', 'é', '中', '+', '\t',
        ];
        if rng.chance(40) {
            return None;
        }
        let len = 1 + rng.below(12);
        Some(
            (0..len)
                .map(|_| ALPHABET[rng.below(ALPHABET.len())])
                .collect(),
        )
    }

    fn random_game(rng: &mut Rng) -> SgfGame {
        let size = 1 + rng.below(25) as u8;
        let mut points: Vec<SgfPoint> = (0..size)
            .flat_map(|x| (0..size).map(move |y| (x, y)))
            .collect();
        // Fisher-Yates shuffle.
        for i in (1..points.len()).rev() {
            points.swap(i, rng.below(i + 1));
        }
        let mut take = |rng: &mut Rng| {
            let k = if rng.chance(50) {
                0
            } else {
                rng.below(points.len().min(8) + 1)
            };
            points.split_off(points.len() - k.min(points.len()))
        };
        let setup_black = take(rng);
        let setup_white = take(rng);
        let setup_empty = take(rng);
        let komi = match rng.below(4) {
            0 => None,
            1 => Some(rng.below(200) as f64 / 2.0 - 50.0),
            2 => Some(f64::from_bits(rng.next())).filter(|k| k.is_finite()),
            _ => Some(rng.below(1000) as f64 * 0.1),
        };
        let color = |rng: &mut Rng| if rng.chance(50) { Black } else { White };
        let n_moves = rng.below(40);
        let moves = (0..n_moves)
            .map(|_| {
                let p = if rng.chance(10) {
                    None
                } else {
                    Some((rng.below(size.into()) as u8, rng.below(size.into()) as u8))
                };
                (color(rng), p)
            })
            .collect();
        SgfGame {
            size,
            komi,
            handicap: rng.chance(30).then(|| rng.below(256) as u8),
            rules: random_text(rng),
            result: random_text(rng),
            setup_black,
            setup_white,
            setup_empty,
            to_play: rng.chance(30).then(|| color(rng)),
            moves,
            player_black: random_text(rng),
            player_white: random_text(rng),
            comment: random_text(rng),
        }
    }

    #[test]
    fn round_trip() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for _ in 0..3_000 {
            let g = random_game(&mut rng);
            let text = write(&g);
            assert_eq!(parse(&text), Ok(g.clone()), "{text}");
        }
        let g = parse(REAL_GAME).unwrap();
        assert_eq!(parse(&write(&g)), Ok(g));
    }

    /// Parses without panicking; anything accepted must survive a round trip.
    /// Returns whether the text was accepted.
    fn check(text: &str) -> bool {
        match parse(text) {
            Ok(g) => {
                let again = write(&g);
                assert_eq!(parse(&again), Ok(g), "input {text:?}");
                true
            }
            Err(_) => false,
        }
    }

    #[test]
    fn fuzz_never_panics() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        // Random bytes, biased towards SGF syntax.
        const SGF_BYTES: &[u8] = b"();[]\\:ABWEPLSZGMKMHAtt aszy19\n\r";
        for _ in 0..4_000 {
            let len = rng.below(120);
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    if rng.chance(70) {
                        SGF_BYTES[rng.below(SGF_BYTES.len())]
                    } else {
                        rng.next() as u8
                    }
                })
                .collect();
            check(&String::from_utf8_lossy(&bytes));
        }
        // Mutated valid records.
        let mut corpus: Vec<Vec<u8>> = vec![
            REAL_GAME.as_bytes().to_vec(),
            b"(;SZ[9]AB[aa:cc]AW[ee][ff]PL[W];W[dd];B[];W[tt])".to_vec(),
            b"(;SZ[21]KM[6.5]HA[2];B[tt];W[uu](;B[aa])(;B[bb]))".to_vec(),
        ];
        for _ in 0..20 {
            corpus.push(write(&random_game(&mut rng)).into_bytes());
        }
        const TOKENS: &[&[u8]] = &[
            b"(",
            b")",
            b";",
            b"[",
            b"]",
            b"\\",
            b"B[",
            b"W[]",
            b"AB[aa:",
            b"tt",
            b"SZ[",
            b":",
            b"\n",
            b"AE[",
            b"GM[1]",
            b"(;",
            b"KM[1e9]",
            b"\xff",
            b"\xe4\xb8\xad",
        ];
        let mut accepted = 0;
        for _ in 0..6_000 {
            let mut s = corpus[rng.below(corpus.len())].clone();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(s.len() + 1);
                match rng.below(5) {
                    0 => {
                        let end = (at + rng.below(8)).min(s.len());
                        s.drain(at..end);
                    }
                    1 => {
                        let t = TOKENS[rng.below(TOKENS.len())];
                        s.splice(at..at, t.iter().copied());
                    }
                    2 if at < s.len() => s[at] = rng.next() as u8,
                    3 => {
                        let end = (at + rng.below(16)).min(s.len());
                        let chunk = s[at..end].to_vec();
                        s.splice(at..at, chunk);
                    }
                    _ => s.truncate(at),
                }
            }
            if check(&String::from_utf8_lossy(&s)) {
                accepted += 1;
            }
        }
        // The mutations must leave enough inputs valid to test the accepting
        // paths too, not only the error paths.
        assert!(accepted > 300, "only {accepted} mutated inputs accepted");
    }
}
