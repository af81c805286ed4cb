//! Whole-engine speed figures for `yunzi bench`: how many playouts a second the engine runs.
//!
//! Benchmarks are measured, never asserted in tests: the machines are shared and noisy.

use std::time::{Duration, Instant};

use rand::{rngs::SmallRng, SeedableRng};

use crate::board::{Board, Color, SetupError};
use crate::playout;

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
