//! Runs the GTP regression files of `gtp-tests/` against the built `yunzi` binary (see
//! `gtp-tests/README.md`): the `*.tst` files there and in `gtp-tests/regress/`, which are in
//! GoGui's gogui-regress form and run unchanged in gogui-regress, and the `*.gtp` files of
//! `gtp-tests/errors/` (and any in `regress/`), which may also expect errors with yunzi's
//! `#?! [regex]`, a line gogui-regress cannot read.
//!
//! Each file gets a fresh engine (`--threads 1 --seed 1 --playouts 200`, or the arguments of
//! a `#!args ...` line in the file), started in the file's directory as gogui-regress starts
//! it, so fixtures are named relative to the file. The test fails where gogui-regress
//! would count a failure or an error or stop: a check that fails (unless marked as a known
//! failure), a command answered `?` with no check expecting it, a check that does not
//! directly follow its command, a line gogui-regress cannot read in a `.tst` file; and also
//! on a response that is not well formed and on an engine that does not exit 0 at `quit` or
//! at the end of its input.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use regex::Regex;

/// Longest wait for one response: far more than any command in the files needs.
const RESPONSE_TIMEOUT: Duration = Duration::from_secs(120);

/// One `#?` line: what the previous command's response must look like.
struct Check {
    /// `#?!`: the response must be an error (`?`); plain `#?` wants a success (`=`).
    error: bool,
    /// `[!regex]`: the text must *not* match.
    negated: bool,
    regex: Regex,
    /// A trailing `*`: a known failure.
    known_failure: bool,
}

/// Parses a check line, or says why it is malformed.
fn parse_check(line: &str) -> Result<Check, String> {
    let rest = line.strip_prefix("#?").ok_or("not a check")?;
    let (error, rest) = match rest.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, rest),
    };
    let rest = rest.trim();
    let (rest, known_failure) = match rest.strip_suffix('*') {
        Some(rest) => (rest.trim_end(), true),
        None => (rest, false),
    };
    let inner = rest
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or_else(|| format!("expected [regex] in {line:?}"))?;
    let (negated, pattern) = match inner.strip_prefix('!') {
        Some(p) => (true, p),
        None => (false, inner),
    };
    // The whole response text must match, across lines.
    let regex = Regex::new(&format!("(?s)^(?:{pattern})$"))
        .map_err(|e| format!("bad regex in {line:?}: {e}"))?;
    Ok(Check {
        error,
        negated,
        regex,
        known_failure,
    })
}

/// The engine's command line unless a file asks for another with `#!args ...`.
const DEFAULT_ARGS: [&str; 6] = ["--threads", "1", "--seed", "1", "--playouts", "200"];

/// A running engine and a channel of its responses (read on a thread, so a hung engine
/// becomes a timeout rather than a hung test).
struct Engine {
    child: Child,
    responses: Receiver<Result<String, String>>,
}

impl Engine {
    fn start(dir: &Path, args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_yunzi"))
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the yunzi binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (send, responses) = mpsc::channel();
        std::thread::spawn(move || read_responses(stdout, send));
        Engine { child, responses }
    }

    fn send(&mut self, line: &str) -> Result<String, String> {
        let stdin = self.child.stdin.as_mut().expect("piped stdin");
        writeln!(stdin, "{line}").map_err(|e| format!("cannot write to the engine: {e}"))?;
        stdin.flush().map_err(|e| e.to_string())?;
        match self.responses.recv_timeout(RESPONSE_TIMEOUT) {
            Ok(response) => response,
            Err(_) => Err(format!("no response to {line:?}")),
        }
    }

    /// Closes the engine's input and waits for it; `Err` unless it exits 0.
    fn finish(mut self) -> Result<(), String> {
        drop(self.child.stdin.take());
        let status = self.child.wait().map_err(|e| e.to_string())?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("the engine exited with {status}"))
        }
    }
}

/// Reads responses (text up to an empty line), checking that every line before it belongs
/// to a well-formed response.
fn read_responses(stdout: ChildStdout, send: mpsc::Sender<Result<String, String>>) {
    let mut reader = BufReader::new(stdout);
    let framed = Regex::new(r"^[=?]\d* ").expect("valid regex");
    let mut response = String::new();
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if line == "\n" {
            let whole = std::mem::take(&mut response);
            let result = if framed.is_match(&whole) {
                Ok(whole)
            } else {
                Err(format!("malformed response {whole:?}"))
            };
            if send.send(result).is_err() {
                return;
            }
        } else {
            response.push_str(&line);
        }
    }
}

