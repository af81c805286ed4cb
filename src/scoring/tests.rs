//! Scoring tests: hand-counted positions for rules 13-18.

use super::*;
use crate::board::Board;

/// 5x5: ten points each, and a column of five dame between them.
const WITH_DAME: &str = ".X.O.
                         .X.O.
                         .X.O.
                         .X.O.
                         .X.O.";

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("test diagram is valid")
}

#[test]
fn area_counts_stones_and_surrounded_points_rule_14() {
    let b = board(
        ".XO..
         .XO..
         .XO..
         .XO..
         .XO..",
    );
    let counts = count(&b, &[], &[]);
    assert_eq!(counts.stones, [5, 5]);
    assert_eq!(counts.territory, [5, 10]);
    assert_eq!(counts.dame, 0);
    let score = area_score(&b, &[], 0.5, 0);
    assert_eq!(score.margin, -5.5);
    assert_eq!(score.gtp_text(), "W+5.5");
}

#[test]
fn dame_are_split_and_komi_is_three_and_three_quarter_stones_rules_14_to_16() {
    let b = board(WITH_DAME);
    let score = area_score(&b, &[], 7.5, 0);
    assert_eq!(count(&b, &[], &[]).dame, 5);
    assert_eq!(
        score.black_stones,
        Some(12.5),
        "10 points plus half the 5 dame"
    );
    assert_eq!(score.par, Some(12.5));
    assert_eq!(score.gtp_text(), "W+7.5");
    assert_eq!(score.stones_text(), "W+3 3/4 stones");
    assert_eq!(score.chinese_text(), "白胜3又3/4子");
}

/// 19x19 with Black owning exactly 185 points and White 176, no dame.
fn board_185_to_176() -> Board {
    let mut rows = Vec::new();
    for line in 0..19 {
        let wall = if line < 14 { 9 } else { 8 }; // bottom five rows: black wall one to the left
        let row: String = (0..19)
            .map(|col| match col {
                c if c == wall => 'X',
                c if c == wall + 1 => 'O',
                _ => '.',
            })
            .collect();
        rows.push(row);
    }
    board(&rows.join("\n"))
}

#[test]
fn black_wins_with_185_points_on_19x19_rule_16() {
    let b = board_185_to_176();
    let counts = count(&b, &[], &[]);
    assert_eq!(counts.stones[0] + counts.territory[0], 185);
    assert_eq!(counts.stones[1] + counts.territory[1], 176);
    let score = area_score(&b, &[], 7.5, 0);
    // 185 - 3 3/4 = 181 1/4 > 180.5: Black by 3/4 stone, 1.5 points.
    assert_eq!(score.gtp_text(), "B+1.5");
    assert_eq!(score.stones_text(), "B+3/4 stones");
    assert_eq!(score.chinese_text(), "黑胜3/4子");
    assert_eq!(
        score
            .black_stones
            .map(|s| s - 3.75 - score.par.unwrap_or(0.0)),
        Some(0.75)
    );
}

#[test]
fn dead_stones_are_removed_before_counting_rule_13() {
    let b = board(
        ".XO..
         .XO..
         .XO.X
         .XO..
         .XO..",
    );
    let dead = [b.point_at(4, 2)];
    let alive = area_score(&b, &[], 0.0, 0);
    let removed = area_score(&b, &dead, 0.0, 0);
    // Alive, the black stone makes White's side dame; dead, it is White's point.
    assert_eq!(count(&b, &dead, &[]).territory, [5, 10]);
    assert_eq!(removed.margin, -5.0);
    assert!(alive.margin > removed.margin);
}

#[test]
fn handicap_compensation_is_one_point_per_stone_rule_17() {
    let b = board(WITH_DAME);
    assert_eq!(area_score(&b, &[], 0.5, 4).margin, -4.5);
    assert_eq!(
        area_score(&b, &[], 0.5, 1).margin,
        -0.5,
        "handicap 1 has no compensation"
    );
}

/// Two walls on 5x5; White played into Black's area and was captured there: one prisoner.
fn board_with_a_prisoner() -> Board {
    use crate::board::{Color, Move};
    let mut b = board(
        ".XO..
         .XO..
         XXO..
         .XOO.
         .X.O.",
    );
    b.play(Color::White, Move::Play(b.point_at(0, 1)))
        .expect("legal");
    b.play(Color::Black, Move::Play(b.point_at(0, 0)))
        .expect("captures");
    b
}

#[test]
fn territory_counts_prisoners_and_not_stones_rule_18() {
    let b = board_with_a_prisoner();
    assert_eq!(b.captures(crate::board::Color::Black), 1);
    let score = territory_score(&b, &[], &[], 6.5);
    // Black territory: three points in column 0, plus 1 prisoner = 4. White: the 10 points
    // of columns 3-4 less its two stones there = 8; the bottom of column 2 is dame.
    // 4 - 8 - 6.5 = -10.5.
    assert_eq!(count(&b, &[], &[]).territory, [3, 8]);
    assert_eq!(score.gtp_text(), "W+10.5");
}

#[test]
fn a_region_touching_seki_stones_is_no_ones_territory_rule_13() {
    // Scoring trusts the seki judgement it is given: here the white corner chain is named
    // as in seki, so its two inside points (its "eye") count for no one; Black's area is
    // untouched because no seki stone borders it.
    let b = board(
        "..OX.
         OOOX.
         XXXX.
         .....
         .....",
    );
    let seki: Vec<_> = b
        .points()
        .filter(|&p| b.cell(p) == crate::board::Cell::White)
        .collect();
    let without = count(&b, &[], &[]);
    let with = count(&b, &[], &seki);
    assert_eq!(without.territory, [13, 2]);
    assert_eq!(with.territory, [13, 0]);
    assert_eq!(with.dame, without.dame + 2);
}

