use super::*;

fn secs(s: f64) -> Duration {
    Duration::from_secs_f64(s)
}

fn ctx(move_number: u32, board_points: u32, empty_points: u32) -> MoveContext {
    MoveContext {
        move_number,
        board_points,
        empty_points,
    }
}

// ---- constructors -------------------------------------------------------------------

#[test]
fn gtp_time_settings_follow_the_spec() {
    assert_eq!(
        TimeSystem::from_gtp_time_settings(0, 1, 0),
        TimeSystem::None
    );
    assert_eq!(
        TimeSystem::from_gtp_time_settings(300, 0, 0),
        TimeSystem::Absolute { main: secs(300.0) }
    );
    // byo_yomi_time = 0: absolute, whatever the stones say.
    assert_eq!(
        TimeSystem::from_gtp_time_settings(60, 0, 5),
        TimeSystem::Absolute { main: secs(60.0) }
    );
    assert_eq!(
        TimeSystem::from_gtp_time_settings(0, 1, 1),
        TimeSystem::Canadian {
            main: Duration::ZERO,
            period: secs(1.0),
            stones: 1
        }
    );
    assert_eq!(
        TimeSystem::from_gtp_time_settings(30, 10, 5),
        TimeSystem::Canadian {
            main: secs(30.0),
            period: secs(10.0),
            stones: 5
        }
    );
}

#[test]
fn kgs_time_settings_parse() {
    assert_eq!(TimeSystem::from_kgs(&["none"]), Ok(TimeSystem::None));
    assert_eq!(
        TimeSystem::from_kgs(&["absolute", "60"]),
        Ok(TimeSystem::Absolute { main: secs(60.0) })
    );
    assert_eq!(
        TimeSystem::from_kgs(&["byoyomi", "10", "5", "3"]),
        Ok(TimeSystem::Byoyomi {
            main: secs(10.0),
            period: secs(5.0),
            periods: 3
        })
    );
    assert_eq!(
        TimeSystem::from_kgs(&["canadian", "30", "10", "5"]),
        Ok(TimeSystem::Canadian {
            main: secs(30.0),
            period: secs(10.0),
            stones: 5
        })
    );
    let owned: Vec<String> = vec!["Absolute".into(), "1.5".into()];
    assert_eq!(
        TimeSystem::from_kgs(&owned),
        Ok(TimeSystem::Absolute { main: secs(1.5) })
    );
}

#[test]
fn kgs_degenerate_overtime_is_absolute() {
    for args in [
        ["byoyomi", "10", "5", "0"],
        ["byoyomi", "10", "0", "3"],
        ["canadian", "10", "5", "0"],
        ["canadian", "10", "0", "5"],
    ] {
        assert_eq!(
            TimeSystem::from_kgs(&args),
            Ok(TimeSystem::Absolute { main: secs(10.0) }),
            "{args:?}"
        );
    }
}

#[test]
fn kgs_time_settings_reject_bad_input() {
    let empty: [&str; 0] = [];
    assert_eq!(
        TimeSystem::from_kgs(&empty),
        Err(TimeSettingsError::MissingSystem)
    );
    assert_eq!(
        TimeSystem::from_kgs(&["hourglass", "60"]),
        Err(TimeSettingsError::UnknownSystem("hourglass".into()))
    );
    assert_eq!(
        TimeSystem::from_kgs(&["byoyomi", "10", "5"]),
        Err(TimeSettingsError::ArgumentCount {
            expected: 3,
            found: 2
        })
    );
    assert_eq!(
        TimeSystem::from_kgs(&["none", "0"]),
        Err(TimeSettingsError::ArgumentCount {
            expected: 0,
            found: 1
        })
    );
    for bad in ["-1", "NaN", "inf", "x", ""] {
        assert_eq!(
            TimeSystem::from_kgs(&["absolute", bad]),
            Err(TimeSettingsError::BadNumber(bad.into()))
        );
    }
    assert_eq!(
        TimeSystem::from_kgs(&["canadian", "30", "10", "2.5"]),
        Err(TimeSettingsError::BadNumber("2.5".into()))
    );
    assert!(!TimeSettingsError::MissingSystem.to_string().is_empty());
}

#[test]
fn degenerate_system_given_directly_is_normalized() {
    let clock = Clock::new(TimeSystem::Byoyomi {
        main: secs(5.0),
        period: Duration::ZERO,
        periods: 3,
    });
    assert_eq!(clock.system(), TimeSystem::Absolute { main: secs(5.0) });
}

