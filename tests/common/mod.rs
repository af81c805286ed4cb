//! What the integration tests share: running the built engine on a script of GTP lines.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `yunzi ARGS` on `input` to its end; returns (stdout, stderr) of an engine that
/// exited 0 (anything else fails the test).
pub fn run_engine(args: &[&str], input: &str) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_yunzi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("the engine reads its input");
    let output = child.wait_with_output().expect("the engine ends");
    assert!(output.status.success(), "{output:?}");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}
