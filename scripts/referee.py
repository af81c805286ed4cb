#!/usr/bin/env python3
"""Match referee for two GTP engines (yunzi's answer to gogui-twogtp).

Plays games between two engine command lines under the project's rules (RULES.md:
rule numbers are cited in the comments), keeps the clocks, judges illegal moves,
has a separate scorer engine count the final position, and writes one SGF file
per game, a gogui-twogtp compatible .dat table and a summary (win rate with a
95% confidence interval, Elo difference, seconds per move).

Standard library only, so it runs on any machine that has Python 3.11.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import math
import os
import random
import re
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__:  # imported as scripts.referee (python3 -m unittest scripts/test_referee.py)
    from .gtp_engine import (EngineFailure, EngineTimeout, GtpEngine, GtpRefused, on_board,
                             parse_vertex, progress, sgf_point, sgf_vertex, vertex_name)
else:  # run as python3 scripts/referee.py: Python puts scripts/ on sys.path
    from gtp_engine import (EngineFailure, EngineTimeout, GtpEngine, GtpRefused, on_board,
                            parse_vertex, progress, sgf_point, sgf_vertex, vertex_name)

BLACK, WHITE = "B", "W"
COLOUR_NAMES = {BLACK: "black", WHITE: "white"}
SCORE_RE = re.compile(r"^(?:0|[BW]\+\d+(?:\.\d+)?)$")
DEFAULT_SCORER = str(Path(__file__).resolve().parent.parent / "target" / "release" / "yunzi")
DAT_COLUMNS = ("GAME", "RES_B", "RES_W", "RES_R", "ALT", "DUP", "LEN",
               "TIME_B", "TIME_W", "CPU_B", "CPU_W", "ERR", "ERR_MSG")
Z_95 = 1.959963984540054


def other(colour: str) -> str:
    return WHITE if colour == BLACK else BLACK


# --------------------------------------------------------------------------- GTP

def probe_engine(command: str, label: str, timeout: float) -> tuple[str, str]:
    """Start an engine once to learn its name, and to stop before a long match
    if its command line is wrong (exits the referee with a message)."""
    try:
        engine = GtpEngine(command, label)
        try:
            return engine.send("name", timeout), engine.send("version", timeout)
        finally:
            engine.close()
    except (EngineFailure, GtpRefused) as error:
        sys.exit(f"referee: the {label} engine [{command}] failed its check: {error}")


# ----------------------------------------------------------------- moves, scores

def sgf_moves(text: str, size: int) -> list[tuple[str, str]]:
    """The moves of an SGF game record as (colour, GTP vertex or 'pass'), for a game of
    `size`; ValueError for another size or setup stones, which a replay cannot give."""
    board = re.search(r"SZ\[(\d+)\]", text)
    if int(board.group(1) if board else 19) != size:
        raise ValueError(f"the record is not {size}x{size}")
    if re.search(r"A[BWE]\[", text):
        raise ValueError("the record has setup stones")
    moves = []
    return [(colour, sgf_vertex(point, size))
            for colour, point in re.findall(r";\s*([BW])\[([a-z]{0,2})\]", text)]


def normalize_score(text: str) -> str | None:
    """A final_score answer as 'B+3.5', 'W+0.5' or '0'; None if it is none of these."""
    score = text.strip().upper()
    return score if SCORE_RE.match(score) else None


# ------------------------------------------------------------------------ clock

class ByoYomiClock:
    """Rule 20 clock: main time, then byo-yomi periods of `period` seconds each.

    Fed with measured seconds rather than reading a clock itself, so it can be
    tested without waiting. A move made within a period costs nothing; each full
    period used spends one; using up the last one loses on time. With no periods
    it is absolute time; with neither main time nor periods it never runs out.
    """

    def __init__(self, main: float, period: float, periods: int):
        self.main_left = float(main)
        self.period = float(period)
        self.periods_left = periods
        self.untimed = main <= 0 and periods == 0

    def available(self) -> float:
        """Seconds the side to move may think before losing on time."""
        if self.untimed:
            return math.inf
        return self.main_left + self.periods_left * self.period

    def charge(self, elapsed: float) -> bool:
        """Spend `elapsed` seconds of one move; False if that lost on time."""
        if self.untimed:
            return True
        if elapsed <= self.main_left:
            self.main_left -= elapsed
            return True
        overtime = elapsed - self.main_left
        self.main_left = 0.0
        if overtime >= self.periods_left * self.period:
            self.periods_left = 0
            return False
        self.periods_left -= int(overtime // self.period)
        return True

    def time_left(self) -> tuple[int, int]:
        """GTP `time_left` seconds and stones, KGS style (stones = periods left)."""
        if self.main_left > 0 or self.periods_left == 0:
            return int(self.main_left), 0
        return int(self.period), self.periods_left


def time_settings_command(main: float, period: float, periods: int,
                          commands: set[str]) -> str | None:
    """The clock announcement an engine understands best (rule 20).

    KGS `kgs-time_settings byoyomi` states the periods exactly; plain
    `time_settings main period 1` (Canadian, one stone per period) is the
    closest GTP v2 can say and is never more generous than the real clock.
    """
    untimed = main <= 0 and periods == 0
    if "kgs-time_settings" in commands:
        if untimed:
            return "kgs-time_settings none"
        if periods == 0:
            return f"kgs-time_settings absolute {int(main)}"
        return f"kgs-time_settings byoyomi {int(main)} {int(period)} {periods}"
    if "time_settings" in commands:
        if untimed:
            return "time_settings 0 1 0"
        return f"time_settings {int(main)} {int(period) if periods else 0} {1 if periods else 0}"
    return None


# ---------------------------------------------------------------------- match

@dataclass(frozen=True)
class MatchConfig:
    """Everything a game needs to know; shared read-only by all game threads."""
    commands: tuple[str, str]
    names: tuple[str, str] = ("first", "second")
    size: int = 19
    komi: float = 7.5
    handicap: int = 0
    free_handicap: bool = False
    main_time: float = 600.0
    byoyomi_time: float = 60.0
    byoyomi_periods: int = 5
    max_moves: int = 0
    scorer: str = DEFAULT_SCORER
    grace: float = 10.0
    timeout: float = 60.0
    log_dir: Path | None = None
    verbose: bool = False
    # Moves every game starts from (--start-from), given to both engines with play.
    start_moves: tuple[tuple[str, str], ...] = ()
    # After two passes, when the players' own final_score name different winners, play
    # on with kgs-genmove_cleanup until two passes again (KGS's cleanup phase).
    cleanup: bool = False

    def move_limit(self) -> int:
        return self.max_moves or 3 * self.size * self.size


class GameOver(Exception):
    """Ends a game before scoring: `loser` lost by `kind` (R, Time or F)."""

    def __init__(self, loser: str, kind: str, reason: str):
        super().__init__(reason)
        self.loser, self.kind, self.reason = loser, kind, reason


@dataclass
class GameRecord:
    """What happened in one game, in real colours; `program[colour]` is 0 or 1."""
    index: int
    first_is_black: bool
    date: str
    handicap_stones: list[str] = field(default_factory=list)
    moves: list[tuple[str, str]] = field(default_factory=list)
    notes: dict[int, str] = field(default_factory=dict)
    result: str = "?"
    reason: str = ""
    error: str = ""
    warnings: list[str] = field(default_factory=list)
    player_results: dict[str, str] = field(default_factory=lambda: {BLACK: "?", WHITE: "?"})
    move_times: dict[str, list[float]] = field(default_factory=lambda: {BLACK: [], WHITE: []})
    cpu: dict[str, float] = field(default_factory=lambda: {BLACK: 0.0, WHITE: 0.0})

    def colour_of(self, program: int) -> str:
        return BLACK if (program == 0) == self.first_is_black else WHITE

    def program_of(self, colour: str) -> int:
        return 0 if self.colour_of(0) == colour else 1


class Game:
    """One game between two fresh engine processes, refereed move by move."""

    def __init__(self, cfg: MatchConfig, index: int, first_is_black: bool):
        self.cfg = cfg
        self.record = GameRecord(index, first_is_black, datetime.date.today().isoformat())
        self.engines: dict[str, GtpEngine] = {}
        self.clocks = {c: ByoYomiClock(cfg.main_time, cfg.byoyomi_time, cfg.byoyomi_periods)
                       for c in (BLACK, WHITE)}
        self.warnings = {BLACK: 0, WHITE: 0}

    def run(self) -> GameRecord:
        """Play, then score with the separate scorer unless the game ended early."""
        record = self.record
        try:
            self._start_engines()
            self._setup()
            record.reason = self._play()
            record.player_results = self._player_scores()
            if self.cfg.cleanup and record.reason == "two passes" and \
                    name_different_winners(record.player_results.values()):
                self._cleanup()
        except GameOver as over:
            record.result = f"{other(over.loser)}+{over.kind}"
            record.reason = over.reason
            record.player_results = {BLACK: record.result, WHITE: record.result}
            if over.kind == "F":
                record.error = f"{COLOUR_NAMES[over.loser]} forfeits: {over.reason}"
        finally:
            record.cpu = self._cpu_times()
            for engine in self.engines.values():
                engine.close()
        if record.result == "?":
            self._score()
        return record

    # -- setup ------------------------------------------------------------

    def _start_engines(self) -> None:
        for colour in (BLACK, WHITE):
            program = self.record.program_of(colour)
            label = f"[game {self.record.index} {COLOUR_NAMES[colour]}]"
            log = (self.cfg.log_dir / f"game-{self.record.index:04d}-{COLOUR_NAMES[colour]}.log"
                   if self.cfg.log_dir else None)
            try:
                self.engines[colour] = GtpEngine(self.cfg.commands[program], label, log,
                                                 self.cfg.verbose)
            except EngineFailure as error:
                raise GameOver(colour, "F", str(error)) from error

    def _setup(self) -> None:
        """boardsize, clear_board, komi and the clock for both, then handicap."""
        cfg = self.cfg
        for colour in (BLACK, WHITE):
            try:
                self.engines[colour].load_commands(cfg.timeout)
            except EngineFailure as error:
                raise GameOver(colour, "F", f"list_commands: {error}") from error
            self._ask(colour, f"boardsize {cfg.size}")
            self._ask(colour, "clear_board")
            self._ask(colour, f"komi {cfg.komi:g}")
            command = time_settings_command(cfg.main_time, cfg.byoyomi_time,
                                            cfg.byoyomi_periods, self.engines[colour].commands)
            if command:
                self._ask(colour, command)
        if cfg.handicap >= 2:
            self._place_handicap()
        for colour, vertex in cfg.start_moves:
            for engine in (BLACK, WHITE):
                self._ask(engine, f"play {COLOUR_NAMES[colour]} {vertex}")
            self._record(colour, vertex, "" if self.record.moves else "moves given by --start-from")

    def _place_handicap(self) -> None:
        """Rule 17: Black's engine places the stones, White's engine is told where."""
        n = self.cfg.handicap
        verb = "place_free_handicap" if self.cfg.free_handicap else "fixed_handicap"
        stones = self._ask(BLACK, f"{verb} {n}").upper().split()
        problem = self._handicap_problem(stones)
        if problem:
            raise GameOver(BLACK, "F", f"{verb} {n} answered {' '.join(stones)!r}: {problem}")
        self.record.handicap_stones = stones
        self._ask(WHITE, "set_free_handicap " + " ".join(stones))

    def _handicap_problem(self, stones: list[str]) -> str:
        if len(stones) != self.cfg.handicap:
            return f"{len(stones)} stones instead of {self.cfg.handicap}"
        points = [parse_vertex(s) for s in stones]
        if any(p is None or not on_board(p, self.cfg.size) for p in points):
            return "not a vertex on the board"
        if len(set(points)) != len(points):
            return "the same point twice"
        return ""

    # -- play -------------------------------------------------------------

    def _play(self, verb: str = "genmove") -> str:
        """Alternate `verb`s until two passes in a row (rule 12) or the move limit."""
        if self.record.moves:
            colour = other(self.record.moves[-1][0])
        else:
            colour = WHITE if self.cfg.handicap >= 2 else BLACK  # rule 17: White starts
        passes = 0
        while len(self.record.moves) < self.cfg.move_limit():
            move = self._turn(colour, verb)
            passes = passes + 1 if move == "pass" else 0
            if passes == 2:
                return "two passes"
            colour = other(colour)
        return f"move limit {self.cfg.move_limit()}"

    def _cleanup(self) -> None:
        """Rule 13 settled by play: the players disagree about life and death, so each
        captures what it holds dead, under the clock, before the scorer counts."""
        record = self.record
        claims = " / ".join(record.player_results[c] for c in (BLACK, WHITE))
        record.notes[len(record.moves)] = (f"the players' counts ({claims}) name different"
                                           f" winners: cleanup play")
        record.reason = f"two passes, then {self._play('kgs-genmove_cleanup')} in cleanup"
        record.player_results = self._player_scores()

    def _turn(self, colour: str, verb: str = "genmove") -> str:
        """One timed `verb` (rule 20), genmove where the engine lacks it; returns the
        move as played ('pass' if void)."""
        if verb not in self.engines[colour].commands:
            verb = "genmove"
        clock = self.clocks[colour]
        self._send_time_left(colour)
        available = clock.available()
        limit = available + self.cfg.grace if not clock.untimed else self.cfg.timeout
        start = time.monotonic()
        try:
            reply = self.engines[colour].send(f"{verb} {COLOUR_NAMES[colour]}", limit)
        except EngineTimeout:
            raise GameOver(colour, "F", f"hung: no answer to {verb} within {limit:.1f} s"
                                        f" ({available:.1f} s left + {self.cfg.grace:g} s grace)"
                           ) from None
        except EngineFailure as error:
            raise GameOver(colour, "F", f"{verb}: {error}") from error
        except GtpRefused as error:
            raise GameOver(colour, "F", f"{verb} refused: {error}") from error
        elapsed = time.monotonic() - start
        self.record.move_times[colour].append(elapsed)
        if not clock.charge(elapsed):
            raise GameOver(colour, "Time", f"took {elapsed:.1f} s with {available:.1f} s left")
        return self._judge(colour, reply)

    def _send_time_left(self, colour: str) -> None:
        engine = self.engines[colour]
        if self.clocks[colour].untimed or "time_left" not in engine.commands:
            return
        seconds, stones = self.clocks[colour].time_left()
        if stones and "kgs-time_settings" not in engine.commands:
            stones = 1  # announced as Canadian byo-yomi with one stone per period
        try:
            self._send(colour, f"time_left {COLOUR_NAMES[colour]} {seconds} {stones}")
        except GtpRefused:
            pass  # the engine merely lacks a clock hint; the referee still keeps time

    def _judge(self, colour: str, reply: str) -> str:
        """Accept, void (rule 21) or reject the genmove answer."""
        move = reply.strip().lower()
        if move == "resign":
            raise GameOver(colour, "R", "resignation")
        if move == "pass":
            self._record(colour, "pass")
            self._ask(other(colour), f"play {COLOUR_NAMES[colour]} pass")
            return "pass"
        point = parse_vertex(move)
        if point is None:
            raise GameOver(colour, "F", f"malformed move {reply!r}")
        vertex = vertex_name(point)
        if on_board(point, self.cfg.size) and self._opponent_accepts(colour, vertex):
            self._record(colour, vertex)
            return vertex
        self._void(colour, vertex)
        return "pass"

    def _opponent_accepts(self, colour: str, vertex: str) -> bool:
        """The opponent engine is the legality check: '?' to play means illegal."""
        try:
            self._send(other(colour), f"play {COLOUR_NAMES[colour]} {vertex}")
            return True
        except GtpRefused:
            return False

    def _void(self, colour: str, vertex: str) -> None:
        """Rule 21: an illegal move is void and counts as a pass; two warnings lose."""
        self.warnings[colour] += 1
        note = (f"{COLOUR_NAMES[colour]} {vertex} is illegal: void, counted as a pass,"
                f" warning {self.warnings[colour]}")
        self.record.warnings.append(note)
        if self.warnings[colour] >= 2:
            raise GameOver(colour, "F", f"second warning ({note})")
        self._record(colour, "pass", note)
        self._ask(other(colour), f"play {COLOUR_NAMES[colour]} pass")
        self._resync(colour)

    def _resync(self, colour: str) -> None:
        """Rebuild the offender's board from the record.

        Its engine believes the void move stands; `undo` would be wrong when the
        engine never placed the stone (an occupied point), so replay instead.
        """
        self._ask(colour, "clear_board")
        if self.record.handicap_stones:
            self._ask(colour, "set_free_handicap " + " ".join(self.record.handicap_stones))
        for mover, vertex in self.record.moves:
            self._ask(colour, f"play {COLOUR_NAMES[mover]} {vertex}")

    def _record(self, colour: str, vertex: str, note: str = "") -> None:
        if note:
            self.record.notes[len(self.record.moves)] = note
        self.record.moves.append((colour, vertex))

    # -- engine calls -------------------------------------------------------

    def _send(self, colour: str, command: str) -> str:
        """Send to `colour`'s engine; a crash or hang forfeits, '?' is the caller's."""
        try:
            return self.engines[colour].send(command, self.cfg.timeout)
        except EngineFailure as error:
            raise GameOver(colour, "F", f"{command!r}: {error}") from error

    def _ask(self, colour: str, command: str) -> str:
        """Send a command that must succeed; refusing it forfeits."""
        try:
            return self._send(colour, command)
        except GtpRefused as error:
            raise GameOver(colour, "F", f"{command!r} refused: {error}") from error

    def _quiet(self, colour: str, command: str) -> str | None:
        """Ask for information after the game is decided: failures change nothing."""
        engine = self.engines.get(colour)
        if engine is None or command not in engine.commands:
            return None
        try:
            return engine.send(command, self.cfg.timeout)
        except (EngineFailure, GtpRefused):
            return None

    def _player_scores(self) -> dict[str, str]:
        """Each player's own final_score, for the RES_B / RES_W columns."""
        return {c: normalize_score(self._quiet(c, "final_score") or "") or "?"
                for c in (BLACK, WHITE)}

    def _cpu_times(self) -> dict[str, float]:
        times = {}
        for colour in (BLACK, WHITE):
            try:
                times[colour] = float(self._quiet(colour, "cputime") or 0)
            except ValueError:
                times[colour] = 0.0
        return times

    # -- scoring ------------------------------------------------------------

    def _score(self) -> None:
        """Rules 13-16: the scorer engine replays the game and counts it."""
        record = self.record
        log_dir = self.cfg.log_dir
        log = log_dir / f"game-{record.index:04d}-scorer.log" if log_dir else None
        try:
            scorer = GtpEngine(self.cfg.scorer, f"[game {record.index} scorer]", log,
                               self.cfg.verbose)
        except EngineFailure as error:
            record.error = f"scorer: {error}"
            return
        command = ""
        try:
            for command in replay_commands(self.cfg, record) + ["final_score"]:
                answer = scorer.send(command, self.cfg.timeout)
            record.result = normalize_score(answer) or "?"
            if record.result == "?":
                record.error = f"scorer: final_score answered {answer!r}"
        except (EngineFailure, GtpRefused) as error:
            record.error = f"scorer: {command!r}: {error}"
        finally:
            scorer.close()


