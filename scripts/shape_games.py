#!/usr/bin/env python3
"""GNU Go self-play games on 19x19: records for `yunzi learn-moves` to fit its move model to.

The compiled-in table is fitted to GNU Go's moves in the match records instead (level 10
against yunzi predicted GNU Go better than level-1 self-play; README.md, the move model);
these games are for more data at any level (`--level`).

Each game opens with one stone in every corner on a random 3-3, 3-4, 4-4, 3-5 or 4-5 point
(the openings strong players use; GNU Go alone would play the same game every time), then
GNU Go plays both sides until two passes or a resignation.

    python3 scripts/shape_games.py --games 100 --level 1 -j 2 --out shape-games

Standard library only.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import random
from pathlib import Path

if __package__:  # imported as scripts.shape_games (python3 -m unittest scripts/test_shape_games.py)
    from .gtp_engine import GtpEngine, sgf_point, vertex_name
else:  # run as python3 scripts/shape_games.py: Python puts scripts/ on sys.path
    from gtp_engine import GtpEngine, sgf_point, vertex_name

GNUGO = "/usr/games/gnugo"
CORNER_POINTS = [(2, 2), (2, 3), (3, 3), (2, 4), (3, 4)]
# GNU Go answers a genmove at level 10 in seconds; this only catches a hung process.
ANSWER_TIMEOUT = 600.0


def corner_openings(rng: random.Random) -> list[str]:
    """One stone per corner, as GTP vertices, on a 3-3 to 4-5 point of that corner."""
    vertices = []
    for flip_x, flip_y in [(False, False), (True, True), (True, False), (False, True)]:
        a, b = rng.choice(CORNER_POINTS)
        x, y = (a, b) if rng.random() < 0.5 else (b, a)
        vertices.append(vertex_name((18 - x if flip_x else x, 18 - y if flip_y else y)))
    return vertices


def play_game(index: int, level: int, seed: int, out: Path, max_moves: int = 500) -> str:
    rng = random.Random(seed * 100_003 + index)
    gnugo = GtpEngine(f"{GNUGO} --mode gtp --level {level} --chinese-rules "
                      f"--positional-superko --seed {rng.randrange(1, 1 << 30)}", "gnugo")
    try:
        for command in ("boardsize 19", "komi 7.5", "clear_board"):
            gnugo.send(command, ANSWER_TIMEOUT)
        colour, moves = "black", []
        for vertex in corner_openings(rng):
            gnugo.send(f"play {colour} {vertex}", ANSWER_TIMEOUT)
            moves.append((colour, vertex))
            colour = "white" if colour == "black" else "black"
        while len(moves) < max_moves and [v for _, v in moves[-2:]] != ["pass", "pass"]:
            move = gnugo.send(f"genmove {colour}", ANSWER_TIMEOUT).lower()
            if move == "resign":
                break
            moves.append((colour, move))
            colour = "white" if colour == "black" else "black"
    finally:
        gnugo.close()
    path = out / f"shapes-{seed}-{index:04d}.sgf"
    path.write_text(sgf_record(moves, level))
    return str(path)


def sgf_record(moves: list[tuple[str, str]], level: int) -> str:
    """The game as SGF: GNU Go on both sides, Chinese rules, komi 7.5."""
    name = f"GNU Go level {level}"
    nodes = "".join(f";{c[0].upper()}[{sgf_point(v, 19)}]" for c, v in moves)
    return f"(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese]PB[{name}]PW[{name}]{nodes})\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("shape-games"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(play_game, i, args.level, args.seed, args.out)
                for i in range(args.games)]
        for job in concurrent.futures.as_completed(jobs):
            print(job.result(), flush=True)


if __name__ == "__main__":
    main()
