//! The lexical layer of GTP: cleaning a raw line (spec 3.1), splitting off the id, and the
//! nom parsers for the argument types (colour, vertex, move, int, float, string).
//!
//! Every parser here takes text and never panics: numbers too large for their type
//! saturate (ints) or fail (floats that are not finite), so absurd input is answered, not
//! crashed on.

use nom::{
    branch::alt,
    bytes::complete::{tag_no_case, take_till1, take_while1},
    character::complete::{digit1, satisfy, space0},
    combinator::{all_consuming, map, map_opt, map_res, value, verify},
    number::complete::double,
    sequence::{pair, preceded, terminated},
    IResult,
};

use crate::board::{Color, MAX_SIZE};

/// A nom result over `&str` with nom's default error.
pub type Res<'a, T> = IResult<&'a str, T>;

/// The arguments did not fit the command: GTP's `syntax error`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyntaxError;

/// A GTP vertex as 0-based column and row, row 0 at the bottom (as `D4` is column 3, row 3).
/// Whether it is on the current board is for the caller to say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vertex {
    pub col: usize,
    pub row: usize,
}

/// A `move` argument: a vertex or `pass`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GtpMove {
    Pass,
    At(Vertex),
}

/// The column letters: `A` to `Z` without `I`, 25 of them (the largest board).
pub const COLUMNS: &[u8; MAX_SIZE] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Spec 3.1 preprocessing: drop control characters other than HT and LF (CR included, so
/// `\r\n` line ends work), cut everything from `#`, turn HT into space, trim. `None` for a
/// line left empty, which gets no response.
pub fn preprocess(raw: &str) -> Option<String> {
    let before_comment = raw.split('#').next().unwrap_or_default();
    let line: String = before_comment
        .chars()
        .filter(|&c| !c.is_control() || c == '\t' || c == '\n')
        .map(|c| if c == '\t' || c == '\n' { ' ' } else { c })
        .collect();
    let line = line.trim();
    (!line.is_empty()).then(|| line.to_string())
}

/// Whether a raw line is GoGui's `# interrupt`, which asks the running command to stop
/// early (a comment, so it gets no response).
pub fn is_interrupt(raw: &str) -> bool {
    raw.trim() == "# interrupt"
}

/// Splits a cleaned line into its optional numeric id and the rest (`"12 name"` ->
/// `(Some("12"), "name")`). The id is kept as written so the response echoes it exactly,
/// however long it is.
pub fn split_id(line: &str) -> (Option<&str>, &str) {
    let id: Res<&str> = digit1(line);
    match id {
        Ok((rest, id)) if rest.is_empty() || rest.starts_with(' ') => (Some(id), rest.trim_start()),
        _ => (None, line),
    }
}

/// Splits the command name from its arguments.
pub fn split_name(command: &str) -> (&str, &str) {
    match command.split_once(' ') {
        Some((name, args)) => (name, args),
        None => (command, ""),
    }
}

/// Parses a command's whole argument text with `parser`; extra words are a syntax error.
pub fn args<'a, T>(
    input: &'a str,
    parser: impl FnMut(&'a str) -> Res<'a, T>,
) -> Result<T, SyntaxError> {
    all_consuming(terminated(parser, space0))(input)
        .map(|(_, value)| value)
        .map_err(|_| SyntaxError)
}

/// One space-separated argument that `parser` must read entirely (so `b` is a colour but
/// `bx` is not).
pub fn arg<'a, T>(
    mut parser: impl FnMut(&'a str) -> Res<'a, T>,
) -> impl FnMut(&'a str) -> Res<'a, T> {
    move |input| {
        let (rest, word) = preceded(space0, word)(input)?;
        let (_, value) = all_consuming(&mut parser)(word)?;
        Ok((rest, value))
    }
}

/// A word: anything up to the next space (file names, rule names, command names).
pub fn word(input: &str) -> Res<'_, &str> {
    take_till1(|c| c == ' ')(input)
}

/// `b`, `w`, `black` or `white`, in any case.
pub fn color(input: &str) -> Res<'_, Color> {
    alt((
        value(Color::Black, alt((tag_no_case("black"), tag_no_case("b")))),
        value(Color::White, alt((tag_no_case("white"), tag_no_case("w")))),
    ))(input)
}

