//! Search tests: one thread, a fixed seed and a playout budget, so every run is the same.

use super::fixtures::{at, game, handicap_game, search};
use super::*;
use crate::game::RuleSet;

/// The check a pass first gets in these decisions ([`pass_check`]): a short search.
const CHECK: Option<&Budget> = Some(&Budget::Playouts(1000));

/// Three white stones in atari, their last liberty at (3, 3). White is lost whatever it
/// plays (every move near 5% at komi 10 to 20), so the tests here use it only where the
/// moves' values do not matter: repeatability, reporting, the tree's reuse.
const ATARI: &str = ".....
                     .XXX.
                     XOOOX
                     .XX..
                     .....";

fn decide(game: &Game, playouts: u64) -> Report {
    search().run(game, &Budget::Playouts(playouts), &AtomicBool::new(false))
}

/// The root's moves and their visits after `playouts` under `config`: two settings that
/// should search alike (or not) are compared by these.
fn root_visits(game: &Game, config: SearchConfig, playouts: u64) -> Vec<(Move, u32)> {
    let report =
        Search::new(config).run(game, &Budget::Playouts(playouts), &AtomicBool::new(false));
    report.candidates.iter().map(|c| (c.mv, c.visits)).collect()
}

/// A game from `ATARI` with komi 10.
fn atari(to_move: Color) -> Game {
    let mut g = game(ATARI, to_move);
    g.set_komi(10.0);
    g
}

#[test]
fn captures_the_obvious() {
    // A white stone in atari that runs out to three liberties unless Black takes it now
    // (the ATARI chain no longer serves: the playouts read that its run ends in a ladder,
    // so every Black move wins there).
    let mut g = game(
        ".....
         ..X..
         .XOX.
         .....
         .....",
        Color::Black,
    );
    g.set_komi(10.0);
    let report = decide(&g, 3000);
    let capture = at(&g, 2, 3);
    assert_eq!(
        report.decision,
        Decision::Play(capture),
        "{:?}",
        report.candidates[..3].to_vec()
    );
    let other = report
        .candidates
        .iter()
        .find(|c| c.mv != Move::Play(capture))
        .expect("other moves were tried");
    assert!(report.candidates[0].winrate > other.winrate);
}

#[test]
fn saves_a_chain_in_atari() {
    // White's three stones in the middle row are in atari at E4 (the point below them);
    // E4 connects them to the bottom wall and leaves Black's two stones there caught. Left
    // in atari, Black takes them and the middle row, and the game. (The 5x5 position this
    // test once used was lost whatever White played: every move stood near 5%.)
    let mut g = game(
        ".........
         .........
         .........
         XXXXXXXXX
         XXOOOXXXX
         OOXX.OOOO
         ..O.O....
         .........
         .........",
        Color::White,
    );
    g.set_komi(7.5);
    let report = decide(&g, 3000);
    let e4 = at(&g, 4, 5);
    assert_eq!(report.decision, Decision::Play(e4));
    let save = &report.candidates[0];
    assert_eq!(save.mv, Move::Play(e4));
    assert!(save.winrate > 0.7, "{:?}", report.candidates);
    assert!(report.candidates[1..]
        .iter()
        .all(|c| c.winrate < save.winrate - 0.3));
}

#[test]
fn a_seed_one_thread_and_a_playout_budget_repeat_exactly() {
    let g = atari(Color::White);
    let a = decide(&g, 1500);
    let b = decide(&g, 1500);
    assert_eq!(a.decision, b.decision);
    assert_eq!(a.candidates, b.candidates);
    assert_eq!(a.playouts, 1500);
}

#[test]
fn resigns_a_hopeless_game() {
    let g = game(
        ".X.X.X.X.
         XXXXXXXXX
         .X.X.X.X.
         XXXXXXXXX
         .X.X.X.X.
         XXXXXXXXX
         .........
         OOOOOOOOO
         .O.O.O.O.",
        Color::White,
    );
    let report = decide(&g, 2000);
    assert_eq!(
        report.decision,
        Decision::Resign,
        "win rate {}",
        report.winrate
    );
    let never = Search::new(SearchConfig {
        threads: 1,
        seed: 42,
        resign_threshold: 0.0,
        max_tree_bytes: 64 << 20,
        ..SearchConfig::default()
    })
    .run(&g, &Budget::Playouts(500), &AtomicBool::new(false));
    assert_ne!(never.decision, Decision::Resign, "--resign never");
}

