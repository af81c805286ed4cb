//! The `yunzi` binary: parse the command line, start logging on stderr, run. Nothing else.

use clap::{Parser, Subcommand};

/// yunzi (云子): a Go engine speaking GTP v2 on stdin/stdout.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Measure speed; prints the figure as the last line.
    Bench {
        #[command(subcommand)]
        what: Bench,
    },
}

#[derive(Subcommand, Debug)]
enum Bench {
    /// Light playouts (random, no own-eye filling) from the empty board on one thread.
    Light {
        /// Board size.
        #[arg(long, default_value_t = 9)]
        size: usize,
        /// Seconds to run.
        #[arg(long, default_value_t = 10.0)]
        seconds: f64,
    },
    /// The real search (tree, heavy playouts, RAVE) from the empty board.
    Search {
        /// Board size.
        #[arg(long, default_value_t = 9)]
        size: usize,
        /// Threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Seconds to run.
        #[arg(long, default_value_t = 10.0)]
        seconds: f64,
    },
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Bench { what }) => run_bench(what),
        None => {
            eprintln!("yunzi: the GTP engine is not built yet; try `yunzi bench light`");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Runs a benchmark and prints its figure as the last line.
fn run_bench(what: Bench) -> std::process::ExitCode {
    let (label, rate) = match what {
        Bench::Light { size, seconds } => ("light", yunzi::bench::light(size, seconds, 1)),
        Bench::Search {
            size,
            threads,
            seconds,
        } => ("search", yunzi::bench::search(size, threads, seconds, 1)),
    };
    match rate {
        Ok(rate) => {
            println!(
                "playouts: {} in {:.2} s",
                rate.playouts,
                rate.elapsed.as_secs_f64()
            );
            println!("{label} playouts/s: {:.0}", rate.per_second());
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("yunzi: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
