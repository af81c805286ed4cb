"""Tests of shape_games.py: GNU Go self-play records that `yunzi learn-moves` reads."""

from __future__ import annotations

import os
import random
import subprocess
import tempfile
import unittest
from pathlib import Path

from scripts import shape_games
from scripts.gtp_engine import parse_vertex

YUNZI = os.environ.get("REFEREE_SCORER", "")


class CornerOpeningTest(unittest.TestCase):
    def test_one_stone_per_corner_on_the_third_to_fifth_lines(self):
        for seed in range(20):
            vertices = shape_games.corner_openings(random.Random(seed))
            corners = set()
            for vertex in vertices:
                x, y = parse_vertex(vertex)
                lines = sorted((min(x, 18 - x), min(y, 18 - y)))
                self.assertIn(tuple(lines), [(2, 2), (2, 3), (3, 3), (2, 4), (3, 4)], vertex)
                corners.add((x < 9, y < 9))
            self.assertEqual(len(corners), 4, vertices)


@unittest.skipUnless(Path(shape_games.GNUGO).exists() and YUNZI, "needs GNU Go and yunzi")
class SelfPlayTest(unittest.TestCase):
    def test_a_short_game_is_a_record_yunzi_learns_from(self):
        with tempfile.TemporaryDirectory() as out:
            path = shape_games.play_game(0, level=0, seed=3, out=Path(out), max_moves=12)
            record = Path(path).read_text()
            self.assertEqual(record.count(";B[") + record.count(";W["), 12, record)
            learned = subprocess.run([YUNZI, "learn-moves", path], capture_output=True,
                                     text=True, check=True)
            self.assertIn("read 1 of 1 records", learned.stderr)
            self.assertIn("moves learned from: 12", learned.stderr)
            families = {line.split()[0] for line in learned.stdout.splitlines()
                        if not line.startswith("#")}
            self.assertTrue({"shape", "last", "edge"} <= families, learned.stdout)


if __name__ == "__main__":
    unittest.main()