// ---- time_left ------------------------------------------------------------------------

#[test]
fn new_clock_state() {
    let clock = Clock::new(TimeSystem::Byoyomi {
        main: secs(10.0),
        period: secs(5.0),
        periods: 3,
    });
    assert_eq!(clock.main_left(), secs(10.0));
    assert!(!clock.in_overtime());
    assert_eq!(clock.period_left(), secs(5.0));
    assert_eq!(clock.periods_left(), Some(3));
    assert_eq!(clock.stones_left(), None);
    assert_eq!(clock.remaining_for_move(), Some(secs(25.0)));

    // No main time: straight into the first period.
    let clock = Clock::new(TimeSystem::from_gtp_time_settings(0, 1, 1));
    assert!(clock.in_overtime());
    assert_eq!(clock.stones_left(), Some(1));
    assert_eq!(clock.remaining_for_move(), Some(secs(1.0)));

    assert_eq!(Clock::new(TimeSystem::None).remaining_for_move(), None);
}

#[test]
fn time_left_in_main_time() {
    let mut clock = Clock::new(TimeSystem::Canadian {
        main: secs(30.0),
        period: secs(10.0),
        stones: 5,
    });
    clock.time_left(12.5, 0);
    assert_eq!(clock.main_left(), secs(12.5));
    assert!(!clock.in_overtime());
    assert_eq!(clock.period_left(), secs(10.0));
    assert_eq!(clock.stones_left(), Some(5));

    let mut clock = Clock::new(TimeSystem::Absolute { main: secs(60.0) });
    clock.time_left(41.0, 0);
    assert_eq!(clock.main_left(), secs(41.0));
    assert_eq!(clock.remaining_for_move(), Some(secs(41.0)));
}

#[test]
fn time_left_in_canadian_overtime_counts_stones() {
    let mut clock = Clock::new(TimeSystem::Canadian {
        main: secs(30.0),
        period: secs(10.0),
        stones: 5,
    });
    clock.time_left(6.0, 3);
    assert!(clock.in_overtime());
    assert_eq!(clock.main_left(), Duration::ZERO);
    assert_eq!(clock.period_left(), secs(6.0));
    assert_eq!(clock.stones_left(), Some(3));
    assert_eq!(clock.remaining_for_move(), Some(secs(6.0)));
}

#[test]
fn time_left_in_byoyomi_counts_periods_kgs_style() {
    let mut clock = Clock::new(TimeSystem::Byoyomi {
        main: secs(10.0),
        period: secs(5.0),
        periods: 3,
    });
    clock.time_left(5.0, 2);
    assert!(clock.in_overtime());
    assert_eq!(clock.period_left(), secs(5.0));
    assert_eq!(clock.periods_left(), Some(2));
    assert_eq!(clock.remaining_for_move(), Some(secs(10.0)));
    // Back to main time (say, after undo) restores the full overtime.
    clock.time_left(3.0, 0);
    assert!(!clock.in_overtime());
    assert_eq!(clock.periods_left(), Some(3));
    // Zero main time left means the first period.
    clock.time_left(0.0, 0);
    assert!(clock.in_overtime());
    assert_eq!(clock.periods_left(), Some(3));
}

#[test]
fn time_left_sanitizes_seconds_and_clears_flag() {
    let mut clock = Clock::new(TimeSystem::Absolute { main: secs(1.0) });
    assert_eq!(clock.spend(secs(2.0)), Err(TimeLoss));
    assert!(clock.is_flagged());
    clock.time_left(f64::NAN, 0);
    assert!(!clock.is_flagged());
    assert_eq!(clock.main_left(), Duration::ZERO);
    clock.time_left(-3.0, 0);
    assert_eq!(clock.main_left(), Duration::ZERO);
    clock.time_left(f64::INFINITY, 0);
    assert_eq!(clock.main_left(), Duration::MAX);
    // Saturating arithmetic all the way through the allocator.
    let budget = clock.allocate(&ctx(0, 361, 361), &TimeConfig::default());
    assert!(budget.target() <= budget.max());
}