#[test]
fn passes_after_the_opponent_in_a_finished_won_game() {
    let mut g = game(fixtures::FINISHED, Color::Black);
    g.set_komi(0.5);
    g.play(Color::Black, Move::Pass).expect("pass");
    // White is ahead (45 + 0.5 against 36) and Black passed: White ends the game.
    let report = decide(&g, 500);
    assert_eq!(report.decision, Decision::Pass);
}

#[test]
fn does_not_pass_after_the_opponent_while_losing() {
    let mut g = game(fixtures::FINISHED, Color::White);
    g.set_komi(0.5);
    g.play(Color::White, Move::Pass).expect("pass");
    // Black is behind: passing now would lose, so it plays on (or resigns).
    let report = decide(&g, 500);
    assert_ne!(report.decision, Decision::Pass);
}

#[test]
fn a_settled_lost_board_resigns_or_passes_unless_the_search_expects_to_win() {
    // Black's 36 points against White's 45 and a half: the judgement counts the game lost
    // and every point settled. A search that agrees resigns; one that gives its move 0.6
    // plays it, as the judgement is then the likelier to be wrong. (A9 is one of Black's
    // eyes.)
    let g = {
        let mut g = game(fixtures::FINISHED, Color::Black);
        g.set_komi(0.5);
        g
    };
    let inside = at(&g, 0, 0);
    let inside_at = |winrate| candidate(Move::Play(inside), 500, winrate);
    let decision = |winrate| {
        search()
            .end_decision(&g, &[inside_at(winrate)], false, CHECK)
            .map(|(decision, _)| decision)
    };
    assert_eq!(decision(0.3), Some(Decision::Resign));
    assert_eq!(decision(0.6), Some(Decision::Play(inside)));
    // Resigning off: pass rather than fill its own eyes, unless the search expects to win.
    let never = |winrate| {
        Search::new(SearchConfig {
            resign_threshold: 0.0,
            ..search().config
        })
        .end_decision(&g, &[inside_at(winrate)], false, CHECK)
        .map(|(decision, _)| decision)
    };
    assert_eq!(never(0.3), Some(Decision::Pass));
    assert_eq!(never(0.6), Some(Decision::Play(inside)));
}

/// A root candidate for the end-of-game decision's tests.
fn candidate(mv: Move, visits: u32, winrate: f64) -> Candidate {
    Candidate {
        mv,
        visits,
        winrate,
        search_winrate: winrate,
        prior: 0.0,
        score_mean: None,
        score_stdev: None,
        pv: vec![mv],
    }
}

#[test]
fn the_search_plays_a_fight_the_judgement_takes_for_settled() {
    // A 9x9 game against GNU Go, move 47 (gtp-tests/9x9-untried-atari-save.sgf): White
    // has just cut at F3. The judgement counts the board settled and won, B4 in atari
    // offers a settling move at A4, and the search wants H2 (82%) and never tried A4.
    // Before 6d93815 the engine played A4, and lost.
    let g = game(
        "..OXXXX..
         XOOOXO...
         XXOOX.OO.
         .O.OX.XX.
         .O.OX....
         .XOXX....
         .OOOXOO..
         ..OOOXX..
         ....OX...",
        Color::Black,
    );
    let h2 = Move::Play(at(&g, 7, 7));
    let decision = search().end_decision(&g, &[candidate(h2, 35_000, 0.82)], false, CHECK);
    assert_eq!(decision, None, "the search's H2 gives way");
}

