//! The `yunzi` binary: parse the command line, start logging on stderr, run. Nothing else.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use yunzi::engine::{Engine, EngineConfig};
use yunzi::game::RuleSet;
use yunzi::gtp::Gtp;
use yunzi::learn::{self, Prediction};
use yunzi::search::SearchConfig;
use yunzi::time::TimeConfig;

/// yunzi (云子): a Go engine speaking GTP v2 on stdin/stdout.
///
/// Without a subcommand it serves GTP: responses on stdout, logs on stderr (level from
/// RUST_LOG, default warn), and with --live-gfx GoGui's live graphics on stderr too.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    engine: EngineOptions,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Measure speed; prints the figure as the last line.
    Bench {
        #[command(subcommand)]
        what: Bench,
    },
    /// Fit the move model to SGF game records (`scripts/shape_games.py` makes them); prints
    /// the table that src/search/move_model.txt holds.
    LearnMoves {
        #[command(flatten)]
        records: Records,
    },
    /// How well the tree's move order (the move model on big boards) predicts the moves in
    /// SGF game records: how often the move played was among the first 1, 5, 10 and 20.
    Predict {
        #[command(flatten)]
        records: Records,
    },
}

/// Game records to learn from or test on.
#[derive(Args, Debug)]
struct Records {
    /// Only the moves of players whose name (PB, PW) contains this.
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// SGF files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
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

/// How the GTP engine plays.
#[derive(Args, Debug)]
struct EngineOptions {
    /// Search threads [default: all cores].
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// A fixed number of playouts per move instead of a budget from the clock (with
    /// --threads 1 and --seed: deterministic play, for tests).
    #[arg(long, value_name = "N")]
    playouts: Option<u64>,
    /// Random seed [default: from the clock].
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// UCT exploration constant of the search (for tuning matches).
    #[arg(long, value_name = "C", default_value_t = SearchConfig::default().exploration)]
    exploration: f64,
    /// Playouts of a move's own statistics at which its RAVE statistics count half (for
    /// tuning matches).
    #[arg(long, value_name = "N", default_value_t = SearchConfig::default().rave_equivalence)]
    rave_equivalence: f64,
    /// Search every move of every node on 13x13 and up too, without progressive widening
    /// (for tuning matches).
    #[arg(long)]
    no_widening: bool,
    /// No last good replies in the playouts on 13x13 and up (for tuning matches).
    #[arg(long)]
    no_replies: bool,
    /// Resign when the win rate falls below THRESHOLD (0..1), or `never`.
    #[arg(long, value_name = "THRESHOLD|never", default_value = "0.1", value_parser = resign_threshold)]
    resign: f64,
    /// The rules of new games (kgs-rules and loaded SGF files may change them).
    #[arg(long, value_enum, default_value_t = Rules::Chinese)]
    rules: Rules,
    /// Seconds kept back on every move for network and protocol delays.
    #[arg(long, value_name = "SECONDS", default_value = "1", value_parser = seconds)]
    lag: Duration,
    /// Search on the opponent's time too.
    #[arg(long)]
    ponder: bool,
    /// Memory for the search tree, in MiB; past it the tree stops growing and the search
    /// goes on.
    #[arg(long, value_name = "MIB", default_value_t = 2048)]
    tree_memory: usize,
    /// Seconds per move when the controller sets no time limit.
    #[arg(long, value_name = "SECONDS", default_value = "5", value_parser = seconds)]
    default_seconds: Duration,
    /// Draw the search on GoGui's board during genmove: live graphics (`gogui-gfx:`
    /// lines) on stderr. GoGui's Search parameters dialog switches them too.
    #[arg(long)]
    live_gfx: bool,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Rules {
    Chinese,
    Japanese,
    TrompTaylor,
}

fn resign_threshold(text: &str) -> Result<f64, String> {
    match text {
        "never" => Ok(0.0),
        _ => match text.parse::<f64>() {
            Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
            _ => Err("expected a win rate between 0 and 1, or `never`".into()),
        },
    }
}

fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| "expected a non-negative number of seconds".into())
}

