#!/usr/bin/env python3
"""Drive a GTP engine the way OGS's gtp2ogs bridge does, for one whole game against GNU Go.

gtp2ogs is strict in ways a GUI is not, and a slip makes it resign the bot's game:
- it writes `\\r\\n` line ends and numbers its commands;
- it sends only commands the engine lists in `list_commands`;
- before every `genmove` it sends the clock again, `kgs-time_settings` when listed (else
  `time_settings`), then `time_left` for both colours;
- with handicap it gives the stones with `set_free_handicap`, or asks the engine itself with
  `place_free_handicap N` when the engine takes Black, and a wrong count loses;
- an empty or unparsable move counts as the engine's resignation.

This driver does the same and checks every response against the GTP framing (`=id text`
or `?id text`, one empty line after it, no empty line inside). The engine plays GNU Go, which
judges every move: a move GNU Go refuses fails the run. Exit status 0 means the game reached
its end (two passes or a resignation) with no protocol fault.

    python3 scripts/ogs_drive.py --engine "target/release/yunzi --playouts 300" \\
        --time-system byoyomi --size 9 [--handicap 3] [--engine-colour black]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

if __package__:  # imported as scripts.ogs_drive (python3 -m unittest scripts/test_ogs_drive.py)
    from .gtp_engine import GtpEngine, GtpRefused, on_board, parse_response, parse_vertex
else:  # run as python3 scripts/ogs_drive.py: Python puts scripts/ on sys.path
    from gtp_engine import GtpEngine, GtpRefused, on_board, parse_response, parse_vertex

GNUGO = "/usr/games/gnugo --mode gtp --level 0 --chinese-rules --positional-superko"

# The clock in each of gtp2ogs's time systems: (kgs-time_settings arguments, time_settings
# arguments, time_left stones-or-periods). "simple" is a fixed time per move.
TIME_SYSTEMS = {
    "byoyomi": ("byoyomi 60 10 3", "60 10 1", 3),
    "canadian": ("canadian 60 30 5", "60 30 5", 5),
    "absolute": ("absolute 300", "300 0 0", 0),
    "simple": ("canadian 0 10 1", "0 10 1", 1),
    "none": ("none", "0 1 0", 0),
}


class DriverFault(Exception):
    """The engine broke gtp2ogs's expectations."""


class OgsBridge:
    """The engine's side of the bridge: raw GTP over pipes with `\\r\\n` line ends."""

    def __init__(self, command: str):
        self.proc = subprocess.Popen(command.split(), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 1
        self.commands: set[str] = set()

    def send(self, command: str) -> str:
        """Send one command; return its text or raise GtpRefused on `?`."""
        ident = self.next_id
        self.next_id += 1
        self.proc.stdin.write(f"{ident} {command}\r\n".encode())
        self.proc.stdin.flush()
        lines = []
        while True:
            raw = self.proc.stdout.readline()
            if not raw:
                raise DriverFault(f"engine closed its output after {command!r}")
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if line == "":
                break
            lines.append(line)
        if not lines:
            raise DriverFault(f"an empty line before any response to {command!r}")
        ok, text = parse_response(lines, ident)
        if not ok:
            raise GtpRefused(text)
        return text

    def send_if_listed(self, command: str) -> str | None:
        """gtp2ogs only sends what the engine lists."""
        return self.send(command) if command.split()[0] in self.commands else None

    def close(self) -> int:
        try:
            self.send("quit")
        except (DriverFault, GtpRefused, BrokenPipeError):
            pass
        code = self.proc.wait(timeout=10)
        self.proc.stdin.close()
        self.proc.stdout.close()
        return code


def send_clock(bridge: OgsBridge, system: str, seconds_left: float) -> None:
    """What gtp2ogs sends before every genmove."""
    kgs, plain, stones = TIME_SYSTEMS[system]
    if "kgs-time_settings" in bridge.commands:
        bridge.send(f"kgs-time_settings {kgs}")
    else:
        bridge.send(f"time_settings {plain}")
    if system != "none":
        for colour in ("black", "white"):
            bridge.send(f"time_left {colour} {int(seconds_left)} {stones}")


def play_game(engine_command: str, system: str, size: int, handicap: int,
              engine_colour: str, max_moves: int) -> str:
    """One game; returns how it ended. Raises DriverFault on any protocol fault."""
    bridge = OgsBridge(engine_command)
    gnugo = GtpEngine(GNUGO, "gnugo")
    try:
        bridge.commands = set(bridge.send("list_commands").split())
        for needed in ("genmove", "play", "time_left", "place_free_handicap",
                       "set_free_handicap"):
            if needed not in bridge.commands:
                raise DriverFault(f"{needed} not listed")
        for command in (f"boardsize {size}", "clear_board", "komi 7.5"):
            bridge.send(command)
            gnugo.send(command, 30)
        bridge.send_if_listed("kgs-rules chinese")
        to_move = "black"
        if handicap >= 2:
            to_move = "white"
            if engine_colour == "black":
                stones = bridge.send(f"place_free_handicap {handicap}").split()
                if len(stones) != handicap:
                    raise DriverFault(f"asked for {handicap} stones, got {stones}")
                gnugo.send(f"set_free_handicap {' '.join(stones)}", 30)
            else:
                stones = gnugo.send(f"place_free_handicap {handicap}", 30).split()
                bridge.send(f"set_free_handicap {' '.join(stones)}")
        passes = 0
        seconds_left = 60.0
        for _ in range(max_moves):
            if to_move == engine_colour:
                send_clock(bridge, system, seconds_left)
                start = time.monotonic()
                move = bridge.send(f"genmove {to_move}").strip().lower()
                seconds_left = max(1.0, seconds_left - (time.monotonic() - start))
                point = parse_vertex(move) if move not in ("pass", "resign") else None
                if move == "resign":
                    return f"{engine_colour} resigned"
                if move != "pass" and (point is None or not on_board(point, size)):
                    raise DriverFault(f"unparsable move {move!r} (gtp2ogs resigns)")
                try:
                    gnugo.send(f"play {to_move} {move}", 30)
                except GtpRefused as refused:
                    raise DriverFault(f"illegal move {move}: {refused}") from None
            else:
                move = gnugo.send(f"genmove {to_move}", 60).strip().lower()
                if move == "resign":
                    return f"{to_move} (GNU Go) resigned"
                bridge.send(f"play {to_move} {move}")
            passes = passes + 1 if move == "pass" else 0
            if passes == 2:
                return "two passes: " + bridge.send("final_score")
            to_move = "white" if to_move == "black" else "black"
        return "move limit"
    finally:
        gnugo.close()
        if bridge.close() != 0:
            raise DriverFault("the engine did not exit 0 at quit")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", required=True, help="engine command line")
    parser.add_argument("--time-system", choices=sorted(TIME_SYSTEMS), default="byoyomi")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--handicap", type=int, default=0)
    parser.add_argument("--engine-colour", choices=("black", "white"), default="black")
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    try:
        ending = play_game(args.engine, args.time_system, args.size, args.handicap,
                           args.engine_colour, args.max_moves)
    except (DriverFault, GtpRefused) as fault:
        print(f"FAULT: {fault}")
        return 1
    print(ending)
    return 0


if __name__ == "__main__":
    sys.exit(main())