/// A response split into its status (`=` or `?`) and its text, or why there was none.
#[derive(Debug)]
struct Response {
    status: char,
    text: String,
}

/// What happened in one file.
#[derive(Default)]
struct Outcome {
    commands: usize,
    checks: usize,
    failures: Vec<String>,
    known_failures: usize,
    unexpected_passes: Vec<String>,
}

/// Which checks a file may hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dialect {
    /// `*.tst`: gogui-regress's own, `#? [regex]` with `!` and `*`.
    GoGui,
    /// `*.gtp`: also yunzi's `#?! [regex]` for expected errors, which only this runner reads.
    Errors,
}

impl Dialect {
    fn of(path: &Path) -> Option<Dialect> {
        match path.extension()?.to_str()? {
            "tst" => Some(Dialect::GoGui),
            "gtp" => Some(Dialect::Errors),
            _ => None,
        }
    }
}

/// Runs one regression file.
fn run_file(path: &Path) -> Outcome {
    let dialect = Dialect::of(path).expect("a .tst or .gtp file");
    let text = std::fs::read_to_string(path).expect("readable test file");
    let dir = path.parent().expect("a file in a directory");
    let args: Vec<&str> = text
        .lines()
        .find_map(|line| line.trim().strip_prefix("#!args"))
        .map_or(DEFAULT_ARGS.to_vec(), |args| {
            args.split_whitespace().collect()
        });
    let mut engine = Engine::start(dir, &args);
    let mut outcome = Outcome::default();
    // The previous command and its response, while no other line has come since.
    let mut last: Option<(String, Result<Response, String>)> = None;
    // The failure to report if that command was answered `?` and no check comes for it.
    let mut unchecked: Option<String> = None;
    let mut quit = false;
    for (number, line) in text.lines().enumerate() {
        let place = format!("{}:{}", path.display(), number + 1);
        let trimmed = line.trim();
        if trimmed.starts_with("#?") {
            outcome.checks += 1;
            // gogui-regress takes a check for the command on the line just before it. The
            // check is that command's, passed or failed: no second report of its `?`.
            unchecked = None;
            let Some((command, response)) = last.take() else {
                outcome.failures.push(format!(
                    "{place}: a check not directly after its command (gogui-regress stops here)"
                ));
                continue;
            };
            let check = match parse_check(trimmed) {
                Ok(check) => check,
                Err(why) => {
                    outcome.failures.push(format!("{place}: {why}"));
                    continue;
                }
            };
            if check.error && dialect == Dialect::GoGui {
                outcome.failures.push(format!(
                    "{place}: gogui-regress cannot read #?! (\"Pattern has no opening bracket\"): \
                     expected errors go in a .gtp file (gtp-tests/errors/)"
                ));
                continue;
            }
            let passed = match &response {
                Ok(Response { status, text }) => {
                    let wanted = if check.error { '?' } else { '=' };
                    *status == wanted && check.regex.is_match(text) != check.negated
                }
                Err(_) => false,
            };
            let report = format!("{place}: {command:?} -> {response:?}, expected {trimmed}");
            match (passed, check.known_failure) {
                (true, false) => {}
                (false, true) => outcome.known_failures += 1,
                (true, true) => outcome.unexpected_passes.push(report),
                (false, false) => outcome.failures.push(report),
            }
            continue;
        }
        // Any other line ends the previous command: a `?` answer nothing expected is a
        // failure (gogui-regress's "unexpected FAIL" with an id, an "Error" without).
        last = None;
        if let Some(command) = unchecked.take() {
            outcome.failures.push(command);
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if quit {
            outcome
                .failures
                .push(format!("{place}: a command after quit"));
            break;
        }
        let response = engine.send(line).map(|whole| Response {
            status: whole.chars().next().unwrap_or(' '),
            text: whole
                .split_once(' ')
                .map_or("", |(_, text)| text)
                .trim_end_matches('\n')
                .to_string(),
        });
        outcome.commands += 1;
        match &response {
            Err(why) => outcome.failures.push(format!("{place}: {why}")),
            Ok(Response { status: '?', text }) => {
                unchecked = Some(format!("{place}: {line:?} failed unexpectedly: {text:?}"));
            }
            Ok(_) => {}
        }
        quit = trimmed.split_whitespace().any(|w| w == "quit");
        last = Some((line.to_string(), response));
    }
    if let Some(command) = unchecked {
        outcome.failures.push(command);
    }
    if let Err(why) = engine.finish() {
        outcome.failures.push(format!("{}: {why}", path.display()));
    }
    outcome
}

/// The regression files: `*.tst` and `*.gtp` in `gtp-tests/` and in its `errors/` and
/// `regress/` directories.
fn test_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests");
    let mut files = Vec::new();
    for dir in [root.clone(), root.join("errors"), root.join("regress")] {
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{} is readable: {e}", dir.display()));
        files.extend(
            entries
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|p| Dialect::of(p).is_some()),
        );
    }
    files.sort();
    files
}