impl EngineOptions {
    fn engine(&self) -> Engine {
        let mut search = SearchConfig::default();
        if let Some(threads) = self.threads {
            search.threads = threads.max(1);
        }
        if let Some(seed) = self.seed {
            search.seed = seed;
        }
        search.resign_threshold = self.resign;
        search.exploration = self.exploration.max(0.0);
        search.rave_equivalence = self.rave_equivalence.max(1.0);
        search.widening = !self.no_widening;
        search.replies = !self.no_replies;
        search.max_tree_bytes = self.tree_memory.saturating_mul(1 << 20);
        let config = EngineConfig {
            search,
            playouts: self.playouts,
            ponder: self.ponder,
            rules: match self.rules {
                Rules::Chinese => RuleSet::chinese(),
                Rules::Japanese => RuleSet::japanese(),
                Rules::TrompTaylor => RuleSet::tromp_taylor(),
            },
        };
        let time = TimeConfig {
            lag: self.lag,
            default_budget: self.default_seconds,
        };
        Engine::new(config, time)
    }
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Bench { what }) => run_bench(what),
        Some(Command::LearnMoves { records }) => {
            learn_moves(records.player.as_deref(), &records.files)
        }
        Some(Command::Predict { records }) => predict(records.player.as_deref(), &records.files),
        None => {
            env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
                .init();
            let gtp = Gtp::new(cli.engine.engine()).with_live_gfx(
                // One write per block under stderr's lock keeps log lines out of it.
                Box::new(|block| {
                    let _ = std::io::stderr().lock().write_all(block.as_bytes());
                }),
                cli.engine.live_gfx,
            );
            yunzi::gtp::serve(
                std::io::BufReader::new(std::io::stdin()),
                std::io::stdout().lock(),
                gtp,
            )
            .map_err(|e| e.to_string())
        }
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yunzi: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Runs a benchmark and prints its figure as the last line.
fn run_bench(what: Bench) -> Result<(), String> {
    let (label, rate) = match what {
        Bench::Light { size, seconds } => ("light", yunzi::bench::light(size, seconds, 1)),
        Bench::Search {
            size,
            threads,
            seconds,
        } => ("search", yunzi::bench::search(size, threads, seconds, 1)),
    };
    let rate = rate.map_err(|e| e.to_string())?;
    println!(
        "playouts: {} in {:.2} s",
        rate.playouts,
        rate.elapsed.as_secs_f64()
    );
    println!("{label} playouts/s: {:.0}", rate.per_second());
    Ok(())
}

/// Reads the records of `files`, saying on stderr which were skipped and why.
fn read_records(files: &[PathBuf]) -> learn::Records {
    let records = learn::Records::read(files);
    for (file, why) in &records.skipped {
        eprintln!("yunzi: skipped {}: {why}", file.display());
    }
    eprintln!(
        "yunzi: read {} of {} records",
        records.games.len(),
        files.len()
    );
    records
}

/// Fits the move model to the moves in `files` (those of `player` only, when given) and
/// prints the table.
fn learn_moves(player: Option<&str>, files: &[PathBuf]) -> Result<(), String> {
    let (model, positions) = learn::learn_moves(&read_records(files), player);
    eprintln!("moves learned from: {positions}");
    print!("{}", model.to_text());
    Ok(())
}

/// Prints how often the tree's order put each move of `files` (those of `player` only,
/// when given) among its first 1, 5, 10 and 20.
fn predict(player: Option<&str>, files: &[PathBuf]) -> Result<(), String> {
    let prediction = learn::predict(&read_records(files), player);
    println!("moves: {}", prediction.moves);
    for (share, top) in prediction.top_shares().iter().zip(Prediction::TOPS) {
        println!("top {top}: {share:.1}%");
    }
    println!("mean rank: {:.1}", prediction.mean_rank());
    Ok(())
}
