//! 3x3 shape patterns around the last move, MoGo style: hane, cuts and edge shapes.
//!
//! A pattern is written as three rows of three characters, the move in the middle:
//! `X` the player to move, `O` the opponent, `.` empty, `x` anything but `X`, `o` anything but
//! `O`, `#` off the board, `?` anything. Each pattern is matched in its eight rotations and
//! reflections and for both colours, so one table lookup on [`Board::neighbourhood`] answers
//! "does any pattern match here".
//!
//! [`shape_key`] names a neighbourhood up to those same symmetries, for tables learned from
//! game records (`search::move_model`).

use std::sync::OnceLock;

use crate::board::{Board, Cell, Color, Point};

/// The shapes of MoGo's playout policy (Gelly et al., 2006), as Pachi's moggy also lists them.
const PATTERNS: [&str; 13] = [
    "XOX ... ???", // hane: enclosing hane
    "XO. ... ?.?", // hane: non-cutting hane
    "XO? X.. x.?", // hane: magari
    ".O. X.. ...", // hane: thrusting hane
    "XO? O.o ?o?", // cut: unprotected cut
    "XO? O.X ???", // cut: peeped cut
    "?X? O.O ooo", // cut: de (push between)
    "OX? o.O ???", // cut: keima cut
    "X.? O.? ###", // edge: chase
    "OX? X.O ###", // edge: block the side cut
    "?X? x.O ###", // edge: block the side connection
    "?XO x.x ###", // edge: sagari
    "?OX X.O ###", // edge: cut
];

/// Whether some pattern matches around `p`.
#[inline]
pub fn matches(board: &Board, p: Point) -> bool {
    let table = TABLE.get_or_init(build_table);
    let code = board.neighbourhood(p) as usize;
    table[code / 64] & (1 << (code % 64)) != 0
}

/// The neighbourhood of `p` seen by `color` to move, the same for all eight rotations and
/// reflections and for both colours: the smallest code among its symmetric images, written
/// as if Black were to move.
#[inline]
pub fn shape_key(board: &Board, color: Color, p: Point) -> u16 {
    let code = board.neighbourhood(p);
    let code = match color {
        Color::Black => code,
        Color::White => swap_colours(code),
    };
    SHAPE_KEYS.get_or_init(build_shape_keys)[code as usize]
}

/// [`shape_key`] of every neighbourhood code with Black to move.
static SHAPE_KEYS: OnceLock<Vec<u16>> = OnceLock::new();

fn build_shape_keys() -> Vec<u16> {
    // Each symmetry of the 3x3 grid as a permutation of the ring's eight cells.
    let mut numbered = [[0u8; 3]; 3];
    for (k, &(r, c)) in RING.iter().enumerate() {
        numbered[r][c] = k as u8;
    }
    let permutations: Vec<[usize; 8]> = symmetries(numbered)
        .into_iter()
        .map(|grid| RING.map(|(r, c)| grid[r][c] as usize))
        .collect();
    (0..1u32 << 16)
        .map(|code| {
            permutations
                .iter()
                .map(|from| {
                    from.iter().enumerate().fold(0u16, |image, (k, &j)| {
                        image | (((code >> (2 * j)) & 3) as u16) << (2 * k)
                    })
                })
                .min()
                .unwrap_or(code as u16)
        })
        .collect()
}

/// The same neighbourhood with black and white stones exchanged (codes 0 and 1 of each cell).
fn swap_colours(code: u16) -> u16 {
    (0..8).fold(code, |out, k| {
        let cell = (code >> (2 * k)) & 3;
        if cell < 2 {
            out ^ (1 << (2 * k))
        } else {
            out
        }
    })
}

/// One bit per neighbourhood code (4^8 of them).
static TABLE: OnceLock<Vec<u64>> = OnceLock::new();

/// The eight cells around the middle, in [`Board::neighbourhood`] order, as (row, column).
const RING: [(usize, usize); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 0),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
];

fn build_table() -> Vec<u64> {
    let mut table = vec![0u64; (1 << 16) / 64];
    let shapes: Vec<[[u8; 3]; 3]> = PATTERNS.iter().flat_map(|p| symmetries(parse(p))).collect();
    for code in 0..1usize << 16 {
        let cell = |k: usize| match (code >> (2 * k)) & 3 {
            0 => Cell::Black,
            1 => Cell::White,
            2 => Cell::Empty,
            _ => Cell::Border,
        };
        let hit = shapes.iter().any(|shape| {
            [Cell::Black, Cell::White].iter().any(|&mover| {
                RING.iter()
                    .enumerate()
                    .all(|(k, &(r, c))| fits(shape[r][c], cell(k), mover))
            })
        });
        if hit {
            table[code / 64] |= 1 << (code % 64);
        }
    }
    table
}