#[test]
fn a_draw_reads_zero() {
    let b = board(WITH_DAME);
    let score = area_score(&b, &[], 0.0, 0);
    assert_eq!(score.gtp_text(), "0");
    assert_eq!(score.winner(), None);
}

#[test]
fn stones_are_written_as_mixed_fractions() {
    assert_eq!(format_stones(0.75), "3/4");
    assert_eq!(format_stones(1.25), "1 1/4");
    assert_eq!(format_stones(2.0), "2");
    assert_eq!(format_stones(0.5), "1/2");
    assert_eq!(format_points(7.5), "7.5");
    assert_eq!(format_points(3.0), "3");
}

#[test]
fn the_playout_count_agrees_with_the_full_count() {
    use rand::SeedableRng;
    let mut rng = crate::playout::PlayoutRng::seed_from_u64(11);
    for size in [2, 5, 9, 13] {
        for _ in 0..50 {
            let mut b = Board::new(size).expect("valid");
            crate::playout::light_playout(&mut b, crate::board::Color::Black, 0.0, &mut rng);
            assert_eq!(
                playout_margin(&b, 7.5),
                area_score(&b, &[], 7.5, 0).margin,
                "\n{b:?}"
            );
        }
    }
    let b = board(WITH_DAME);
    assert_eq!(playout_margin(&b, 0.5), area_score(&b, &[], 0.5, 0).margin);
}

#[test]
fn territory_correction_turns_area_into_territory_rule_18() {
    let b = board_with_a_prisoner();
    let area = area_score(&b, &[], 6.5, 0).margin;
    let territory = territory_score(&b, &[], &[], 6.5).margin;
    assert_eq!(area + territory_correction(&b), territory);
}

/// A board of `size` whose left `black_columns` are Black's (a wall on the last of them) and
/// the rest White's (a wall beside it): no dame, every stone alive.
fn split_board(size: usize, black_columns: usize) -> Board {
    let row: String = (0..size)
        .map(|col| match col {
            c if c + 1 == black_columns => 'X',
            c if c == black_columns => 'O',
            _ => '.',
        })
        .collect();
    board(&vec![row; size].join("\n"))
}

#[test]
fn results_in_stones_on_every_size_rules_14_to_17() {
    // (size, Black's columns, handicap, komi, the result in points and in stones)
    let cases = [
        // 9x9: par 40 1/2; Black's 45 points less 3 3/4 stones komi is 41 1/4: by 3/4.
        (
            9,
            5,
            0,
            7.5,
            "B+1.5 (B+3/4 stones, 黑胜3/4子)",
            "45",
            "40 1/2",
            "3 3/4",
        ),
        // Black's 36: White by 8 1/4 stones (16.5 points).
        (
            9,
            4,
            0,
            7.5,
            "W+16.5 (W+8 1/4 stones, 白胜8又1/4子)",
            "36",
            "40 1/2",
            "3 3/4",
        ),
        // 13x13: par 84 1/2; Black's 91 less 3 3/4 is 87 1/4: by 2 3/4 stones.
        (
            13,
            7,
            0,
            7.5,
            "B+5.5 (B+2 3/4 stones, 黑胜2又3/4子)",
            "91",
            "84 1/2",
            "3 3/4",
        ),
        // 19x19: par 180 1/2; Black's 190 less 3 3/4 is 186 1/4: by 5 3/4 stones.
        (
            19,
            10,
            0,
            7.5,
            "B+11.5 (B+5 3/4 stones, 黑胜5又3/4子)",
            "190",
            "180 1/2",
            "3 3/4",
        ),
        // 19x19, four handicap stones and no komi: Black returns 2 stones (rule 17), so
        // 190 - 2 = 188 against the par, by 7 1/2 stones.
        (
            19,
            10,
            4,
            0.0,
            "B+15 (B+7 1/2 stones, 黑胜7又1/2子)",
            "190",
            "180 1/2",
            "2",
        ),
        // 19x19, nine stones and half a point of komi: 9/2 + 1/4 stones returned.
        (
            19,
            10,
            9,
            0.5,
            "B+9.5 (B+4 3/4 stones, 黑胜4又3/4子)",
            "190",
            "180 1/2",
            "4 3/4",
        ),
    ];
    for (size, columns, handicap, komi, result, black, par, returned) in cases {
        let b = split_board(size, columns);
        let score = area_score(&b, &[], komi, handicap);
        assert_eq!(
            score.par,
            Some((size * size) as f64 / 2.0),
            "rule 15: half the board"
        );
        assert_eq!(
            score.full_text(),
            result,
            "{size}x{size} handicap {handicap}"
        );
        assert_eq!(
            score.count_text().expect("area counting"),
            format!(
                "Black's count {black} stones, par {par} stones, komi and compensation \
                 {returned} stones"
            )
        );
    }
}

#[test]
fn territory_results_stay_in_points_rule_18() {
    let b = split_board(9, 5);
    let score = territory_score(&b, &[], &[], 6.5);
    assert_eq!(score.full_text(), score.gtp_text());
    assert_eq!(score.count_text(), None);
}
