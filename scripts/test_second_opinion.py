"""Tests of second_opinion.py: python3 -m unittest scripts/test_second_opinion.py -v

The rules that find losses and misjudged stretches are tested on turns written by hand;
the replay and the analysis streams on a small record, with yunzi (REFEREE_SCORER, as
scripts/test.sh sets it) as both the player's engine and the judge.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import unittest
from pathlib import Path

from scripts import second_opinion
from scripts.second_opinion import Turn

YUNZI = os.environ.get("REFEREE_SCORER", "")
YUNZI_PATH = Path(YUNZI.split(" ")[0])
HAVE_YUNZI = YUNZI_PATH.name == "yunzi" and YUNZI_PATH.exists()

# 9x9: setup stones, then five moves; "Player" is Black and plays moves 1, 3 and 5.
RECORD = """(;GM[1]FF[4]SZ[9]KM[7.5]PB[Player 1.0]PW[Other]
AW[ai][bi][ci][di][ei][gh]AB[ah][bh][ch][dh][eh]
;B[ia];W[fi];B[ee];W[cc];B[gc])"""


def turns(rows: list[tuple[float, float]]) -> list[Turn]:
    """Turns 1, 3, 5, ... with the given (engine, judge) win rates."""
    return [Turn(2 * i + 1, "A1", ("B1", own), ("C1", judge))
            for i, (own, judge) in enumerate(rows)]


class RulesTest(unittest.TestCase):
    def test_the_best_move_comes_from_the_last_info_line(self):
        stream = ["info move D4 visits 10 winrate 5100 prior 1 lcb 4000 order 0 pv D4",
                  "info move C3 visits 90 winrate 4321 prior 1 lcb 4000 order 0 pv C3 "
                  "info move D4 visits 20 winrate 6000 prior 1 lcb 4000 order 1 pv D4"]
        self.assertEqual(second_opinion.best_of(stream), ("C3", 0.4321))
        self.assertIsNone(second_opinion.best_of(["", "= "]))

    def test_a_loss_is_a_fall_of_the_judges_rate_by_the_threshold(self):
        played = turns([(0.6, 0.55), (0.6, 0.50), (0.6, 0.30), (0.5, 0.25)])
        found = second_opinion.losses(played, drop=0.12)
        self.assertEqual([(a.move, b.move) for a, b in found], [(3, 5)])
        self.assertEqual(second_opinion.losses(played, drop=0.25), [])

    def test_turns_the_judge_missed_are_skipped_not_counted_as_falls(self):
        played = turns([(0.6, 0.6), (0.6, 0.6), (0.6, 0.3)])
        played[1].judge = None
        found = second_opinion.losses(played, drop=0.12)
        self.assertEqual([(a.move, b.move) for a, b in found], [(1, 5)])

    def test_a_misjudged_stretch_needs_the_gap_on_enough_turns_in_a_row(self):
        played = turns([(0.6, 0.5), (0.7, 0.4), (0.7, 0.45), (0.65, 0.4),
                        (0.6, 0.5), (0.8, 0.5), (0.8, 0.5)])
        found = second_opinion.misjudged(played, gap=0.2, length=3)
        self.assertEqual([(a.move, b.move) for a, b in found], [(3, 7)])
        self.assertEqual(second_opinion.misjudged(played, gap=0.2, length=4), [])
        # A stretch that lasts to the last turn counts too.
        self.assertEqual([(a.move, b.move) for a, b in
                          second_opinion.misjudged(played, gap=0.2, length=2)],
                         [(3, 7), (11, 13)])

    def test_the_report_names_losses_and_stretches(self):
        played = turns([(0.6, 0.55), (0.6, 0.30), (0.6, 0.30), (0.6, 0.30)])
        args = argparse.Namespace(drop=0.12, gap=0.2, length=3, list=False)
        lines = second_opinion.describe("g.sgf", played, args)
        self.assertEqual(lines[0], "g.sgf: 4 turns")
        self.assertIn("  loss at move 1 A1: judge 0.55 -> 0.30 (judge's best C1, "
                      "engine's B1 0.60)", lines)
        self.assertIn("  misjudged from move 3 to 7: engine 0.60..0.60, judge 0.30..0.30",
                      lines)

    def test_a_record_without_the_player_is_skipped(self):
        with tempfile.TemporaryDirectory() as out:
            path = Path(out) / "g.sgf"
            path.write_text(RECORD)
            self.assertEqual(second_opinion.opinions(path, "Nobody", "false", "false",
                                                     0.1, 1), [])


@unittest.skipUnless(HAVE_YUNZI, "needs REFEREE_SCORER set to a yunzi binary")
class ReplayTest(unittest.TestCase):
    def test_both_engines_judge_each_of_the_players_turns(self):
        engine = f"{YUNZI} --threads 1"
        with tempfile.TemporaryDirectory() as out:
            path = Path(out) / "g.sgf"
            path.write_text(RECORD)
            every = second_opinion.opinions(path, "Player", engine, engine, 0.2, 1)
            sparse = second_opinion.opinions(path, "Player", engine, engine, 0.2, 2)
        self.assertEqual([(t.move, t.played) for t in every], [(1, "J9"), (3, "E5"), (5, "G7")])
        self.assertEqual([t.move for t in sparse], [1, 5])
        for turn in every:
            for move, rate in (turn.own, turn.judge):
                self.assertRegex(move, r"^[A-HJ][1-9]$|^pass$")
                self.assertTrue(0.0 <= rate <= 1.0, rate)


if __name__ == "__main__":
    unittest.main()