/// A vertex such as `D4` or `t19` (columns skip `I`, rows 1..=25).
pub fn vertex(input: &str) -> Res<'_, Vertex> {
    let column = map_opt(satisfy(|c| c.is_ascii_alphabetic()), |c| {
        let upper = c.to_ascii_uppercase() as u8;
        COLUMNS.iter().position(|&letter| letter == upper)
    });
    let row = verify(map_res(digit1, str::parse::<usize>), |row| {
        (1..=MAX_SIZE).contains(row)
    });
    map(pair(column, row), |(col, row)| Vertex { col, row: row - 1 })(input)
}

/// A vertex or `pass` (any case).
pub fn gtp_move(input: &str) -> Res<'_, GtpMove> {
    alt((
        value(GtpMove::Pass, tag_no_case("pass")),
        map(vertex, GtpMove::At),
    ))(input)
}

/// An unsigned integer; one too large for `u64` saturates, so `boardsize 99999999999999999999`
/// is an unacceptable size rather than a crash or a syntax error.
pub fn uint(input: &str) -> Res<'_, u64> {
    map(take_while1(|c: char| c.is_ascii_digit()), |digits: &str| {
        digits.parse::<u64>().unwrap_or(u64::MAX)
    })(input)
}

/// An unsigned integer that saturates at `u32::MAX`.
pub fn uint32(input: &str) -> Res<'_, u32> {
    map(uint, |n| u32::try_from(n).unwrap_or(u32::MAX))(input)
}

/// A finite floating-point number (`7.5`, `-3`, `1e2`; not `inf` or `nan`).
pub fn float(input: &str) -> Res<'_, f64> {
    verify(double, |x: &f64| x.is_finite())(input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing_follows_spec_3_1() {
        assert_eq!(preprocess("  play b d4\r"), Some("play b d4".into()));
        assert_eq!(
            preprocess("play\tb\td4 # a comment"),
            Some("play b d4".into())
        );
        assert_eq!(preprocess("pl\x01ay b\x7f d4"), Some("play b d4".into()));
        assert_eq!(preprocess("# only a comment"), None);
        assert_eq!(preprocess(" \t\r\n"), None);
    }

    #[test]
    fn ids_are_leading_digits_followed_by_a_space() {
        assert_eq!(split_id("12 name"), (Some("12"), "name"));
        assert_eq!(split_id("7"), (Some("7"), ""));
        assert_eq!(split_id("12name"), (None, "12name"));
        assert_eq!(split_id("name"), (None, "name"));
        let huge = "9".repeat(100);
        assert_eq!(
            split_id(&format!("{huge} name")),
            (Some(huge.as_str()), "name")
        );
    }

    #[test]
    fn colours_and_vertices_in_any_case() {
        for text in ["b", "B", "black", "BLACK", "Black"] {
            assert_eq!(args(text, arg(color)), Ok(Color::Black));
        }
        for text in ["w", "W", "white", "wHiTe"] {
            assert_eq!(args(text, arg(color)), Ok(Color::White));
        }
        for text in ["bl", "x", "blackk", ""] {
            assert_eq!(args(text, arg(color)), Err(SyntaxError));
        }
        assert_eq!(args("d4", arg(vertex)), Ok(Vertex { col: 3, row: 3 }));
        assert_eq!(args("J1", arg(vertex)), Ok(Vertex { col: 8, row: 0 }));
        assert_eq!(args("z25", arg(vertex)), Ok(Vertex { col: 24, row: 24 }));
        for bad in [
            "i5",
            "a0",
            "a26",
            "4d",
            "d",
            "d4x",
            "d99999999999999999999999",
        ] {
            assert_eq!(args(bad, arg(vertex)), Err(SyntaxError), "{bad}");
        }
        assert_eq!(args("PASS", arg(gtp_move)), Ok(GtpMove::Pass));
    }

    #[test]
    fn numbers_saturate_or_fail_without_panicking() {
        assert_eq!(args("99999999999999999999999", arg(uint)), Ok(u64::MAX));
        assert_eq!(args("5000000000", arg(uint32)), Ok(u32::MAX));
        assert_eq!(args("-1", arg(uint)), Err(SyntaxError));
        assert_eq!(args("6.5", arg(float)), Ok(6.5));
        assert_eq!(args("-3", arg(float)), Ok(-3.0));
        for bad in ["inf", "nan", "1e999", "6.5x", "x"] {
            assert_eq!(args(bad, arg(float)), Err(SyntaxError), "{bad}");
        }
    }
}
