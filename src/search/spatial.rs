//! Large shapes, as Pachi's and Crazy Stone's spatial patterns: the stones (own, the
//! opponent's, empty, off the board) at every point within a distance of a move, beyond
//! the 3x3 shape, up to the board's eight symmetries, as a 64-bit key. The move model
//! rates the largest one its table knows ([`MoveModel::spatial`](super::move_model::MoveModel::spatial)).
//!
//! Two sizes: [`RADII`] are Manhattan distances, 2 (the 3x3 square and the four points two
//! lines away: 12 points) and 3 (24 points).

use crate::board::{Board, Cell, Color, Point};

/// The sizes of shape keyed, smallest first.
pub const RADII: [usize; 2] = [2, 3];

/// The offsets within Manhattan distance 3 of the move, nearest first: the first
/// `COUNTS[k]` are those within `RADII[k]`.
const OFFSETS: [(i32, i32); 24] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
    (0, 2),
    (2, 0),
    (0, -2),
    (-2, 0),
    (0, 3),
    (3, 0),
    (0, -3),
    (-3, 0),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const COUNTS: [usize; RADII.len()] = [12, 24];

/// What a point holds, seen by the side to move.
const OWN: usize = 0;
const THEIRS: usize = 1;
const EMPTY: usize = 2;
const OFF: usize = 3;

/// The keys of the shapes around `p` for `color` to move, one per [`RADII`]: equal for
/// shapes that a rotation or reflection of the board maps onto each other, and the same
/// for Black and White to move with the colours swapped.
pub fn keys(board: &Board, color: Color, p: Point) -> [u64; RADII.len()] {
    let (col, row) = board.coords(p);
    let size = board.size() as i32;
    let (zobrist, images) = (zobrist(), images());
    // One running key per symmetry, which maps offset k to offset `images[s][k]`.
    let mut running = [0u64; 8];
    let mut keys = [0; RADII.len()];
    for (k, &(dx, dy)) in OFFSETS.iter().enumerate() {
        let (x, y) = (col as i32 + dx, row as i32 + dy);
        let state = if x < 0 || y < 0 || x >= size || y >= size {
            OFF
        } else {
            match board.cell(board.point_at(x as usize, y as usize)) {
                Cell::Empty => EMPTY,
                Cell::Border => OFF,
                cell if cell == color.cell() => OWN,
                _ => THEIRS,
            }
        };
        for (s, key) in running.iter_mut().enumerate() {
            *key ^= zobrist[images[s][k]][state];
        }
        if let Some(size_index) = COUNTS.iter().position(|&n| n == k + 1) {
            keys[size_index] = running.iter().copied().min().unwrap_or(0);
        }
    }
    keys
}

/// Symmetry `s` (0 to 7) of the square: swap the axes if bit 2 is set, then mirror x if
/// bit 0 is, and y if bit 1 is.
fn symmetry(s: usize, (x, y): (i32, i32)) -> (i32, i32) {
    let (x, y) = if s & 4 != 0 { (y, x) } else { (x, y) };
    (
        if s & 1 != 0 { -x } else { x },
        if s & 2 != 0 { -y } else { y },
    )
}

/// `images()[s][k]`: the index of the offset that symmetry `s` maps offset `k` onto.
fn images() -> &'static [[usize; 24]; 8] {
    static IMAGES: std::sync::OnceLock<[[usize; 24]; 8]> = std::sync::OnceLock::new();
    IMAGES.get_or_init(|| {
        let mut images = [[0; 24]; 8];
        for (s, row) in images.iter_mut().enumerate() {
            for (k, &offset) in OFFSETS.iter().enumerate() {
                let image = symmetry(s, offset);
                row[k] = OFFSETS
                    .iter()
                    .position(|&o| o == image)
                    .expect("the offsets are closed under symmetry");
            }
        }
        images
    })
}

/// Fixed random keys per offset and state. They are part of the learned tables' format, so
/// they come from a fixed seed (SplitMix64) and never change.
fn zobrist() -> &'static [[u64; 4]; 24] {
    static ZOBRIST: std::sync::OnceLock<[[u64; 4]; 24]> = std::sync::OnceLock::new();
    ZOBRIST.get_or_init(|| {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut table = [[0; 4]; 24];
        for row in &mut table {
            for key in row.iter_mut() {
                *key = next();
            }
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys_at(diagram: &str, color: Color, col: usize, row: usize) -> [u64; 2] {
        let board = Board::from_diagram(diagram).expect("valid");
        keys(&board, color, board.point_at(col, row))
    }

    const EMPTY_7: &str = ".......\n.......\n.......\n.......\n.......\n.......\n.......";

    #[test]
    fn rotations_reflections_and_colour_swaps_share_a_key() {
        // Black to move at the centre of a 7x7 board, with a white stone two lines above
        // and a black one a knight's move away.
        let shape = keys_at(
            ".......\n...O...\n.....X.\n.......\n.......\n.......\n.......",
            Color::Black,
            3,
            3,
        );
        for (diagram, color) in [
            // Rotated a quarter turn.
            (
                ".......\n..X....\n.......\n.O.....\n.......\n.......\n.......",
                Color::Black,
            ),
            // Reflected left to right.
            (
                ".......\n...O...\n.X.....\n.......\n.......\n.......\n.......",
                Color::Black,
            ),
            // Upside down, colours swapped, White to move.
            (
                ".......\n.......\n.......\n.......\n.....O.\n...X...\n.......",
                Color::White,
            ),
        ] {
            assert_eq!(keys_at(diagram, color, 3, 3), shape, "{diagram}");
        }
        // The same stones with the other colour to move are another shape.
        let swapped = keys_at(
            ".......\n...O...\n.....X.\n.......\n.......\n.......\n.......",
            Color::White,
            3,
            3,
        );
        assert_ne!(swapped[1], shape[1]);
    }

    #[test]
    fn each_size_sees_only_its_own_points() {
        let empty = keys_at(EMPTY_7, Color::Black, 3, 3);
        // A stone three lines away changes the larger shape only.
        let far = keys_at(
            "...X...\n.......\n.......\n.......\n.......\n.......\n.......",
            Color::Black,
            3,
            3,
        );
        assert_eq!(far[0], empty[0]);
        assert_ne!(far[1], empty[1]);
        // The other colour to move sees an opponent's stone there: another shape.
        let other = keys_at(
            "...X...\n.......\n.......\n.......\n.......\n.......\n.......",
            Color::White,
            3,
            3,
        );
        assert_ne!(other[1], far[1]);
        // Near the edge, off-board points differ from empty ones.
        let edge = keys_at(EMPTY_7, Color::Black, 3, 2);
        assert_eq!(edge[0], empty[0], "the edge is three lines away");
        assert_ne!(edge[1], empty[1]);
        let corner = keys_at(EMPTY_7, Color::Black, 1, 1);
        assert_ne!(corner[0], empty[0]);
    }
}
