//! Where handicap stones go (rule 17): the GTP spec's fixed points (4.1.1), which are also
//! the star points boards mark (rule 2), and free placement spread over the board.

use std::cmp::Reverse;

use crate::board::{Board, Point};

/// The star points of `board` (rule 2), for diagrams: the fixed handicap points, without
/// the side points below 15x15, where boards mark only the corners and the centre.
pub fn star_points(board: &Board) -> Vec<Point> {
    let size = board.size();
    let count = match max_fixed(size) {
        9 if size < 15 => 5,
        n => n,
    };
    fixed_coords(size, count)
        .unwrap_or_default()
        .into_iter()
        .map(|(col, row)| board.point_at(col, row))
        .collect()
}

/// The most stones `fixed_handicap` places on a board: none below 7x7, four on 7x7 and on
/// even sizes (no centre point), nine on odd sizes from 9x9 (GTP spec 4.1.1).
pub fn max_fixed(size: usize) -> usize {
    match size {
        0..=6 => 0,
        7 => 4,
        _ if size.is_multiple_of(2) => 4,
        _ => 9,
    }
}

/// The GTP spec's fixed handicap points (4.1.1) as (column, row), or `None` where the spec
/// defines none. Star points sit on the fourth line from 13x13 up and on the third below;
/// the order is lower left, upper right, upper left, lower right, left and right sides,
/// bottom and top sides, with the centre added for odd counts from five.
pub fn fixed_coords(size: usize, stones: usize) -> Option<Vec<(usize, usize)>> {
    if stones < 2 || stones > max_fixed(size) {
        return None;
    }
    let edge = if size >= 13 { 3 } else { 2 };
    let at = |i: usize| [edge, size / 2, size - 1 - edge][i];
    const ORDER: [(usize, usize); 8] = [
        (0, 0),
        (2, 2),
        (0, 2),
        (2, 0),
        (0, 1),
        (2, 1),
        (1, 0),
        (1, 2),
    ];
    let with_centre = stones >= 5 && stones % 2 == 1;
    let corners_and_sides = if with_centre { stones - 1 } else { stones };
    let mut coords: Vec<(usize, usize)> = ORDER[..corners_and_sides]
        .iter()
        .map(|&(c, r)| (at(c), at(r)))
        .collect();
    if with_centre {
        coords.push((at(1), at(1)));
    }
    Some(coords)
}

/// `n` points for free handicap on an empty board: the star points for up to the largest
/// fixed handicap, then repeatedly the point farthest (Manhattan) from the stones so far, with
/// distances capped near the edge so the first and second lines come last; ties go to the
/// higher line, then to board order.
pub fn spread(board: &Board, n: usize) -> Vec<Point> {
    let size = board.size();
    let mut chosen: Vec<Point> = fixed_coords(size, n.min(max_fixed(size)))
        .unwrap_or_default()
        .into_iter()
        .map(|(col, row)| board.point_at(col, row))
        .collect();
    let coords: Vec<(usize, usize)> = board.points().map(|p| board.coords(p)).collect();
    let distance =
        |(c1, r1): (usize, usize), (c2, r2): (usize, usize)| c1.abs_diff(c2) + r1.abs_diff(r2);
    let line = |(col, row): (usize, usize)| col.min(row).min(size - 1 - col).min(size - 1 - row);
    // Distance from each point to the nearest chosen one: 0 means chosen.
    let mut nearest: Vec<usize> = coords
        .iter()
        .map(|&a| {
            chosen
                .iter()
                .map(|&q| distance(a, board.coords(q)))
                .min()
                .unwrap_or(usize::MAX)
        })
        .collect();
    while chosen.len() < n {
        let best = (0..coords.len())
            .filter(|&i| nearest[i] > 0)
            .max_by_key(|&i| {
                let edge_cap = 2 * (line(coords[i]) + 1);
                (nearest[i].min(edge_cap), line(coords[i]), Reverse(i))
            });
        let Some(best) = best else { break };
        let (col, row) = coords[best];
        chosen.push(board.point_at(col, row));
        for (i, &a) in coords.iter().enumerate() {
            nearest[i] = nearest[i].min(distance(a, coords[best]));
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_handicap_uses_the_gtp_spec_points_rule_17() {
        // 19x19: D4 Q16 D16 Q4 D10 Q10 K4 K16 K10, in that order.
        let nine = [
            (3, 3),
            (15, 15),
            (3, 15),
            (15, 3),
            (3, 9),
            (15, 9),
            (9, 3),
            (9, 15),
            (9, 9),
        ];
        assert_eq!(fixed_coords(19, 9), Some(nine.to_vec()));
        assert_eq!(fixed_coords(19, 2), Some(nine[..2].to_vec()));
        assert_eq!(fixed_coords(19, 3), Some(nine[..3].to_vec()));
        let five = vec![(3, 3), (15, 15), (3, 15), (15, 3), (9, 9)];
        assert_eq!(fixed_coords(19, 5), Some(five));
        let seven = vec![(3, 3), (15, 15), (3, 15), (15, 3), (3, 9), (15, 9), (9, 9)];
        assert_eq!(fixed_coords(19, 7), Some(seven));
        // Third line below 13x13: C3 G7 on 9x9.
        assert_eq!(fixed_coords(9, 2), Some(vec![(2, 2), (6, 6)]));
        // Four at most on 7x7 and on even sizes, none below 7x7, never one.
        assert!(fixed_coords(7, 4).is_some());
        assert_eq!(fixed_coords(7, 5), None);
        assert_eq!(fixed_coords(8, 5), None);
        assert_eq!(fixed_coords(6, 2), None);
        assert_eq!(fixed_coords(19, 1), None);
        assert_eq!(fixed_coords(19, 10), None);
    }
}
