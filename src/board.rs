//! The board: stones on an N x N grid (rule 1: 2 <= N <= 25), chains, captures, simple ko.
//!
//! It is the hot core of the engine: playouts make hundreds of thousands of moves a second on
//! it, so every query a playout needs is O(1) and a move costs a few dozen memory touches.
//!
//! ## What the board does
//! - Plays a stone: captures first, then the suicide test (rules 7-9).
//! - Keeps chains as circular linked lists with a head per chain. Each chain keeps its
//!   pseudo-liberty count plus the sum and the sum of squares of its pseudo-liberty points
//!   (libego's trick): the chain is captured when the count is zero, and it is in atari exactly
//!   when all pseudo-liberties are one point (`count * sum_sq == sum^2`), which is then `sum / count`.
//! - Keeps an incremental Zobrist hash of the stones (keys fixed at compile time), a list of
//!   empty points with O(1) removal, and per point the number of neighbours of each kind,
//!   packed in one `u16`, for O(1) eye-like and suicide tests.
//! - Forbids the immediate recapture of a single-stone ko (simple ko).
//!
//! ## What the board does not do
//! - No superko (rule 10) and no history: that is [`crate::game`].
//! - No turn order: either colour may play at any time.
//! - No scoring: that is [`crate::scoring`].
//!
//! Storage is fixed-size (the largest board), so `Clone` is one flat copy and no move allocates.

use std::fmt;

/// The smallest board GTP allows.
pub const MIN_SIZE: usize = 2;
/// The largest board GTP allows (rule 1).
pub const MAX_SIZE: usize = 25;
/// Points in the padded array of the largest board: rows of `N + 1` (one shared border
/// column) for `N + 2` rows (a border row above and below), plus one so diagonals stay inside.
pub const MAX_POINTS: usize = (MAX_SIZE + 2) * (MAX_SIZE + 1) + 1;

/// Length of the board's arrays: a power of two, so that masking an index to it lets the
/// compiler drop the bounds check on the hot paths.
const SLOTS: usize = MAX_POINTS.next_power_of_two();

/// An index into the board's arrays from a point number or a position in the empty list.
/// Every such index is below [`MAX_POINTS`], where the mask changes nothing.
#[inline(always)]
fn slot(i: impl Into<usize>) -> usize {
    let i = i.into();
    debug_assert!(i < MAX_POINTS);
    i & (SLOTS - 1)
}

/// A player's colour. The discriminants index per-colour arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Index into per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The content of a point holding a stone of this colour.
    #[inline]
    pub fn cell(self) -> Cell {
        match self {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }
}

/// What occupies a point of the padded array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Black = 0,
    White = 1,
    Empty = 2,
    /// Off the board: the padding around it.
    Border = 3,
}

impl Cell {
    /// The colour of a stone, if this is one.
    #[inline]
    pub fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// A point: an index into the padded one-dimensional array (not a GTP vertex).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// "No point": index 0 is always border, so it never names a playable point.
    pub const NONE: Point = Point(0);

    #[inline(always)]
    pub fn index(self) -> usize {
        slot(self.0)
    }
}

/// A move on the board. Resignation is not a board move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Pass,
    Play(Point),
}

/// Why the board refuses a stone. [`crate::game`] adds the reasons that need history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The point already holds a stone (rule 4).
    Occupied,
    /// The stone's chain would have no liberty and it captures nothing (rule 9).
    Suicide,
    /// Immediate recapture of a single-stone ko (the one-move case of rule 10).
    Ko,
}

/// A position the board cannot hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The size is outside 2..=25 (rule 1).
    BadSize(usize),
    /// A diagram line has a character other than `X`, `O`, `.` or `+`, or the wrong length.
    BadDiagram(String),
    /// A chain without liberties: no legal game reaches such a position.
    NoLiberties,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::BadSize(n) => write!(f, "board size {n} is outside 2..=25"),
            SetupError::BadDiagram(why) => write!(f, "bad diagram: {why}"),
            SetupError::NoLiberties => write!(f, "a chain has no liberties"),
        }
    }
}

impl std::error::Error for SetupError {}

/// A chain's liberties apart from one point: none, exactly one, or more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OtherLiberties {
    None,
    One(Point),
    Several,
}

/// Per-chain data, valid at the chain's head.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Chain {
    /// Pseudo-liberties: (stone, adjacent empty point) pairs.
    libs: u16,
    stones: u16,
    /// Sum of the pseudo-liberty points' indices.
    lib_sum: u32,
    /// Sum of their squares; with `lib_sum` it tells whether all are one point.
    lib_sum_sq: u32,
}

