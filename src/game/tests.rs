//! Game tests: superko (rule 10), passes (rule 12), handicap (rule 17), undo, illegal moves.

use super::*;
use proptest::prelude::*;
use rand::{rngs::SmallRng, Rng, SeedableRng};

/// A ko on the top edge: Black captures at (2,1) from the top... see the diagram.
const KO: &str = ".XO..
                  XO.O.
                  .XO..
                  .....
                  .....";

fn ko_points(board: &Board) -> (Point, Point) {
    // (capture point, ko point) in diagram terms: column 2 and 1 of the second line.
    (board.point_at(2, 3), board.point_at(1, 3))
}

#[test]
fn positional_superko_forbids_recreating_a_position_after_passes_rule_10() {
    let board = Board::from_diagram(KO).expect("valid");
    let (capture, ko) = ko_points(&board);
    let mut game = Game::from_position(board, Color::Black, RuleSet::chinese());
    game.play(Color::Black, Move::Play(capture))
        .expect("black takes the ko");
    assert_eq!(
        game.legality(Color::White, Move::Play(ko)),
        Err(IllegalMove::Ko)
    );
    game.play(Color::White, Move::Pass).expect("pass");
    game.play(Color::Black, Move::Pass).expect("pass");
    // The board's simple ko is lifted by the passes, but the recapture would recreate the
    // starting position.
    assert_eq!(game.board().legality(Color::White, ko), Ok(()));
    let before = game.board().clone();
    assert_eq!(
        game.play(Color::White, Move::Play(ko)),
        Err(IllegalMove::Superko)
    );
    assert_eq!(game.board(), &before, "a refused move changes nothing");
    assert_eq!(game.to_move(), Color::White);
}

#[test]
fn situational_superko_looks_at_the_side_to_move_too_rule_10() {
    // The start position is recorded with White to move; Black then takes the ko out of
    // turn, so White's recapture recreates the position with Black to move: new for the
    // situational rule, a repetition for the positional one.
    let board = Board::from_diagram(KO).expect("valid");
    let (capture, ko) = ko_points(&board);
    let sequence = |rules: RuleSet| {
        let mut game = Game::from_position(board.clone(), Color::White, rules);
        game.play(Color::Black, Move::Play(capture)).expect("take");
        game.play(Color::White, Move::Pass).expect("pass");
        game.play(Color::Black, Move::Pass).expect("pass");
        game.legality(Color::White, Move::Play(ko))
    };
    let situational = RuleSet {
        ko: KoRule::Situational,
        ..RuleSet::chinese()
    };
    assert_eq!(sequence(RuleSet::chinese()), Err(IllegalMove::Superko));
    assert_eq!(sequence(situational), Ok(()));
    assert_eq!(
        sequence(RuleSet::japanese()),
        Ok(()),
        "Japanese rules: simple ko only"
    );
}

#[test]
fn two_passes_end_the_game_and_a_move_resets_the_count_rule_12() {
    let mut game = Game::new(9, RuleSet::chinese()).expect("valid");
    game.play(Color::Black, Move::Pass).expect("pass");
    assert!(!game.is_over());
    let p = game.point(4, 4).expect("on board");
    game.play(Color::White, Move::Play(p)).expect("legal");
    assert_eq!(game.consecutive_passes(), 0);
    game.play(Color::Black, Move::Pass).expect("pass");
    game.play(Color::White, Move::Pass).expect("pass");
    assert!(game.is_over());
    assert!(game.undo());
    assert!(!game.is_over());
}

#[test]
fn handicap_stones_then_white_moves_first_rule_17() {
    let mut game = Game::new(9, RuleSet::chinese()).expect("valid");
    let stones = [game.point(2, 2).expect("on"), game.point(6, 6).expect("on")];
    game.place_handicap(&stones).expect("empty board");
    assert_eq!(game.handicap(), 2);
    assert_eq!(game.to_move(), Color::White);
    assert!(
        game.place_handicap(&stones).is_err(),
        "only on an empty board"
    );
    assert!(!game.undo(), "handicap stones are the start, not moves");
}

