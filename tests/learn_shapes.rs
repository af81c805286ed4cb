//! `yunzi learn-shapes` end to end: SGF records in, the shape table on stdout, one count per
//! legal point for every learned move; unreadable records are skipped with a warning.

use std::process::Command;

/// Runs `yunzi learn-shapes ARGS`; returns (stdout, stderr).
fn learn(args: &[&str]) -> (String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_yunzi"))
        .arg("learn-shapes")
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(output.status.success(), "{output:?}");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// (moves played, legal points seen) summed over the table.
fn totals(table: &str) -> (u64, u64) {
    table
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<u64> = line
                .split_whitespace()
                .map(|f| f.parse().expect("a number"))
                .collect();
            (fields[1], fields[2])
        })
        .fold((0, 0), |(a, b), (p, s)| (a + p, b + s))
}

#[test]
fn counts_the_moves_of_the_named_player_and_skips_bad_records() {
    let dir = std::env::temp_dir().join(format!("yunzi-learn-shapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let game = dir.join("game.sgf");
    // 5x5: Black C3 (25 legal points), White D3 (24), Black pass.
    std::fs::write(
        &game,
        "(;GM[1]FF[4]SZ[5]PB[GNU Go]PW[yunzi];B[cc];W[dc];B[])",
    )
    .expect("written");
    let broken = dir.join("broken.sgf");
    std::fs::write(&broken, "(;SZ[5];B[cc];W[cc])").expect("written");
    let path = |p: &std::path::Path| p.to_string_lossy().into_owned();

    let (all, _) = learn(&[&path(&game)]);
    assert_eq!(totals(&all), (2, 49), "{all}");
    let (gnugo, warnings) = learn(&["--player", "GNU Go", &path(&game), &path(&broken)]);
    assert_eq!(totals(&gnugo), (1, 25), "{gnugo}");
    assert!(
        warnings.contains("skipped") && warnings.contains("broken.sgf"),
        "{warnings}"
    );
    assert!(
        warnings.contains("learned from 1 of 2 records"),
        "{warnings}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