#[test]
fn handicap_games_report_win_rates_at_the_real_komi_and_search_at_the_dynamic_one() {
    // Black, taking five stones on 9x9, is charged 60 points: its search sees a game to
    // win by that much, while the win rate it reports (and resigns on) is the real komi's.
    let mut game = handicap_game(9, 5);
    let e3 = Move::Play(at(&game, 4, 2));
    game.play(Color::White, e3).expect("legal");
    let report = decide(&game, 3000);
    let best = &report.candidates[0];
    assert!(best.winrate > 0.7, "real komi: {best:?}");
    assert!(
        best.search_winrate < best.winrate - 0.2,
        "the charge shows in the search: {best:?}"
    );
    assert_eq!(report.winrate, best.winrate);
    assert!(
        report.komi > game.full_komi() + 55.0,
        "the report names the komi played for: {}",
        report.komi
    );
}

#[test]
fn even_games_report_the_search_win_rate() {
    let game = atari(Color::Black);
    let report = decide(&game, 1000);
    assert_eq!(report.komi, game.full_komi());
    assert!(report
        .candidates
        .iter()
        .all(|c| c.winrate == c.search_winrate));
}

#[test]
fn a_player_giving_stones_does_not_resign_on_the_real_komi_alone() {
    // Hopeless at the real komi but not with its credit: the first move of a 19x19 game
    // giving four stones.
    let game = handicap_game(19, 4);
    let pass = candidate(Move::Pass, 1000, 0.02);
    let hopeful = Candidate {
        search_winrate: 0.4,
        ..candidate(Move::Play(at(&game, 4, 2)), 5000, 0.05)
    };
    let mut s = search();
    let (decision, _) = s.decide(&game, &[hopeful.clone(), pass], 6000, CHECK);
    assert_eq!(decision, Decision::Play(at(&game, 4, 2)));
    let hopeless = Candidate {
        search_winrate: 0.05,
        ..hopeful
    };
    assert_eq!(
        s.decide(&game, &[hopeless], 6000, CHECK).0,
        Decision::Resign
    );
}

#[test]
fn the_tree_is_reused_for_the_next_move() {
    let mut g = atari(Color::Black);
    let mut s = search();
    let first = s.run(&g, &Budget::Playouts(2000), &AtomicBool::new(false));
    let Decision::Play(p) = first.decision else {
        panic!("expected a move, got {:?}", first.decision);
    };
    g.play(Color::Black, Move::Play(p)).expect("legal");
    let reply = first.candidates[0].pv.get(1).copied().unwrap_or(Move::Pass);
    g.play(Color::White, reply)
        .expect("the tree only holds legal moves");
    let root = s
        .reusable_root(&g, g.full_komi())
        .expect("the position is in the old tree");
    assert!(s.arena.get(root).visits() > 0, "it keeps what was learnt");
    // A different game starts afresh.
    let other = atari(Color::White);
    assert_eq!(s.reusable_root(&other, other.full_komi()), None);
}

#[test]
fn the_same_position_keeps_its_tree_even_in_a_crowded_arena() {
    let g = Game::new(9, RuleSet::chinese()).expect("a valid size");
    // One chunk of nodes: a few thousand playouts on 9x9 fill more than half of it.
    let mut s = Search::new(SearchConfig {
        threads: 1,
        seed: 42,
        max_tree_bytes: 1,
        ..SearchConfig::default()
    });
    let stop = AtomicBool::new(false);
    let first = s.run(&g, &Budget::Playouts(6000), &stop);
    assert!(
        s.arena.used() >= s.arena.capacity() / 2,
        "the arena is crowded"
    );
    let root = s
        .reusable_root(&g, g.full_komi())
        .expect("analysis slices keep the tree");
    let second = s.run(&g, &Budget::Playouts(500), &stop);
    let visits = |r: &Report| r.candidates.iter().map(|c| c.visits).sum::<u32>();
    assert!(
        visits(&second) > visits(&first),
        "the second slice adds to the first"
    );
    assert!(s.arena.get(root).visits() > 6000);
    let mut next = g.clone();
    next.play(Color::Black, first.candidates[0].mv)
        .expect("legal");
    assert_eq!(
        s.reusable_root(&next, next.full_komi()),
        None,
        "a new move in a crowded arena starts afresh"
    );
}

