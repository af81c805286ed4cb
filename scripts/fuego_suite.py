#!/usr/bin/env python3
"""Fuego's move-choice regression tests for any GTP engine, through plain GTP.

Fuego's `regression/*.tst` files (LGPL; run them from a checkout outside this repository,
and commit only the figures) hold positions from real games, each a `loadsgf FILE N` (the
position before move N) and an `ID reg_genmove COLOUR` followed by `#? [EXPECTED]`:
`[A|B]` passes when the move is A or B, `[!C]` or `[!(C|D)]` when it is neither; a
trailing `*` marks a test Fuego itself failed. Not every engine has `loadsgf` (Pachi has
none), so this runner gives every engine the same plain GTP: `boardsize`, `clear_board`,
`komi`, the record's setup stones and first N-1 moves with `play`, then `genmove`. Lines
of other Fuego commands are skipped.

    python3 scripts/fuego_suite.py FUEGO_CHECKOUT [--engine CMD] [--files NAME ...]

prints, for each engine, the passes per file, the total and the seconds per move.
PACHI=/path/to/pachi runs Pachi 12.90 (`PACHI_ARGS`, default `-t 4 threads=1`) on the same
positions after yunzi. `--files` takes names without `.tst`; the default is TACTICAL.
Standard library only.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path

if __package__:
    from .gtp_engine import EngineFailure, GtpEngine, GtpRefused, progress, sgf_vertex
else:
    from gtp_engine import EngineFailure, GtpEngine, GtpRefused, progress, sgf_vertex

# The tactical files: ladders, captures and escapes, semeai, life and death, blunders.
TACTICAL = [
    "blunder_long_ladder_19", "blunder_long_ladder_19b", "blunder_short_ladder_19",
    "blunder_selfatari_19", "blunder_rave", "escape_capture_19", "tactics_19",
    "semeai_big", "uct_semeai", "uct_semeai_blunder", "uct_life_and_death",
    "life_and_death_nakade", "uct_blunder", "uct_ko", "uct_seki", "playout_2_liberties",
    "playout_atari_capture", "bent_four", "performance_middlegame_hard_9x9",
]

YUNZI = str(Path(__file__).resolve().parent.parent / "target/release/yunzi")
DEFAULT_ENGINE = f"{YUNZI} --threads 1 --default-seconds 2"
GENMOVE_TIMEOUT = 120.0
SETUP_TIMEOUT = 30.0


@dataclass
class Case:
    """One reg_genmove test: the position, the colour to move and what passes."""
    file: str
    ident: str
    sgf: Path
    before_move: int | None  # None: after the whole record
    colour: str
    expected: set[str]
    negated: bool
    fuego_failed: bool

    def passes(self, move: str) -> bool:
        return (move.upper() in self.expected) != self.negated


EXPECT_RE = re.compile(r"^#\?\s*\[(!?)\(?([^\])]*)\)?\](\*?)\s*$")


def parse_tst(path: Path) -> list[Case]:
    """The reg_genmove cases of one .tst file; other commands are skipped."""
    cases: list[Case] = []
    position: tuple[Path, int | None] | None = None
    pending: tuple[str, str] | None = None
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = raw.strip()
        if pending and line.startswith("#?"):
            match = EXPECT_RE.match(line)
            if match and position:
                negated, alternatives, star = match.groups()
                cases.append(Case(path.stem, pending[0], position[0], position[1],
                                  pending[1], {a.strip().upper() for a in alternatives.split("|")},
                                  negated == "!", star == "*"))
            pending = None
            continue
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0].isdigit():
            ident, words = words[0], words[1:]
        else:
            ident = ""
        if words and words[0] == "loadsgf" and len(words) >= 2:
            number = int(words[2]) if len(words) > 2 and words[2].isdigit() else None
            position = (path.parent / words[1], number)
        elif words and words[0] == "reg_genmove" and len(words) == 2:
            pending = (ident, "B" if words[1].lower().startswith("b") else "W")
    return cases


# ----------------------------------------------------------------------------- SGF

TOKEN_RE = re.compile(r"\(|\)|;|([A-Za-z]+)\s*((?:\[(?:[^\]\\]|\\.)*\]\s*)+)", re.S)
VALUE_RE = re.compile(r"\[((?:[^\]\\]|\\.)*)\]", re.S)


def main_line(text: str) -> list[dict[str, list[str]]]:
    """The nodes of an SGF record's main line (the first variation at every branch), each
    a map from property to values."""
    nodes: list[dict[str, list[str]]] = []
    # One entry a open '(': whether a variation has already begun inside it.
    branched: list[bool] = []
    skipping = 0  # the depth of '(' of a later variation being skipped, 0 for none
    for token in TOKEN_RE.finditer(text):
        kind = token.group(0)
        if kind == "(":
            if not skipping and branched and branched[-1]:
                skipping = len(branched) + 1
            if branched:
                branched[-1] = True
            branched.append(False)
        elif kind == ")":
            if skipping == len(branched):
                skipping = 0
            if branched:
                branched.pop()
        elif skipping:
            continue
        elif kind == ";":
            nodes.append({})
        elif nodes:
            nodes[-1].setdefault(token.group(1), []).extend(VALUE_RE.findall(token.group(2)))
    return nodes


def expand_points(value: str) -> list[str]:
    """An SGF point or compressed rectangle (`aa:cc`) as its points."""
    if ":" not in value:
        return [value]
    (a, b), (c, d) = value.split(":")
    return [chr(x) + chr(y) for x in range(ord(min(a, c)), ord(max(a, c)) + 1)
            for y in range(ord(min(b, d)), ord(max(b, d)) + 1)]


def position_commands(sgf: Path, before_move: int | None) -> list[str]:
    """The plain GTP that sets up the record's position before move `before_move`: setup
    stones and moves, all as `play`."""
    nodes = main_line(sgf.read_text(encoding="utf-8", errors="replace"))
    root = nodes[0] if nodes else {}
    size = int(root.get("SZ", ["19"])[0])
    komi = root.get("KM", ["0"])[0] or "0"
    commands = [f"boardsize {size}", "clear_board", f"komi {float(komi)}"]
    played = 0
    for node in nodes:
        for colour, prop in (("B", "AB"), ("W", "AW")):
            for value in node.get(prop, []):
                commands += [f"play {colour} {sgf_vertex(p, size)}" for p in expand_points(value)]
        for colour in ("B", "W"):
            if colour in node:
                if before_move is not None and played + 1 >= before_move:
                    return commands
                commands.append(f"play {colour} {sgf_vertex(node[colour][0], size)}")
                played += 1
    return commands


# -------------------------------------------------------------------------- the run

@dataclass
class Result:
    case: Case
    move: str
    seconds: float

    @property
    def passed(self) -> bool:
        """A case the engine gave no move for (`?`: refused or crashed) fails, even one
        that only forbids a move."""
        return not self.move.startswith("?") and self.case.passes(self.move)


def run_case(engine: GtpEngine, case: Case) -> Result:
    for command in position_commands(case.sgf, case.before_move):
        engine.send(command, SETUP_TIMEOUT)
    start = time.monotonic()
    move = engine.send(f"genmove {case.colour}", GENMOVE_TIMEOUT).strip().upper()
    return Result(case, move, time.monotonic() - start)


def run_engine(command: str, label: str, cases: list[Case], verbose: bool) -> list[Result]:
    """Every case with one engine process; a case whose setup the engine refuses counts as
    failed with the move `?`, and a crashed engine is started again."""
    results = []
    engine = GtpEngine(command, label)
    try:
        for case in cases:
            try:
                result = run_case(engine, case)
            except GtpRefused as error:
                result = Result(case, f"?{error}", 0.0)
            except EngineFailure as error:
                engine.close()
                engine = GtpEngine(command, label)
                result = Result(case, f"?{error}", 0.0)
            results.append(result)
            if verbose:
                mark = "pass" if result.passed else "FAIL"
                progress(f"{label} {case.file} {case.ident}: {result.move} {mark}")
    finally:
        engine.close()
    return results


def report(label: str, results: list[Result]) -> str:
    files: dict[str, list[Result]] = {}
    for result in results:
        files.setdefault(result.case.file, []).append(result)
    lines = [f"{label}:"]
    for name, group in files.items():
        passed = sum(r.passed for r in group)
        lines.append(f"  {name:36} {passed:4} / {len(group)}")
    timed = [r.seconds for r in results if not r.move.startswith("?")]
    passed = sum(r.passed for r in results)
    lines.append(f"  {'total':36} {passed:4} / {len(results)}")
    if timed:
        lines.append(f"  seconds per move: average {sum(timed) / len(timed):.2f}, "
                     f"max {max(timed):.2f} ({len(timed)} moves)")
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("fuego", type=Path, help="a Fuego checkout (its regression/ is read)")
    parser.add_argument("--engine", default=DEFAULT_ENGINE, help="the engine's command line")
    parser.add_argument("--files", nargs="+", default=TACTICAL, metavar="NAME",
                        help="regression files without .tst (default: the tactical ones)")
    parser.add_argument("--verbose", action="store_true", help="each case's move on stderr")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    cases = []
    for name in args.files:
        path = args.fuego / "regression" / f"{name}.tst"
        if not path.exists():
            sys.exit(f"fuego_suite: no {path}")
        cases += [c for c in parse_tst(path) if c.sgf.exists()]
    engines = [(args.engine, Path(shlex.split(args.engine)[0]).name)]
    if os.environ.get("PACHI"):
        pachi_args = os.environ.get("PACHI_ARGS", "-t 4 threads=1")
        engines.append((f"{shlex.quote(os.environ['PACHI'])} {pachi_args}", "Pachi"))
    for command, label in engines:
        print(f"# {label}: {command}", flush=True)
        print(report(label, run_engine(command, label, cases, args.verbose)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