#[test]
fn unlimited_clock_adopts_the_controllers_limit() {
    let mut clock = Clock::new(TimeSystem::None);
    clock.time_left(0.0, 0);
    assert_eq!(clock.system(), TimeSystem::None);
    clock.time_left(30.0, 0);
    assert_eq!(clock.system(), TimeSystem::Absolute { main: secs(30.0) });

    let mut clock = Clock::new(TimeSystem::None);
    clock.time_left(20.0, 4);
    assert!(clock.in_overtime());
    assert_eq!(clock.period_left(), secs(20.0));
    assert_eq!(clock.stones_left(), Some(4));
}

// ---- own-clock accounting ---------------------------------------------------------------

#[test]
fn no_limit_never_loses() {
    let mut clock = Clock::new(TimeSystem::None);
    assert_eq!(clock.spend(secs(1e6)), Ok(()));
}

#[test]
fn absolute_loses_only_past_zero() {
    let mut clock = Clock::new(TimeSystem::Absolute { main: secs(10.0) });
    assert_eq!(clock.spend(secs(4.0)), Ok(()));
    assert_eq!(clock.main_left(), secs(6.0));
    assert_eq!(clock.spend(secs(6.0)), Ok(()));
    assert_eq!(clock.main_left(), Duration::ZERO);
    assert_eq!(clock.spend(Duration::from_nanos(1)), Err(TimeLoss));
    assert!(clock.is_flagged());
    assert_eq!(clock.spend(Duration::ZERO), Err(TimeLoss));
}

#[test]
fn byoyomi_move_inside_period_costs_nothing() {
    let mut clock = Clock::new(TimeSystem::Byoyomi {
        main: Duration::ZERO,
        period: secs(5.0),
        periods: 3,
    });
    for _ in 0..100 {
        assert_eq!(clock.spend(secs(4.9)), Ok(()));
    }
    assert_eq!(clock.periods_left(), Some(3));
    assert_eq!(clock.period_left(), secs(5.0));
}

#[test]
fn byoyomi_full_periods_are_spent() {
    let system = TimeSystem::Byoyomi {
        main: Duration::ZERO,
        period: secs(1.0),
        periods: 5,
    };
    let mut clock = Clock::new(system);
    assert_eq!(clock.spend(secs(2.5)), Ok(()));
    assert_eq!(clock.periods_left(), Some(3));
    assert_eq!(clock.period_left(), secs(1.0));
    // Exactly one full period used spends it (rule 20).
    assert_eq!(clock.spend(secs(1.0)), Ok(()));
    assert_eq!(clock.periods_left(), Some(2));
    // Using the two that are left loses.
    assert_eq!(clock.spend(secs(1.5)), Ok(()));
    assert_eq!(clock.periods_left(), Some(1));
    assert_eq!(clock.spend(secs(1.0)), Err(TimeLoss));
    assert!(clock.is_flagged());
    assert_eq!(clock.periods_left(), Some(0));
    assert_eq!(clock.remaining_for_move(), Some(Duration::ZERO));

    let mut clock = Clock::new(system);
    assert_eq!(clock.spend(secs(5.5)), Err(TimeLoss));
    let mut clock = Clock::new(system);
    assert_eq!(clock.spend(secs(4.5)), Ok(()));
    assert_eq!(clock.periods_left(), Some(1));
}

#[test]
fn byoyomi_main_time_spills_into_the_first_period() {
    let mut clock = Clock::new(TimeSystem::Byoyomi {
        main: secs(10.0),
        period: secs(5.0),
        periods: 3,
    });
    assert_eq!(clock.spend(secs(6.0)), Ok(()));
    assert_eq!(clock.main_left(), secs(4.0));
    // 4 s of main time, then 3 s into a 5 s period: free.
    assert_eq!(clock.spend(secs(7.0)), Ok(()));
    assert!(clock.in_overtime());
    assert_eq!(clock.periods_left(), Some(3));
    assert_eq!(clock.period_left(), secs(5.0));

    // Main time used exactly: overtime starts with a fresh period.
    let mut clock = Clock::new(TimeSystem::Byoyomi {
        main: secs(10.0),
        period: secs(5.0),
        periods: 3,
    });
    assert_eq!(clock.spend(secs(10.0)), Ok(()));
    assert!(clock.in_overtime());
    assert_eq!(clock.periods_left(), Some(3));
    // 2 s of main time, then 12 s of overtime: two full periods spent.
    let mut clock = Clock::new(TimeSystem::Byoyomi {
        main: secs(2.0),
        period: secs(5.0),
        periods: 3,
    });
    assert_eq!(clock.spend(secs(14.0)), Ok(()));
    assert_eq!(clock.periods_left(), Some(1));
}

