//! The architecture map at the top of `src/lib.rs` is a promise: each module depends only on
//! the modules listed above it. This test reads the map and every source file, and fails on a
//! `crate::` path (in code, not comments) that reaches a module listed lower. Test code may
//! reach anywhere it needs fixtures: files named `tests.rs` or `*_tests.rs`, and a file's
//! inline `#[cfg(test)] mod tests { ... }`, which by convention closes the file.

use std::path::{Path, PathBuf};

/// The modules of the map, lowest layer first.
fn map_order() -> Vec<String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("src/lib.rs");
    lib.lines()
        .filter_map(|line| line.strip_prefix("//! | [`"))
        .filter_map(|rest| rest.split('`').next())
        .map(str::to_string)
        .collect()
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The non-test source files of module `name`: `src/NAME.rs` and everything under `src/NAME/`.
fn module_files(name: &str) -> Vec<PathBuf> {
    let mut files = vec![src().join(format!("{name}.rs"))];
    let mut dirs = vec![src().join(name)];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
        .into_iter()
        .filter(|f| f.exists())
        .filter(|f| {
            let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            stem != "tests" && !stem.ends_with("_tests")
        })
        .collect()
}

/// The modules a source text names with `crate::`, outside comments and its inline tests.
fn crate_paths(text: &str) -> Vec<String> {
    let code = text.split("#[cfg(test)]\nmod tests {").next().unwrap_or("");
    let mut found = Vec::new();
    for line in code.lines() {
        let line = line.split("//").next().unwrap_or("");
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            found.push(name);
        }
    }
    found
}

#[test]
fn the_map_lists_every_module_of_the_library() {
    let order = map_order();
    let lib = std::fs::read_to_string(src().join("lib.rs")).expect("src/lib.rs");
    let declared: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .collect();
    let mut sorted = order.clone();
    sorted.sort();
    let mut declared_sorted: Vec<String> = declared.iter().map(|s| s.to_string()).collect();
    declared_sorted.sort();
    assert_eq!(
        sorted, declared_sorted,
        "the map and the `pub mod` lines differ"
    );
}

#[test]
fn no_module_imports_one_below_it_in_the_map() {
    let order = map_order();
    let rank = |name: &str| order.iter().position(|m| m == name);
    let mut wrong = Vec::new();
    for (level, module) in order.iter().enumerate() {
        for file in module_files(module) {
            let text = std::fs::read_to_string(&file).expect("readable");
            for used in crate_paths(&text) {
                match rank(&used) {
                    Some(r) if r > level => wrong.push(format!(
                        "{} uses crate::{used}, listed below {module}",
                        file.display()
                    )),
                    _ => {}
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_checker_sees_code_and_skips_comments_and_inline_tests() {
    let text = "use crate::board::Board;\n// crate::gtp in a comment\n\
                fn f() { crate::game::Game::new(9, x); }\n\
                #[cfg(test)]\nmod tests {\n    use crate::engine::Engine;\n}\n";
    assert_eq!(crate_paths(text), ["board", "game"]);
}