impl Chain {
    #[inline]
    fn add_lib(&mut self, p: Point) {
        self.add_lib_times(p, 1);
    }

    /// Adds `p` as a pseudo-liberty `times` (0 or 1) times: branch-free for the hot path.
    #[inline]
    fn add_lib_times(&mut self, p: Point, times: u16) {
        let (i, t) = (p.0 as u32, times as u32);
        self.libs += times;
        self.lib_sum += t * i;
        self.lib_sum_sq += t * i * i;
    }

    /// Removes `p` as a pseudo-liberty `times` (0 or 1) times.
    #[inline]
    fn remove_lib_times(&mut self, p: Point, times: u16) {
        let (i, t) = (p.0 as u32, times as u32);
        self.libs -= times;
        self.lib_sum -= t * i;
        self.lib_sum_sq -= t * i * i;
    }

    /// All pseudo-liberties are one point (and there is at least one).
    #[inline]
    fn in_atari(&self) -> bool {
        let (n, s, q) = (
            self.libs as u64,
            self.lib_sum as u64,
            self.lib_sum_sq as u64,
        );
        // `&`, not `&&`: a data-dependent branch here is mispredicted half the time.
        (n > 0) & (n * q == s * s)
    }
}

/// Bit offset of a cell kind's 4-bit neighbour count in the packed `u16`.
#[inline]
fn nbr_shift(cell: Cell) -> u32 {
    4 * cell as u32
}

/// Zobrist keys, generated at compile time from a fixed seed with splitmix64.
mod zobrist {
    use super::{MAX_POINTS, MAX_SIZE};

    const fn splitmix64(state: u64) -> (u64, u64) {
        let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (state, z ^ (z >> 31))
    }

    /// One key per (colour, point), then one per board size for the empty board.
    const KEYS: [u64; 2 * MAX_POINTS + MAX_SIZE + 1] = {
        let mut keys = [0u64; 2 * MAX_POINTS + MAX_SIZE + 1];
        let mut state = 0x7975_6E7A_6920_2023; // "yunzi 2023"
        let mut i = 0;
        while i < keys.len() {
            let (next, key) = splitmix64(state);
            state = next;
            keys[i] = key;
            i += 1;
        }
        keys
    };

    #[inline]
    pub fn stone(color: usize, point: usize) -> u64 {
        KEYS[color * MAX_POINTS + point]
    }

    /// The hash of the empty board of a size, so boards of different sizes never collide.
    pub fn empty(size: usize) -> u64 {
        KEYS[2 * MAX_POINTS + size]
    }
}

/// The board. See the module documentation for what it does and does not do.
pub struct Board {
    size: u8,
    /// Row stride of the padded array: `size + 1`.
    stride: u16,
    cells: [Cell; SLOTS],
    /// Packed neighbour counts: 4 bits per [`Cell`] kind, at [`nbr_shift`].
    nbrs: [u16; SLOTS],
    /// Next stone in the same chain (circular).
    next: [u16; SLOTS],
    /// Head of the chain a stone belongs to.
    head: [u16; SLOTS],
    /// Chain data, valid at heads.
    chains: [Chain; SLOTS],
    /// The empty points, in no particular order.
    empties: [u16; SLOTS],
    /// Position of each empty point in `empties`.
    empty_pos: [u16; SLOTS],
    empty_count: u16,
    hash: u64,
    /// The point where a single-stone ko forbids recapture, and who may not play there.
    ko: Option<(Point, Color)>,
    /// Stones captured by each colour (prisoners it holds).
    captures: [u32; 2],
    /// Stones of each colour on the board: a playout's count needs them at once.
    stones: [u16; 2],
    last_move: Option<(Color, Move)>,
    /// The move before the last: playouts' last-good-reply tables key on both.
    second_last_move: Option<(Color, Move)>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board { ..*self }
    }

    /// Copies only the slots this board's size uses (111 of 1024 on 9x9): playouts and the
    /// search reset a scratch board from a position once per playout, so this is hot.
    /// Slots past the used ones are never read, whatever they hold.
    fn clone_from(&mut self, source: &Board) {
        let used = source.used_slots();
        self.size = source.size;
        self.stride = source.stride;
        self.cells[..used].copy_from_slice(&source.cells[..used]);
        self.nbrs[..used].copy_from_slice(&source.nbrs[..used]);
        self.next[..used].copy_from_slice(&source.next[..used]);
        self.head[..used].copy_from_slice(&source.head[..used]);
        self.chains[..used].copy_from_slice(&source.chains[..used]);
        self.empty_pos[..used].copy_from_slice(&source.empty_pos[..used]);
        let empties = source.empty_count();
        self.empties[..empties].copy_from_slice(&source.empties[..empties]);
        self.empty_count = source.empty_count;
        self.hash = source.hash;
        self.ko = source.ko;
        self.captures = source.captures;
        self.stones = source.stones;
        self.last_move = source.last_move;
        self.second_last_move = source.second_last_move;
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_diagram())
    }
}

