//! The `yunzi` binary: parse the command line, start logging on stderr, run. Nothing else.

use std::io::Write;
use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use yunzi::engine::Engine;
use yunzi::gtp::Gtp;
use yunzi::learn::{self, Prediction};
use yunzi::settings::{Setting, Settings, SETTINGS};

/// yunzi (云子): a Go engine speaking GTP v2 on stdin/stdout.
///
/// Without a subcommand it serves GTP: responses on stdout, logs on stderr (level from
/// RUST_LOG, default warn), and with --live-gfx GoGui's live graphics on stderr too.
// The options that set how it plays come from the settings table, `SETTINGS`.
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
    /// Fit the move model to SGF game records (records/19x19-pachi-selfplay/ and
    /// records/9x9-pachi-selfplay/ hold those of the tables); prints a table as
    /// src/search/move_model*.txt hold them.
    LearnMoves {
        #[command(flatten)]
        records: Records,
    },
    /// How well the tree's move order (the move model for the board's size) predicts the moves in
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

/// The command-line option of one setting; its values are checked by the setting itself.
fn setting_arg(setting: &'static Setting) -> Arg {
    let arg = Arg::new(setting.name).long(setting.name);
    if setting.is_switch() {
        return arg.help(setting.help).action(ArgAction::SetTrue);
    }
    arg.help(format!(
        "{} [default: {}]",
        setting.help,
        setting.default_text()
    ))
    .value_name(setting.value_name)
    .value_parser(move |value: &str| {
        (setting.set)(&mut Settings::default(), value).map(|()| value.to_string())
    })
}

/// The settings the command line gives, the defaults for the rest.
fn settings_from(matches: &ArgMatches) -> Settings {
    let mut settings = Settings::default();
    for setting in SETTINGS {
        let value = if setting.is_switch() {
            matches.get_flag(setting.name).then(|| "1".to_string())
        } else {
            matches.get_one::<String>(setting.name).cloned()
        };
        if let Some(value) = value {
            (setting.set)(&mut settings, &value)
                .unwrap_or_else(|_| unreachable!("the parser checked {}", setting.name));
        }
    }
    settings
}

fn main() -> std::process::ExitCode {
    let matches = Cli::command()
        .args(SETTINGS.iter().map(setting_arg))
        .get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Some(Command::Bench { what }) => run_bench(what),
        Some(Command::LearnMoves { records }) => {
            learn_moves(records.player.as_deref(), &records.files)
        }
        Some(Command::Predict { records }) => predict(records.player.as_deref(), &records.files),
        None => {
            env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
                .init();
            let engine = Engine::new(settings_from(&matches));
            // One write per block under stderr's lock keeps log lines out of it.
            let gtp = Gtp::new(engine).with_live_gfx(Box::new(|block| {
                let _ = std::io::stderr().lock().write_all(block.as_bytes());
            }));
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