#[test]
fn untried_moves_are_the_root_moves_without_playouts_best_prior_first() {
    let g = Game::new(9, RuleSet::chinese()).expect("a valid size");
    let mut s = search();
    assert!(s.untried(&g).is_empty(), "no search yet");
    let report = s.run(&g, &Budget::Playouts(30), &AtomicBool::new(false));
    let untried = s.untried(&g);
    assert_eq!(
        report.candidates.len() + untried.len(),
        82,
        "81 points and the pass"
    );
    assert!(untried.iter().all(|c| c.visits == 0 && c.pv == vec![c.mv]));
    assert!(untried.windows(2).all(|w| w[0].prior >= w[1].prior));
    assert!(untried
        .iter()
        .all(|u| report.candidates.iter().all(|c| c.mv != u.mv)));
    let mut other = g.clone();
    other
        .play(Color::Black, report.candidates[0].mv)
        .expect("legal");
    assert!(
        s.untried(&other).is_empty(),
        "only for the position searched"
    );
}

#[test]
fn score_means_are_the_playout_margins_for_the_side_to_move() {
    // Komi -30 on an empty 5x5 board: Black wins every playout, by 5 (White owns the whole
    // board) to 55 points (Black does).
    let board = Board::from_diagram(".....\n.....\n.....\n.....\n.....").expect("a diagram");
    for (to_move, sign) in [(Color::Black, 1.0), (Color::White, -1.0)] {
        let mut g = Game::from_position(board.clone(), to_move, RuleSet::chinese());
        g.set_komi(-30.0);
        let report = decide(&g, 500);
        for c in &report.candidates {
            let score = c.score_mean.expect("a move with playouts has a score");
            assert!((5.0..=55.0).contains(&(sign * score)), "{to_move:?}: {c:?}");
        }
    }
    let mut s = search();
    let g = atari(Color::Black);
    s.run(&g, &Budget::Playouts(300), &AtomicBool::new(false));
    let fresh = s.run(&g.clone(), &Budget::Playouts(1), &AtomicBool::new(false));
    assert!(
        fresh.candidates.iter().all(|c| c.score_mean.is_some()),
        "the same position keeps its margins"
    );
}

#[test]
fn playouts_count_by_the_game_rules_area_or_territory_rule_18() {
    let board = Board::from_diagram(fixtures::FINISHED).expect("valid");
    let area = scoring::area_score(&board, &[], 0.0, 0).margin;
    let territory = scoring::territory_score(&board, &[], &[], 0.0).margin;
    assert!(
        territory > area,
        "Black has fewer stones on the board than White"
    );
    // A komi between the two: Black wins by territory and loses by area.
    let komi = (area + territory) / 2.0;
    let winrate = |rules: RuleSet| {
        let mut g = Game::from_position(board.clone(), Color::Black, rules);
        g.set_komi(komi);
        decide(&g, 1000).winrate
    };
    assert!(winrate(RuleSet::chinese()) < 0.5);
    assert!(winrate(RuleSet::japanese()) > 0.5);
}

#[test]
fn more_exploration_spreads_the_visits() {
    let g = Game::new(7, RuleSet::chinese()).expect("valid size");
    let best_share = |exploration: f64, rave_equivalence: f64| {
        let mut s = Search::new(SearchConfig {
            exploration: Some(exploration),
            rave_equivalence,
            ..search().config().clone()
        });
        let report = s.run(&g, &Budget::Playouts(2000), &AtomicBool::new(false));
        f64::from(report.candidates[0].visits) / report.playouts as f64
    };
    let focused = best_share(0.0, 3000.0);
    let spread = best_share(2.0, 3000.0);
    assert!(spread < focused, "best move's share {spread} vs {focused}");
    assert_ne!(best_share(0.2, 10.0), best_share(0.2, 3000.0));
}

#[test]
fn the_board_sets_the_exploration_unless_a_value_is_given() {
    let visits = |size: usize, exploration: Option<f64>| {
        let g = Game::new(size, RuleSet::chinese()).expect("valid size");
        let config = SearchConfig {
            exploration,
            ..search().config().clone()
        };
        root_visits(&g, config, 800)
    };
    assert_eq!(visits(9, None), visits(9, Some(0.0)));
    assert_ne!(visits(9, None), visits(9, Some(0.1)));
    assert_eq!(visits(13, None), visits(13, Some(0.0)));
    assert_eq!(visits(7, None), visits(7, Some(0.1)));
    assert_eq!(visits(19, None), visits(19, Some(0.0)));
    assert_ne!(visits(19, None), visits(19, Some(0.1)));
}

