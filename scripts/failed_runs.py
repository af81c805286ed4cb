#!/usr/bin/env python3
"""Runs out of atari that fail, counted in match records with GNU Go's reading.

A run is a move that extends a chain of its own colour out of atari, to two liberties or
more (one left in atari is a sacrifice or a ko, not a run). It fails when GNU Go's
`attack` still captures the chain right after it. Big groups die this way in yunzi's
losses on the big boards (issue 34), so the share of failed runs, per player, says
whether a change reads them better.

    python3 scripts/failed_runs.py RECORD.sgf|DIRECTORY ... [--gnugo CMD] [--list]

prints, per player name, the runs and how many failed with their chains' sizes, and with
`--list` each failed run (file, move number, vertex, stones). GNU Go loads each record's
start with `loadsgf` and plays its moves. Standard library only.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

if __package__:
    from .fuego_suite import main_line
    from .gtp_engine import GtpEngine, on_board, parse_vertex, sgf_vertex, vertex_name
else:
    from fuego_suite import main_line
    from gtp_engine import GtpEngine, on_board, parse_vertex, sgf_vertex, vertex_name

GNUGO = "/usr/games/gnugo --mode gtp --chinese-rules"

# GNU Go reads a position in well under a second; a minute means it hangs.
TIMEOUT = 60.0


@dataclass
class FailedRun:
    record: str
    move: int
    vertex: str
    stones: int


@dataclass
class Tally:
    runs: int = 0
    failed: list[FailedRun] = field(default_factory=list)


def neighbours(vertex: str, size: int) -> list[str]:
    column, row = parse_vertex(vertex)
    around = [(column + 1, row), (column - 1, row), (column, row + 1), (column, row - 1)]
    return [vertex_name(p) for p in around if on_board(p, size)]


def record_moves(path: Path) -> tuple[int, dict[str, str], list[tuple[str, str]]]:
    """The board size, the players' names by colour and the main line's moves as
    (colour letter, GTP vertex)."""
    nodes = main_line(path.read_text(encoding="utf-8", errors="replace"))
    root = nodes[0] if nodes else {}
    size = int(root.get("SZ", ["19"])[0])
    names = {"B": root.get("PB", ["Black"])[0], "W": root.get("PW", ["White"])[0]}
    moves = [(colour, sgf_vertex(node[colour][0], size))
             for node in nodes for colour in ("B", "W") if colour in node]
    return size, names, moves


def tally_record(gnugo: GtpEngine, path: Path, tallies: dict[str, Tally]) -> None:
    """Adds the runs of one record to the players' tallies."""
    size, names, moves = record_moves(path)
    # The record's start (setup stones included) once, then its moves one by one.
    gnugo.send(f"loadsgf {path} 1", TIMEOUT)
    for number, (colour, vertex) in enumerate(moves, start=1):
        colour_name = "black" if colour == "B" else "white"
        runs = vertex != "pass" and any(
            gnugo.send(f"color {q}", TIMEOUT) == colour_name
            and gnugo.send(f"countlib {q}", TIMEOUT) == "1"
            for q in neighbours(vertex, size))
        gnugo.send(f"play {colour_name} {vertex}", TIMEOUT)
        if not runs or int(gnugo.send(f"countlib {vertex}", TIMEOUT)) < 2:
            continue
        tally = tallies.setdefault(names[colour], Tally())
        tally.runs += 1
        if gnugo.send(f"attack {vertex}", TIMEOUT).split()[0] != "0":
            stones = len(gnugo.send(f"worm_stones {vertex}", TIMEOUT).split())
            tally.failed.append(FailedRun(path.name, number, vertex, stones))


def records(paths: list[str]) -> list[Path]:
    found = []
    for name in paths:
        path = Path(name)
        found.extend(sorted(path.glob("*.sgf")) if path.is_dir() else [path])
    return found


def report(tallies: dict[str, Tally], listing: bool) -> str:
    lines = []
    for name, tally in sorted(tallies.items()):
        share = 100.0 * len(tally.failed) / tally.runs if tally.runs else 0.0
        sizes = sorted(run.stones for run in tally.failed)
        lines.append(f"{name}: {len(tally.failed)} of {tally.runs} runs failed "
                     f"({share:.0f}%), stones {sizes}")
        if listing:
            lines.extend(f"  {run.record} move {run.move} {run.vertex} ({run.stones} stones)"
                         for run in tally.failed)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", help="SGF files or directories of them")
    parser.add_argument("--gnugo", default=GNUGO, help="GNU Go's GTP command line")
    parser.add_argument("--list", action="store_true", help="list every failed run")
    args = parser.parse_args(argv)
    gnugo = GtpEngine(args.gnugo, "gnugo")
    tallies: dict[str, Tally] = {}
    try:
        for path in records(args.records):
            tally_record(gnugo, path, tallies)
    finally:
        gnugo.close()
    print(report(tallies, args.list))
    return 0


if __name__ == "__main__":
    sys.exit(main())