/// Whether `cell` fits the pattern character `want` when `mover` is to play.
fn fits(want: u8, cell: Cell, mover: Cell) -> bool {
    let opponent = if mover == Cell::Black {
        Cell::White
    } else {
        Cell::Black
    };
    match want {
        b'X' => cell == mover,
        b'O' => cell == opponent,
        b'.' => cell == Cell::Empty,
        b'x' => cell != mover,
        b'o' => cell != opponent,
        b'#' => cell == Cell::Border,
        _ => true,
    }
}

fn parse(pattern: &str) -> [[u8; 3]; 3] {
    let mut grid = [[b'?'; 3]; 3];
    for (r, row) in pattern.split_whitespace().enumerate().take(3) {
        for (c, ch) in row.bytes().enumerate().take(3) {
            grid[r][c] = ch;
        }
    }
    grid
}

/// The eight rotations and reflections of a 3x3 grid.
fn symmetries(grid: [[u8; 3]; 3]) -> Vec<[[u8; 3]; 3]> {
    let rotate = |g: [[u8; 3]; 3]| {
        let mut out = g;
        for (r, row) in out.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                *cell = g[2 - c][r];
            }
        }
        out
    };
    let mirror = |g: [[u8; 3]; 3]| {
        let mut out = g;
        for row in out.iter_mut() {
            row.reverse();
        }
        out
    };
    let mut all = Vec::with_capacity(8);
    let mut g = grid;
    for _ in 0..4 {
        all.push(g);
        all.push(mirror(g));
        g = rotate(g);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn middle(diagram: &str) -> (Board, Point) {
        let board = Board::from_diagram(diagram).expect("valid diagram");
        let n = board.size();
        (board.clone(), board.point_at(n / 2, n / 2))
    }

    #[test]
    fn hane_matches_in_every_orientation_and_colour() {
        // Enclosing hane: X O X above the move, empty row through it.
        for diagram in [
            ".....\n.XOX.\n.....\n.....\n.....",
            ".....\n.....\n.....\n.XOX.\n.....",
            ".....\n.X...\n.O...\n.X...\n.....",
            ".....\n.OXO.\n.....\n.....\n.....",
        ] {
            let (board, p) = middle(diagram);
            assert!(matches(&board, p), "{diagram}");
        }
    }

    #[test]
    fn an_empty_neighbourhood_matches_nothing() {
        let (board, p) = middle(".....\n.....\n.....\n.....\n.....");
        assert!(!matches(&board, p));
        let (board, p) = middle(".....\n.....\n.X...\n.....\n.....");
        assert!(!matches(&board, p), "a lone neighbour is no shape");
    }

    #[test]
    fn shape_keys_are_the_same_under_symmetry_and_colour_swap_only() {
        let key = |diagram: &str, color| {
            let (board, p) = middle(diagram);
            shape_key(&board, color, p)
        };
        // A hane from four sides, in both colours: one shape.
        let hane = key(".....\n.XO..\n.....\n.....\n.....", Color::Black);
        for (diagram, color) in [
            (".....\n..OX.\n.....\n.....\n.....", Color::Black),
            (".....\n.....\n.....\n.XO..\n.....", Color::Black),
            (".....\n...X.\n...O.\n.....\n.....", Color::Black),
            (".....\n.OX..\n.....\n.....\n.....", Color::White),
        ] {
            assert_eq!(key(diagram, color), hane, "{diagram}");
        }
        // The same stones with the other colour to move are another shape.
        assert_ne!(key(".....\n.XO..\n.....\n.....\n.....", Color::White), hane);
        // So is the move beside the edge, where a row is off the board.
        let board = Board::from_diagram("...\nXO.\n...").expect("valid");
        assert_ne!(shape_key(&board, Color::Black, board.point_at(1, 0)), hane);
    }

    #[test]
    fn edge_chase_matches_on_the_first_line() {
        // "X.? O.? ###": the move on the first line, the opponent beside it, the mover
        // diagonally above.
        let board = Board::from_diagram(".....\n.....\n.....\nX....\nO....").expect("valid");
        assert!(matches(&board, board.point_at(1, 0)));
    }
}