#[test]
fn widening_lets_in_one_more_move_per_growth_of_the_visits() {
    assert_eq!(widened(0), 5);
    assert!(widened(50) > widened(0));
    assert!((12..=16).contains(&widened(500)), "{}", widened(500));
    assert!((22..=26).contains(&widened(8000)), "{}", widened(8000));
}

#[test]
fn on_19x19_widening_keeps_the_opening_search_in_the_corners() {
    let g = Game::new(19, RuleSet::chinese()).expect("valid size");
    let tried = |widening: bool, exploration: Option<f64>| {
        let mut s = Search::new(SearchConfig {
            widening,
            exploration,
            ..search().config().clone()
        });
        let report = s.run(&g, &Budget::Playouts(2000), &AtomicBool::new(false));
        let board = g.board();
        report
            .candidates
            .iter()
            .filter(|c| c.visits > 0)
            .map(|c| match c.mv {
                Move::Play(p) => {
                    let (x, y) = board.coords(p);
                    let (across, down) = (x.min(18 - x), y.min(18 - y));
                    (across.min(down), across.max(down))
                }
                Move::Pass => (0, 0),
            })
            .collect::<Vec<_>>()
    };
    // The corner points: the third or fourth line, up to the sixth line the other way
    // (3-3 to 4-6; the Pachi-fitted table tries the 3-6 point as Pachi does).
    let on_corner_points = |lines: &[(usize, usize)]| {
        lines
            .iter()
            .all(|&(line, other)| (2..=3).contains(&line) && other <= 5)
    };
    let widened_lines = tried(true, None);
    assert!(widened_lines.len() <= widened(2000));
    assert!(
        on_corner_points(&widened_lines),
        "moves tried off the corner points: {widened_lines:?}"
    );
    // Without it, and with an exploration term (`--exploration 0.1`), the same playouts
    // spread over several times as many moves, off the corners too (the move model's
    // prior gathers them less than widening does).
    let unwidened = tried(false, Some(0.1));
    assert!(unwidened.len() > 3 * widened(2000), "{}", unwidened.len());
    assert!(!on_corner_points(&unwidened), "{unwidened:?}");
}

#[test]
fn last_good_replies_change_the_playouts_on_big_boards_only() {
    let searched = |size: usize, replies: bool| {
        let mut g = Game::new(size, RuleSet::chinese()).expect("valid size");
        let mid = size / 2;
        for (x, y) in [(2, 2), (mid, mid), (size - 3, 2)] {
            let p = g.board().point_at(x, y);
            g.play(g.to_move(), Move::Play(p)).expect("legal");
        }
        let config = SearchConfig {
            replies,
            ..search().config().clone()
        };
        root_visits(&g, config, 600)
    };
    assert_ne!(searched(19, true), searched(19, false));
    assert_eq!(searched(9, true), searched(9, false));
}

#[test]
fn no_pass_before_the_opponent_where_the_search_takes_a_liberty_of_dead_stones() {
    // gtp-tests/9x9-handicap-2-pass-away.sgf before move 35, White to move: the judgement
    // counts Black's B3, C3 and E2 dead and the board settled, the search wants E3, a
    // liberty of E2. Under area counting E3 is played; after Black's pass White passes.
    // Under territory counting, where E3 would cost a point if the count were right, the
    // pass is checked by a search after it, which finds Black's E3 (GNU Go's answer in the
    // game): E3 is played; with no time for the check White passes.
    let diagram = ".........
                   .........
                   .XXXXXX..
                   XXOOOOOX.
                   XOO..OX..
                   OO...OXX.
                   .XX...OXX
                   ...OX.OOX
                   .......OO";
    // Counted without the handicap's compensation, White's pass holds at komi 7.5.
    let mut g = game(diagram, Color::White);
    g.set_komi(7.5);
    let e3 = at(&g, 4, 6);
    let plays = [
        candidate(Move::Play(e3), 5000, 0.86),
        candidate(Move::Pass, 50, 0.8),
    ];
    let mut s = search();
    let ending = s.judge.ending(&g, s.config.seed);
    assert!(ending.is_settled() && ending.at_stake.contains(&e3));
    assert_eq!(s.decide(&g, &plays, 6000, CHECK).0, Decision::Play(e3));
    let mut japanese = game(diagram, Color::White);
    japanese.set_rules(RuleSet::japanese());
    japanese.set_komi(7.5);
    assert_eq!(
        s.decide(&japanese, &plays, 6000, CHECK).0,
        Decision::Play(e3)
    );
    assert_eq!(s.decide(&japanese, &plays, 6000, None).0, Decision::Pass);
    let mut passed = game(diagram, Color::Black);
    passed.set_komi(7.5);
    passed.play(Color::Black, Move::Pass).expect("pass");
    assert_eq!(s.decide(&passed, &plays, 6000, CHECK).0, Decision::Pass);
}

