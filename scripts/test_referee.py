"""Tests for referee.py and gtp_engine.py: python3 -m unittest scripts/test_referee.py -v

Real games use GNU Go at level 0 (fast); misbehaving engines are a small fake GTP
engine written to a temporary directory. The scorer defaults to GNU Go because
yunzi may not be built yet; set REFEREE_SCORER to use another one (e.g.
target/release/yunzi).
"""

import contextlib
import io
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

from scripts import gtp_engine, referee

SCRIPTS = Path(__file__).resolve().parent

GNUGO_PATH = "/usr/games/gnugo"
GNUGO = f"{GNUGO_PATH} --mode gtp --level 0 --chinese-rules --positional-superko"
SCORER = os.environ.get("REFEREE_SCORER", f"{GNUGO_PATH} --mode gtp --chinese-rules")
HAVE_GNUGO = Path(GNUGO_PATH).exists()
HAVE_SCORER = "REFEREE_SCORER" in os.environ or HAVE_GNUGO

# A fake engine; argv[1] is its behaviour, argv[2] (optional) a file that gets a
# copy of every command it receives. It knows only occupied points (no
# captures), which is all these short games need.
#   fill           plays the first empty point from A1 on
#   passer         always passes; a plain GTP v2 engine without kgs-time_settings
#   occupied       answers genmove with an occupied point whenever there is one
#   occupied-once  does that once, then fills
#   sleep:S        sleeps S seconds in genmove, then fills
#   crash          exits on genmove
#   garbage        answers genmove with a non-move
#   resign         resigns
#   offboard       answers genmove with T19, a vertex off small boards
#   wrongcount     places one handicap stone too few
#   claims:R       passes, also in kgs-genmove_cleanup, and answers final_score with R
FAKE_ENGINE = r'''
import sys, time

mode = sys.argv[1]
transcript = open(sys.argv[2], "a") if len(sys.argv) > 2 else None
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
size, stones, cheated = 19, [], False


def empty_points():
    points = [f"{c}{r}" for r in range(1, size + 1) for c in COLUMNS[:size]]
    return [p for p in points if p not in stones]


def genmove():
    global cheated
    if mode == "crash":
        sys.exit(3)
    if mode.startswith("sleep:"):
        time.sleep(float(mode[6:]))
    if mode == "garbage":
        return "hello"
    if mode == "resign":
        return "resign"
    if mode == "offboard":
        return "T19"
    if mode == "passer" or mode.startswith("claims:"):
        return "pass"
    if stones and (mode == "occupied" or mode == "occupied-once" and not cheated):
        cheated = True
        return stones[0]
    free = empty_points()
    if not free:
        return "pass"
    stones.append(free[0])
    return free[0]


def handle(command, args):
    global size
    if command == "boardsize":
        size = int(args[0])
    elif command == "clear_board":
        stones.clear()
    elif command == "play" and args[1].lower() != "pass":
        if args[1].upper() in stones:
            return False, "illegal move"
        stones.append(args[1].upper())
    elif command in ("fixed_handicap", "place_free_handicap"):
        placed = empty_points()[:int(args[0]) - (mode == "wrongcount")]
        stones.extend(placed)
        return True, " ".join(placed)
    elif command == "set_free_handicap":
        stones.extend(a.upper() for a in args)
    elif command in ("genmove", "kgs-genmove_cleanup"):
        return True, genmove()
    elif command == "final_score" and mode.startswith("claims:"):
        return True, mode[7:]
    elif command == "name":
        return True, "fake-" + mode
    elif command == "version":
        return True, "1"
    elif command == "cputime":
        return True, "0.25"
    elif command == "list_commands":
        known = ["boardsize", "clear_board", "komi", "play", "genmove", "time_settings",
                 "time_left", "fixed_handicap", "place_free_handicap", "set_free_handicap",
                 "name", "version", "list_commands", "cputime", "quit"]
        if mode.startswith("claims:"):
            known += ["final_score", "kgs-genmove_cleanup"]
        return True, "\n".join(known + ([] if mode == "passer" else ["kgs-time_settings"]))
    return True, ""


for line in sys.stdin:
    if transcript:
        transcript.write(line)
        transcript.flush()
    words = line.split()
    if not words:
        continue
    ident = words.pop(0) if words[0].isdigit() else ""
    ok, text = handle(words[0], words[1:])
    sys.stdout.write(f"{'=' if ok else '?'}{ident} {text}\n\n")
    sys.stdout.flush()
    if words[0] == "quit":
        break
'''