#[test]
fn off_board_and_occupied_are_typed() {
    let mut game = Game::new(5, RuleSet::chinese()).expect("valid");
    assert_eq!(game.point(5, 0), Err(IllegalMove::OffBoard));
    let p = game.point(0, 0).expect("on board");
    game.play(Color::Black, Move::Play(p)).expect("legal");
    assert_eq!(
        game.play(Color::White, Move::Play(p)),
        Err(IllegalMove::Occupied)
    );
    assert_eq!(game.moves().len(), 1);
}

#[test]
fn rule_set_presets() {
    let chinese = RuleSet::chinese();
    assert_eq!(
        (chinese.counting, chinese.ko, chinese.default_komi),
        (Counting::Area, KoRule::Positional, 7.5)
    );
    let japanese = RuleSet::japanese();
    assert_eq!(
        (japanese.counting, japanese.default_komi),
        (Counting::Territory, 6.5)
    );
    assert!(!RuleSet::tromp_taylor().remove_dead);
    assert_eq!(RuleSet::by_name("AGA"), Some(RuleSet::chinese()));
    assert_eq!(RuleSet::by_name("new_zealand"), Some(RuleSet::chinese()));
    assert_eq!(RuleSet::by_name("Japanese"), Some(RuleSet::japanese()));
    assert_eq!(
        RuleSet::by_name("tromp-taylor"),
        Some(RuleSet::tromp_taylor())
    );
    assert_eq!(RuleSet::by_name("ing"), None);
}

/// Plays a random legal game and returns it with the board before each move.
fn random_game(size: usize, seed: u64) -> (Game, Vec<Board>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(size, RuleSet::chinese()).expect("valid size");
    let mut boards = Vec::new();
    while !game.is_over() && game.moves().len() < 3 * size * size {
        let color = game.to_move();
        let legal = game.legal_points(color);
        let candidates: Vec<Point> = legal
            .into_iter()
            .filter(|&p| !game.board().is_eyelike(color, p))
            .collect();
        let mv = if candidates.is_empty() || rng.gen_range(0..50) == 0 {
            Move::Pass
        } else {
            Move::Play(candidates[rng.gen_range(0..candidates.len())])
        };
        boards.push(game.board().clone());
        game.play(color, mv).expect("chosen among legal moves");
    }
    (game, boards)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Undo restores the exact state (stones, hash, ko, captures) after every move.
    #[test]
    fn undo_restores_every_earlier_state(size in prop::sample::select(vec![3usize, 5, 9]), seed in any::<u64>()) {
        let (mut game, boards) = random_game(size, seed);
        for expected in boards.iter().rev() {
            prop_assert!(game.undo());
            prop_assert_eq!(game.board(), expected);
            prop_assert_eq!(game.board().ko(), expected.ko());
            prop_assert_eq!(game.board().hash(), expected.hash());
            prop_assert!(game.board().check_invariants().is_ok());
        }
        prop_assert!(!game.undo());
        prop_assert!(game.moves().is_empty());
    }

    /// A replay visits the position before every move, with that move, in order.
    #[test]
    fn replay_visits_the_position_before_each_move(size in prop::sample::select(vec![3usize, 5, 9]), seed in any::<u64>()) {
        let (game, boards) = random_game(size, seed);
        let mut visited = Vec::new();
        game.for_each_position(|position, color, mv| {
            visited.push((position.board().clone(), position.moves().len(), color, mv));
        });
        prop_assert_eq!(visited.len(), boards.len());
        for (i, ((board, before, color, mv), expected)) in visited.into_iter().zip(&boards).enumerate() {
            prop_assert_eq!(&board, expected);
            prop_assert_eq!(board.hash(), expected.hash());
            prop_assert_eq!(before, i);
            prop_assert_eq!((color, mv), game.moves()[i]);
        }
    }
}
