//! `--live-gfx` end to end: the binary writes GoGui's live graphics to stderr during
//! `genmove`, and only there; stdout carries the same GTP responses either way.

mod common;

use common::run_engine as run;

#[test]
fn live_graphics_go_to_stderr_only_with_the_flag() {
    let args = ["--threads", "1", "--seed", "1", "--playouts", "200"];
    let input = "boardsize 7\ngenmove b\nquit\n";
    let (plain_out, plain_err) = run(&args, input);
    let (live_out, live_err) = run(&[&args[..], &["--live-gfx"]].concat(), input);
    assert!(!plain_err.contains("gogui-gfx"), "{plain_err:?}");
    let responses: Vec<&str> = live_out.split_terminator("\n\n").collect();
    assert_eq!(responses.len(), 3, "{live_out:?}");
    assert!(responses[1].starts_with("= "), "{live_out:?}");
    // 200 playouts fit in one half-second slice: the same search, so the same move.
    assert_eq!(live_out, plain_out);
    let block = live_err
        .find("gogui-gfx:\nLABEL ")
        .map(|start| &live_err[start..])
        .unwrap_or_else(|| panic!("a live graphics block on stderr: {live_err:?}"));
    assert!(block.contains("\nVAR b "), "{block:?}");
    assert!(live_err.ends_with("\n\ngogui-gfx: CLEAR\n"), "{live_err:?}");
}
