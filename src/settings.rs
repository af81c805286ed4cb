//! The engine's settings, each defined once: its name, its help, how its value reads and
//! writes. `main` builds the command line (`--help` included) from [`SETTINGS`], and GoGui's
//! parameter dialog (`yunzi-param`) lists and changes the settings marked for it from the
//! same table, as ripgrep's `flags/defs.rs` does for its flags.
//!
//! Defaults live with the code that uses them: [`SearchConfig::default`] for the search,
//! [`TimeConfig::default`] for the clock, [`Settings::default`] for the rest; the table
//! only reads and writes the fields.

use std::time::Duration;

use crate::game::RuleSet;
use crate::search::SearchConfig;
use crate::time::TimeConfig;

/// Everything a user can set about how the engine plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub search: SearchConfig,
    pub time: TimeConfig,
    /// A fixed number of playouts per move, instead of a budget from the clock: the
    /// deterministic mode tests use (with one thread and a seed).
    pub playouts: Option<u64>,
    /// The rules of new games (`kgs-rules` and SGF `RU` can change them per game).
    pub rules: RuleSet,
    /// Search on the opponent's time.
    pub ponder: bool,
    /// GoGui's live graphics on stderr during `genmove` (a setting of the GTP session).
    pub live_gfx: bool,
    /// Answer `version` in the form Lizzie requires (see `gtp::version_text`).
    pub lizzie: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            search: SearchConfig::default(),
            time: TimeConfig::default(),
            playouts: None,
            rules: RuleSet::chinese(),
            ponder: false,
            live_gfx: false,
            lizzie: false,
        }
    }
}

impl Settings {
    /// For tests: one thread, a fixed seed and `playouts` a move, so every run plays the
    /// same moves; it never resigns, and the tree stays small.
    #[cfg(test)]
    pub fn deterministic(playouts: u64) -> Settings {
        let mut settings = Settings {
            playouts: Some(playouts),
            ..Settings::default()
        };
        settings.search.threads = 1;
        settings.search.seed = 1;
        settings.search.resign_threshold = 0.0;
        settings.search.max_tree_bytes = 16 << 20;
        settings
    }

    /// Sets the setting called `name` (its command-line name, or the same with `_` for
    /// `-`, as GoGui's dialog writes it) from `value`; nothing changes on an error.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let setting = Setting::named(name).ok_or_else(|| format!("unknown setting {name}"))?;
        (setting.set)(self, value).map_err(|why| format!("invalid value for {name}: {why}"))
    }
}

/// One setting: `--NAME VALUE` on the command line (`--NAME` alone for a switch), and
/// `[type] NAME VALUE` in GoGui's parameter dialog when `in_dialog`.
pub struct Setting {
    /// The command-line name; GoGui's dialog writes `_` for `-`.
    pub name: &'static str,
    /// What `--help` calls the value; empty for a switch.
    pub value_name: &'static str,
    pub help: &'static str,
    /// Whether GoGui's parameter dialog shows it (it can change while the engine runs).
    pub in_dialog: bool,
    /// What `--help` gives as the default where it depends on the machine or the moment.
    pub default_note: Option<&'static str>,
    /// The value as [`Setting::set`] reads it back.
    pub get: fn(&Settings) -> String,
    /// Reads a value into the settings, or says what a valid value is.
    pub set: fn(&mut Settings, &str) -> Result<(), String>,
}

impl Setting {
    /// The setting of a command-line name or of a dialog key.
    pub fn named(name: &str) -> Option<&'static Setting> {
        SETTINGS
            .iter()
            .find(|s| s.name == name || s.dialog_key() == name)
    }

    /// Whether it is a switch: present or absent on the command line, 1 or 0 in the dialog.
    pub fn is_switch(&self) -> bool {
        self.value_name.is_empty()
    }

    /// The name in GoGui's dialog.
    pub fn dialog_key(&self) -> String {
        self.name.replace('-', "_")
    }

    /// The default, as `--help` shows it.
    pub fn default_text(&self) -> String {
        self.default_note
            .map_or_else(|| (self.get)(&Settings::default()), str::to_string)
    }
}

/// The most search threads accepted: more than any machine has cores would only make the
/// search spawn them.
const MAX_THREADS: u64 = 1024;

/// The longest think time a setting accepts: a day.
const MAX_SECONDS: f64 = 86_400.0;