def replay_commands(cfg: MatchConfig, record: GameRecord) -> list[str]:
    """The GTP commands that rebuild a finished game on a fresh engine."""
    commands = [f"boardsize {cfg.size}", "clear_board", f"komi {cfg.komi:g}"]
    if record.handicap_stones:
        commands.append("set_free_handicap " + " ".join(record.handicap_stones))
    commands += [f"play {COLOUR_NAMES[c]} {v}" for c, v in record.moves]
    return commands


def play_game(cfg: MatchConfig, index: int, first_is_black: bool) -> GameRecord:
    return Game(cfg, index, first_is_black).run()


def nigiri(rng: random.Random) -> tuple[bool, str]:
    """Rule 19 nigiri: the second engine hides a handful of white stones, the first
    guesses odd (one black stone) or even (two); a right guess takes Black.
    Returns (first engine is Black in game 0, what happened)."""
    stones = rng.randint(1, 40)
    guess_odd = rng.random() < 0.5
    right = (stones % 2 == 1) == guess_odd
    text = (f"second hid {stones} stones, first guessed {'odd' if guess_odd else 'even'}: "
            f"first takes {'Black' if right else 'White'} in game 0")
    return right, text


def first_plays_black(index: int, first_black_game0: bool, fixed_colours: bool) -> bool:
    """Colours alternate from game to game after the nigiri (or never, if fixed)."""
    return fixed_colours or first_black_game0 == (index % 2 == 0)