#[test]
fn no_pass_before_the_opponent_where_the_search_saves_a_chain_short_of_liberties() {
    // gtp-tests/9x9-pass-beside-a-short-chain.sgf before move 35, Black to move: White's
    // E7 left Black's E8-E9 with two liberties, the judgement counts it safe (and White's
    // C3-C5 dead) and the board settled, the search wants D8 at 0.99. D8 is played. Were
    // the search's best move elsewhere in Black's area (A1), the pass would still not be:
    // the search after the pass finds White's answer.
    let diagram = "....XO...
                   ....XO...
                   ...XOOO..
                   .XX.XO...
                   ..O.XO...
                   ..OXXOO..
                   ..O.XXO..
                   .XXXXO.O.
                   ....XOO..";
    let mut g = game(diagram, Color::Black);
    g.set_komi(7.5);
    let d8 = at(&g, 3, 1);
    let a1 = at(&g, 0, 8);
    let mut s = search();
    let ending = s.judge.ending(&g, s.config.seed);
    assert!(ending.is_settled() && ending.passing_holds);
    assert!(ending.at_stake.contains(&d8) && !ending.at_stake.contains(&a1));
    let plays = |p: Point| {
        [
            candidate(Move::Play(p), 5000, 0.99),
            candidate(Move::Pass, 50, 0.9),
        ]
    };
    assert_eq!(s.decide(&g, &plays(d8), 6000, CHECK).0, Decision::Play(d8));
    assert_eq!(s.decide(&g, &plays(a1), 6000, CHECK).0, Decision::Play(a1));
}

#[test]
fn on_big_boards_the_liberties_of_a_big_chain_short_of_them_are_always_tried() {
    // 13x13: Black's four stones on the first line have two liberties, (4, 0) and (3, 1)
    // from the top left; nothing else on the board is big and short of liberties.
    const SHORT_CHAIN: &str = "XXXX.........
                               OOO..........
                               .............
                               .............
                               .............
                               .............
                               ....XXXX.....
                               .............
                               .............
                               .............
                               ............O
                               ............O
                               .............";
    let g = game(SHORT_CHAIN, Color::White);
    let board = g.board();
    let liberties = [board.point_at(4, 12), board.point_at(3, 11)];
    let first_children = |widening: bool| {
        let mut s = Search::new(SearchConfig {
            widening,
            ..search().config().clone()
        });
        s.run(&g, &Budget::Playouts(50), &AtomicBool::new(false));
        let root = s.arena.get(s.root.as_ref().expect("searched").node);
        let (first, _) = root.children().expect("expanded");
        let always = root.always_tried();
        let moves: Vec<Move> = (first..first + always as u32)
            .map(|c| s.arena.get(c).mv(board))
            .collect();
        (always, moves)
    };
    // They come first in the order, and the window lets them in beyond its width.
    let (always, moves) = first_children(true);
    assert_eq!(always, 2);
    assert!(
        liberties.iter().all(|&p| moves.contains(&Move::Play(p))),
        "{moves:?}"
    );
    // Without widening there is no window to widen.
    assert_eq!(first_children(false).0, 0);
}