impl PartialEq for Board {
    /// Same stones, ko state and prisoners; the internal chain layout may differ.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.hash == other.hash
            && self.ko == other.ko
            && self.captures == other.captures
            && self
                .points()
                .all(|p| self.cells[p.index()] == other.cells[p.index()])
    }
}

impl Board {
    /// An empty board of `size` x `size` (rule 1: 2..=25).
    pub fn new(size: usize) -> Result<Board, SetupError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SetupError::BadSize(size));
        }
        let mut board = Board {
            size: size as u8,
            stride: size as u16 + 1,
            cells: [Cell::Border; SLOTS],
            nbrs: [0; SLOTS],
            next: [0; SLOTS],
            head: [0; SLOTS],
            chains: [Chain::default(); SLOTS],
            empties: [0; SLOTS],
            empty_pos: [0; SLOTS],
            empty_count: 0,
            hash: zobrist::empty(size),
            ko: None,
            captures: [0; 2],
            stones: [0; 2],
            last_move: None,
            second_last_move: None,
        };
        for row in 0..size {
            for col in 0..size {
                let p = board.point_at(col, row);
                board.cells[p.index()] = Cell::Empty;
                board.empty_pos[p.index()] = board.empty_count;
                board.empties[slot(board.empty_count)] = p.0;
                board.empty_count += 1;
            }
        }
        let points: Vec<Point> = board.points().collect();
        for p in points {
            let mut packed = 0;
            for q in board.neighbours(p) {
                packed += 1 << nbr_shift(board.cells[q.index()]);
            }
            board.nbrs[p.index()] = packed;
        }
        Ok(board)
    }

    /// A board from a diagram: one line per row, top row first; `X` black, `O` white, `.` or
    /// `+` empty; spaces are ignored. Every chain must have a liberty.
    pub fn from_diagram(diagram: &str) -> Result<Board, SetupError> {
        let rows: Vec<Vec<char>> = diagram
            .lines()
            .map(|line| {
                line.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<Vec<_>>()
            })
            .filter(|row| !row.is_empty())
            .collect();
        let size = rows.len();
        let mut board = Board::new(size)?;
        let mut stones = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            if row.len() != size {
                return Err(SetupError::BadDiagram(format!(
                    "row {} has {} points, expected {size}",
                    i + 1,
                    row.len()
                )));
            }
            for (col, &c) in row.iter().enumerate() {
                let p = board.point_at(col, size - 1 - i);
                match c {
                    'X' | 'x' => stones.push((Color::Black, p)),
                    'O' | 'o' => stones.push((Color::White, p)),
                    '.' | '+' => {}
                    other => return Err(SetupError::BadDiagram(format!("unexpected {other:?}"))),
                }
            }
        }
        board.setup(&stones)?;
        Ok(board)
    }

    /// Adds stones without capturing (handicap, SGF setup), all or nothing: fails, leaving
    /// the board unchanged, if a point is occupied or a chain ends up without liberties.
    pub fn setup(&mut self, stones: &[(Color, Point)]) -> Result<(), SetupError> {
        let mut next = self.clone();
        for &(color, p) in stones {
            if next.cell(p) != Cell::Empty {
                return Err(SetupError::BadDiagram(format!(
                    "point {} is not empty",
                    p.index()
                )));
            }
            next.place_stone(color, p);
        }
        if next
            .points()
            .any(|p| next.cell(p).color().is_some() && next.chain_libs(p) == 0)
        {
            return Err(SetupError::NoLiberties);
        }
        next.ko = None;
        *self = next;
        Ok(())
    }

    /// The diagram of the board, in the format [`Board::from_diagram`] reads.
    pub fn to_diagram(&self) -> String {
        let n = self.size();
        let mut out = String::with_capacity(n * (n + 1));
        for row in (0..n).rev() {
            for col in 0..n {
                out.push(match self.cell(self.point_at(col, row)) {
                    Cell::Black => 'X',
                    Cell::White => 'O',
                    _ => '.',
                });
            }
            out.push('\n');
        }
        out
    }

    /// Slots of the padded array this size uses: the last on-board point's diagonal is the
    /// highest index ever read.
    fn used_slots(&self) -> usize {
        (self.size() + 2) * self.stride as usize + 1
    }

    #[inline]
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// The point at 0-based `col` (left to right) and `row` (bottom to top, as GTP numbers
    /// rows). Panics if off the board: callers validate coordinates first.
    #[inline]
    pub fn point_at(&self, col: usize, row: usize) -> Point {
        assert!(
            col < self.size() && row < self.size(),
            "coordinates off the board"
        );
        Point(((row + 1) * self.stride as usize + col + 1) as u16)
    }

    /// The point at (`col`, `row`), or `None` off the board.
    pub fn try_point(&self, col: usize, row: usize) -> Option<Point> {
        (col < self.size() && row < self.size()).then(|| self.point_at(col, row))
    }

    /// The point with array index `index`, if it is on this board (for packed moves).
    pub fn point_from_index(&self, index: usize) -> Option<Point> {
        let stride = self.stride as usize;
        let (col, row) = (index % stride, index / stride);
        (index < MAX_POINTS && col >= 1 && row >= 1 && col <= self.size() && row <= self.size())
            .then_some(Point(index as u16))
    }

    /// The 0-based (column, row) of a point on the board.
    #[inline]
    pub fn coords(&self, p: Point) -> (usize, usize) {
        let stride = self.stride as usize;
        (p.index() % stride - 1, p.index() / stride - 1)
    }

    /// Every point of the board, row by row from the bottom.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let n = self.size();
        (0..n).flat_map(move |row| (0..n).map(move |col| self.point_at(col, row)))
    }

    /// The four orthogonal neighbours (some may be border).
    #[inline]
    pub fn neighbours(&self, p: Point) -> [Point; 4] {
        let s = self.stride;
        [
            Point(p.0 - s),
            Point(p.0 - 1),
            Point(p.0 + 1),
            Point(p.0 + s),
        ]
    }

    /// The four diagonal neighbours (some may be border).
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let s = self.stride;
        [
            Point(p.0 - s - 1),
            Point(p.0 - s + 1),
            Point(p.0 + s - 1),
            Point(p.0 + s + 1),
        ]
    }

    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.index()]
    }

    /// How many orthogonal neighbours of `p` are `kind`.
    #[inline]
    pub fn neighbour_count(&self, p: Point, kind: Cell) -> u32 {
        (self.nbrs[p.index()] >> nbr_shift(kind)) as u32 & 0xF
    }

    /// Zobrist hash of the stones (and the size): equal positions hash equal.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The `i`-th empty point (`i < empty_count()`), in no particular order.
    #[inline]
    pub fn empty_point(&self, i: usize) -> Point {
        Point(self.empties[slot(i)])
    }

    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_count as usize
    }

    /// The simple-ko point and the colour that may not play there now.
    #[inline]
    pub fn ko(&self) -> Option<(Point, Color)> {
        self.ko
    }

    /// Stones `color` has captured so far.
    #[inline]
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// Stones of `color` on the board.
    #[inline]
    pub fn stones(&self, color: Color) -> u32 {
        u32::from(self.stones[color.index()])
    }

    /// The last move played on this board (by `play` or `pass`), if any.
    #[inline]
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.last_move
    }

    /// The move before [`Board::last_move`], if any.
    #[inline]
    pub fn second_last_move(&self) -> Option<(Color, Move)> {
        self.second_last_move
    }

    /// The head of the chain a stone belongs to: equal heads mean the same chain.
    #[inline]
    pub fn chain_head(&self, p: Point) -> Point {
        Point(self.head[p.index()])
    }

    /// Pseudo-liberty count of the chain through the stone at `p`.
    #[inline]
    pub fn chain_libs(&self, p: Point) -> u32 {
        self.chains[slot(self.head[p.index()])].libs as u32
    }

    /// Number of stones in the chain through `p`.
    #[inline]
    pub fn chain_size(&self, p: Point) -> u32 {
        self.chains[slot(self.head[p.index()])].stones as u32
    }

    /// If the chain through the stone at `p` is in atari, its last liberty.
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        let chain = &self.chains[slot(self.head[p.index()])];
        chain
            .in_atari()
            .then(|| Point((chain.lib_sum / chain.libs as u32) as u16))
    }

    /// The stones of the chain through `p`.
    pub fn chain_stones(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let start = p.0;
        let mut current = Some(start);
        std::iter::from_fn(move || {
            let here = current?;
            let next = self.next[slot(here)];
            current = (next != start).then_some(next);
            Some(Point(here))
        })
    }

    /// One stone of every chain on the board, its head: for walks that visit each chain once.
    pub fn chain_heads(&self) -> impl Iterator<Item = Point> + '_ {
        self.points()
            .filter(|&p| self.cell(p).color().is_some() && self.chain_head(p) == p)
    }

    /// The distinct liberties of the chain through `p` (a walk over the chain: not for hot paths).
    pub fn chain_liberties(&self, p: Point) -> Vec<Point> {
        let mut libs: Vec<Point> = self
            .chain_stones(p)
            .flat_map(|s| self.neighbours(s))
            .filter(|&q| self.cell(q) == Cell::Empty)
            .collect();
        libs.sort_unstable();
        libs.dedup();
        libs
    }

    /// `p` is empty and every neighbour is `color` or the edge: a single-point eye shape,
    /// possibly false (see [`Board::is_true_eye`]).
    #[inline(always)]
    pub fn is_eyelike(&self, color: Color, p: Point) -> bool {
        self.cell(p) == Cell::Empty
            && self.neighbour_count(p, color.cell()) + self.neighbour_count(p, Cell::Border) == 4
    }

    /// An eye shape whose diagonals the opponent does not control: at most one opponent
    /// diagonal in the middle, none on the edge or in the corner.
    pub fn is_true_eye(&self, color: Color, p: Point) -> bool {
        if !self.is_eyelike(color, p) {
            return false;
        }
        let enemy = color.opponent().cell();
        let (mut bad, mut edge) = (0, false);
        for d in self.diagonals(p) {
            match self.cell(d) {
                Cell::Border => edge = true,
                c if c == enemy => bad += 1,
                _ => {}
            }
        }
        bad < if edge { 1 } else { 2 }
    }

    /// The 3x3 neighbourhood of `p` as a pattern code: the [`Cell`] of each of the eight
    /// surrounding points, two bits each, in the order NW N NE W E SW S SE (rows from the top).
    #[inline]
    pub fn neighbourhood(&self, p: Point) -> u16 {
        let s = self.stride;
        let around = [
            p.0 + s - 1,
            p.0 + s,
            p.0 + s + 1,
            p.0 - 1,
            p.0 + 1,
            p.0 - s - 1,
            p.0 - s,
            p.0 - s + 1,
        ];
        around.iter().enumerate().fold(0, |code, (k, &q)| {
            code | (self.cells[slot(q)] as u16) << (2 * k)
        })
    }

    /// Whether a legal stone of `color` at `p` would leave its chain with one liberty and
    /// capture nothing. O(1): each adjacent own chain's other liberties come from its
    /// pseudo-liberty sums (see `liberties_besides` below), with no walk over its stones,
    /// which playouts full of long chains could not afford.
    pub fn is_self_atari(&self, color: Color, p: Point) -> bool {
        let mut libs = [Point::NONE; 2];
        let mut found = 0;
        let mut note = |q: Point| {
            if !libs[..found].contains(&q) {
                libs[found] = q;
                found += 1;
            }
            found >= 2
        };
        for q in self.neighbours(p) {
            if self.cell(q) == Cell::Empty && note(q) {
                return false;
            }
        }
        let neighbours = self.neighbours(p);
        for (k, &q) in neighbours.iter().enumerate() {
            match self.cell(q).color() {
                Some(c) if c != color && self.atari_liberty(q) == Some(p) => return false,
                Some(c) if c == color => {
                    let head = self.head[q.index()];
                    if neighbours[..k]
                        .iter()
                        .any(|r| self.cell(*r) == c.cell() && self.head[r.index()] == head)
                    {
                        continue; // that chain was counted already
                    }
                    match self.liberties_besides(q, p) {
                        OtherLiberties::None => {}
                        OtherLiberties::One(l) => {
                            if note(l) {
                                return false;
                            }
                        }
                        OtherLiberties::Several => return false,
                    }
                }
                _ => {}
            }
        }
        true
    }

    /// The liberties of the chain through `stone` other than its liberty `p`, from the
    /// pseudo-liberty sums alone: `p` counts once per stone of the chain next to it, and the
    /// remaining pseudo-liberties are one point exactly when count * sum of squares equals
    /// the squared sum.
    fn liberties_besides(&self, stone: Point, p: Point) -> OtherLiberties {
        let head = self.head[stone.index()];
        let chain = &self.chains[slot(head)];
        let at_p = self
            .neighbours(p)
            .iter()
            .filter(|q| self.cell(**q) == self.cell(stone) && self.head[q.index()] == head)
            .count() as u64;
        let (i, libs) = (p.0 as u64, chain.libs as u64);
        let rest = libs.saturating_sub(at_p);
        if rest == 0 {
            return OtherLiberties::None;
        }
        let sum = chain.lib_sum as u64 - at_p * i;
        let sum_sq = chain.lib_sum_sq as u64 - at_p * i * i;
        if rest * sum_sq == sum * sum {
            OtherLiberties::One(Point((sum / rest) as u16))
        } else {
            OtherLiberties::Several
        }
    }

    /// Whether a stone of `color` at `p` would stand alone, touching no chain of its own.
    #[inline]
    pub fn is_lone(&self, color: Color, p: Point) -> bool {
        self.neighbour_count(p, color.cell()) == 0
    }

    /// Whether `color` may play at `p` now; O(1).
    #[inline(always)]
    pub fn legality(&self, color: Color, p: Point) -> Result<(), Illegal> {
        if self.cell(p) != Cell::Empty {
            return Err(Illegal::Occupied);
        }
        // A ko point has no empty neighbour (the stone taken there was surrounded), so the
        // common case needs no ko test.
        if self.neighbour_count(p, Cell::Empty) > 0 {
            return Ok(());
        }
        if self.ko == Some((p, color)) {
            return Err(Illegal::Ko);
        }
        // Surrounded by the opponent and the edge, as at an eye of theirs: legal only by
        // capturing. `p` is a pseudo-liberty once per stone next to it, so a chain in atari
        // here has no more pseudo-liberties than `p` has neighbours of its colour. Usually no
        // chain comes that close, which the counts show without the full test below. A border
        // point's head is 0, whose chain data stay zero: `libs - 1` wraps and never counts.
        if self.neighbour_count(p, color.cell()) == 0 {
            let around = self.neighbour_count(p, color.opponent().cell());
            let close = self.neighbours(p).iter().any(|q| {
                let libs = u32::from(self.chains[slot(self.head[q.index()])].libs);
                libs.wrapping_sub(1) < around
            });
            if !close {
                return Err(Illegal::Suicide);
            }
        }
        // No empty neighbour: legal only by joining a chain with another liberty, or by
        // capturing (rules 8-9). An adjacent chain in atari has `p` as its last liberty.
        for q in self.neighbours(p) {
            if let Some(c) = self.cell(q).color() {
                let in_atari = self.chains[slot(self.head[q.index()])].in_atari();
                // An own chain with another liberty, or an enemy chain this stone captures.
                if (c == color) != in_atari {
                    return Ok(());
                }
            }
        }
        Err(Illegal::Suicide)
    }

    #[inline(always)]
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.legality(color, p).is_ok()
    }

    /// Plays a move if the board allows it (captures, suicide, simple ko); otherwise leaves
    /// the board unchanged.
    pub fn play(&mut self, color: Color, mv: Move) -> Result<(), Illegal> {
        match mv {
            Move::Pass => self.pass(color),
            Move::Play(p) => {
                self.legality(color, p)?;
                self.play_legal(color, p);
            }
        }
        Ok(())
    }

    /// A pass: lifts the ko ban.
    #[inline]
    pub fn pass(&mut self, color: Color) {
        self.ko = None;
        self.second_last_move = self.last_move;
        self.last_move = Some((color, Move::Pass));
    }

    /// Plays a stone already known to be legal ([`Board::legality`]); the playout fast path.
    /// Returns the number of stones it captured. Always inlined, as is `place_stone`: for
    /// its many callers LTO kept both out of line, and the two calls cost a light playout
    /// a tenth of its instructions.
    #[inline(always)]
    pub fn play_legal(&mut self, color: Color, p: Point) -> u32 {
        debug_assert!(self.is_legal(color, p));
        let mut suspects = self.place_stone(color, p);
        let enemy = color.opponent();
        let mut captured = 0;
        let mut last_captured = Point::NONE;
        while suspects != 0 {
            let q = self.neighbours(p)[suspects.trailing_zeros() as usize];
            suspects &= suspects - 1;
            // Two neighbours may be one chain: the second finds it gone.
            if self.cell(q) == enemy.cell() && self.chain_libs(q) == 0 {
                captured += self.remove_chain(q, enemy);
                last_captured = q;
            }
        }
        self.ko = None;
        if captured > 0 {
            self.captures[color.index()] += captured;
            // A single stone that took a single stone and now has that point as its only
            // liberty: recapturing at once would repeat the position (simple ko).
            let own = &self.chains[slot(self.head[p.index()])];
            if captured == 1 && own.stones == 1 && own.libs == 1 {
                self.ko = Some((last_captured, enemy));
            }
        }
        self.second_last_move = self.last_move;
        self.last_move = Some((color, Move::Play(p)));
        captured
    }

    /// Puts a stone on an empty point: neighbour counts, hash, liberties, merging. No captures:
    /// returns a bit per neighbour (in [`Board::neighbours`] order) that is an enemy stone
    /// whose chain has no liberty left.
    #[inline(always)]
    fn place_stone(&mut self, color: Color, p: Point) -> u8 {
        let i = p.index();
        self.remove_empty(p);
        self.cells[i] = color.cell();
        self.hash ^= zobrist::stone(color.index(), i);
        self.stones[color.index()] += 1;
        self.head[i] = p.0;
        self.next[i] = p.0;
        self.chains[i] = Chain {
            stones: 1,
            ..Chain::default()
        };
        let delta_empty = 1 << nbr_shift(Cell::Empty);
        let delta_stone = 1 << nbr_shift(color.cell());
        let (own, enemy) = (color.cell(), color.opponent().cell());
        let mut joins = [false; 4];
        let mut suspects = 0;
        for (k, q) in self.neighbours(p).into_iter().enumerate() {
            let qi = q.index();
            // Border points' counts are never read: let them wrap.
            self.nbrs[qi] = self.nbrs[qi]
                .wrapping_sub(delta_empty)
                .wrapping_add(delta_stone);
            // Branch-free: the neighbour is a liberty of the new stone, or a stone whose
            // chain loses `p` as a liberty, or neither (the border). A `head` entry of a
            // point without a stone is stale but in bounds, and gets a zero update.
            let cell = self.cells[qi];
            let empty = u16::from(cell == Cell::Empty);
            let stone = u16::from((cell as u8) < 2);
            self.chains[i].add_lib_times(q, empty);
            let h = slot(self.head[qi]);
            self.chains[h].remove_lib_times(p, stone);
            joins[k] = cell == own;
            let enemy_without_liberties = (cell == enemy) & (self.chains[h].libs == 0);
            suspects |= u8::from(enemy_without_liberties) << k;
        }
        for (k, q) in self.neighbours(p).into_iter().enumerate() {
            if joins[k] && self.head[q.index()] != self.head[i] {
                self.merge_chains(p, q);
            }
        }
        suspects
    }

    /// Joins the chains through `a` and `b` (same colour), relabelling the smaller one.
    fn merge_chains(&mut self, a: Point, b: Point) {
        let (mut big, mut small) = (self.head[a.index()], self.head[b.index()]);
        if self.chains[slot(big)].stones < self.chains[slot(small)].stones {
            std::mem::swap(&mut big, &mut small);
        }
        let absorbed = self.chains[slot(small)];
        let target = &mut self.chains[slot(big)];
        target.stones += absorbed.stones;
        target.libs += absorbed.libs;
        target.lib_sum += absorbed.lib_sum;
        target.lib_sum_sq += absorbed.lib_sum_sq;
        let mut s = small;
        loop {
            self.head[slot(s)] = big;
            s = self.next[slot(s)];
            if s == small {
                break;
            }
        }
        // Splice the two circular lists.
        let (big_i, small_i) = (slot(big), slot(small));
        self.next.swap(big_i, small_i);
    }

    /// Removes the captured chain of `color` through `p`; returns the number of stones removed.
    fn remove_chain(&mut self, p: Point, color: Color) -> u32 {
        let capturer = color.opponent().cell();
        let delta_empty = 1 << nbr_shift(Cell::Empty);
        let delta_stone = 1 << nbr_shift(color.cell());
        let start = self.head[p.index()];
        let mut s = start;
        let mut removed = 0;
        loop {
            let si = slot(s);
            let next = self.next[si];
            self.cells[si] = Cell::Empty;
            self.hash ^= zobrist::stone(color.index(), si);
            self.add_empty(Point(s));
            for q in self.neighbours(Point(s)) {
                let qi = q.index();
                self.nbrs[qi] = self.nbrs[qi]
                    .wrapping_sub(delta_stone)
                    .wrapping_add(delta_empty);
                // Branch-free, as in `place_stone`: only the capturer's chains gain `s`.
                let times = u16::from(self.cells[qi] == capturer);
                let h = slot(self.head[qi]);
                self.chains[h].add_lib_times(Point(s), times);
            }
            removed += 1;
            s = next;
            if s == start {
                break;
            }
        }
        self.stones[color.index()] -= removed as u16;
        removed
    }

    #[inline]
    fn remove_empty(&mut self, p: Point) {
        let pos = self.empty_pos[p.index()] as usize;
        self.empty_count -= 1;
        let last = self.empties[slot(self.empty_count)];
        self.empties[slot(pos)] = last;
        self.empty_pos[slot(last)] = pos as u16;
    }

    #[inline]
    fn add_empty(&mut self, p: Point) {
        self.empty_pos[p.index()] = self.empty_count;
        self.empties[slot(self.empty_count)] = p.0;
        self.empty_count += 1;
    }

    /// Recomputes everything from scratch and compares it with the incremental state: chains
    /// (membership, circular lists, heads), pseudo-liberty count, sum and sum of squares, stone
    /// counts, neighbour counts, the empty list, the stones of each colour and the hash; and
    /// that border points lead to empty chain data, which the legality test relies on. For
    /// tests.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut hash = zobrist::empty(self.size());
        let mut empties = 0;
        let mut stones = [0; 2];
        let mut chained = [false; MAX_POINTS];
        let border_head = |i: usize| self.cells[i] == Cell::Border && self.head[i] != 0;
        if (0..self.used_slots()).any(border_head) || self.chains[0] != Chain::default() {
            return Err("a border point's chain data are not zero".into());
        }
        for p in self.points() {
            let i = p.index();
            let mut packed = 0;
            for q in self.neighbours(p) {
                packed += 1 << nbr_shift(self.cells[q.index()]);
            }
            if packed != self.nbrs[i] {
                return Err(format!("neighbour counts wrong at {i}"));
            }
            match self.cells[i] {
                Cell::Empty => {
                    empties += 1;
                    let pos = self.empty_pos[i] as usize;
                    if pos >= self.empty_count() || self.empties[pos] as usize != i {
                        return Err(format!("empty list misses {i}"));
                    }
                }
                Cell::Black | Cell::White => {
                    let color = self.cells[i].color().map_or(0, Color::index);
                    hash ^= zobrist::stone(color, i);
                    stones[color] += 1;
                    if !chained[i] {
                        self.check_chain(p, &mut chained)?;
                    }
                }
                Cell::Border => return Err(format!("border inside the board at {i}")),
            }
        }
        if empties != self.empty_count() {
            return Err(format!(
                "{} empty points, list has {}",
                empties, self.empty_count
            ));
        }
        if stones != self.stones {
            return Err(format!("{stones:?} stones, counted {:?}", self.stones));
        }
        if hash != self.hash {
            return Err("hash differs from the recomputed hash".into());
        }
        Ok(())
    }

    /// Flood-fills the chain through `p`, marking its stones in `seen`, and checks its list
    /// and data against it.
    fn check_chain(&self, p: Point, seen: &mut [bool; MAX_POINTS]) -> Result<(), String> {
        let color = self.cell(p);
        let mut stack = vec![p];
        let mut members = Vec::new();
        seen[p.index()] = true;
        while let Some(s) = stack.pop() {
            members.push(s);
            for q in self.neighbours(s) {
                if self.cell(q) == color && !seen[q.index()] {
                    seen[q.index()] = true;
                    stack.push(q);
                }
            }
        }
        let head = self.head[p.index()];
        if members.iter().any(|s| self.head[s.index()] != head) {
            return Err(format!("chain through {} has several heads", p.index()));
        }
        let mut listed: Vec<Point> = self.chain_stones(p).take(MAX_POINTS + 1).collect();
        listed.sort_unstable();
        members.sort_unstable();
        if listed != members {
            return Err(format!("chain list through {} is not the chain", p.index()));
        }
        let mut expected = Chain {
            stones: members.len() as u16,
            ..Chain::default()
        };
        for &s in &members {
            for q in self.neighbours(s) {
                if self.cell(q) == Cell::Empty {
                    expected.add_lib(q);
                }
            }
        }
        if self.chains[slot(head)] != expected {
            return Err(format!(
                "chain data through {}: have {:?}, recomputed {:?}",
                p.index(),
                self.chains[slot(head)],
                expected
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
