"""Where a player's games were lost, by a second engine's win rates at each of its turns.

At every turn of the player in a record, the player's own engine and a judge engine
(Pachi, say) each analyse the position for a while with `lz-analyze`; each engine's best
move and its win rate for the player are kept. Two things come out of it (issue 34):

- losses: moves after which the judge's win rate for the player falls by `--drop` or more
  by the player's next turn: the single moves that lost the game, in the judge's eyes;
- misjudged stretches: `--length` turns or more in a row where the player's own engine
  rates its position `--gap` or more above the judge: a fight its search misreads.

    python3 scripts/second_opinion.py RECORD.sgf|DIRECTORY ... --player NAME \
        --engine CMD --judge CMD [--seconds 1.5] [--every 1] [--list]

The player is found by the prefix of PB or PW (Black first). Each engine replays the
record with plain GTP (`boardsize`, `komi`, setup stones and moves by `play`), as
fuego_suite.py does; the two engines run side by side, one thread each. Standard library
only.
"""

from __future__ import annotations

import argparse
import re
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

if __package__:
    from .failed_runs import record_moves, records
    from .fuego_suite import position_commands
    from .gtp_engine import GtpEngine
else:
    from failed_runs import record_moves, records
    from fuego_suite import position_commands
    from gtp_engine import GtpEngine

SETUP_TIMEOUT = 30.0
# How long an engine may take past the analysis time to end its stream and answer.
STREAM_GRACE = 30.0

INFO_RE = re.compile(r"info move (\S+) visits \d+ winrate (\d+)")


@dataclass
class Turn:
    """One of the player's turns: the move it played, each engine's best move and its win
    rate for the player (None when an engine said nothing in time)."""
    move: int
    played: str
    own: tuple[str, float] | None
    judge: tuple[str, float] | None


def best_of(lines: list[str]) -> tuple[str, float] | None:
    """The best move and win rate (0-1) of the last `info` line of an lz-analyze stream;
    its first entry is the engine's best."""
    for line in reversed(lines):
        found = INFO_RE.search(line)
        if found:
            return found.group(1), int(found.group(2)) / 10000
    return None


def analyse(command: str, label: str, setup: list[str], moves: list[tuple[str, str]],
            turns: set[int], seconds: float) -> dict[int, tuple[str, float] | None]:
    """Replays the record in one engine and analyses the position before each move number
    in `turns` for `seconds`, for the side to move."""
    engine = GtpEngine(command, label)
    seen: dict[int, tuple[str, float] | None] = {}
    try:
        for line in setup:
            engine.send(line, SETUP_TIMEOUT)
        for number, (colour, vertex) in enumerate(moves, start=1):
            if number in turns:
                seen[number] = best_of(engine.stream(f"lz-analyze {colour.lower()} 20",
                                                     seconds, seconds + STREAM_GRACE))
            engine.send(f"play {colour} {vertex}", SETUP_TIMEOUT)
    finally:
        engine.close()
    return seen


def opinions(path: Path, player: str, engine: str, judge: str, seconds: float,
             every: int) -> list[Turn]:
    """The player's turns in one record (every `every`-th of them), with both engines'
    views; an empty list when the player did not play in it."""
    _, names, moves = record_moves(path)
    colour = next((c for c in ("B", "W") if names[c].startswith(player)), None)
    if colour is None:
        return []
    setup = position_commands(path, 1)  # the board up to the first move
    own_turns = [n for n, (c, _) in enumerate(moves, start=1) if c == colour]
    turns = set(own_turns[::every])
    views: dict[str, dict[int, tuple[str, float] | None]] = {}

    def run(label: str, command: str) -> None:
        views[label] = analyse(command, label, setup, moves, turns, seconds)

    threads = [threading.Thread(target=run, args=pair)
               for pair in (("engine", engine), ("judge", judge))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if len(views) < 2:
        raise RuntimeError(f"{path}: an engine failed while analysing")
    return [Turn(n, moves[n - 1][1], views["engine"].get(n), views["judge"].get(n))
            for n in sorted(turns)]


def losses(turns: list[Turn], drop: float) -> list[tuple[Turn, Turn]]:
    """Consecutive judged turns over which the judge's win rate fell by `drop` or more."""
    judged = [t for t in turns if t.judge]
    return [(a, b) for a, b in zip(judged, judged[1:]) if a.judge[1] - b.judge[1] >= drop]


def misjudged(turns: list[Turn], gap: float, length: int) -> list[tuple[Turn, Turn]]:
    """Runs of at least `length` turns in which the player's engine rated its position
    `gap` or more above the judge, as (first turn, last turn)."""
    stretches, run = [], []
    for turn in turns + [None]:
        if turn and turn.own and turn.judge and turn.own[1] - turn.judge[1] >= gap:
            run.append(turn)
            continue
        if len(run) >= length:
            stretches.append((run[0], run[-1]))
        run = []
    return stretches


def describe(name: str, turns: list[Turn], args: argparse.Namespace) -> list[str]:
    def rate(view: tuple[str, float] | None) -> str:
        return f"{view[0]} {view[1]:.2f}" if view else "-"

    lines = [f"{name}: {len(turns)} turns"]
    for a, b in losses(turns, args.drop):
        lines.append(f"  loss at move {a.move} {a.played}: judge {a.judge[1]:.2f} -> "
                     f"{b.judge[1]:.2f} (judge's best {a.judge[0]}, engine's {rate(a.own)})")
    for a, b in misjudged(turns, args.gap, args.length):
        lines.append(f"  misjudged from move {a.move} to {b.move}: engine "
                     f"{a.own[1]:.2f}..{b.own[1]:.2f}, judge {a.judge[1]:.2f}..{b.judge[1]:.2f}")
    if args.list:
        lines.extend(f"  {t.move:4d} {t.played:5s} engine {rate(t.own):12s} judge {rate(t.judge)}"
                     for t in turns)
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", help="SGF files or directories of them")
    parser.add_argument("--player", required=True, help="prefix of the player's PB/PW name")
    parser.add_argument("--engine", required=True, help="the player's engine command")
    parser.add_argument("--judge", required=True, help="the judge engine's command")
    parser.add_argument("--seconds", type=float, default=1.5, help="analysis time a turn")
    parser.add_argument("--every", type=int, default=1, help="analyse every n-th turn")
    parser.add_argument("--drop", type=float, default=0.12, help="a loss's fall in win rate")
    parser.add_argument("--gap", type=float, default=0.2, help="a misjudgement's gap")
    parser.add_argument("--length", type=int, default=5, help="turns in a misjudged stretch")
    parser.add_argument("--list", action="store_true", help="list every turn's views")
    args = parser.parse_args(argv)
    for path in records(args.records):
        turns = opinions(path, args.player, args.engine, args.judge, args.seconds, args.every)
        if turns:
            print("\n".join(describe(path.name, turns, args)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