#[test]
fn byoyomi_partial_period_from_time_left() {
    let mut clock = Clock::new(TimeSystem::Byoyomi {
        main: secs(10.0),
        period: secs(5.0),
        periods: 3,
    });
    clock.time_left(2.0, 3);
    // 3 s: the 2 s left of this period are used up, 1 s into the next one.
    assert_eq!(clock.spend(secs(3.0)), Ok(()));
    assert_eq!(clock.periods_left(), Some(2));
    assert_eq!(clock.period_left(), secs(5.0));
}

#[test]
fn canadian_stones_count_down_and_periods_renew() {
    let mut clock = Clock::new(TimeSystem::Canadian {
        main: secs(30.0),
        period: secs(10.0),
        stones: 5,
    });
    // 28 s of main time, then 4 s spill: the first overtime stone.
    assert_eq!(clock.spend(secs(28.0)), Ok(()));
    assert_eq!(clock.spend(secs(6.0)), Ok(()));
    assert!(clock.in_overtime());
    assert_eq!(clock.period_left(), secs(6.0));
    assert_eq!(clock.stones_left(), Some(4));
    for _ in 0..3 {
        assert_eq!(clock.spend(secs(1.5)), Ok(()));
    }
    assert_eq!(clock.stones_left(), Some(1));
    assert_eq!(clock.period_left(), secs(1.5));
    // The last stone of the period, using the period exactly: a new period begins.
    assert_eq!(clock.spend(secs(1.5)), Ok(()));
    assert_eq!(clock.stones_left(), Some(5));
    assert_eq!(clock.period_left(), secs(10.0));
    // Overrunning the period loses.
    assert_eq!(clock.spend(secs(10.5)), Err(TimeLoss));
    assert!(clock.is_flagged());
}

#[test]
fn canadian_one_second_one_stone() {
    let mut clock = Clock::new(TimeSystem::from_gtp_time_settings(0, 1, 1));
    for _ in 0..50 {
        assert_eq!(clock.spend(secs(0.9)), Ok(()));
        assert_eq!(clock.period_left(), secs(1.0));
    }
    assert_eq!(clock.spend(secs(1.1)), Err(TimeLoss));
}

// ---- allocation ---------------------------------------------------------------------------

/// Systems and board sizes of the whole-game simulations, with how many of our moves must
/// get at least `MIN_MOVE` even when every move takes its `max` (under absolute time the
/// worst case eventually runs the clock down; 60 of our moves is a long 9x9 game).
fn scenarios() -> Vec<(&'static str, TimeSystem, u32, usize)> {
    vec![
        (
            "absolute 60 s 9x9",
            TimeSystem::Absolute { main: secs(60.0) },
            81,
            60,
        ),
        (
            "absolute 300 s 19x19",
            TimeSystem::Absolute { main: secs(300.0) },
            361,
            200,
        ),
        (
            "byoyomi 0 + 5x1 s",
            TimeSystem::Byoyomi {
                main: Duration::ZERO,
                period: secs(1.0),
                periods: 5,
            },
            361,
            200,
        ),
        (
            "byoyomi 10 s + 3x5 s",
            TimeSystem::Byoyomi {
                main: secs(10.0),
                period: secs(5.0),
                periods: 3,
            },
            81,
            200,
        ),
        (
            "canadian 0 1 1",
            TimeSystem::from_gtp_time_settings(0, 1, 1),
            361,
            200,
        ),
        (
            "canadian 30 s + 10 s/5",
            TimeSystem::from_gtp_time_settings(30, 10, 5),
            361,
            200,
        ),
    ]
}

/// Plays 200 of our moves (we are Black, the opponent moves in between), each taking the
/// allocation's `max` plus `overhead`, and checks the budget invariants on every move.
/// Returns the final clock and the budgets given.
fn simulate(system: TimeSystem, board: u32, overhead: Duration) -> (Clock, Vec<Budget>) {
    let cfg = TimeConfig::default();
    let mut clock = Clock::new(system);
    let mut budgets = Vec::new();
    for i in 0..200u32 {
        let move_number = 2 * i;
        // The board fills at 0.9 stones a move (captures), never below a tenth empty.
        let empty = board.saturating_sub(move_number * 9 / 10).max(board / 10);
        let budget = clock.allocate(&ctx(move_number, board, empty), &cfg);
        let remaining = clock.remaining_for_move().expect("limited clock");
        assert!(budget.target() <= budget.max(), "move {i}: {budget:?}");
        // Some lag is always kept back (down to where nanoseconds round it away).
        assert!(
            budget.max() < remaining || remaining < Duration::from_micros(1),
            "move {i}: {budget:?} with {remaining:?} left"
        );
        assert_eq!(
            clock.spend(budget.max() + overhead),
            Ok(()),
            "move {i}: {budget:?}, clock {clock:?}"
        );
        budgets.push(budget);
    }
    (clock, budgets)
}