# ------------------------------------------------------------------------- SGF

def sgf_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def game_comment(cfg: MatchConfig, record: GameRecord) -> str:
    """The root comment: result, how it ended, clocks, warnings, forfeit reason."""
    lines = [f"Result: {record.result} ({record.reason})"]
    for colour in (BLACK, WHITE):
        program = record.program_of(colour)
        times = record.move_times[colour]
        lines.append(f"{COLOUR_NAMES[colour].capitalize()}: {cfg.names[program]}"
                     f" [{cfg.commands[program]}], {sum(times):.1f} s for {len(times)} moves"
                     f" (max {max(times, default=0):.2f} s), CPU {record.cpu[colour]:.1f} s")
    lines += [f"Warning: {w}" for w in record.warnings]
    if record.error:
        lines.append(f"Error: {record.error}")
    return "\n".join(lines)


def to_sgf(cfg: MatchConfig, record: GameRecord) -> str:
    names = {record.colour_of(0): cfg.names[0], record.colour_of(1): cfg.names[1]}
    root = (f"(;FF[4]GM[1]CA[UTF-8]AP[yunzi-referee:1]RU[Chinese]SZ[{cfg.size}]"
            f"KM[{cfg.komi:g}]TM[{cfg.main_time:g}]"
            f"OT[{cfg.byoyomi_periods}x{cfg.byoyomi_time:g} byo-yomi]"
            f"DT[{record.date}]GN[game {record.index}]"
            f"PB[{sgf_text(names[BLACK])}]PW[{sgf_text(names[WHITE])}]RE[{record.result}]")
    if record.handicap_stones:
        root += f"HA[{len(record.handicap_stones)}]AB" + "".join(
            f"[{sgf_point(v, cfg.size)}]" for v in record.handicap_stones) + "PL[W]"
    root += f"C[{sgf_text(game_comment(cfg, record))}]"
    nodes = []
    for number, (colour, vertex) in enumerate(record.moves):
        note = record.notes.get(number)
        nodes.append(f";{colour}[{sgf_point(vertex, cfg.size)}]"
                     + (f"C[{sgf_text(note)}]" if note else ""))
    lines = [root] + ["".join(nodes[i:i + 10]) for i in range(0, len(nodes), 10)]
    return "\n".join(lines) + ")\n"