/// Every setting, in the order `--help` and GoGui's dialog list them.
pub static SETTINGS: &[Setting] = &[
    Setting {
        name: "threads",
        value_name: "N",
        help: "Search threads (one shared tree)",
        in_dialog: true,
        default_note: Some("all cores"),
        get: |s| s.search.threads.to_string(),
        set: |s, v| {
            let n = number(v, 1, MAX_THREADS)?;
            s.search.threads = usize::try_from(n).map_err(|e| e.to_string())?;
            Ok(())
        },
    },
    Setting {
        name: "playouts",
        value_name: "N",
        help: "Fixed playouts per move instead of a budget from the clock, 0 for the clock \
               (with --threads 1 and --seed every run plays the same moves)",
        in_dialog: true,
        default_note: None,
        get: |s| s.playouts.unwrap_or(0).to_string(),
        set: |s, v| {
            s.playouts = Some(number(v, 0, u64::MAX)?).filter(|&n| n > 0);
            Ok(())
        },
    },
    Setting {
        name: "seed",
        value_name: "N",
        help: "Random seed",
        in_dialog: false,
        default_note: Some("from the clock"),
        get: |s| s.search.seed.to_string(),
        set: |s, v| {
            s.search.seed = number(v, 0, u64::MAX)?;
            Ok(())
        },
    },
    Setting {
        name: "default-seconds",
        value_name: "SECONDS",
        help: "Seconds per move when the controller sets no time",
        in_dialog: true,
        default_note: None,
        get: |s| seconds_text(s.time.default_budget),
        set: |s, v| {
            s.time.default_budget = seconds(v, 0.0)?;
            Ok(())
        },
    },
    Setting {
        name: "max-seconds-per-move",
        value_name: "SECONDS",
        help: "The longest any move may think, whatever the clock allows",
        in_dialog: true,
        default_note: None,
        get: |s| seconds_text(s.time.max_per_move),
        set: |s, v| {
            s.time.max_per_move = seconds(v, 0.01)?;
            Ok(())
        },
    },
    Setting {
        name: "lag",
        value_name: "SECONDS",
        help: "Seconds kept back each move for network and protocol delays (scaled down for \
               short periods)",
        in_dialog: false,
        default_note: None,
        get: |s| seconds_text(s.time.lag),
        set: |s, v| {
            s.time.lag = seconds(v, 0.0)?;
            Ok(())
        },
    },
    Setting {
        name: "resign",
        value_name: "THRESHOLD|never",
        help: "Resign when the best move wins less often than THRESHOLD (0 to 1), or never",
        in_dialog: true,
        default_note: None,
        get: |s| match s.search.resign_threshold {
            0.0 => "never".into(),
            t => t.to_string(),
        },
        set: |s, v| {
            s.search.resign_threshold = match v {
                "never" => 0.0,
                _ => fraction(v).map_err(|why| format!("{why}, or never"))?,
            };
            Ok(())
        },
    },
    Setting {
        name: "rules",
        value_name: "chinese|japanese|tromp-taylor",
        help: "The rules of new games (kgs-rules and SGF RU change them per game)",
        in_dialog: false,
        default_note: None,
        get: |s| s.rules.name.to_string(),
        set: |s, v| {
            s.rules = RuleSet::by_name(v).ok_or(
                "expected chinese, japanese or tromp-taylor (or an alias: aga, nz, korean)",
            )?;
            Ok(())
        },
    },
    Setting {
        name: "ponder",
        value_name: "",
        help: "Search on the opponent's time too",
        in_dialog: true,
        default_note: None,
        get: |s| switch_text(s.ponder),
        set: |s, v| {
            s.ponder = switch(v)?;
            Ok(())
        },
    },
    Setting {
        name: "tree-memory",
        value_name: "MIB",
        help: "Memory for the search tree in MiB; past it the tree stops growing and the \
               search goes on",
        in_dialog: false,
        default_note: None,
        get: |s| (s.search.max_tree_bytes >> 20).to_string(),
        set: |s, v| {
            let mib = usize::try_from(number(v, 1, 1 << 30)?).map_err(|e| e.to_string())?;
            s.search.max_tree_bytes = mib << 20;
            Ok(())
        },
    },
    Setting {
        name: "live-gfx",
        value_name: "",
        help: "Draw the search on GoGui's board during genmove: live graphics (gogui-gfx: \
               lines) on stderr",
        in_dialog: true,
        default_note: None,
        get: |s| switch_text(s.live_gfx),
        set: |s, v| {
            s.live_gfx = switch(v)?;
            Ok(())
        },
    },
    Setting {
        name: "lizzie",
        value_name: "",
        help: "Answer `version` with 0.17, the version of Leela Zero's analysis commands yunzi \
               speaks, before its own: Lizzie refuses engines below Leela Zero 0.15",
        in_dialog: false,
        default_note: None,
        get: |s| switch_text(s.lizzie),
        set: |s, v| {
            s.lizzie = switch(v)?;
            Ok(())
        },
    },
    Setting {
        name: "exploration",
        value_name: "C",
        help: "UCT exploration constant of the search, or `board` for the board's: 0 from 9x9 \
               up, 0.1 below (for tuning matches)",
        in_dialog: false,
        default_note: None,
        get: |s| {
            s.search
                .exploration
                .map_or_else(|| "board".to_string(), |c| c.to_string())
        },
        set: |s, v| {
            s.search.exploration = match v {
                "board" => None,
                _ => Some(float(v, 0.0, f64::MAX)?),
            };
            Ok(())
        },
    },
    Setting {
        name: "rave-equivalence",
        value_name: "N",
        help: "Playouts of a move's own at which its RAVE statistics count half (for tuning \
               matches)",
        in_dialog: false,
        default_note: None,
        get: |s| s.search.rave_equivalence.to_string(),
        set: |s, v| {
            s.search.rave_equivalence = float(v, 1.0, f64::MAX)?;
            Ok(())
        },
    },
    Setting {
        name: "no-widening",
        value_name: "",
        help: "On 13x13 and up, search every move of a node from the start instead of the \
               best few first (for tuning matches)",
        in_dialog: false,
        default_note: None,
        get: |s| switch_text(!s.search.widening),
        set: |s, v| {
            s.search.widening = !switch(v)?;
            Ok(())
        },
    },
    Setting {
        name: "no-replies",
        value_name: "",
        help: "On 13x13 and up, playouts without last good replies (for tuning matches)",
        in_dialog: false,
        default_note: None,
        get: |s| switch_text(!s.search.replies),
        set: |s, v| {
            s.search.replies = !switch(v)?;
            Ok(())
        },
    },
];