#[test]
fn whole_games_at_max_never_lose_on_time() {
    for (name, system, board, sane) in scenarios() {
        let (clock, budgets) = simulate(system, board, Duration::ZERO);
        assert!(!clock.is_flagged(), "{name}");
        assert!(
            budgets[..sane].iter().all(|b| b.max() >= MIN_MOVE),
            "{name}: a budget under the floor"
        );
    }
}

#[test]
fn byoyomi_worst_case_never_spends_a_period() {
    // Even with 90% of the (scaled) lag added to every move.
    for (system, overhead) in [
        (
            TimeSystem::Byoyomi {
                main: Duration::ZERO,
                period: secs(1.0),
                periods: 5,
            },
            secs(0.225),
        ),
        (
            TimeSystem::Byoyomi {
                main: secs(10.0),
                period: secs(5.0),
                periods: 3,
            },
            secs(0.9),
        ),
    ] {
        let (clock, _) = simulate(system, 81, overhead);
        assert_eq!(clock.periods_left(), system.overtime().map(|o| o.1));
    }
}

#[test]
fn canadian_worst_case_with_lag_never_loses() {
    let (clock, _) = simulate(TimeSystem::from_gtp_time_settings(0, 1, 1), 81, secs(0.2));
    assert!(!clock.is_flagged());
    let (clock, _) = simulate(
        TimeSystem::from_gtp_time_settings(30, 10, 5),
        361,
        secs(0.45),
    );
    assert!(!clock.is_flagged());
}

#[test]
fn one_second_per_move_leaves_time_to_think() {
    let clock = Clock::new(TimeSystem::from_gtp_time_settings(0, 1, 1));
    let budget = clock.allocate(&ctx(40, 361, 300), &TimeConfig::default());
    assert!(budget.max() <= secs(0.75), "{budget:?}");
    assert!(budget.max() >= secs(0.5), "{budget:?}");
}

#[test]
fn byoyomi_overtime_uses_nearly_the_whole_period() {
    let mut clock = Clock::new(TimeSystem::Byoyomi {
        main: secs(10.0),
        period: secs(30.0),
        periods: 5,
    });
    clock.time_left(30.0, 5);
    let budget = clock.allocate(&ctx(100, 361, 250), &TimeConfig::default());
    assert_eq!(budget.target(), secs(29.0));
    assert_eq!(budget.max(), secs(29.0));
}

#[test]
fn canadian_overtime_splits_the_period() {
    let mut clock = Clock::new(TimeSystem::from_gtp_time_settings(600, 300, 25));
    clock.time_left(300.0, 25);
    let budget = clock.allocate(&ctx(200, 361, 180), &TimeConfig::default());
    // 12 s a stone, 1 s of lag.
    assert_eq!(budget.target(), secs(11.0));
    assert!(budget.max() > budget.target());
    assert!(budget.max() <= secs(300.0 - 25.0 - 24.0 * 0.01));
}

#[test]
fn byoyomi_main_time_is_a_bonus_over_the_period() {
    let clock = Clock::new(TimeSystem::Byoyomi {
        main: secs(1800.0),
        period: secs(30.0),
        periods: 5,
    });
    let cfg = TimeConfig::default();
    let middle = clock.allocate(&ctx(100, 361, 265), &cfg);
    assert!(middle.target() > secs(29.0), "{middle:?}");
    // Spill past main time must stay within one period.
    assert!(middle.max() <= secs(29.0) + secs(1800.0 * MAX_SHARE));
}

