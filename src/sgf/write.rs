//! Writing an [`SgfGame`] as one game tree.

use super::read::letter;
use super::*;

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
