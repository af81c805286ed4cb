//! Engine tests: handicap placement (rule 17), komi across new games, failed requests that
//! change nothing, clocks, and genmove's bookkeeping. Move quality is the search's business.

use super::*;
use crate::board::{Board, Cell};
use crate::game::KoRule;

fn engine(size: usize) -> Engine {
    let config = Settings::deterministic(20);
    let mut engine = Engine::new(config);
    engine.set_board_size(size).expect("valid size");
    engine
}

fn at(engine: &Engine, col: usize, row: usize) -> Point {
    engine.game().board().point_at(col, row)
}

/// Everything a failed request must leave as it was.
fn state(engine: &Engine) -> (Board, Color, Vec<(Color, Move)>, u32, String) {
    let game = engine.game();
    (
        game.board().clone(),
        game.to_move(),
        game.moves().to_vec(),
        game.handicap(),
        format!("{} {}", game.komi(), game.rules().name),
    )
}

#[test]
fn handicap_stones_are_black_and_white_moves_first_rule_17() {
    let mut engine = engine(19);
    let points = engine.fixed_handicap(4).expect("empty board");
    assert_eq!(points.len(), 4);
    assert!(points
        .iter()
        .all(|&p| engine.game().board().cell(p) == Cell::Black));
    assert_eq!(engine.game().to_move(), Color::White);
    assert_eq!(engine.game().handicap(), 4);
}

#[test]
fn free_handicap_answers_exactly_n_distinct_points() {
    for size in 2..=9 {
        for n in 2..size * size {
            let mut engine = engine(size);
            let points = engine.place_free_handicap(n as u64).expect("valid count");
            let mut distinct = points.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), n, "size {size}, {n} stones");
            assert_eq!(engine.game().board().empty_count(), size * size - n);
        }
        let mut engine = engine(size);
        assert_eq!(
            engine.place_free_handicap((size * size) as u64),
            Err(EngineError::InvalidHandicap),
            "at least one point stays empty"
        );
    }
}

#[test]
fn free_handicap_starts_on_the_star_points() {
    let mut engine = engine(19);
    let points = engine.place_free_handicap(11).expect("valid count");
    let stars: Vec<Point> = handicap::fixed_coords(19, 9)
        .expect("19x19 has nine")
        .into_iter()
        .map(|(c, r)| at(&engine, c, r))
        .collect();
    assert_eq!(points[..9], stars[..]);
}

#[test]
fn failed_requests_change_nothing() {
    let mut engine = engine(9);
    engine.set_komi(0.5);
    engine
        .play(Color::Black, Move::Play(at(&engine, 4, 4)))
        .expect("legal");
    let before = state(&engine);
    assert_eq!(
        engine.play(Color::White, Move::Play(at(&engine, 4, 4))),
        Err(EngineError::Illegal(IllegalMove::Occupied))
    );
    assert_eq!(engine.fixed_handicap(2), Err(EngineError::BoardNotEmpty));
    assert_eq!(
        engine.place_free_handicap(3),
        Err(EngineError::BoardNotEmpty)
    );
    assert_eq!(
        engine.set_board_size(26),
        Err(EngineError::UnacceptableSize)
    );
    assert_eq!(engine.set_board_size(1), Err(EngineError::UnacceptableSize));
    assert!(matches!(
        engine.set_rules("go-moku"),
        Err(EngineError::UnknownRules(_))
    ));
    assert!(matches!(
        engine.load_sgf(Path::new("/nonexistent/yunzi.sgf"), None),
        Err(EngineError::CannotLoad(_))
    ));
    assert_eq!(state(&engine), before);
}

#[test]
fn set_free_handicap_refuses_repeats_and_bad_counts() {
    let mut engine = engine(9);
    let (a, b) = (at(&engine, 2, 2), at(&engine, 6, 6));
    assert_eq!(
        engine.set_free_handicap(&[a, a]),
        Err(EngineError::BadVertexList)
    );
    assert_eq!(
        engine.set_free_handicap(&[a]),
        Err(EngineError::InvalidHandicap)
    );
    assert_eq!(engine.game().board().empty_count(), 81);
    engine
        .set_free_handicap(&[a, b])
        .expect("two distinct points");
    assert_eq!(engine.game().handicap(), 2);
}

#[test]
fn komi_survives_new_games_and_board_sizes() {
    let mut engine = engine(19);
    engine.set_komi(3.5);
    engine.set_board_size(9).expect("valid");
    assert_eq!(engine.game().komi(), 3.5);
    engine.play(Color::Black, Move::Pass).expect("legal");
    engine.clear_board();
    assert_eq!(engine.game().komi(), 3.5);
    assert!(engine.game().moves().is_empty());
}