#[test]
fn middle_game_gets_more_than_the_opening_under_absolute_time() {
    let cfg = TimeConfig::default();
    let clock = Clock::new(TimeSystem::Absolute { main: secs(300.0) });
    let opening = clock.allocate(&ctx(0, 361, 361), &cfg);
    let middle = clock.allocate(&ctx(100, 361, 265), &cfg);
    assert!(middle.target() > opening.target(), "{opening:?} {middle:?}");

    // And over a simulated game, where the middle game has less time left.
    for (system, board, opening_move, middle_move) in [
        (TimeSystem::Absolute { main: secs(300.0) }, 361, 0, 50),
        (TimeSystem::Absolute { main: secs(60.0) }, 81, 0, 10),
    ] {
        let (_, budgets) = simulate(system, board, Duration::ZERO);
        assert!(
            budgets[middle_move].target() > budgets[opening_move].target(),
            "{:?} vs {:?}",
            budgets[middle_move],
            budgets[opening_move]
        );
    }
}

#[test]
fn phase_weight_is_smooth_and_bounded() {
    let mut last = ctx(0, 361, 361).phase_weight();
    for m in 1..400 {
        let w = ctx(m, 361, 361).phase_weight();
        assert!((OPENING_WEIGHT.min(ENDGAME_WEIGHT)..=MIDDLE_WEIGHT).contains(&w));
        assert!((w - last).abs() < 0.05, "jump at move {m}");
        last = w;
    }
}

#[test]
fn absolute_keeps_a_minimum_for_the_remaining_moves() {
    let cfg = TimeConfig::default();
    // About 30 moves to go on 19x19.
    let c = ctx(300, 361, 40);
    let reserve = MIN_MOVE * (c.moves_left() as u32);
    let clock = Clock::new(TimeSystem::Absolute { main: secs(0.5) });
    let budget = clock.allocate(&c, &cfg);
    assert!(budget.max() <= secs(0.5) - reserve, "{budget:?}");
    assert!(budget.target() >= MIN_MOVE);
    // Too little for the reserve: play at the floor.
    let clock = Clock::new(TimeSystem::Absolute { main: secs(0.35) });
    assert_eq!(
        clock.allocate(&c, &cfg),
        Budget::Time {
            target: MIN_MOVE,
            max: MIN_MOVE
        }
    );
}

#[test]
fn exhausted_clocks_give_zero_budgets() {
    let cfg = TimeConfig::default();
    let c = ctx(10, 81, 70);
    let clock = Clock::new(TimeSystem::from_gtp_time_settings(0, 0, 0));
    assert_eq!(
        clock.allocate(&c, &cfg),
        Budget::Time {
            target: Duration::ZERO,
            max: Duration::ZERO
        }
    );
    let mut clock = Clock::new(TimeSystem::from_gtp_time_settings(0, 1, 1));
    assert_eq!(clock.spend(secs(2.0)), Err(TimeLoss));
    assert_eq!(clock.allocate(&c, &cfg).max(), Duration::ZERO);
}

#[test]
fn no_limit_gives_the_default_budget() {
    let cfg = TimeConfig {
        default_budget: secs(7.0),
        ..TimeConfig::default()
    };
    let budget = Clock::new(TimeSystem::None).allocate(&ctx(30, 361, 330), &cfg);
    assert_eq!(
        budget,
        Budget::Time {
            target: secs(7.0),
            max: secs(7.0)
        }
    );
    assert_eq!(TimeConfig::default().default_budget, secs(5.0));
}

#[test]
fn odd_contexts_do_not_panic() {
    let cfg = TimeConfig::default();
    let clock = Clock::new(TimeSystem::Absolute { main: secs(60.0) });
    for c in [ctx(0, 0, 0), ctx(u32::MAX, 1, 5), ctx(5, 81, 1000)] {
        let budget = clock.allocate(&c, &cfg);
        assert!(budget.target() <= budget.max() && budget.max() <= secs(60.0));
    }
}

#[test]
fn a_huge_clock_still_caps_each_move() {
    let cfg = TimeConfig::default();
    let ctx = MoveContext {
        move_number: 40,
        board_points: 361,
        empty_points: 300,
    };
    let mut clock = Clock::new(TimeSystem::from_gtp_time_settings(99_999_999, 0, 0));
    clock.time_left(99_999_999.0, 0);
    let budget = clock.allocate(&ctx, &cfg);
    assert_eq!(budget.max(), cfg.max_per_move, "{budget:?}");
    assert!(budget.target() <= cfg.max_per_move, "{budget:?}");
    let capped = TimeConfig {
        max_per_move: secs(2.0),
        ..cfg
    };
    let none = Clock::new(TimeSystem::None);
    assert_eq!(
        none.allocate(&ctx, &capped).max(),
        secs(2.0),
        "the default budget too"
    );
}
