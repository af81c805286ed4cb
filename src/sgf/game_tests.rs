//! Games to records and back (rule 22): a saved game continues identically when restored.

use super::*;
use crate::board::{Move, Point};
use crate::game::{Game, RuleSet};
use rand::{rngs::SmallRng, Rng, SeedableRng};

/// A random legal move for the side to move, a pass now and then (and whenever nothing is
/// legal), so games end, capture and fight kos.
fn random_move(game: &Game, rng: &mut impl Rng) -> Move {
    let legal = game.legal_points(game.to_move());
    if legal.is_empty() || rng.gen_bool(0.05) {
        Move::Pass
    } else {
        Move::Play(legal[rng.gen_range(0..legal.len())])
    }
}

/// A random game: a random size, rules and komi, sometimes a handicap or setup stones, then
/// random moves by either colour (GTP lets either colour move).
fn random_game(rng: &mut impl Rng) -> Game {
    let size = rng.gen_range(2..=9);
    let rules = [
        RuleSet::chinese(),
        RuleSet::japanese(),
        RuleSet::tromp_taylor(),
    ][rng.gen_range(0..3)];
    let mut game = Game::new(size, rules).expect("valid size");
    let area = size * size;
    match rng.gen_range(0..4) {
        0 if area > 4 => {
            let mut points: Vec<Point> = game.board().points().collect();
            points.truncate(rng.gen_range(2..area / 2));
            game.place_handicap(&points).expect("empty board");
        }
        1 => {
            let mut board = game.board().clone();
            let mut stones = Vec::new();
            for p in board.points() {
                match rng.gen_range(0..10) {
                    0 => stones.push((Color::Black, p)),
                    1 => stones.push((Color::White, p)),
                    _ => {}
                }
            }
            if board.setup(&stones).is_ok() {
                game = Game::from_position(board, Color::White, rules);
            }
        }
        _ => {}
    }
    game.set_komi(f64::from(rng.gen_range(-20..40)) / 2.0);
    for _ in 0..rng.gen_range(0..3 * area) {
        let color = if rng.gen_bool(0.9) {
            game.to_move()
        } else {
            game.to_move().opponent()
        };
        let legal = game.legal_points(color);
        let mv = if legal.is_empty() || rng.gen_bool(0.05) {
            Move::Pass
        } else {
            Move::Play(legal[rng.gen_range(0..legal.len())])
        };
        game.play(color, mv).expect("legal");
    }
    game
}

fn restored(game: &Game) -> Game {
    let text = write(&from_game(game));
    let record = parse(&text).expect("printsgf output parses");
    to_game(&record, None, RuleSet::chinese()).expect("printsgf output replays")
}

fn assert_same(a: &Game, b: &Game) {
    assert_eq!(a.board(), b.board(), "stones, ko state and captures");
    assert_eq!(a.start_board(), b.start_board());
    assert_eq!(a.to_move(), b.to_move());
    assert_eq!(a.start_to_move(), b.start_to_move());
    assert_eq!(a.komi(), b.komi());
    assert_eq!(a.handicap(), b.handicap());
    assert_eq!(a.rules(), b.rules());
    assert_eq!(a.moves(), b.moves());
    assert_eq!(a.consecutive_passes(), b.consecutive_passes());
    for color in [Color::Black, Color::White] {
        assert_eq!(
            a.legal_points(color),
            b.legal_points(color),
            "superko history"
        );
    }
}

#[test]
fn a_saved_game_continues_identically_rule_22() {
    let mut rng = SmallRng::seed_from_u64(22);
    for _ in 0..300 {
        let mut game = random_game(&mut rng);
        let mut copy = restored(&game);
        assert_same(&game, &copy);
        for _ in 0..20 {
            let mv = random_move(&game, &mut rng);
            let color = game.to_move();
            assert_eq!(game.play(color, mv), copy.play(color, mv));
            assert_same(&game, &copy);
        }
    }
}

#[test]
fn move_number_loads_the_position_before_that_move() {
    let mut rng = SmallRng::seed_from_u64(5);
    let game = random_game(&mut rng);
    let record = from_game(&game);
    let total = game.moves().len();
    for number in [0, 1, 2, total / 2, total, total + 1, usize::MAX] {
        let loaded = to_game(&record, Some(number), RuleSet::chinese()).expect("replays");
        assert_eq!(
            loaded.moves(),
            &game.moves()[..number.saturating_sub(1).min(total)]
        );
    }
}

#[test]
fn handicap_records_restore_the_handicap_and_white_to_move_rule_17() {
    let record = parse("(;FF[4]GM[1]SZ[9]HA[2]KM[0.5]AB[cc][gg])").expect("parses");
    let game = to_game(&record, None, RuleSet::chinese()).expect("replays");
    assert_eq!(game.handicap(), 2);
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.komi(), 0.5);
    assert_eq!(game.board().captures(Color::Black), 0);
}

#[test]
fn rules_come_from_ru_and_side_to_move_from_pl() {
    let record = parse("(;FF[4]GM[1]SZ[5]RU[Japanese]PL[W]AB[aa]AW[bb])").expect("parses");
    let game = to_game(&record, None, RuleSet::chinese()).expect("replays");
    assert_eq!(game.rules().name, "japanese");
    assert_eq!(game.komi(), 6.5, "the rules' komi without KM");
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(
        game.handicap(),
        0,
        "setup with white stones is not a handicap"
    );
}

#[test]
fn records_that_cannot_be_replayed_are_refused() {
    let cases = [
        "(;FF[4]GM[1]SZ[1])",                 // a board the engine does not play on
        "(;FF[4]GM[1]SZ[3];B[bb];W[bb])",     // a move on a stone (rule 4)
        "(;FF[4]GM[1]SZ[3]AB[ab][ba]AW[aa])", // a chain without liberties
        "(;FF[4]GM[1]SZ[3]AW[ab][ba][bc][cb];B[bb])", // suicide (rule 9)
    ];
    for text in cases {
        let record = parse(text).expect("well-formed SGF");
        assert!(
            to_game(&record, None, RuleSet::chinese()).is_err(),
            "{text} should be refused"
        );
    }
}