#[test]
fn undo_takes_back_moves_until_there_are_none() {
    let mut engine = engine(9);
    assert_eq!(engine.undo(), Err(EngineError::CannotUndo));
    engine
        .play(Color::Black, Move::Play(at(&engine, 2, 2)))
        .expect("legal");
    engine
        .play(Color::Black, Move::Play(at(&engine, 3, 3)))
        .expect("either colour may play");
    engine.undo().expect("one to undo");
    engine.undo().expect("another");
    assert_eq!(engine.game().board().empty_count(), 81);
    assert_eq!(engine.undo(), Err(EngineError::CannotUndo));
}

#[test]
fn genmove_plays_for_the_requested_colour() {
    let mut engine = engine(9);
    match engine.genmove(Color::White) {
        Decision::Play(p) => assert_eq!(engine.game().board().cell(p), Cell::White),
        Decision::Pass => assert_eq!(engine.game().moves(), &[(Color::White, Move::Pass)]),
        Decision::Resign => panic!("resignation is disabled"),
    }
    assert_eq!(engine.game().to_move(), Color::Black);
    assert_eq!(engine.game().moves().len(), 1);
}

#[test]
fn reg_genmove_changes_nothing() {
    let mut engine = engine(9);
    engine
        .play(Color::Black, Move::Play(at(&engine, 4, 4)))
        .expect("legal");
    let before = state(&engine);
    engine.reg_genmove(Color::Black);
    assert_eq!(state(&engine), before);
}

#[test]
fn the_engine_keeps_time_until_the_controller_reports_it() {
    let mut engine = engine(9);
    let minute = Duration::from_secs(60);
    engine.set_time_system(TimeSystem::Absolute { main: minute });
    engine.genmove(Color::Black);
    assert!(
        engine.clock(Color::Black).main_left() < minute,
        "own moves are charged"
    );
    assert_eq!(
        engine.clock(Color::White).main_left(),
        minute,
        "never the opponent's"
    );
    engine.time_left(Color::Black, 30.0, 0);
    engine.genmove(Color::Black);
    assert_eq!(
        engine.clock(Color::Black).main_left(),
        Duration::from_secs(30),
        "the controller's figure stands"
    );
}

#[test]
fn kgs_rule_names_map_to_the_nearest_preset() {
    let mut engine = engine(9);
    for (name, expected) in [
        ("japanese", "japanese"),
        ("aga", "chinese"),
        ("new_zealand", "chinese"),
        ("tromp-taylor", "tromp-taylor"),
        ("chinese", "chinese"),
    ] {
        engine.set_rules(name).expect("a known name");
        assert_eq!(engine.game().rules().name, expected);
    }
    engine.set_rules("japanese").expect("known");
    assert_eq!(engine.game().rules().ko, KoRule::Simple);
    engine.clear_board();
    assert_eq!(
        engine.game().rules().name,
        "japanese",
        "kept for the next game"
    );
}

#[test]
fn sgf_round_trip_through_the_engine_rule_22() {
    let mut engine = engine(7);
    for _ in 0..12 {
        engine.genmove(engine.game().to_move());
    }
    let path = std::env::temp_dir().join(format!("yunzi-engine-test-{}.sgf", std::process::id()));
    engine.save_sgf(&path).expect("writable temp dir");
    let mut copy = self::engine(19);
    copy.load_sgf(&path, None).expect("our own record loads");
    let _ = std::fs::remove_file(&path);
    assert_eq!(state(&copy), state(&engine));
}

#[test]
fn star_points_follow_the_board_size_rule_2() {
    assert_eq!(engine(19).star_points().len(), 9);
    assert_eq!(engine(13).star_points().len(), 5);
    assert_eq!(engine(9).star_points().len(), 5);
    assert_eq!(engine(7).star_points().len(), 4);
    assert_eq!(engine(8).star_points().len(), 4);
    assert_eq!(engine(5).star_points().len(), 0);
}

#[test]
fn pondering_runs_after_genmove_and_stops_for_the_next_command() {
    let mut engine = engine(9);
    engine.settings.ponder = true;
    let first = engine.genmove(Color::Black);
    assert!(matches!(first, Decision::Play(_)));
    assert!(engine.is_pondering(), "searching on White's time");
    std::thread::sleep(Duration::from_millis(30));
    engine.stop_pondering();
    assert!(!engine.is_pondering());
    // The search came back and plays on from the new position.
    let p = at(&engine, 0, 0);
    engine.play(Color::White, Move::Play(p)).expect("legal");
    assert!(matches!(engine.genmove(Color::Black), Decision::Play(_)));
    assert_eq!(engine.game().moves().len(), 3);
    engine
        .game()
        .board()
        .check_invariants()
        .expect("consistent");
}

