//! Whole-engine speed figures for `yunzi bench`: how many playouts a second the engine runs.
//!
//! Benchmarks are measured, never asserted in tests: the machines are shared and noisy.

use std::time::{Duration, Instant};

use rand::{rngs::SmallRng, SeedableRng};

use std::sync::atomic::AtomicBool;

use crate::board::{Board, Color, SetupError};
use crate::game::{Game, RuleSet};
use crate::playout;
use crate::search::{Search, SearchConfig};
use crate::time::Budget;

/// Playouts run in some wall-clock time.
#[derive(Clone, Copy, Debug)]
pub struct Rate {
    pub playouts: u64,
    pub elapsed: Duration,
}

impl Rate {
    pub fn per_second(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Light playouts from the empty `size` board on one thread for about `seconds`.
pub fn light(size: usize, seconds: f64, seed: u64) -> Result<Rate, SetupError> {
    let empty = Board::new(size)?;
    let mut rng = SmallRng::seed_from_u64(seed);
    let budget = Duration::from_secs_f64(seconds.max(0.0));
    let start = Instant::now();
    let mut playouts = 0;
    let mut board = empty.clone();
    loop {
        // Check the clock every 64 playouts so reading it costs nothing measurable.
        for _ in 0..64 {
            board.clone_from(&empty);
            playout::light_playout(&mut board, Color::Black, 7.5, &mut rng);
            playouts += 1;
        }
        if start.elapsed() >= budget {
            break;
        }
    }
    Ok(Rate {
        playouts,
        elapsed: start.elapsed(),
    })
}

/// The real search from the empty `size` board with `threads` threads for about `seconds`:
/// every playout descends the tree, runs a heavy playout and updates the tree.
pub fn search(size: usize, threads: usize, seconds: f64, seed: u64) -> Result<Rate, SetupError> {
    let game = Game::new(size, RuleSet::chinese())?;
    let mut search = Search::new(SearchConfig {
        threads,
        seed,
        max_tree_bytes: 1 << 30,
        ..SearchConfig::default()
    });
    let seconds = Duration::from_secs_f64(seconds.max(0.0));
    // Spend the whole time: a target equal to max never stops early.
    let budget = Budget::Time {
        target: seconds,
        max: seconds,
    };
    let report = search.run(&game, &budget, &AtomicBool::new(false));
    Ok(Rate {
        playouts: report.playouts,
        elapsed: report.elapsed,
    })
}
