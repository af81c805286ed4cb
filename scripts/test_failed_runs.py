"""Tests of failed_runs.py: python3 -m unittest scripts/test_failed_runs.py -v

The records are drawn here by hand and read by GNU Go, as the script reads match records.
"""

from __future__ import annotations

import tempfile
import unittest
from pathlib import Path

from scripts import failed_runs
from scripts.test_referee import HAVE_GNUGO

# 9x9. Black's C3 and E5 stand among White stones. White's D3 puts C3 in atari, and its
# run to C2 leaves two stones with three liberties that White still captures (GNU Go's
# `attack` answers B2). E5 starts in atari and runs to E6, into the open: it lives.
# White's last move, A1, touches nothing of Black's in atari: no run.
RECORD = """(;GM[1]FF[4]SZ[9]KM[7.5]PB[Runner]PW[Chaser]
AB[cg][ee]AW[bg][cf][eh][de][fe][ef]PL[W]
;W[dg];B[ch];W[dh];B[ed];W[ai])"""


class RecordTest(unittest.TestCase):
    def test_the_moves_of_the_main_line_as_gtp_vertices(self):
        with tempfile.TemporaryDirectory() as out:
            path = Path(out) / "runs.sgf"
            path.write_text(RECORD)
            size, names, moves = failed_runs.record_moves(path)
        self.assertEqual((size, names), (9, {"B": "Runner", "W": "Chaser"}))
        self.assertEqual(moves, [("W", "D3"), ("B", "C2"), ("W", "D2"), ("B", "E6"),
                                 ("W", "A1")])

    def test_neighbours_stay_on_the_board(self):
        self.assertEqual(sorted(failed_runs.neighbours("A1", 9)), ["A2", "B1"])
        self.assertEqual(len(failed_runs.neighbours("E5", 9)), 4)


@unittest.skipUnless(HAVE_GNUGO, "needs GNU Go at /usr/games/gnugo")
class TallyTest(unittest.TestCase):
    def test_a_run_gnu_go_captures_fails_and_a_run_into_the_open_does_not(self):
        with tempfile.TemporaryDirectory() as out:
            path = Path(out) / "runs.sgf"
            path.write_text(RECORD)
            gnugo = failed_runs.GtpEngine(failed_runs.GNUGO, "gnugo")
            tallies: dict[str, failed_runs.Tally] = {}
            try:
                failed_runs.tally_record(gnugo, path, tallies)
            finally:
                gnugo.close()
        self.assertEqual(list(tallies), ["Runner"])
        self.assertEqual(tallies["Runner"].runs, 2)
        self.assertEqual(tallies["Runner"].failed,
                         [failed_runs.FailedRun("runs.sgf", 2, "C2", 2)])
        report = failed_runs.report(tallies, listing=True)
        self.assertIn("Runner: 1 of 2 runs failed (50%), stones [2]", report)
        self.assertIn("runs.sgf move 2 C2 (2 stones)", report)


if __name__ == "__main__":
    unittest.main()
