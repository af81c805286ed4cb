//! Counting a finished board: area counting (rules 14-17) and territory counting (rule 18).
//!
//! Scoring takes the dead stones as input (rule 13): the search judges them, a referee or a
//! test names them, and Tromp-Taylor passes none. Results come as GTP text (`B+1.5`, `W+7.5`,
//! `0`) and, for area counting, in stones the way rule 16 states them (`B+3/4 stones`,
//! `黑胜3/4子`).

use crate::board::{Board, Cell, Color, Point, MAX_POINTS};

/// How the points of a board are owned once the dead stones are gone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Live stones of each colour.
    pub stones: [u32; 2],
    /// Empty points (dead stones' points included) in regions bordered by one colour only
    /// and touching no stone in seki.
    pub territory: [u32; 2],
    /// Empty points bordered by both colours, by none, or touching a seki (rule 14's dame).
    pub dame: u32,
    /// Dead stones of each colour, removed before counting (rule 13).
    pub dead: [u32; 2],
}

/// Counts a board after removing the stones in `dead`; empty regions that touch a stone in
/// `seki` belong to no one (rule 13: the shared liberties of a seki are dame).
pub fn count(board: &Board, dead: &[Point], seki: &[Point]) -> Counts {
    let mut removed = [false; MAX_POINTS];
    let mut in_seki = [false; MAX_POINTS];
    let mut counts = Counts {
        stones: [0; 2],
        territory: [0; 2],
        dame: 0,
        dead: [0; 2],
    };
    for &p in dead {
        if let Some(color) = board.cell(p).color() {
            if !removed[p.index()] {
                removed[p.index()] = true;
                counts.dead[color.index()] += 1;
            }
        }
    }
    for &p in seki {
        in_seki[p.index()] = true;
    }
    let is_open = |p: Point| board.cell(p) == Cell::Empty || removed[p.index()];
    let mut visited = [false; MAX_POINTS];
    let mut stack = [Point::NONE; MAX_POINTS];
    for p in board.points() {
        if !is_open(p) {
            if let Some(color) = board.cell(p).color() {
                counts.stones[color.index()] += 1;
            }
            continue;
        }
        if visited[p.index()] {
            continue;
        }
        // Flood-fill one open region, noting which colours' live stones border it.
        let (mut size, mut borders_black, mut borders_white, mut touches_seki) =
            (0u32, false, false, false);
        visited[p.index()] = true;
        stack[0] = p;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let here = stack[top];
            size += 1;
            for q in board.neighbours(here) {
                if is_open(q) {
                    if !visited[q.index()] {
                        visited[q.index()] = true;
                        stack[top] = q;
                        top += 1;
                    }
                    continue;
                }
                touches_seki |= in_seki[q.index()];
                match board.cell(q) {
                    Cell::Black => borders_black = true,
                    Cell::White => borders_white = true,
                    _ => {}
                }
            }
        }
        match (borders_black, borders_white, touches_seki) {
            (true, false, false) => counts.territory[Color::Black.index()] += size,
            (false, true, false) => counts.territory[Color::White.index()] += size,
            _ => counts.dame += size,
        }
    }
    counts
}

/// Who owns each point of a board where every stone is alive (the end of a playout):
/// `owners[p]` is +1 for Black, -1 for White, 0 for dame; the search averages these into
/// ownership for life and death and analysis.
pub fn owners(board: &Board, owners: &mut [i8; MAX_POINTS]) {
    let mut visited = [false; MAX_POINTS];
    let mut region = Vec::with_capacity(MAX_POINTS);
    for p in board.points() {
        match board.cell(p) {
            Cell::Black => owners[p.index()] = 1,
            Cell::White => owners[p.index()] = -1,
            _ if visited[p.index()] => {}
            _ => {
                region.clear();
                region.push(p);
                visited[p.index()] = true;
                let (mut black, mut white) = (false, false);
                let mut k = 0;
                while k < region.len() {
                    for q in board.neighbours(region[k]) {
                        match board.cell(q) {
                            Cell::Empty if !visited[q.index()] => {
                                visited[q.index()] = true;
                                region.push(q);
                            }
                            Cell::Black => black = true,
                            Cell::White => white = true,
                            _ => {}
                        }
                    }
                    k += 1;
                }
                let owner = match (black, white) {
                    (true, false) => 1,
                    (false, true) => -1,
                    _ => 0,
                };
                for q in &region {
                    owners[q.index()] = owner;
                }
            }
        }
    }
}

/// The result of counting, from Black's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// Black's points minus White's, komi and compensation included: > 0 means Black wins.
    pub margin: f64,
    /// For area counting: Black's count in stones (rule 14: stones + area + half the dame).
    pub black_stones: Option<f64>,
    /// For area counting: the par, half the board (rule 15).
    pub par: Option<f64>,
}