fn number(text: &str, min: u64, max: u64) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ if max == u64::MAX => Err(format!("expected a whole number from {min}")),
        _ => Err(format!("expected a whole number from {min} to {max}")),
    }
}

fn float(text: &str, min: f64, max: f64) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (min..=max).contains(&x) => Ok(x),
        _ => Err(format!("expected a number from {min}")),
    }
}

fn fraction(text: &str) -> Result<f64, String> {
    float(text, 0.0, 1.0).map_err(|_| "expected a number from 0 to 1".into())
}

fn seconds(text: &str, min: f64) -> Result<Duration, String> {
    float(text, min, MAX_SECONDS)
        .map(Duration::from_secs_f64)
        .map_err(|_| format!("expected seconds from {min} to {MAX_SECONDS}"))
}

fn seconds_text(d: Duration) -> String {
    d.as_secs_f64().to_string()
}

/// GoGui's `[bool]` parameters send 1 and 0.
fn switch(text: &str) -> Result<bool, String> {
    match text {
        "1" | "true" => Ok(true),
        "0" | "false" => Ok(false),
        _ => Err("expected 1 or 0 (true or false)".into()),
    }
}

fn switch_text(on: bool) -> String {
    u8::from(on).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_reads_back_what_it_shows() {
        let settings = Settings::default();
        for setting in SETTINGS {
            let mut copy = settings.clone();
            (setting.set)(&mut copy, &(setting.get)(&settings))
                .unwrap_or_else(|e| panic!("{}: {e}", setting.name));
            assert_eq!(copy, settings, "{}", setting.name);
        }
    }

    #[test]
    fn names_are_unique_and_switches_take_no_value_name() {
        for (i, a) in SETTINGS.iter().enumerate() {
            assert!(
                SETTINGS[i + 1..].iter().all(|b| b.name != a.name),
                "{}",
                a.name
            );
            if a.is_switch() {
                let shown = (a.get)(&Settings::default());
                assert!(shown == "0" || shown == "1", "{}: {shown}", a.name);
            }
        }
    }

    #[test]
    fn values_change_the_settings_and_bad_ones_change_nothing() {
        let mut settings = Settings::default();
        settings.set("threads", "3").expect("valid");
        settings
            .set("default_seconds", "2.5")
            .expect("the dialog's key");
        settings.set("resign", "never").expect("valid");
        settings.set("rules", "korean").expect("an alias");
        settings.set("no-widening", "1").expect("valid");
        assert_eq!(settings.search.threads, 3);
        assert_eq!(settings.time.default_budget, Duration::from_millis(2500));
        assert_eq!(settings.search.resign_threshold, 0.0);
        assert_eq!(settings.rules, RuleSet::japanese());
        assert!(!settings.search.widening);
        let before = settings.clone();
        for (name, value) in [
            ("threads", "0"),
            ("threads", "many"),
            ("resign", "1.5"),
            ("max-seconds-per-move", "0"),
            ("rules", "ing"),
            ("ponder", "yes"),
            ("colour", "1"),
        ] {
            assert!(settings.set(name, value).is_err(), "{name} {value}");
        }
        assert_eq!(settings, before);
    }

    #[test]
    fn the_defaults_are_those_of_the_modules_that_use_them() {
        let defaults = Settings::default();
        assert_eq!(
            defaults.search.resign_threshold,
            SearchConfig::default().resign_threshold
        );
        assert_eq!(defaults.time, TimeConfig::default());
        let shown = |name| Setting::named(name).expect("a setting").default_text();
        assert_eq!(shown("resign"), "0.1");
        assert_eq!(shown("threads"), "all cores");
        assert_eq!(shown("tree-memory"), "2048");
        assert_eq!(shown("max-seconds-per-move"), "60");
        assert_eq!(shown("ponder"), "0");
    }
}