# ------------------------------------------------------------ .dat and summary

def flip_result(result: str, flip: bool) -> str:
    """gogui-twogtp writes B for the first program even when it played White."""
    if flip and result[:2] in ("B+", "W+"):
        return ("W" if result[0] == "B" else "B") + result[1:]
    return result


@dataclass
class DatRow:
    """One game as the .dat table stores it, from the first program's point of view.

    gogui-twogtp convention: B/_B columns belong to the first program (--black),
    W/_W to the second, even in games where ALT=1 (the first program had White).
    The per-program move counts and longest move live on an extra '# MOVES' line.
    """
    game: int
    res_b: str
    res_w: str
    res_r: str
    alt: bool
    dup: str
    length: int
    time: tuple[float, float]
    cpu: tuple[float, float]
    err: bool
    err_msg: str
    moves: tuple[int, int]
    longest: tuple[float, float]

    @classmethod
    def from_record(cls, record: GameRecord, dup: str) -> DatRow:
        alt = not record.first_is_black
        by_program = [record.colour_of(p) for p in (0, 1)]
        times = [record.move_times[c] for c in by_program]
        message = "; ".join(([record.error] if record.error else []) + record.warnings)
        return cls(record.index, flip_result(record.player_results[by_program[0]], alt),
                   flip_result(record.player_results[by_program[1]], alt),
                   flip_result(record.result, alt), alt, dup, len(record.moves),
                   (sum(times[0]), sum(times[1])),
                   (record.cpu[by_program[0]], record.cpu[by_program[1]]), bool(record.error),
                   " ".join(message.split()), (len(times[0]), len(times[1])),
                   (max(times[0], default=0.0), max(times[1], default=0.0)))

    @classmethod
    def from_text(cls, line: str) -> DatRow:
        """Parse a table row; the '# MOVES' fields are filled in by read_dat."""
        f = line.split("\t")
        f += [""] * (len(DAT_COLUMNS) - len(f))  # an empty ERR_MSG may lose its tab
        return cls(int(f[0]), f[1], f[2], f[3], f[4] == "1", f[5], int(f[6]),
                   (float(f[7]), float(f[8])), (float(f[9]), float(f[10])), f[11] == "1",
                   f[12], (0, 0), (0.0, 0.0))

    def to_text(self) -> str:
        row = [str(self.game), self.res_b, self.res_w, self.res_r, str(int(self.alt)),
               self.dup, str(self.length), f"{self.time[0]:.2f}", f"{self.time[1]:.2f}",
               f"{self.cpu[0]:.2f}", f"{self.cpu[1]:.2f}", str(int(self.err)),
               self.err_msg]
        extra = ["# MOVES", str(self.game), str(self.moves[0]), str(self.moves[1]),
                 f"{self.longest[0]:.3f}", f"{self.longest[1]:.3f}"]
        return "\t".join(row) + "\n" + "\t".join(extra) + "\n"