#[test]
fn pondering_resumes_only_where_the_engines_move_left_the_game() {
    let mut engine = engine(9);
    engine.resume_pondering();
    assert!(!engine.is_pondering(), "no move of ours to ponder after");
    engine.settings.ponder = true;
    engine.genmove(Color::Black);
    engine.stop_pondering();
    // A query, or an analysis for either side, leaves the game where it was.
    engine.analyze(Color::Black, Duration::from_millis(5));
    engine.resume_pondering();
    assert!(engine.is_pondering(), "the game is where our move left it");
    engine.stop_pondering();
    let p = at(&engine, 0, 0);
    engine.play(Color::White, Move::Play(p)).expect("legal");
    engine.resume_pondering();
    assert!(
        !engine.is_pondering(),
        "White has moved: our turn, not White's time"
    );
    engine.undo().expect("White's move");
    engine.resume_pondering();
    assert!(engine.is_pondering(), "back where our move left the game");
}

#[test]
fn pondering_is_off_by_default() {
    let mut engine = engine(9);
    engine.genmove(Color::Black);
    assert!(!engine.is_pondering());
}

/// [`crate::search::fixtures::DEAD_STONES`] as a board.
fn dead_stones_board() -> Board {
    Board::from_diagram(crate::search::fixtures::DEAD_STONES).expect("valid")
}

#[test]
fn cleanup_fills_the_liberties_of_dead_opponent_stones() {
    let mut engine = engine(9);
    engine.game = Game::from_position(dead_stones_board(), Color::Black, RuleSet::tromp_taylor());
    let report = engine.think();
    let dead_white = at(&engine, 1, 7);
    let liberties = engine.game().board().chain_liberties(dead_white);
    match engine.cleanup_move(Color::Black, &report) {
        Some(Decision::Play(p)) => assert!(liberties.contains(&p), "{p:?} is no liberty of B8"),
        other => panic!("expected a move at a liberty of the dead stone, got {other:?}"),
    }
    // White's own cleanup goes after the dead black stone at H2.
    engine.game.set_to_move(Color::White);
    let dead_black = at(&engine, 7, 1);
    let liberties = engine.game().board().chain_liberties(dead_black);
    match engine.cleanup_move(Color::White, &report) {
        Some(Decision::Play(p)) => assert!(liberties.contains(&p)),
        other => panic!("expected a move at a liberty of H2, got {other:?}"),
    }
}

#[test]
fn under_chinese_rules_only_cleanup_captures_dead_stones_instead_of_passing_or_resigning() {
    for (kind, decision, cleans_up) in [
        (MoveKind::Normal, Decision::Pass, false),
        (MoveKind::Normal, Decision::Resign, false),
        (MoveKind::Cleanup, Decision::Pass, true),
        (MoveKind::Cleanup, Decision::Resign, true),
    ] {
        let mut engine = engine(9);
        engine.game = Game::from_position(dead_stones_board(), Color::Black, RuleSet::chinese());
        let dead_white = at(&engine, 1, 7);
        let liberties = engine.game().board().chain_liberties(dead_white);
        let report = search::Report {
            decision,
            winrate: 0.5,
            komi: 7.5,
            playouts: 0,
            elapsed: Duration::ZERO,
            candidates: Vec::new(),
        };
        let played = engine.conclude(Color::Black, report, kind);
        if cleans_up {
            assert!(
                matches!(played, Decision::Play(p) if liberties.contains(&p)),
                "{kind:?} {decision:?} became {played:?}, not a liberty of B8"
            );
        } else {
            assert_eq!(played, decision, "{kind:?}");
        }
    }
}

#[test]
fn nothing_to_clean_up_in_a_finished_game_without_dead_stones() {
    let board = Board::from_diagram(
        ".X.XO.O.O
         XXXXOOOOO
         .X.XO.O.O
         XXXXOOOOO
         .X.XO.O.O
         XXXXOOOOO
         .X.XO.O.O
         XXXXOOOOO
         .X.XO.O.O",
    )
    .expect("valid");
    let mut engine = engine(9);
    engine.game = Game::from_position(board, Color::Black, RuleSet::tromp_taylor());
    let report = engine.think();
    assert_eq!(engine.cleanup_move(Color::Black, &report), None);
}

#[test]
fn a_fixed_playout_budget_still_obeys_the_clock() {
    let mut engine = engine(9);
    assert_eq!(engine.budget(Color::Black), Budget::Playouts(20));
    // One second per move (time_settings 0 1 1): the budget stops at the clock's limit.
    engine.set_time_system(TimeSystem::from_gtp_time_settings(0, 1, 1));
    match engine.budget(Color::Black) {
        Budget::PlayoutsWithin { playouts: 20, max } => {
            assert!(max < Duration::from_secs(1), "{max:?}")
        }
        other => panic!("expected a capped playout budget, got {other:?}"),
    }
    engine.settings.playouts = None;
    assert!(matches!(engine.budget(Color::Black), Budget::Time { .. }));
}