#[test]
fn check_lines_parse_as_documented() {
    let plain = parse_check("#? [B\\+\\d+]").expect("valid");
    assert!(!plain.error && !plain.negated && !plain.known_failure);
    assert!(plain.regex.is_match("B+3") && !plain.regex.is_match("xB+3"));
    let negated = parse_check("#? [!pass]*").expect("valid");
    assert!(negated.negated && negated.known_failure);
    let error = parse_check("#?! [illegal move]").expect("valid");
    assert!(error.error && error.regex.is_match("illegal move"));
    assert!(parse_check("#? B+3").is_err());
}

#[test]
fn the_runner_fails_where_gogui_regress_would() {
    let dir = std::env::temp_dir().join(format!("yunzi-gtp-regress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let failures = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("a scratch file");
        run_file(&path).failures.len()
    };
    // An expected error: fine in a .gtp file, unreadable for gogui-regress in a .tst file.
    assert_eq!(
        failures("error.gtp", "1 frobnicate\n#?! [unknown command]\n"),
        0
    );
    assert_eq!(
        failures("error.tst", "1 frobnicate\n#?! [unknown command]\n"),
        1
    );
    // A `?` answer that no check expects, with an id or without, at the end or not.
    assert_eq!(failures("fail.gtp", "1 frobnicate\n"), 1);
    assert_eq!(failures("fail.tst", "frobnicate\n2 name\n#? [yunzi]\n"), 1);
    // A check that does not directly follow its command.
    assert_eq!(failures("apart.tst", "1 name\n\n#? [yunzi]\n"), 1);
    assert_eq!(failures("twice.tst", "1 name\n#? [yunzi]\n#? [yunzi]\n"), 1);
    // A known failure is not a failure.
    assert_eq!(failures("known.tst", "1 frobnicate\n#? [.*]*\n"), 0);
    std::fs::remove_dir_all(&dir).expect("the scratch directory goes");
}

#[test]
fn gtp_regression_files_pass() {
    let files = test_files();
    assert!(
        files
            .iter()
            .any(|f| f.parent().is_some_and(|d| d.ends_with("errors"))),
        "no gtp-tests/errors/*.gtp files"
    );
    assert!(
        files
            .iter()
            .any(|f| f.parent().is_some_and(|d| d.ends_with("regress"))),
        "no gtp-tests/regress/ files"
    );
    let outcomes: Vec<(PathBuf, Outcome)> = std::thread::scope(|scope| {
        let handles: Vec<_> = files
            .iter()
            .map(|file| scope.spawn(move || (file.clone(), run_file(file))))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a runner thread"))
            .collect()
    });
    let mut failures = Vec::new();
    for (file, outcome) in &outcomes {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests");
        let name = file
            .strip_prefix(&root)
            .unwrap_or(file)
            .display()
            .to_string();
        println!(
            "{name}: {} commands, {} checks, {} failed, {} known failures, {} unexpected passes",
            outcome.commands,
            outcome.checks,
            outcome.failures.len(),
            outcome.known_failures,
            outcome.unexpected_passes.len()
        );
        for pass in &outcome.unexpected_passes {
            println!("  unexpected pass (remove the *): {pass}");
        }
        if outcome.checks == 0 {
            failures.push(format!("{name}: no checks"));
        }
        failures.extend(outcome.failures.iter().cloned());
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