def dat_header(info: dict[str, str]) -> str:
    """Header comment lines in gogui-twogtp's '# Key: value' form."""
    return "".join(f"# {key}: {value}\n" for key, value in info.items()) \
        + "#\n#" + "\t".join(DAT_COLUMNS) + "\n"


def read_dat(path: Path) -> tuple[list[str], dict[str, str], list[DatRow]]:
    """Header lines, header fields and rows of a .dat file this script wrote."""
    header, info, rows, extras = [], {}, [], {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# MOVES\t"):
            _, game, m0, m1, l0, l1 = line.split("\t")
            extras[int(game)] = ((int(m0), int(m1)), (float(l0), float(l1)))
        elif line.startswith("#"):
            header.append(line)
            key, sep, value = line[1:].strip().partition(": ")
            if sep:
                info[key] = value
        elif line.strip():
            rows.append(DatRow.from_text(line))
    for row in rows:
        row.moves, row.longest = extras.get(row.game, ((0, 0), (0.0, 0.0)))
    return header, info, rows


def wilson_interval(successes: float, n: float, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval: unlike the normal one it stays inside [0, 1] and
    is sensible for the small or lopsided samples engine matches produce."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_difference(p: float) -> float:
    """Elo difference implied by an expected score p (logistic model)."""
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400 * math.log10(1 / p - 1) + 0.0  # + 0.0 turns -0.0 into 0.0


def expected_score(elo: float) -> float:
    """The first engine's expected score at an Elo difference (elo_difference's inverse)."""
    return 1 / (1 + 10 ** (-elo / 400))


@dataclass(frozen=True)
class Sprt:
    """Wald's sequential probability ratio test (--sprt), as cutechess-cli and fishtest
    run it: H0 'first - second = elo0 Elo' against H1 '= elo1', with error rates alpha
    (H1 accepted when H0 holds) and beta (H0 accepted when H1 holds).

    Go by area with half-point komi has no draws, so each game is a Bernoulli trial,
    a win for the first engine with probability p0 = expected_score(elo0) under H0 and
    p1 under H1: after W wins and L losses the log-likelihood ratio is
    W ln(p1/p0) + L ln((1-p1)/(1-p0)). A jigo counts half a win and half a loss, as in
    the win rate; a game without a result ('?') is not in the test.
    """
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def bounds(self) -> tuple[float, float]:
        """(lower, upper): at or below lower H0 is accepted, at or above upper H1."""
        return (math.log(self.beta / (1 - self.alpha)),
                math.log((1 - self.beta) / self.alpha))

    def llr(self, wins: float, losses: float) -> float:
        p0, p1 = expected_score(self.elo0), expected_score(self.elo1)
        return wins * math.log(p1 / p0) + losses * math.log((1 - p1) / (1 - p0))

    def describe(self) -> str:
        return (f"elo0 {self.elo0:+g}, elo1 {self.elo1:+g}, alpha {self.alpha:g},"
                f" beta {self.beta:g}")


class SequentialTest:
    """The SPRT run over games in game order, stopping at the first bound crossed.

    Game order rather than the order games finish in: the decision is then the one a
    match on one core would reach, whatever -j, and `--merge` reaches it again from the
    .dat. Games added after the decision are counted apart (`after`).
    """

    def __init__(self, sprt: Sprt):
        self.sprt = sprt
        self.games = 0  # games in the test: decided ones and any '?' among them
        self.wins = self.losses = 0.0
        self.llr = 0.0
        self.decision: str | None = None  # "H0" or "H1" once a bound is crossed
        self.after = 0

    def add(self, result: str) -> None:
        """One more game, by its RES_R from the first engine's point of view."""
        if self.decision:
            self.after += 1
            return
        self.games += 1
        if result.startswith("B+"):
            self.wins += 1
        elif result.startswith("W+"):
            self.losses += 1
        elif result == "0":
            self.wins += 0.5
            self.losses += 0.5
        self.llr = self.sprt.llr(self.wins, self.losses)
        lower, upper = self.sprt.bounds()
        if self.llr >= upper:
            self.decision = "H1"
        elif self.llr <= lower:
            self.decision = "H0"

    def status(self) -> str:
        lower, upper = self.sprt.bounds()
        return (f"LLR {self.llr:+.3f} (bounds {lower:+.3f} .. {upper:+.3f}) after"
                f" {self.games} games (first {self.wins:g} wins, {self.losses:g} losses)")

    def verdict(self) -> str:
        s = self.sprt
        if self.decision == "H1":
            return f"H1 accepted: first - second is {s.elo1:+g} Elo rather than {s.elo0:+g}"
        if self.decision == "H0":
            return f"H0 accepted: first - second is {s.elo0:+g} Elo rather than {s.elo1:+g}"
        return f"inconclusive: neither bound reached in {self.games} games"

    def report(self) -> list[str]:
        lines = [f"  SPRT ({self.sprt.describe()}): {self.status()}",
                 f"  SPRT {self.verdict()}"]
        if self.after:
            lines.append(f"  games after the decision, in flight when it came: {self.after}"
                         " (in the counts above, not in the test)")
        return lines


def name_different_winners(results) -> bool:
    """Whether final_score answers (B+2.5, W+R, 0, ?) name more than one winner."""
    return len({r[0] for r in results if r[:2] in ("B+", "W+") or r == "0"}) > 1


def is_disputed(row: DatRow) -> bool:
    """A game counted out whose players' own final_score names different winners: its
    result rests on the scorer's judgement of life and death alone."""
    counted = row.res_r[:2] in ("B+", "W+") and row.res_r[2:3].isdigit()
    return counted and name_different_winners((row.res_b, row.res_w))


def summarize(rows: list[DatRow], names: tuple[str, str], sprt: Sprt | None = None) -> str:
    """The end-of-match report; jigo counts as half a win for each side. With `sprt`,
    the rows (in game order) are also the sequential test's, and it says the decision."""
    wins = [[r for r in rows if r.res_r.startswith(side)] for side in ("B+", "W+")]
    jigo = sum(r.res_r == "0" for r in rows)
    unknown = len(rows) - len(wins[0]) - len(wins[1]) - jigo
    decided = len(wins[0]) + len(wins[1]) + jigo
    score = len(wins[0]) + 0.5 * jigo
    low, high = wilson_interval(score, decided)
    rate = score / decided if decided else 0.5
    lines = [f"{len(rows)} games: first = {names[0]}, second = {names[1]}"]
    for program, label in enumerate(("first", "second")):
        as_black = sum(r.alt == (program == 1) for r in wins[program])
        lines.append(f"  {label:6} wins {len(wins[program]):4}  (as Black {as_black},"
                     f" as White {len(wins[program]) - as_black})")
    lines.append(f"  jigo {jigo}, no result {unknown}, duplicate games"
                 f" {sum(r.dup != '-' for r in rows)}")
    ends = {kind: sum(r.res_r.endswith("+" + kind) for r in rows) for kind in ("R", "Time", "F")}
    lines.append("  ended by resignation {R}, time {Time}, forfeit {F}".format(**ends))
    disputed = [r for r in rows if is_disputed(r)]
    if disputed:
        first = sum(r.res_r.startswith("B+") for r in disputed)
        lines.append(f"  disputed {len(disputed)} (the players' own counts name different"
                     f" winners; the scorer gave first {first}): games"
                     f" {' '.join(str(r.game) for r in disputed)}")
    lines.append(f"  first win rate {100 * rate:.1f}% (95% CI {100 * low:.1f}%"
                 f" - {100 * high:.1f}%, Wilson, {decided} decided games)")
    lines.append(f"  Elo difference first - second {elo_difference(rate):+.0f}"
                 f" (95% CI {elo_difference(low):+.0f} .. {elo_difference(high):+.0f})")
    for program, label in enumerate(("first", "second")):
        moves = sum(r.moves[program] for r in rows)
        total = sum(r.time[program] for r in rows)
        longest = max((r.longest[program] for r in rows), default=0.0)
        lines.append(f"  {label:6} seconds per move: average {total / moves if moves else 0:.3f},"
                     f" max {longest:.3f} ({moves} moves)")
    if sprt:
        test = SequentialTest(sprt)
        for row in rows:
            test.add(row.res_r)
        lines += test.report()
    return "\n".join(lines)


class ResultWriter:
    """Writes each finished game at once (SGF, .dat row), so an interrupted match
    keeps what it played; a lock keeps parallel games from interleaving."""

    def __init__(self, cfg: MatchConfig, dat: Path | None, sgf_dir: Path | None):
        self.cfg, self.dat, self.sgf_dir = cfg, dat, sgf_dir
        self.rows: list[DatRow] = []
        self._seen: dict[tuple, int] = {}
        self._lock = threading.Lock()

    def freeze(self) -> None:
        """Take the lock for good, so that no file is half-written at exit."""
        self._lock.acquire(timeout=10)

    def add(self, record: GameRecord) -> DatRow:
        with self._lock:
            key = (record.first_is_black, tuple(record.handicap_stones), tuple(record.moves))
            first = self._seen.setdefault(key, record.index)
            row = DatRow.from_record(record, "-" if first == record.index else str(first))
            self.rows.append(row)
            if self.sgf_dir:
                (self.sgf_dir / f"game-{record.index:04d}.sgf").write_text(
                    to_sgf(self.cfg, record), encoding="utf-8")
            if self.dat:
                with open(self.dat, "a", encoding="utf-8") as out:
                    out.write(row.to_text())
            return row


# ------------------------------------------------------------------------ CLI

def parse_sprt(text: str) -> tuple[float, float]:
    """--sprt ELO0,ELO1: two Elo differences, ELO0 below ELO1, each within +-1000 (a
    99.7% score; beyond it the test means nothing and the logarithms lose precision)."""
    parts = text.split(",")
    try:
        elo0, elo1 = (float(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected ELO0,ELO1 (two numbers, e.g. 0,30), not {text!r}") from None
    if not all(abs(elo) <= 1000 for elo in (elo0, elo1)):  # also rules out nan
        raise argparse.ArgumentTypeError(f"Elo differences within +-1000, not {text!r}")
    if elo0 >= elo1:
        raise argparse.ArgumentTypeError(f"ELO0 must be below ELO1, not {text!r}")
    return elo0, elo1


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Play a match between two GTP engines under yunzi's rules (RULES.md): "
                    "nigiri, alternating colours, byo-yomi clocks, warnings for illegal "
                    "moves, area scoring by a separate scorer engine.",
        epilog="The .dat table follows gogui-twogtp: its B/W columns mean the first/second "
               "engine, ALT=1 marks games where the first engine played White. SGF files "
               "use real colours.")
    engines = parser.add_argument_group("engines")
    engines.add_argument("--black", "--first", dest="first", metavar="CMD",
                         help="first engine command line (shell-split); its colour in game "
                              "0 is decided by nigiri, then colours alternate")
    engines.add_argument("--white", "--second", dest="second", metavar="CMD",
                         help="second engine command line")
    engines.add_argument("--scorer", metavar="CMD", default=DEFAULT_SCORER,
                         help="engine that replays finished games and answers final_score "
                              "(area counting); default: %(default)s; e.g. "
                              "'/usr/games/gnugo --mode gtp --chinese-rules'")
    games = parser.add_argument_group("games")
    games.add_argument("--games", type=int, default=1, help="number of games (default 1)")
    games.add_argument("--game-index", type=int, default=0, metavar="K",
                       help="number of the first game (default 0): to split a match over "
                            "machines, give each the same --seed and its own K")
    games.add_argument("--seed", type=int, help="seed for the nigiri (default: random, "
                                                "written to the .dat header)")
    games.add_argument("--fixed-colours", action="store_true",
                       help="no nigiri: the first engine is Black in every game")
    games.add_argument("--size", type=int, default=19, help="board size (default 19)")
    games.add_argument("--komi", type=float, default=7.5, help="komi (default 7.5, rule 16)")
    games.add_argument("--handicap", type=int, default=0, metavar="N",
                       help="handicap stones, 2..9 (rule 17; komi stays --komi)")
    games.add_argument("--free-handicap", action="store_true",
                       help="Black places the stones with place_free_handicap "
                            "instead of fixed_handicap")
    games.add_argument("--max-moves", type=int, default=0, metavar="M",
                       help="score the game after M moves (default 3 x size^2)")
    games.add_argument("--start-from", type=Path, metavar="SGF",
                       help="every game starts from this record's moves (same size, no "
                            "setup stones), e.g. to play a finished game's end on")
    games.add_argument("--cleanup", action="store_true",
                       help="after two passes, if the players' own final_score name "
                            "different winners, play on with kgs-genmove_cleanup (genmove "
                            "where an engine lacks it) until two passes again, then score")
    clock = parser.add_argument_group("clock (rule 20)")
    clock.add_argument("--main-time", type=float, default=600.0, metavar="S",
                       help="main time in seconds (default 600)")
    clock.add_argument("--byoyomi-time", type=float, default=60.0, metavar="S",
                       help="length of one byo-yomi period (default 60)")
    clock.add_argument("--byoyomi-periods", type=int, default=5, metavar="P",
                       help="byo-yomi periods (default 5; 0 = absolute time; "
                            "0 with --main-time 0 = no clock)")
    clock.add_argument("--grace", type=float, default=10.0, metavar="S",
                       help="seconds past an engine's time before it counts as hung "
                            "(default 10)")
    clock.add_argument("--timeout", type=float, default=60.0, metavar="S",
                       help="limit for answers to every command but a timed genmove, "
                            "and for genmove when there is no clock (default 60)")
    output = parser.add_argument_group("output")
    output.add_argument("--sgf-dir", type=Path, metavar="DIR", help="write game-NNNN.sgf here")
    output.add_argument("--dat", type=Path, metavar="FILE",
                        help="gogui-twogtp style results table")
    output.add_argument("--force", action="store_true", help="overwrite an existing --dat")
    output.add_argument("--log-dir", type=Path, metavar="DIR",
                        help="engines' stderr goes to DIR/game-NNNN-COLOUR.log "
                             "(default: discarded)")
    output.add_argument("--verbose", action="store_true", help="echo GTP traffic on stderr")
    parser.add_argument("-j", "--jobs", type=int, default=1, metavar="N",
                        help="games played at once (default 1)")
    test = parser.add_argument_group("sequential test")
    test.add_argument("--sprt", type=parse_sprt, metavar="ELO0,ELO1",
                      help="stop when Wald's SPRT of first - second = ELO0 Elo (H0) against "
                           "= ELO1 (H1) decides, at most --games games; e.g. --sprt 0,30 "
                           "(a negative ELO0 needs --sprt=-10,0); the LLR after each game "
                           "goes to stderr, the decision to the summary; with --merge, the "
                           "test over the merged games")
    test.add_argument("--sprt-alpha", type=float, metavar="A",
                      help="probability of accepting H1 when H0 holds (default 0.05)")
    test.add_argument("--sprt-beta", type=float, metavar="B",
                      help="probability of accepting H0 when H1 holds (default 0.05)")
    parser.add_argument("--merge", nargs="+", type=Path, metavar="DAT",
                        help="merge .dat files (into --dat if given) and print the summary; "
                             "plays nothing")
    args = parser.parse_args(argv)
    if not args.merge and not (args.first and args.second):
        parser.error("--black and --white are required (or use --merge)")
    if args.byoyomi_periods > 0 and args.byoyomi_time <= 0:
        parser.error("--byoyomi-time must be positive when there are periods")
    if args.handicap == 1 or args.handicap < 0:
        parser.error("--handicap is 0 or 2..9 (handicap 1 is just --komi 0, rule 17)")
    if args.dat and args.dat.exists() and not args.force:
        parser.error(f"{args.dat} exists (use --force to overwrite)")
    args.sprt_test = None
    if args.sprt:
        alpha = 0.05 if args.sprt_alpha is None else args.sprt_alpha
        beta = 0.05 if args.sprt_beta is None else args.sprt_beta
        if not (0 < alpha < 1 and 0 < beta < 1 and alpha + beta < 1):
            parser.error("--sprt-alpha and --sprt-beta are probabilities above 0 whose sum"
                         " is below 1")
        args.sprt_test = Sprt(*args.sprt, alpha, beta)
    elif args.sprt_alpha is not None or args.sprt_beta is not None:
        parser.error("--sprt-alpha and --sprt-beta need --sprt")
    return args


def merge(args: argparse.Namespace) -> int:
    """Join .dat files of one match (played in pieces) and print the summary."""
    header, info, rows = read_dat(args.merge[0])
    for path in args.merge[1:]:
        _, other_info, more = read_dat(path)
        for key in ("Black", "BlackVersion", "White", "WhiteVersion"):
            if other_info.get(key) != info.get(key):
                sys.exit(f"{path}: {key} is {other_info.get(key)!r}, not {info.get(key)!r}")
        rows += more
    games = [r.game for r in rows]
    if len(set(games)) != len(games):
        sys.exit("the same game number appears twice; were --game-index values reused?")
    rows.sort(key=lambda r: r.game)
    if args.dat:
        args.dat.write_text("\n".join(header) + "\n" + "".join(r.to_text() for r in rows),
                            encoding="utf-8")
    names = tuple(f"{info.get(k, '?')} {info.get(k + 'Version', '')}".strip()
                  for k in ("Black", "White"))
    print(summarize(rows, names, args.sprt_test))
    return 0


def run_match(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 31)
    black0, nigiri_text = nigiri(random.Random(seed))
    if args.fixed_colours:
        nigiri_text = "none: first engine is Black in every game"
    try:
        start_moves = (sgf_moves(args.start_from.read_text(encoding="utf-8"), args.size)
                       if args.start_from else [])
    except (OSError, ValueError) as error:
        sys.exit(f"--start-from {args.start_from}: {error}")
    probes = [probe_engine(cmd, label, args.timeout)
              for cmd, label in ((args.first, "first"), (args.second, "second"),
                                 (args.scorer, "scorer"))]
    cfg = MatchConfig(
        commands=(args.first, args.second),
        names=tuple(f"{name} {version}" for name, version in probes[:2]),
        size=args.size, komi=args.komi, handicap=args.handicap,
        free_handicap=args.free_handicap, main_time=args.main_time,
        byoyomi_time=args.byoyomi_time, byoyomi_periods=args.byoyomi_periods,
        max_moves=args.max_moves, scorer=args.scorer, grace=args.grace, timeout=args.timeout,
        log_dir=args.log_dir, verbose=args.verbose, cleanup=args.cleanup,
        start_moves=tuple(start_moves))
    for directory in (args.sgf_dir, args.log_dir, args.dat and args.dat.parent):
        if directory:
            directory.mkdir(parents=True, exist_ok=True)
    if args.dat:
        args.dat.write_text(dat_header(match_info(args, probes, seed, nigiri_text)),
                            encoding="utf-8")
    progress(f"nigiri (seed {seed}): {nigiri_text}")
    writer = ResultWriter(cfg, args.dat, args.sgf_dir)
    indices = iter(range(args.game_index, args.game_index + args.games))
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs))
    test = SequentialTest(args.sprt_test) if args.sprt_test else None
    finished: dict[int, DatRow] = {}  # rows not yet in the test, which takes game order
    next_in_test = args.game_index
    in_flight: set[concurrent.futures.Future] = set()

    def start_next() -> None:
        index = next(indices, None)
        if index is not None:
            in_flight.add(pool.submit(play_game, cfg, index,
                                      first_plays_black(index, black0, args.fixed_colours)))

    try:
        for _ in range(max(1, args.jobs)):
            start_next()
        while in_flight:
            done, _ = concurrent.futures.wait(in_flight,
                                              return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                in_flight.discard(future)
                record = future.result()
                row = writer.add(record)
                report_game(cfg, record, row)
                if test:
                    finished[row.game] = row
                    while not test.decision and next_in_test in finished:
                        test.add(finished.pop(next_in_test).res_r)
                        next_in_test += 1
                        progress(f"SPRT: {test.status()}")
                        if test.decision:
                            progress(f"SPRT: {test.verdict()}; games in flight, to be"
                                     f" finished but not in the test: {len(in_flight)}")
                if not (test and test.decision):
                    start_next()
    except KeyboardInterrupt:
        # Games in progress would only record forfeits for killed engines: drop them.
        writer.freeze()
        GtpEngine.kill_all()
        progress(f"interrupted: {len(writer.rows)} finished games are saved")
        os._exit(130)
    pool.shutdown()
    print(summarize(sorted(writer.rows, key=lambda r: r.game), cfg.names, args.sprt_test))
    return 0


def match_info(args: argparse.Namespace, probes: list[tuple[str, str]], seed: int,
               nigiri_text: str) -> dict[str, str]:
    """Header fields: gogui-twogtp's keys first, then this referee's own."""
    clock = (f"{args.main_time:g} s + {args.byoyomi_periods} x {args.byoyomi_time:g} s"
             " byo-yomi")
    return {
        "Black": probes[0][0], "BlackCommand": args.first, "BlackLabel": "first",
        "BlackVersion": probes[0][1],
        "Date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "Host": socket.gethostname(), "Komi": f"{args.komi:g}",
        "Referee": f"{args.scorer} ({probes[2][0]} {probes[2][1]})", "Size": str(args.size),
        "White": probes[1][0], "WhiteCommand": args.second, "WhiteLabel": "second",
        "WhiteVersion": probes[1][1], "Xml": "0",
        "Handicap": f"{args.handicap}{' free' if args.free_handicap else ''}",
        "Time": clock, "Seed": str(seed), "Nigiri": nigiri_text,
        "Cleanup": "on" if args.cleanup else "off",
        **({"Sprt": args.sprt_test.describe()} if args.sprt_test else {}),
        "Columns": "B/_B = first engine, W/_W = second engine; ALT=1: first engine had White",
    }


def report_game(cfg: MatchConfig, record: GameRecord, row: DatRow) -> None:
    black = cfg.names[0] if record.first_is_black else cfg.names[1]
    white = cfg.names[1] if record.first_is_black else cfg.names[0]
    progress(f"game {record.index}: {black} (B) vs {white} (W): {record.result}"
             f" ({record.reason}), {row.length} moves"
             + (f"; {row.err_msg}" if row.err_msg else ""))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    return merge(args) if args.merge else run_match(args)


if __name__ == "__main__":
    sys.exit(main())
