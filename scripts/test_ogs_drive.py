"""Tests: yunzi driven exactly as gtp2ogs drives it, one whole game against GNU Go in each
OGS time system and with handicap on either side (scripts/ogs_drive.py)."""

from __future__ import annotations

import os
import unittest
from pathlib import Path

from scripts import ogs_drive

ROOT = Path(__file__).resolve().parent.parent
YUNZI = os.environ.get("YUNZI", str(ROOT / "target" / "release" / "yunzi"))
ENGINE = f"{YUNZI} --threads 1 --seed 3 --playouts 300"
HAVE_ALL = Path(YUNZI).exists() and Path("/usr/games/gnugo").exists()


@unittest.skipUnless(HAVE_ALL, "needs target/release/yunzi and /usr/games/gnugo")
class OgsBridgeGames(unittest.TestCase):
    def play(self, **options) -> str:
        settings = {"system": "byoyomi", "size": 9, "handicap": 0,
                    "engine_colour": "black", "max_moves": 300}
        settings.update(options)
        ending = ogs_drive.play_game(ENGINE, settings["system"], settings["size"],
                                     settings["handicap"], settings["engine_colour"],
                                     settings["max_moves"])
        self.assertRegex(ending, r"^(two passes: (B|W)\+[\d.]+|0|.*resigned)")
        return ending

    def test_every_time_system(self):
        for system in sorted(ogs_drive.TIME_SYSTEMS):
            with self.subTest(system=system):
                self.play(system=system)

    def test_handicap_placed_by_yunzi_as_black(self):
        self.play(handicap=3, engine_colour="black", system="canadian")

    def test_handicap_given_to_yunzi_as_white(self):
        self.play(handicap=2, engine_colour="white", system="absolute")

    def test_a_wrong_command_is_refused_without_breaking_the_bridge(self):
        bridge = ogs_drive.OgsBridge(ENGINE)
        try:
            bridge.commands = set(bridge.send("list_commands").split())
            self.assertNotIn("kgs-chat", bridge.commands)
            with self.assertRaises(ogs_drive.GtpRefused):
                bridge.send("place_free_handicap 1")
            self.assertEqual(bridge.send("name"), "yunzi")
        finally:
            self.assertEqual(bridge.close(), 0)


if __name__ == "__main__":
    unittest.main()