class FakeEngineCase(unittest.TestCase):
    """Games between fake engines, played in-process through referee.play_game."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.fake_path = Path(cls.tmp.name) / "fake_engine.py"
        cls.fake_path.write_text(FAKE_ENGINE)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def fake(self, mode, transcript=None):
        words = [sys.executable, str(self.fake_path), mode]
        return shlex.join(words + ([str(transcript)] if transcript else []))

    def play(self, black, white, **overrides):
        """One game with `black` as the first engine, Black (no nigiri)."""
        settings = dict(size=5, komi=7.5, main_time=30, byoyomi_time=5, byoyomi_periods=1,
                        scorer=SCORER, grace=5, timeout=10)
        settings.update(overrides)
        cfg = referee.MatchConfig(commands=(black, white), **settings)
        return referee.play_game(cfg, 0, True)


class IllegalMoveTest(FakeEngineCase):
    """Rule 21: an illegal move is void, counts as a pass and earns a warning."""

    @unittest.skipUnless(HAVE_SCORER, "needs a scorer engine")
    def test_one_illegal_move_is_a_warning_and_a_pass(self):
        # B A1, W pass, B A1 again (occupied): void = pass, so two passes end it.
        record = self.play(self.fake("occupied-once"), self.fake("passer"))
        self.assertEqual(record.moves, [("B", "A1"), ("W", "pass"), ("B", "pass")])
        self.assertEqual(len(record.warnings), 1)
        self.assertIn("warning 1", record.notes[2])
        self.assertEqual(record.reason, "two passes")
        self.assertTrue(record.result.startswith("B+"), record.result)
        self.assertEqual(record.error, "")

    def test_second_illegal_move_loses(self):
        record = self.play(self.fake("occupied"), self.fake("fill"))
        self.assertEqual(record.result, "W+F")
        self.assertEqual(len(record.warnings), 2)
        self.assertIn("second warning", record.reason)
        self.assertEqual(record.moves, [("B", "A1"), ("W", "B1"), ("B", "pass"), ("W", "C1")])

    def test_vertex_off_the_board_is_illegal_not_malformed(self):
        record = self.play(self.fake("offboard"), self.fake("fill"))
        self.assertEqual(record.result, "W+F")
        self.assertEqual(len(record.warnings), 2)
        self.assertIn("black T19 is illegal", record.warnings[0])


class ForfeitTest(FakeEngineCase):
    """Rules 12 and 20: time, crashes, hangs and protocol errors lose the game."""

    def test_slow_engine_loses_on_time(self):
        record = self.play(self.fake("sleep:1.5"), self.fake("passer"),
                           main_time=0.5, byoyomi_time=0.5, byoyomi_periods=1)
        self.assertEqual(record.result, "W+Time")
        self.assertEqual(len(record.move_times["B"]), 1)

    def test_hung_engine_forfeits_after_grace(self):
        start = time.monotonic()
        record = self.play(self.fake("sleep:60"), self.fake("passer"),
                           main_time=0.5, byoyomi_time=0.5, byoyomi_periods=1, grace=0.5)
        self.assertLess(time.monotonic() - start, 6)  # no waiting on cputime or quit
        self.assertEqual(record.result, "W+F")
        self.assertIn("hung", record.reason)

    def test_crashing_engine_forfeits(self):
        record = self.play(self.fake("fill"), self.fake("crash"))
        self.assertEqual(record.result, "B+F")
        self.assertIn("exited (code 3)", record.reason)
        self.assertIn("white forfeits", record.error)
        self.assertEqual(record.cpu, {"B": 0.25, "W": 0.0})

    def test_resignation(self):
        record = self.play(self.fake("fill"), self.fake("resign"))
        self.assertEqual((record.result, record.reason, record.error), ("B+R", "resignation", ""))

    def test_malformed_move_forfeits(self):
        record = self.play(self.fake("garbage"), self.fake("fill"))
        self.assertEqual(record.result, "W+F")
        self.assertIn("malformed", record.reason)

    def test_missing_engine_forfeits(self):
        record = self.play(self.fake("fill"), "/nonexistent/engine --gtp")
        self.assertEqual(record.result, "B+F")
        self.assertIn("cannot start", record.reason)

    def test_wrong_free_handicap_count_forfeits(self):
        record = self.play(self.fake("wrongcount"), self.fake("fill"),
                           handicap=3, free_handicap=True)
        self.assertEqual(record.result, "W+F")
        self.assertIn("2 stones instead of 3", record.reason)


class ProtocolTest(FakeEngineCase):
    """What the engines are told: clock commands (rule 20) and handicap (rule 17)."""

    @unittest.skipUnless(HAVE_SCORER, "needs a scorer engine")
    def test_time_commands_kgs_and_plain(self):
        kgs, plain = (Path(self.tmp.name) / name for name in ("kgs.log", "plain.log"))
        record = self.play(self.fake("fill", kgs), self.fake("passer", plain),
                           main_time=0, byoyomi_time=5, byoyomi_periods=3, max_moves=4)
        self.assertEqual(record.reason, "move limit 4")
        kgs_text, plain_text = kgs.read_text(), plain.read_text()
        self.assertIn("kgs-time_settings byoyomi 0 5 3", kgs_text)
        self.assertRegex(kgs_text, r"\d+ time_left black 5 3\n")
        self.assertIn("time_settings 0 5 1", plain_text)
        self.assertRegex(plain_text, r"\d+ time_left white 5 1\n")
        self.assertNotIn("kgs-time_settings", plain_text)

    def test_failing_scorer_gives_no_result(self):
        record = self.play(self.fake("fill"), self.fake("passer"), max_moves=2,
                           scorer="/nonexistent/scorer")
        self.assertEqual(record.result, "?")
        self.assertIn("scorer: cannot start", record.error)

    @unittest.skipUnless(HAVE_SCORER, "needs a scorer engine")
    def test_fixed_handicap_white_moves_first(self):
        white_log = Path(self.tmp.name) / "handicap.log"
        cfg = dict(size=7, handicap=2, max_moves=2, komi=0.5)
        record = self.play(self.fake("fill"), self.fake("fill", white_log), **cfg)
        self.assertEqual(record.handicap_stones, ["A1", "B1"])
        self.assertEqual(record.moves[0][0], "W")
        self.assertIn("set_free_handicap A1 B1", white_log.read_text())
        sgf = referee.to_sgf(referee.MatchConfig(commands=("a", "b"), **cfg), record)
        self.assertIn("HA[2]AB[ag][bg]PL[W]", sgf)


@unittest.skipUnless(HAVE_SCORER, "needs a scorer engine")
class CleanupTest(FakeEngineCase):
    """--cleanup: players whose own counts name different winners play on first."""

    def claimers(self, black_claim, white_claim, **overrides):
        transcript = Path(self.tmp.name) / f"cleanup-{black_claim}-{white_claim}.txt"
        transcript.unlink(missing_ok=True)
        record = self.play(self.fake(f"claims:{black_claim}", transcript),
                           self.fake(f"claims:{white_claim}"), **overrides)
        return record, transcript.read_text()

    def test_disputed_count_is_played_out_with_kgs_genmove_cleanup(self):
        record, sent = self.claimers("B+5", "W+5", cleanup=True)
        self.assertIn("kgs-genmove_cleanup b", sent)
        self.assertEqual(record.reason, "two passes, then two passes in cleanup")
        self.assertEqual(record.moves, [(referee.BLACK, "pass"), (referee.WHITE, "pass")] * 2)
        self.assertIn("(B+5 / W+5) name different winners", record.notes[2])
        self.assertRegex(record.result, r"^[BW]\+[0-9]")  # the scorer counted it

    def test_no_cleanup_when_the_players_agree_or_without_the_option(self):
        for claims, cleanup in ((("B+5", "B+1"), True), (("B+5", "W+5"), False)):
            record, sent = self.claimers(*claims, cleanup=cleanup)
            self.assertNotIn("kgs-genmove_cleanup", sent)
            self.assertEqual(record.reason, "two passes")

    def test_a_game_resumed_from_a_record_plays_on_from_its_moves(self):
        # A finished fill-vs-passer game, then the claimers resume it from its record.
        first = self.play(self.fake("fill"), self.fake("passer"), max_moves=4)
        cfg = dict(size=5, komi=7.5, main_time=30, byoyomi_time=5, byoyomi_periods=1)
        sgf = referee.to_sgf(referee.MatchConfig(commands=("a", "b"), **cfg), first)
        start = referee.sgf_moves(sgf, 5)
        self.assertEqual(start, first.moves)
        record, sent = self.claimers("B+5", "W+5", cleanup=True, start_moves=tuple(start))
        self.assertRegex(sent, r"\d+ play black A1\n\d+ play white pass\n\d+ play black B1\n")
        self.assertEqual(record.moves[:4], first.moves)
        self.assertEqual(record.notes[0], "moves given by --start-from")
        self.assertEqual(record.reason, "two passes, then two passes in cleanup")

    def test_records_of_another_size_or_with_setup_stones_are_refused(self):
        with self.assertRaisesRegex(ValueError, "not 9x9"):
            referee.sgf_moves("(;SZ[19];B[dd])", 9)
        with self.assertRaisesRegex(ValueError, "setup stones"):
            referee.sgf_moves("(;SZ[9]HA[2]AB[cc][gg];W[ee])", 9)
        self.assertEqual(referee.sgf_moves("(;SZ[9];B[ai];W[];B[tt])", 9),
                         [("B", "A1"), ("W", "pass"), ("B", "pass")])


class ClockTest(unittest.TestCase):
    """Rule 20 byo-yomi accounting, fed with elapsed seconds (no wall clock)."""

    def test_main_time_is_used_first(self):
        clock = referee.ByoYomiClock(main=10, period=60, periods=1)
        self.assertTrue(clock.charge(4))
        self.assertAlmostEqual(clock.main_left, 6)
        self.assertEqual(clock.time_left(), (6, 0))
        self.assertEqual(clock.available(), 66)

    def test_move_within_a_period_costs_nothing(self):
        clock = referee.ByoYomiClock(main=10, period=60, periods=3)
        self.assertTrue(clock.charge(69))  # 10 s main + 59 s of the first period
        self.assertEqual(clock.periods_left, 3)
        self.assertEqual(clock.time_left(), (60, 3))
        self.assertTrue(clock.charge(59.9))
        self.assertEqual(clock.periods_left, 3)

    def test_each_full_period_used_spends_one(self):
        clock = referee.ByoYomiClock(main=0, period=60, periods=4)
        self.assertTrue(clock.charge(60))
        self.assertEqual(clock.periods_left, 3)
        self.assertTrue(clock.charge(130))  # two full periods and 10 s of a third
        self.assertEqual(clock.periods_left, 1)
        self.assertEqual(clock.time_left(), (60, 1))

    def test_running_out_of_the_last_period_loses(self):
        clock = referee.ByoYomiClock(main=0, period=60, periods=2)
        self.assertFalse(clock.charge(120))
        clock = referee.ByoYomiClock(main=0, period=60, periods=1)
        self.assertTrue(clock.charge(59))
        self.assertFalse(clock.charge(60))

    def test_absolute_time_and_no_clock(self):
        clock = referee.ByoYomiClock(main=5, period=60, periods=0)
        self.assertTrue(clock.charge(5))
        self.assertFalse(clock.charge(0.1))
        untimed = referee.ByoYomiClock(main=0, period=60, periods=0)
        self.assertTrue(untimed.charge(1e6))
        self.assertEqual(untimed.available(), math.inf)

    def test_time_settings_commands(self):
        kgs = {"kgs-time_settings", "time_settings"}
        self.assertEqual(referee.time_settings_command(300, 60, 5, kgs),
                         "kgs-time_settings byoyomi 300 60 5")
        self.assertEqual(referee.time_settings_command(300, 60, 5, {"time_settings"}),
                         "time_settings 300 60 1")
        self.assertEqual(referee.time_settings_command(300, 60, 0, {"time_settings"}),
                         "time_settings 300 0 0")
        self.assertEqual(referee.time_settings_command(0, 60, 0, kgs), "kgs-time_settings none")
        self.assertIsNone(referee.time_settings_command(300, 60, 5, set()))


class StatisticsTest(unittest.TestCase):
    def test_wilson_interval(self):
        low, high = referee.wilson_interval(5, 10)
        self.assertAlmostEqual(low, 0.2366, places=4)
        self.assertAlmostEqual(high, 0.7634, places=4)
        low, high = referee.wilson_interval(0, 10)
        self.assertEqual(low, 0.0)
        self.assertAlmostEqual(high, 0.2775, places=4)
        self.assertEqual(referee.wilson_interval(0, 0), (0.0, 1.0))

    def test_elo(self):
        self.assertEqual(referee.elo_difference(0.5), 0)
        self.assertAlmostEqual(referee.elo_difference(0.75), 400 * math.log10(3))
        self.assertAlmostEqual(referee.elo_difference(0.25), -400 * math.log10(3))
        self.assertEqual(referee.elo_difference(1.0), math.inf)
        self.assertEqual(referee.elo_difference(0.0), -math.inf)

    def test_summary_counts_from_first_engine_view(self):
        def row(game, result, alt):
            return referee.DatRow(game, result, result, result, alt, "-", 50, (5.0, 10.0),
                                  (0, 0), False, "", (25, 25), (0.5, 1.5))
        rows = [row(0, "B+R", False), row(1, "B+3.5", True), row(2, "W+Time", False),
                row(3, "B+F", True)]
        text = referee.summarize(rows, ("yunzi 0.1", "GNU Go 3.8"))
        self.assertIn("first  wins    3  (as Black 1, as White 2)", text)
        self.assertIn("first win rate 75.0%", text)
        self.assertIn("Elo difference first - second +191", text)
        self.assertIn("resignation 1, time 1, forfeit 1", text)
        self.assertIn("first  seconds per move: average 0.200, max 0.500", text)
        self.assertIn("second seconds per move: average 0.400, max 1.500", text)
        self.assertNotIn("disputed", text)

    def test_summary_lists_games_whose_players_count_different_winners(self):
        def row(game, own, other, result):
            return referee.DatRow(game, own, other, result, False, "-", 50, (5.0, 10.0),
                                  (0, 0), False, "", (25, 25), (0.5, 1.5))
        rows = [row(0, "B+2.5", "W+17.5", "B+2.5"), row(1, "B+1.5", "B+0.5", "B+1.5"),
                row(2, "W+R", "W+R", "W+R"), row(3, "W+3.5", "0", "W+3.5"),
                row(4, "B+F", "?", "B+F")]
        text = referee.summarize(rows, ("yunzi 0.1", "GNU Go 3.8"))
        self.assertIn("disputed 2 (the players' own counts name different winners;"
                      " the scorer gave first 1): games 0 3", text)


class SprtTest(unittest.TestCase):
    """--sprt: Wald's test on wins and losses (Bernoulli), against numbers worked out by hand
    (30-digit decimal arithmetic): p1 = 1/(1 + 10^(-30/400)) = 0.5430664920, so a win adds
    ln(p1/0.5) = 0.0826236671 and a loss ln((1-p1)/0.5) = -0.0900702149 to the LLR."""

    def test_expected_score(self):
        self.assertEqual(referee.expected_score(0), 0.5)
        self.assertAlmostEqual(referee.expected_score(30), 0.5430664920, places=10)
        self.assertAlmostEqual(referee.elo_difference(referee.expected_score(-75)), -75)

    def test_llr_by_hand(self):
        sprt = referee.Sprt(0, 30)
        self.assertEqual(sprt.llr(0, 0), 0)
        self.assertAlmostEqual(sprt.llr(1, 0), 0.0826236671, places=10)
        self.assertAlmostEqual(sprt.llr(0, 1), -0.0900702149, places=10)
        self.assertAlmostEqual(sprt.llr(10, 5), 0.3758855965, places=10)
        self.assertAlmostEqual(sprt.llr(3, 7), -0.3826205029, places=10)
        # p0 = 0.4856128158 (-10 Elo), p1 = 0.5287505639 (+20 Elo)
        self.assertAlmostEqual(referee.Sprt(-10, 20).llr(7, 4), 0.2453812945, places=10)

    def test_bounds(self):
        lower, upper = referee.Sprt(0, 30).bounds()
        self.assertAlmostEqual(lower, -math.log(19))  # ln(0.05 / 0.95)
        self.assertAlmostEqual(upper, math.log(19))  # ln(0.95 / 0.05)
        lower, upper = referee.Sprt(0, 30, alpha=0.05, beta=0.1).bounds()
        self.assertAlmostEqual(lower, -2.2512917986, places=10)  # ln(0.1 / 0.95)
        self.assertAlmostEqual(upper, 2.8903717579, places=10)  # ln(0.9 / 0.05)

    def run_test(self, results, sprt=referee.Sprt(0, 30)):
        test = referee.SequentialTest(sprt)
        for result in results:
            test.add(result)
        return test

    def test_wins_accept_h1_at_the_first_crossing(self):
        # 35 wins: LLR 2.8918 < ln 19 = 2.9444; 36 wins: 2.9745
        test = self.run_test(["B+R"] * 100)
        self.assertEqual((test.decision, test.games, test.after), ("H1", 36, 64))
        self.assertAlmostEqual(test.llr, 36 * 0.0826236671, places=8)
        self.assertIn("H1 accepted: first - second is +30 Elo rather than +0", test.verdict())

    def test_losses_accept_h0(self):
        # 32 losses: LLR -2.8822; 33 losses: -2.9723 <= -ln 19
        test = self.run_test(["W+3.5", "W+F", "W+Time"] * 20)
        self.assertEqual((test.decision, test.games, test.after), ("H0", 33, 27))
        self.assertIn("H0 accepted: first - second is +0 Elo rather than +30", test.verdict())

    def test_even_results_stay_inconclusive(self):
        test = self.run_test(["B+R", "W+R"] * 50)
        self.assertIsNone(test.decision)
        self.assertAlmostEqual(test.llr, 50 * (0.0826236671 - 0.0900702149), places=8)
        self.assertEqual(test.verdict(), "inconclusive: neither bound reached in 100 games")

    def test_jigo_is_half_and_no_result_is_left_out(self):
        test = self.run_test(["B+R", "0", "?", "W+F"])
        self.assertEqual((test.games, test.wins, test.losses), (4, 1.5, 1.5))
        self.assertAlmostEqual(test.llr, referee.Sprt(0, 30).llr(1.5, 1.5))

    def test_summary_states_the_decision(self):
        def row(game, result):
            return referee.DatRow(game, result, result, result, False, "-", 50, (5.0, 10.0),
                                  (0, 0), False, "", (25, 25), (0.5, 1.5))
        rows = [row(game, "W+R") for game in range(6)]
        text = referee.summarize(rows, ("a", "b"), referee.Sprt(0, 200))
        # a loss adds ln((1 - 0.7597469) / 0.5) = -0.7329: H0 at the 5th game (-3.665)
        self.assertIn("SPRT (elo0 +0, elo1 +200, alpha 0.05, beta 0.05): LLR -3.665"
                      " (bounds -2.944 .. +2.944) after 5 games (first 0 wins, 5 losses)", text)
        self.assertIn("SPRT H0 accepted", text)
        self.assertIn("games after the decision, in flight when it came: 1", text)
        self.assertNotIn("SPRT", referee.summarize(rows, ("a", "b")))

    def parse_error(self, *args):
        """parse_args on bad options: (exit code, stderr), as argparse reports them."""
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr), self.assertRaises(SystemExit) as exit_:
            referee.parse_args(["--black", "a", "--white", "b", *args])
        return exit_.exception.code, stderr.getvalue()

    def test_bad_sprt_options_exit_2(self):
        for args, message in [
                (["--sprt", "30,0"], "argument --sprt: ELO0 must be below ELO1, not '30,0'"),
                (["--sprt", "5,5"], "ELO0 must be below ELO1"),
                (["--sprt", "0"], "argument --sprt: expected ELO0,ELO1 (two numbers, e.g."
                                  " 0,30), not '0'"),
                (["--sprt", "0,30,60"], "expected ELO0,ELO1"),
                (["--sprt", "zero,30"], "expected ELO0,ELO1"),
                (["--sprt", "nan,30"], "Elo differences within +-1000"),
                (["--sprt", "0,5000"], "Elo differences within +-1000"),
                (["--sprt", "-10,0"], "argument --sprt: expected one argument"),
                (["--sprt", "0,30", "--sprt-alpha", "0"], "--sprt-alpha and --sprt-beta are"
                                                          " probabilities above 0"),
                (["--sprt", "0,30", "--sprt-alpha", "0.5", "--sprt-beta", "0.5"],
                 "whose sum is below 1"),
                (["--sprt", "0,30", "--sprt-beta", "1.5"], "probabilities above 0"),
                (["--sprt-alpha", "0.1"], "--sprt-alpha and --sprt-beta need --sprt")]:
            with self.subTest(args=args):
                code, stderr = self.parse_error(*args)
                self.assertEqual(code, 2)
                self.assertIn(message, stderr)

    def test_good_sprt_options(self):
        args = referee.parse_args(["--black", "a", "--white", "b", "--sprt=-10,0"])
        self.assertEqual(args.sprt_test, referee.Sprt(-10, 0, 0.05, 0.05))
        args = referee.parse_args(["--black", "a", "--white", "b", "--sprt", "0,30.5",
                                   "--sprt-alpha", "0.01", "--sprt-beta", "0.1"])
        self.assertEqual(args.sprt_test, referee.Sprt(0, 30.5, 0.01, 0.1))
        self.assertIsNone(referee.parse_args(["--black", "a", "--white", "b"]).sprt_test)


class SprtMatchTest(FakeEngineCase):
    """--sprt through the command line (scripts/referee.py run as a file): fake engines
    that resign at once, so that every game is won by the same side in no time."""

    def referee_cli(self, first, second, *args):
        command = [sys.executable, str(SCRIPTS / "referee.py"), "--black", self.fake(first),
                   "--white", self.fake(second), "--scorer", self.fake("fill"), "--size", "5",
                   "--seed", "1", *args]
        return subprocess.run(command, capture_output=True, text=True, timeout=120)

    def test_h1_in_parallel_finishes_the_games_in_flight(self):
        with tempfile.TemporaryDirectory() as tmp:
            done = self.referee_cli("fill", "resign", "--games", "30", "-j", "2",
                                    "--sprt", "0,200", "--dat", f"{tmp}/m.dat")
            self.assertEqual(done.returncode, 0, done.stderr)
            # a win adds ln(0.7597469 / 0.5) = 0.4184: H1 at the 8th game (3.347)
            llrs = re.findall(r"^SPRT: LLR ([-+.\d]+) ", done.stderr, re.MULTILINE)
            self.assertEqual(len(llrs), 8, done.stderr)
            self.assertEqual(llrs[-1], "+3.347")
            self.assertIn("SPRT: H1 accepted", done.stderr)
            self.assertIn("SPRT H1 accepted: first - second is +200 Elo rather than +0",
                          done.stdout)
            header, info, rows = referee.read_dat(Path(tmp) / "m.dat")
            games = sorted(r.game for r in rows)
            # the decision came at game 7; the games then in flight were finished and kept
            self.assertEqual(games, list(range(len(games))))
            self.assertGreaterEqual(len(games), 8)
            self.assertLess(len(games), 30)
            self.assertIn(f"{len(games)} games: first", done.stdout)
            self.assertEqual(info["Sprt"], "elo0 +0, elo1 +200, alpha 0.05, beta 0.05")
            merged = subprocess.run([sys.executable, str(SCRIPTS / "referee.py"), "--merge",
                                     f"{tmp}/m.dat", "--sprt", "0,200"], capture_output=True,
                                    text=True, check=True).stdout
            self.assertIn("after 8 games (first 8 wins, 0 losses)", merged)
            self.assertIn("SPRT H1 accepted", merged)

    def test_h0_on_one_core_plays_no_game_after_the_decision(self):
        with tempfile.TemporaryDirectory() as tmp:
            done = self.referee_cli("resign", "fill", "--games", "30", "--sprt", "0,200",
                                    "--dat", f"{tmp}/m.dat")
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertIn("LLR -3.665 (bounds -2.944 .. +2.944) after 5 games", done.stdout)
            self.assertIn("SPRT H0 accepted", done.stdout)
            self.assertNotIn("after the decision", done.stdout)
            self.assertEqual(len(referee.read_dat(Path(tmp) / "m.dat")[2]), 5)

    def test_inconclusive_at_the_game_limit(self):
        done = self.referee_cli("fill", "resign", "--games", "3", "-j", "2", "--sprt", "0,30")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("SPRT inconclusive: neither bound reached in 3 games", done.stdout)

    def test_bad_sprt_exits_2(self):
        done = self.referee_cli("fill", "resign", "--sprt", "30,0")
        self.assertEqual(done.returncode, 2)
        self.assertIn("argument --sprt: ELO0 must be below ELO1", done.stderr)


class FormatTest(unittest.TestCase):
    """GTP parsing, vertices, SGF and the .dat round trip."""

    def test_parse_response(self):
        self.assertEqual(gtp_engine.parse_response(["=3 C4"], 3), (True, "C4"))
        self.assertEqual(gtp_engine.parse_response(["=", ], 1), (True, ""))
        self.assertEqual(gtp_engine.parse_response(["=2 a", "b"], 2), (True, "a\nb"))
        self.assertEqual(gtp_engine.parse_response(["?4 illegal move"], 4), (False, "illegal move"))
        with self.assertRaises(gtp_engine.EngineFailure):
            gtp_engine.parse_response(["=5 C4"], 6)
        with self.assertRaises(gtp_engine.EngineFailure):
            gtp_engine.parse_response(["thinking..."], 1)

    def test_clean_line(self):
        self.assertEqual(gtp_engine.clean_line("=1\tB+3\r\n"), "=1 B+3")

    def test_vertices(self):
        self.assertEqual(gtp_engine.parse_vertex("A1"), (0, 0))
        self.assertEqual(gtp_engine.parse_vertex("j9"), (8, 8))
        self.assertIsNone(gtp_engine.parse_vertex("I5"))
        self.assertIsNone(gtp_engine.parse_vertex("hello"))
        self.assertEqual(gtp_engine.sgf_point("A1", 9), "ai")
        self.assertEqual(gtp_engine.sgf_point("J9", 9), "ia")
        self.assertEqual(gtp_engine.sgf_point("pass", 9), "")

    def test_scores(self):
        self.assertEqual(referee.normalize_score("b+3.5"), "B+3.5")
        self.assertEqual(referee.normalize_score("0"), "0")
        self.assertIsNone(referee.normalize_score("Black wins"))
        self.assertEqual(referee.flip_result("B+3.5", True), "W+3.5")
        self.assertEqual(referee.flip_result("0", True), "0")

    def test_nigiri_is_seeded_and_colours_alternate(self):
        import random
        self.assertEqual(referee.nigiri(random.Random(7)), referee.nigiri(random.Random(7)))
        self.assertEqual([referee.first_plays_black(i, True, False) for i in range(4)],
                         [True, False, True, False])
        self.assertEqual([referee.first_plays_black(i, False, False) for i in range(2)],
                         [False, True])
        self.assertTrue(referee.first_plays_black(1, False, True))

    def test_dat_round_trip_and_duplicates(self):
        cfg = referee.MatchConfig(commands=("a", "b"), size=5)
        with tempfile.TemporaryDirectory() as tmp:
            dat = Path(tmp) / "m.dat"
            dat.write_text(referee.dat_header({"Black": "a", "White": "b"}))
            writer = referee.ResultWriter(cfg, dat, Path(tmp))
            for index, first_black in ((0, False), (1, True), (2, False)):
                record = referee.GameRecord(index, first_black, "2024-01-01",
                                            moves=[("B", "C3"), ("W", "pass"), ("B", "pass")],
                                            result="B+17.5", reason="two passes")
                record.move_times = {"B": [0.5, 0.25], "W": [0.75]}
                writer.add(record)
            _, info, rows = referee.read_dat(dat)
            self.assertEqual(rows, writer.rows)
            self.assertEqual([r.dup for r in rows], ["-", "-", "0"])
            self.assertEqual([r.res_r for r in rows], ["W+17.5", "B+17.5", "W+17.5"])
            self.assertEqual(rows[0].time, (0.75, 0.75))
            self.assertEqual(rows[0].moves, (1, 2))
            self.assertEqual(info["Black"], "a")
            self.assertTrue((Path(tmp) / "game-0002.sgf").exists())


@unittest.skipUnless(HAVE_GNUGO and HAVE_SCORER, "needs /usr/games/gnugo")
class MatchTest(unittest.TestCase):
    """The command line end to end, GNU Go against GNU Go on 7x7."""

    def referee_cli(self, *args):
        command = [sys.executable, str(SCRIPTS / "referee.py"), "--black", GNUGO,
                   "--white", GNUGO, "--size", "7", "--komi", "7.5", "--main-time", "60",
                   "--byoyomi-time", "10", "--byoyomi-periods", "1", "--scorer", SCORER,
                   *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=90)
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout

    def test_two_game_match_in_parallel(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = self.referee_cli("--games", "2", "-j", "2", "--seed", "11",
                                   "--sgf-dir", f"{tmp}/sgf", "--dat", f"{tmp}/m.dat",
                                   "--log-dir", f"{tmp}/logs")
            self.assertIn("2 games: first = GNU Go 3.8, second = GNU Go 3.8", out)
            self.assertIn("Elo difference", out)
            self.assertNotIn("nigiri", out)  # progress goes to stderr
            self.assertRegex(out, r"first win rate \d+\.\d% \(95% CI")
            header, info, rows = referee.read_dat(Path(tmp) / "m.dat")
            self.assertEqual(header[-1], "#" + "\t".join(referee.DAT_COLUMNS))
            self.assertEqual(info["Size"], "7")
            self.assertEqual(sorted(r.game for r in rows), [0, 1])
            self.assertEqual({r.alt for r in rows}, {True, False})
            for row in rows:
                sgf = (Path(tmp) / "sgf" / f"game-{row.game:04d}.sgf").read_text()
                self.assertTrue(sgf.startswith("(;FF[4]GM[1]CA[UTF-8]"))
                real_result = re.search(r"RE\[([^\]]*)\]", sgf).group(1)
                self.assertEqual(referee.flip_result(real_result, row.alt), row.res_r)
                self.assertRegex(row.res_r, r"^[BW]\+\d")
                self.assertFalse(row.err)

    def test_games_on_two_machines_merge(self):
        with tempfile.TemporaryDirectory() as tmp:
            for index in ("0", "1"):
                self.referee_cli("--games", "1", "--game-index", index, "--seed", "5",
                                 "--handicap", "2", "--max-moves", "20",
                                 "--sgf-dir", tmp, "--dat", f"{tmp}/part{index}.dat")
            sgf = (Path(tmp) / "game-0001.sgf").read_text()
            self.assertIn("HA[2]", sgf)
            self.assertIn("PL[W]", sgf)
            out = subprocess.run([sys.executable, str(SCRIPTS / "referee.py"), "--merge",
                                  f"{tmp}/part0.dat", f"{tmp}/part1.dat", "--dat",
                                  f"{tmp}/all.dat"], capture_output=True, text=True,
                                 check=True).stdout
            self.assertIn("2 games", out)
            _, _, rows = referee.read_dat(Path(tmp) / "all.dat")
            self.assertEqual([r.game for r in rows], [0, 1])
            self.assertNotEqual(rows[0].alt, rows[1].alt)


if __name__ == "__main__":
    unittest.main()
