//! The search tree: nodes in a chunked arena, statistics in atomics, shared by all threads.
//!
//! ## Expansion protocol
//! A node is a *leaf* until it has been visited `expand_visits` times. The thread that then
//! wins the compare-and-swap from `LEAF` to `EXPANDING` allocates one contiguous block of
//! children, fills in their moves and priors, publishes the block, and stores `EXPANDED`
//! with release ordering. A thread that sees any state but `EXPANDED` (acquire) treats the
//! node as a leaf and runs its playout from there, so nobody ever waits. A node expands at
//! most once. When the arena is full, expansion fails and the node stays a leaf: the tree
//! stops growing but the search goes on.
//!
//! ## Statistics
//! Values are kept for the player who made the move into the node, in half-points
//! (2 = win, 1 = draw) so that draws need no floats. A descent adds one visit to every node
//! on its path at once: until the playout's result is added, that visit counts as a loss
//! (virtual loss), which steers other threads to other lines. A [`super::PathGuard`] takes
//! the visits back if the descent is abandoned. RAVE counts are the exception: see
//! [`Node::add_rave`].

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU8, AtomicUsize, Ordering};
use std::sync::OnceLock;

use crate::board::{Board, Move};

const LEAF: u8 = 0;
const EXPANDING: u8 = 1;
const EXPANDED: u8 = 2;

/// The move into a node, packed: a point index, or `PASS`.
const PASS: u32 = u32::MAX;

/// One position in the tree, reached by one move. 40 bytes.
#[derive(Default)]
pub struct Node {
    mv: AtomicU32,
    /// Prior knowledge: an estimated win rate and how many playouts it is worth.
    prior_value: AtomicU32,
    prior_weight: AtomicU32,
    visits: AtomicU32,
    /// Half-points won by the player who moved into this node.
    wins2: AtomicU32,
    rave_visits: AtomicU32,
    rave_wins2: AtomicU32,
    first_child: AtomicU32,
    child_count: AtomicU32,
    state: AtomicU8,
    /// Set when the move turned out to repeat an earlier position (rule 10).
    illegal: AtomicU8,
    /// How many of the first children progressive widening always lets in, beyond its
    /// window (see [`Arena::expand`]).
    always_tried: AtomicU16,
}

/// A snapshot of a node's statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    pub visits: u32,
    /// Win rate for the player who moved into the node; 0.5 before any visit.
    pub value: f64,
    pub rave_visits: u32,
    pub rave_value: f64,
    pub prior_value: f64,
    pub prior_weight: f64,
}

impl Node {
    pub fn mv(&self, board: &Board) -> Move {
        self.point_index()
            .and_then(|index| board.point_from_index(index))
            .map_or(Move::Pass, Move::Play)
    }

    /// The array index of the move's point, `None` for a pass: what the RAVE update needs
    /// for every sibling of every playout, without turning it back into a checked point.
    pub fn point_index(&self) -> Option<usize> {
        match self.mv.load(Ordering::Relaxed) {
            PASS => None,
            index => Some(index as usize),
        }
    }

    pub fn stats(&self) -> Stats {
        let ratio = |wins2: u32, n: u32| {
            if n == 0 {
                0.5
            } else {
                wins2 as f64 / (2.0 * n as f64)
            }
        };
        let visits = self.visits.load(Ordering::Relaxed);
        let rave_visits = self.rave_visits.load(Ordering::Relaxed);
        Stats {
            visits,
            value: ratio(self.wins2.load(Ordering::Relaxed), visits),
            rave_visits,
            rave_value: ratio(self.rave_wins2.load(Ordering::Relaxed), rave_visits),
            prior_value: f32::from_bits(self.prior_value.load(Ordering::Relaxed)) as f64,
            prior_weight: f32::from_bits(self.prior_weight.load(Ordering::Relaxed)) as f64,
        }
    }

    pub fn visits(&self) -> u32 {
        self.visits.load(Ordering::Relaxed)
    }

