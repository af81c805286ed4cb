//! Dynamic komi's schedule and its reaction, rule by rule, on the figures of the module
//! documentation: 8 points a stone for White on big boards (none on small ones), fading by
//! move 0.4 x the points, and 12 for Black, fading by move 0.55 x the points.

use super::*;
use crate::game::RuleSet;
use crate::search::fixtures::handicap_game;

/// Plays `n` more moves, each side in turn on the first legal point in board order.
fn advance(game: &mut Game, n: usize) {
    for _ in 0..n {
        let color = game.to_move();
        let p = game
            .board()
            .points()
            .find(|&p| game.legality(color, Move::Play(p)).is_ok())
            .expect("a legal point");
        game.play(color, Move::Play(p)).expect("legal");
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn even_games_keep_the_real_komi_whatever_the_win_rate() {
    let mut game = Game::new(9, RuleSet::chinese()).expect("valid size");
    let mut komi = DynamicKomi::default();
    assert_eq!(komi.komi(&game), 7.5);
    for winrate in [0.99, 0.3, 0.05] {
        komi.react(&game, game.to_move(), winrate);
        advance(&mut game, 2);
        assert_eq!(komi.komi(&game), 7.5, "after a search at {winrate}");
    }
}

#[test]
fn the_real_komi_of_a_handicap_game_has_its_compensation() {
    // Rule 17: under area counting White gets a point a stone; territory counting has none.
    let mut game = handicap_game(9, 2);
    assert_eq!(game.full_komi(), 2.5);
    game.set_rules(RuleSet::japanese());
    assert_eq!(game.full_komi(), 0.5);
}

#[test]
fn white_giving_stones_is_credited_eight_points_a_stone_fading_to_none() {
    // White moves first after the stones, so it is the engine before any move of its own.
    let mut game = handicap_game(19, 4);
    let komi = DynamicKomi::default();
    let real = game.full_komi();
    assert!(
        close(komi.komi(&game), real + 32.0),
        "4 x 8 points at move 0"
    );
    // The credit fades linearly: half of it at half the fade move, 0.4 x 361 = 144.4.
    advance(&mut game, 72);
    let half = 32.0 * (1.0 - 72.0 / 144.4);
    assert!(close(komi.komi(&game), real + half), "{}", komi.komi(&game));
    advance(&mut game, 74);
    assert_eq!(komi.komi(&game), real, "none from move 145");
}

#[test]
fn white_giving_stones_on_a_small_board_plays_at_the_real_komi() {
    // The playouts leave 9x9's White a third of the games: no credit to make it slack.
    let mut game = handicap_game(9, 2);
    let komi = DynamicKomi::default();
    assert_eq!(komi.komi(&game), game.full_komi(), "at move 0");
    advance(&mut game, 10);
    assert_eq!(komi.komi(&game), game.full_komi(), "at move 10");
    // The smallest big board has the credit: 2 x 8 points at move 0.
    let game = handicap_game(13, 2);
    assert!(close(komi.komi(&game), game.full_komi() + 16.0));
}

#[test]
fn black_taking_stones_is_charged_twelve_points_a_stone_fading_later() {
    let mut game = handicap_game(19, 3);
    advance(&mut game, 1);
    let komi = DynamicKomi::default();
    let real = game.full_komi();
    // Black must win by the charge: White is credited it. 0.55 x 361 = 198.55.
    let charge = 36.0 * (1.0 - 1.0 / 198.55);
    assert!(
        close(komi.komi(&game), real + charge),
        "{}",
        komi.komi(&game)
    );
    advance(&mut game, 150);
    assert!(
        komi.komi(&game) > real,
        "Black's charge outlasts White's credit"
    );
    advance(&mut game, 50);
    assert_eq!(komi.komi(&game), real);
}

#[test]
fn the_komi_follows_the_engine_not_the_side_to_move() {
    // Pondering and analysis after the engine's move search the opponent's turn: they
    // count with the engine's komi, so that its next search may keep their tree.
    let mut game = handicap_game(19, 4);
    let mut komi = DynamicKomi::default();
    komi.react(&game, Color::White, 0.6);
    advance(&mut game, 1);
    let white_credit = 32.0 * (1.0 - 1.0 / 144.4);
    assert!(close(komi.komi(&game), game.full_komi() + white_credit));
}

/// White's first three moves of a 13x13 game with 2 stones, each search at `winrate`: the
/// game after them and the state; `scheduled` is White's credit there, 16 x (1 - 6/67.6).
fn three_white_moves_at(winrate: f64) -> (Game, DynamicKomi, f64) {
    let mut game = handicap_game(13, 2);
    let mut komi = DynamicKomi::default();
    for _ in 0..3 {
        komi.react(&game, Color::White, winrate);
        advance(&mut game, 2);
    }
    (game, komi, 16.0 * (1.0 - 6.0 / 67.6))
}

#[test]
fn a_comfortable_engine_plays_for_one_point_more_each_move() {
    let (mut game, komi, scheduled) = three_white_moves_at(0.9);
    assert!(close(komi.komi(&game), game.full_komi() + scheduled - 3.0));
    // Past the schedule it goes on, against a weaker player's slack: White gives komi.
    advance(&mut game, 70);
    assert!(close(komi.komi(&game), game.full_komi() - 3.0));
}

#[test]
fn a_losing_engine_is_never_credited_beyond_the_schedule() {
    // White, behind even with its credit, gets no more: that would only deceive it.
    let (game, komi, scheduled) = three_white_moves_at(0.1);
    assert!(close(komi.komi(&game), game.full_komi() + scheduled));
}

#[test]
fn a_charged_engine_below_the_orange_zone_takes_back_four_points_for_good() {
    let mut game = handicap_game(19, 3);
    advance(&mut game, 1);
    let mut komi = DynamicKomi::default();
    let charge = |game: &Game, komi: &DynamicKomi| komi.komi(game) - game.full_komi();
    let before = charge(&game, &komi);
    komi.react(&game, Color::Black, 0.7);
    assert!(
        close(charge(&game, &komi), before - DROP),
        "four points back"
    );
    // The ratchet: comfortable again, it does not ask for those points back.
    advance(&mut game, 2);
    let ratchet = before - DROP;
    for _ in 0..5 {
        komi.react(&game, Color::Black, 0.95);
        assert!(charge(&game, &komi) <= ratchet + 1e-9);
        advance(&mut game, 2);
    }
}

/// A 19x19 game with 3 stones after Black's first search, which gave it 45% at its
/// charge, and the state after it.
fn black_below_even() -> (Game, DynamicKomi) {
    let mut game = handicap_game(19, 3);
    advance(&mut game, 1);
    let mut komi = DynamicKomi::default();
    komi.react(&game, Color::Black, 0.45);
    (game, komi)
}

#[test]
fn a_charged_engine_below_even_chances_plays_at_the_real_komi_for_the_rest_of_the_game() {
    let (mut game, mut komi) = black_below_even();
    assert_eq!(komi.komi(&game), game.full_komi());
    advance(&mut game, 2);
    komi.react(&game, Color::Black, 0.99);
    advance(&mut game, 2);
    assert_eq!(komi.komi(&game), game.full_komi(), "off for good");
}

#[test]
fn a_new_game_starts_with_the_schedule_alone() {
    let (game, komi) = black_below_even();
    assert_eq!(komi.komi(&game), game.full_komi(), "off in that game");
    let mut next = handicap_game(19, 3);
    advance(&mut next, 1);
    assert!(komi.komi(&next) > next.full_komi() + 30.0, "charged again");
}
