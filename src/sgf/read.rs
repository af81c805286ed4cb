//! Reading: tokens with nom, the game-tree structure with an explicit stack, and the
//! interpretation of the main line as an [`SgfGame`].

use nom::{
    bytes::complete::{take_while, take_while1},
    character::complete::char,
    combinator::cut,
    error::{context, ContextError, ErrorKind, ParseError},
    multi::{many0, many1},
    sequence::preceded,
    IResult,
};

use super::*;

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

pub(super) fn letter(v: u8) -> char {
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
/// See the [module documentation](super) for what is read and what is
/// refused. Never panics, whatever the input.
pub fn parse(text: &str) -> Result<SgfGame, SgfError> {
    let nodes = main_line(text)?;
    interpret(&nodes)
}