    /// Starts a descent through this node: one more visit, a loss until the result comes.
    pub fn add_visit(&self) {
        self.visits.fetch_add(1, Ordering::Relaxed);
    }

    /// Takes back an abandoned descent's visit.
    pub fn remove_visit(&self) {
        self.visits.fetch_sub(1, Ordering::Relaxed);
    }

    /// Adds a playout's result (2 win, 1 draw, 0 loss) for the player who moved here.
    pub fn add_result(&self, half_points: u32) {
        self.wins2.fetch_add(half_points, Ordering::Relaxed);
    }

    /// Adds an all-moves-as-first result (RAVE). Every playout updates dozens of siblings
    /// this way, so these are plain loads and stores rather than locked read-modify-writes:
    /// two threads may now and then lose one update, which moves no estimate measurably.
    pub fn add_rave(&self, half_points: u32) {
        let visits = self.rave_visits.load(Ordering::Relaxed);
        self.rave_visits.store(visits + 1, Ordering::Relaxed);
        let wins = self.rave_wins2.load(Ordering::Relaxed);
        self.rave_wins2.store(wins + half_points, Ordering::Relaxed);
    }

    pub fn is_expanded(&self) -> bool {
        self.state.load(Ordering::Acquire) == EXPANDED
    }

    pub fn is_illegal(&self) -> bool {
        self.illegal.load(Ordering::Relaxed) != 0
    }

    pub fn mark_illegal(&self) {
        self.illegal.store(1, Ordering::Relaxed);
    }

    /// How many of the first children are tried whatever the node's visits.
    pub fn always_tried(&self) -> usize {
        usize::from(self.always_tried.load(Ordering::Relaxed))
    }

    /// The block of children, once expanded.
    pub fn children(&self) -> Option<(u32, u32)> {
        self.is_expanded().then(|| {
            (
                self.first_child.load(Ordering::Relaxed),
                self.child_count.load(Ordering::Relaxed),
            )
        })
    }

    fn reset(&self, mv: Move, prior_value: f32, prior_weight: f32) {
        let packed = match mv {
            Move::Pass => PASS,
            Move::Play(p) => p.index() as u32,
        };
        self.mv.store(packed, Ordering::Relaxed);
        self.prior_value
            .store(prior_value.to_bits(), Ordering::Relaxed);
        self.prior_weight
            .store(prior_weight.to_bits(), Ordering::Relaxed);
        for counter in [
            &self.visits,
            &self.wins2,
            &self.rave_visits,
            &self.rave_wins2,
            &self.first_child,
            &self.child_count,
        ] {
            counter.store(0, Ordering::Relaxed);
        }
        self.state.store(LEAF, Ordering::Relaxed);
        self.illegal.store(0, Ordering::Relaxed);
        self.always_tried.store(0, Ordering::Relaxed);
    }
}

/// Nodes per arena chunk: chunks are allocated on first use, so a small search stays small.
const CHUNK: usize = 1 << 14;

/// Where the nodes live. Indices are stable; nothing is freed until [`Arena::clear`].
pub struct Arena {
    chunks: Box<[OnceLock<Box<[Node]>>]>,
    next: AtomicUsize,
}

impl Arena {
    /// An arena holding at most about `max_bytes` of nodes (at least one chunk).
    pub fn new(max_bytes: usize) -> Arena {
        let chunks = (max_bytes / (CHUNK * std::mem::size_of::<Node>())).max(1);
        Arena {
            chunks: (0..chunks).map(|_| OnceLock::new()).collect(),
            next: AtomicUsize::new(0),
        }
    }

    pub fn get(&self, index: u32) -> &Node {
        let i = index as usize;
        let chunk =
            self.chunks[i / CHUNK].get_or_init(|| (0..CHUNK).map(|_| Node::default()).collect());
        &chunk[i % CHUNK]
    }