impl Score {
    /// The winner, or `None` for a draw (jigo).
    pub fn winner(&self) -> Option<Color> {
        if self.margin > 0.0 {
            Some(Color::Black)
        } else if self.margin < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// GTP's `final_score` text: `B+1.5`, `W+7.5`, or `0` for a draw.
    pub fn gtp_text(&self) -> String {
        match self.winner() {
            Some(Color::Black) => format!("B+{}", format_points(self.margin)),
            Some(Color::White) => format!("W+{}", format_points(-self.margin)),
            None => "0".to_string(),
        }
    }

    /// The margin in stones relative to the par, as rule 16 states results: one stone is two
    /// points of difference, so 7.5 points of komi are 3 3/4 stones. `B+3/4 stones`.
    pub fn stones_text(&self) -> String {
        match self.winner() {
            Some(Color::Black) => format!("B+{} stones", format_stones(self.margin / 2.0)),
            Some(Color::White) => format!("W+{} stones", format_stones(-self.margin / 2.0)),
            None => "draw".to_string(),
        }
    }

    /// The result in points, and under area counting in stones too, as one line:
    /// `B+1.5 (B+3/4 stones, 黑胜3/4子)`; under territory counting `B+1.5` alone.
    pub fn full_text(&self) -> String {
        match self.black_stones {
            Some(_) => format!(
                "{} ({}, {})",
                self.gtp_text(),
                self.stones_text(),
                self.chinese_text()
            ),
            None => self.gtp_text(),
        }
    }

    /// How the count came about, under area counting (rules 14-17): Black's count in stones
    /// against the par, with the komi and handicap compensation in stones. `None` under
    /// territory counting, which counts no stones.
    pub fn count_text(&self) -> Option<String> {
        let (black, par) = (self.black_stones?, self.par?);
        let returned = black - par - self.margin / 2.0;
        Some(format!(
            "Black's count {} stones, par {} stones, komi and compensation {} stones",
            format_stones(black),
            format_stones(par),
            format_stones(returned)
        ))
    }

    /// The same result the way a Chinese referee writes it: `黑胜3/4子`, `白胜1又1/4子`, `和棋`.
    pub fn chinese_text(&self) -> String {
        let stones = |m: f64| format_stones(m / 2.0).replace(' ', "又");
        match self.winner() {
            Some(Color::Black) => format!("黑胜{}子", stones(self.margin)),
            Some(Color::White) => format!("白胜{}子", stones(-self.margin)),
            None => "和棋".to_string(),
        }
    }
}

/// Black's area minus White's minus `komi`, every stone alive (Tromp-Taylor): the count at
/// the end of a playout. The stones come from the board's counts, and playouts end with
/// almost every empty point a one-point eye, which its neighbour counts settle at once; only
/// when some empty point has an empty neighbour does this fall back to the flood fill of
/// [`count`].
pub fn playout_margin(board: &Board, komi: f64) -> f64 {
    let mut margin = board.stones(Color::Black) as i32 - board.stones(Color::White) as i32;
    // Branch-free: who owns the next eye is anyone's guess for a branch predictor.
    let mut open = false;
    for p in (0..board.empty_count()).map(|i| board.empty_point(i)) {
        let black = board.neighbour_count(p, Cell::Black) > 0;
        let white = board.neighbour_count(p, Cell::White) > 0;
        margin += i32::from(black & !white) - i32::from(white & !black);
        open |= board.neighbour_count(p, Cell::Empty) > 0;
    }
    if open {
        let counts = count(board, &[], &[]);
        let area = |c: Color| (counts.stones[c.index()] + counts.territory[c.index()]) as f64;
        return area(Color::Black) - area(Color::White) - komi;
    }
    margin as f64 - komi
}

/// What turns an area margin into a territory margin (rule 18) at the end of a playout,
/// where every stone is alive: territory counting adds prisoners and counts no stones, so
/// this is Black's prisoners minus White's, less Black's stones on the board plus White's.
pub fn territory_correction(board: &Board) -> f64 {
    let stones = board.stones(Color::Black) as i32 - board.stones(Color::White) as i32;
    let prisoners = board.captures(Color::Black) as i32 - board.captures(Color::White) as i32;
    (prisoners - stones) as f64
}

/// The points White gets for `handicap` stones under area counting (rule 17): one a
/// stone from two stones up, none for fewer.
pub fn handicap_compensation(handicap: u32) -> f64 {
    if handicap >= 2 {
        f64::from(handicap)
    } else {
        0.0
    }
}

/// Area counting (rules 14-17): live stones plus surrounded empty points; dame split half
/// each; Black gives `komi`, and for `handicap` >= 2 stones also `handicap` points (rule 17).
pub fn area_score(board: &Board, dead: &[Point], komi: f64, handicap: u32) -> Score {
    let counts = count(board, dead, &[]);
    let area = |c: Color| (counts.stones[c.index()] + counts.territory[c.index()]) as f64;
    let compensation = handicap_compensation(handicap);
    let black_stones = area(Color::Black) + counts.dame as f64 / 2.0;
    Score {
        margin: area(Color::Black) - area(Color::White) - komi - compensation,
        black_stones: Some(black_stones),
        par: Some((board.size() * board.size()) as f64 / 2.0),
    }
}

/// Territory counting (rule 18): surrounded empty points plus prisoners (stones captured
/// during the game and dead stones at the end); points inside a seki count for no one.
pub fn territory_score(board: &Board, dead: &[Point], seki: &[Point], komi: f64) -> Score {
    let counts = count(board, dead, seki);
    let points = |c: Color| {
        let prisoners = board.captures(c) + counts.dead[c.opponent().index()];
        (counts.territory[c.index()] + prisoners) as f64
    };
    Score {
        margin: points(Color::Black) - points(Color::White) - komi,
        black_stones: None,
        par: None,
    }
}

/// Points without a trailing `.0`: `7.5`, `3`.
fn format_points(points: f64) -> String {
    if points.fract() == 0.0 {
        format!("{}", points as i64)
    } else {
        format!("{points}")
    }
}

/// A number of stones in quarters as a mixed fraction: `3/4`, `1 1/4`, `2`, `1/2`.
fn format_stones(stones: f64) -> String {
    let quarters = (stones * 4.0).round() as i64;
    let (whole, rest) = (quarters / 4, quarters % 4);
    let fraction = match rest {
        1 => "1/4",
        2 => "1/2",
        3 => "3/4",
        _ => "",
    };
    match (whole, fraction) {
        (w, "") => format!("{w}"),
        (0, f) => f.to_string(),
        (w, f) => format!("{w} {f}"),
    }
}

#[cfg(test)]
mod tests;
