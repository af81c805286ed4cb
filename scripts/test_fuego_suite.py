"""Tests for fuego_suite.py: python3 -m unittest scripts/test_fuego_suite.py -v

The .tst files and records are written here, in Fuego's format, to a temporary
directory laid out as a Fuego checkout; whole runs use GNU Go at level 0 as the engine.
"""

import tempfile
import unittest
from pathlib import Path

from scripts import fuego_suite
from scripts.test_referee import GNUGO, HAVE_GNUGO

# 9x9: a Black setup stone at E5 between White's D5 and F5; after move 2 (White E6) it is
# in atari and White captures at E4. The second variation is not the main line.
RECORD = """(;GM[1]FF[4]SZ[9]KM[5.5]AB[ee]AW[de][fe]
;B[aa];W[ed]
(;B[ab];W[gg])
(;B[ii]))"""

TST = """#-----
# A capture and a move that must not be played.
loadsgf sgf/capture.sgf 3
10 reg_genmove white
#? [E4]

loadsgf sgf/capture.sgf 3
20 reg_genmove w
#? [!(A9|PASS)]*

go_param_rules japanese_scoring 1
30 sg_compare_float 0.5 uct_value
#? [1]
"""


class FuegoCheckout(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.root = Path(self.dir.name)
        (self.root / "regression/sgf").mkdir(parents=True)
        (self.root / "regression/sgf/capture.sgf").write_text(RECORD)
        (self.root / "regression/capture.tst").write_text(TST)
        self.cases = fuego_suite.parse_tst(self.root / "regression/capture.tst")

    def tearDown(self):
        self.dir.cleanup()


class ParseTest(FuegoCheckout):
    def test_reads_the_genmove_cases_and_skips_other_commands(self):
        self.assertEqual([c.ident for c in self.cases], ["10", "20"])
        first, second = self.cases
        self.assertEqual((first.colour, first.before_move), ("W", 3))
        self.assertEqual((first.expected, first.negated, first.fuego_failed),
                         ({"E4"}, False, False))
        self.assertEqual((second.expected, second.negated, second.fuego_failed),
                         ({"A9", "PASS"}, True, True))

    def test_a_case_passes_on_its_moves_or_off_its_forbidden_ones(self):
        first, second = self.cases
        self.assertTrue(first.passes("e4"))
        self.assertFalse(first.passes("E3"))
        self.assertTrue(second.passes("E3"))
        self.assertFalse(second.passes("pass"))
        self.assertFalse(second.passes("A9"))

    def test_the_main_line_takes_the_first_variation(self):
        nodes = fuego_suite.main_line(RECORD)
        moves = [(c, n[c][0]) for n in nodes for c in ("B", "W") if c in n]
        self.assertEqual(moves, [("B", "aa"), ("W", "ed"), ("B", "ab"), ("W", "gg")])
        self.assertEqual(nodes[0]["AW"], ["de", "fe"])

    def test_the_position_before_move_n_is_set_up_with_plain_play(self):
        commands = fuego_suite.position_commands(self.cases[0].sgf, 3)
        self.assertEqual(commands, [
            "boardsize 9", "clear_board", "komi 5.5",
            "play B E5", "play W D5", "play W F5",  # the setup stones
            "play B A9", "play W E6",               # moves 1 and 2
        ])
        whole = fuego_suite.position_commands(self.cases[0].sgf, None)
        self.assertEqual(whole[-2:], ["play B A8", "play W G3"])

    def test_a_case_without_a_move_fails_even_where_it_only_forbids_one(self):
        refused = fuego_suite.Result(self.cases[1], "?illegal move", 0.0)
        self.assertFalse(refused.passed)
        self.assertTrue(fuego_suite.Result(self.cases[1], "E3", 1.0).passed)

    def test_compressed_setup_rectangles_expand(self):
        self.assertEqual(fuego_suite.expand_points("ab:bc"), ["ab", "ac", "bb", "bc"])


@unittest.skipUnless(HAVE_GNUGO, "needs GNU Go at /usr/games/gnugo")
class RunTest(FuegoCheckout):
    def test_an_engine_answers_every_case_and_the_report_counts_them(self):
        results = fuego_suite.run_engine(GNUGO, "gnugo", self.cases, verbose=False)
        self.assertEqual([r.move for r in results], ["E4", "E4"])
        self.assertTrue(all(r.passed for r in results))
        text = fuego_suite.report("gnugo", results)
        self.assertIn("capture", text)
        self.assertRegex(text, r"total\s+2 / 2")
        self.assertIn("seconds per move", text)

    def test_the_command_line_runs_the_named_files(self):
        out = self._main(["--engine", GNUGO, "--files", "capture"])
        self.assertRegex(out, r"capture\s+2 / 2")
        with self.assertRaises(SystemExit):
            self._main(["--engine", GNUGO, "--files", "missing"])

    def _main(self, argv):
        import contextlib
        import io
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            fuego_suite.main([str(self.root)] + argv)
        return buffer.getvalue()


if __name__ == "__main__":
    unittest.main()