    /// The block of `node`'s children as one slice, with the index of its first: blocks
    /// never straddle chunks, so the loops over every child of a node (each playout's RAVE
    /// update, each descent's choice) index one slice instead of the arena, child by child.
    pub fn children_of(&self, node: &Node) -> Option<(u32, &[Node])> {
        let (first, count) = node.children()?;
        if count == 0 {
            return Some((first, &[]));
        }
        let (i, n) = (first as usize, count as usize);
        let chunk = self.chunks[i / CHUNK].get()?;
        Some((first, &chunk[i % CHUNK..i % CHUNK + n]))
    }

    /// Nodes handed out so far.
    pub fn used(&self) -> usize {
        self.next.load(Ordering::Relaxed).min(self.capacity())
    }

    pub fn capacity(&self) -> usize {
        self.chunks.len() * CHUNK
    }

    /// Forgets every node.
    pub fn clear(&mut self) {
        self.next.store(0, Ordering::Relaxed);
    }

    /// A fresh root node.
    pub fn new_root(&self) -> Option<u32> {
        let index = self.allocate(1)?;
        self.get(index).reset(Move::Pass, 0.5, 0.0);
        Some(index)
    }

    /// Reserves `n` contiguous nodes inside one chunk, or `None` when the arena is full.
    fn allocate(&self, n: usize) -> Option<u32> {
        let mut start = self.next.load(Ordering::Relaxed);
        loop {
            // Blocks never straddle chunks: skip to the next chunk when this one is short.
            let begin = if start % CHUNK + n > CHUNK {
                (start / CHUNK + 1) * CHUNK
            } else {
                start
            };
            if n > CHUNK || begin + n > self.capacity() {
                return None;
            }
            match self.next.compare_exchange_weak(
                start,
                begin + n,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(begin as u32),
                Err(now) => start = now,
            }
        }
    }

    /// Expands `node` with `children` (move, prior value, prior weight), the first
    /// `always_tried` of them to be tried whatever the node's visits, if this thread wins
    /// the right to; see the module documentation. Returns whether the node is now expanded.
    pub fn expand(&self, node: &Node, children: &[(Move, f32, f32)], always_tried: usize) -> bool {
        if node
            .state
            .compare_exchange(LEAF, EXPANDING, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return node.is_expanded();
        }
        let Some(first) = self.allocate(children.len()) else {
            node.state.store(LEAF, Ordering::Release);
            return false;
        };
        for (k, &(mv, value, weight)) in children.iter().enumerate() {
            self.get(first + k as u32).reset(mv, value, weight);
        }
        node.first_child.store(first, Ordering::Relaxed);
        let always_tried = u16::try_from(always_tried.min(children.len())).unwrap_or(u16::MAX);
        node.always_tried.store(always_tried, Ordering::Relaxed);
        node.child_count
            .store(children.len() as u32, Ordering::Relaxed);
        node.state.store(EXPANDED, Ordering::Release);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_small() {
        assert!(std::mem::size_of::<Node>() <= 64);
    }

    #[test]
    fn a_node_expands_once_and_the_arena_refuses_past_its_cap() {
        let arena = Arena::new(CHUNK * std::mem::size_of::<Node>());
        let root = arena.new_root().expect("room for a root");
        let children = vec![(Move::Pass, 0.5f32, 1.0f32); 10];
        assert!(arena.expand(arena.get(root), &children, 0));
        assert_eq!(arena.get(root).children().map(|(_, n)| n), Some(10));
        let first = arena.get(root).children().map(|(f, _)| f);
        assert!(
            arena.expand(arena.get(root), &children, 0),
            "already expanded"
        );
        assert_eq!(
            arena.get(root).children().map(|(f, _)| f),
            first,
            "not expanded twice"
        );
        // A block bigger than what is left does not fit.
        let other = arena.new_root().expect("room");
        let too_many = vec![(Move::Pass, 0.5f32, 1.0f32); CHUNK];
        assert!(!arena.expand(arena.get(other), &too_many, 0));
        assert!(!arena.get(other).is_expanded(), "stays a leaf");
    }
}
