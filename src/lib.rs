//! # yunzi (云子): a Go engine speaking GTP v2
//!
//! yunzi plays Go by the Chinese rules (area counting, 3 3/4-stone komi, positional superko)
//! restated and numbered in `../shared/RULES.md`; "rule N" in comments refers to that page.
//!
//! ## The map, lowest layer first
//! Each module depends only on modules above it in this list (the arrow in the design,
//! `gtp -> engine -> search -> playout -> game -> board`, read bottom-up; `tests/module_map.rs`
//! checks every `crate::` path outside tests against it). The tools that learn or measure sit
//! beside the engine, at the bottom, and nothing imports them.
//!
//! | module      | concern                                                                  |
//! |-------------|--------------------------------------------------------------------------|
//! | [`board`]   | points, stones, chains with pseudo-liberties, Zobrist hash, simple ko    |
//! | [`time`]    | clocks, the time allocator and the search budget with its stop rule: pure functions of simulated clocks |
//! | [`scoring`] | area and territory counting, results in points and in stones (beside game)|
//! | [`game`]    | board + side to move + history: superko, undo, rule sets, handicap points |
//! | [`sgf`]     | SGF `FF[4]` reading and writing; games to and from records (beside game)  |
//! | [`playout`] | playout policies (light, heavy, last good replies) behind one trait; 3x3 shapes |
//! | [`search`]  | parallel MCTS: shared tree, UCT-RAVE, move facts, priors, widening in the order of a learned move model; dynamic komi; dead stones, decisions |
//! | [`settings`] | every user setting once: name, help, value; the command line and GoGui's dialog read it |
//! | [`engine`]  | owns game, search, clocks, settings: typed GTP operations and analysis snapshots, no text |
//! | [`gtp`]     | GTP v2: nom parser to typed commands, one command table, responses, streamed analysis |
//! | [`bench`](mod@bench) | whole-engine speed figures for `yunzi bench`                     |
//! | [`learn`]   | fitting the move model to game records and measuring its predictions (`yunzi learn-moves`, `predict`) |
//!
//! Only `gtp` writes protocol text and only `main` touches stdio.
//!
//! ## Reading guide
//! Start bottom-up at [`board::Board`]: its module doc lists what it does *not* do, which tells
//! you what [`game::Game`] adds on top. [`scoring`] turns a finished board into a result.
//! In the middle, [`playout`] finishes a game quickly and [`search`] grows a tree of such
//! games; its module doc walks through one playout and the expansion protocol. Top-down,
//! [`gtp::serve`] reads a line, [`gtp`] parses it into a typed command, and [`engine`] does
//! it with the game, the search and the clocks of [`time`]. GUIs' analysis commands take the
//! same path, in parts: [`gtp::Gtp::continue_analysis`] searches short slices and streams
//! the engine's snapshots ([`engine::Analysis`]) until the next line arrives.
//!
//! ## Terms
//! - *point*: an index into the board's padded one-dimensional array ([`board::Point`]).
//! - *vertex*: a GTP coordinate such as `D4` (columns skip `I`); only `gtp` parses them.
//! - *chain*: a maximal set of orthogonally connected stones of one colour (rule 6).
//! - *pseudo-liberty*: one (stone, adjacent empty point) pair; a chain is captured exactly
//!   when its pseudo-liberty count is zero.

pub mod bench;
pub mod board;
pub mod engine;
pub mod game;
pub mod gtp;
pub mod learn;
pub mod playout;
pub mod scoring;
pub mod search;
pub mod settings;
pub mod sgf;
pub mod time;
