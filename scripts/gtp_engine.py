"""The GTP side that yunzi's match scripts share: an engine client with a deadline on every
answer (GtpEngine), response parsing, and GTP vertices.

referee.py, ogs_drive.py, shape_games.py, failed_runs.py and second_opinion.py import it.
Standard library only.
"""

from __future__ import annotations

import os
import queue
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

GTP_COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP skips I; 25 letters cover sizes up to 25
VERTEX_RE = re.compile(r"^([A-HJ-Z])([0-9]{1,2})$", re.IGNORECASE)


def progress(message: str) -> None:
    """Progress goes to stderr so stdout carries only results."""
    print(message, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- GTP

class EngineFailure(Exception):
    """The engine crashed, broke the protocol or hung: its side forfeits (rule 12)."""


class EngineTimeout(EngineFailure):
    """The engine gave no answer in time; kept apart so genmove can say 'hung'."""


class GtpRefused(Exception):
    """The engine answered '?': the command failed but the engine still works."""


def clean_line(line: str) -> str:
    """GTP preprocessing: drop CR and control characters, turn tabs into spaces."""
    line = line.rstrip("\n").replace("\t", " ")
    return "".join(ch for ch in line if ch >= " " and ch != "\x7f")


def parse_response(lines: list[str], ident: int) -> tuple[bool, str]:
    """Parse one GTP response ('=[id] result' or '?[id] message', blank-line terminated).

    `lines` are the response's lines without the terminating blank line. Returns
    (success, text); multi-line results keep their line breaks. Raises
    EngineFailure when the response is not GTP or answers another command id.
    """
    match = re.match(r"^([=?])(\d*)(?:\s(.*))?$", lines[0])
    if not match:
        raise EngineFailure(f"malformed response {lines[0]!r}")
    status, got_id, first = match.groups()
    if got_id and int(got_id) != ident:
        raise EngineFailure(f"response id {got_id} to command id {ident}")
    text = "\n".join([first or ""] + lines[1:]).strip()
    return status == "=", text


class GtpEngine:
    """One engine process spoken to over GTP v2, with a deadline on every answer.

    A reader thread moves stdout lines into a queue so that waiting for an answer
    can time out; stderr never reaches the parser (it goes to a log or DEVNULL).
    Engines run in their own process group so a wrapper script dies with them;
    the class keeps the live ones so that Ctrl-C can end them all.
    """

    _live: set[GtpEngine] = set()
    _live_lock = threading.Lock()

    def __init__(self, command: str, label: str, log_path: Path | None = None,
                 verbose: bool = False):
        self.label = label
        self.verbose = verbose
        self.commands: set[str] = set()
        self._broken = False
        self._next_id = 1
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._log = open(log_path, "ab") if log_path else None
        try:
            self._proc = subprocess.Popen(
                shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=self._log or subprocess.DEVNULL, text=True, encoding="utf-8",
                errors="replace", start_new_session=True)
        except (OSError, ValueError) as error:
            self._close_log()
            raise EngineFailure(f"cannot start {command!r}: {error}") from error
        self._reader = threading.Thread(target=self._read_stdout, daemon=True)
        self._reader.start()
        with GtpEngine._live_lock:
            GtpEngine._live.add(self)

    def _read_stdout(self) -> None:
        """Runs in its own thread; None in the queue means end of output."""
        try:
            for line in self._proc.stdout:
                self._lines.put(line)
        except (OSError, ValueError):
            pass  # stdout closed under us by close()
        finally:
            self._lines.put(None)

    def send(self, command: str, timeout: float) -> str:
        """Send one command and return its result; raise GtpRefused on '?'.

        After a crash, hang or protocol error the engine is marked broken and
        every later command fails at once: waiting on it again would only stall.
        """
        return self._guarded(self._exchange, command, timeout)

    def stream(self, command: str, seconds: float, timeout: float) -> list[str]:
        """Send a command that answers in a stream until the next command (`lz-analyze`),
        let it run `seconds`, end it with `name`, and return the stream's lines; raise
        GtpRefused on '?'. A failure marks the engine broken, as in `send`."""
        return self._guarded(self._stream, command, seconds, timeout)

    def _guarded(self, exchange, *args):
        """Run one exchange with the engine unless it is broken; mark it broken if the
        exchange fails."""
        if self._broken:
            raise EngineFailure("already failed")
        try:
            return exchange(*args)
        except EngineFailure:
            self._broken = True
            raise

    def _stream(self, command: str, seconds: float, timeout: float) -> list[str]:
        ident = self._write(command)
        time.sleep(seconds)
        stop = self._write("name")
        deadline = time.monotonic() + timeout
        ok, text = parse_response(self._read_response(deadline, timeout), ident)
        parse_response(self._read_response(deadline, timeout), stop)
        if not ok:
            raise GtpRefused(text)
        return text.splitlines()

    def _write(self, command: str) -> int:
        """Send one command line and return its id."""
        ident = self._next_id
        self._next_id += 1
        if self.verbose:
            progress(f"{self.label} < {command}")
        try:
            self._proc.stdin.write(f"{ident} {command}\n")
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as error:
            raise EngineFailure(f"exited (code {self._exit_code()})") from error
        return ident

    def _exchange(self, command: str, timeout: float) -> str:
        ident = self._write(command)
        ok, text = parse_response(self._read_response(time.monotonic() + timeout, timeout),
                                  ident)
        if self.verbose:
            progress(f"{self.label} > {'=' if ok else '?'} {text}")
        if not ok:
            raise GtpRefused(text)
        return text

    def _read_response(self, deadline: float, timeout: float) -> list[str]:
        line = self._next_line(deadline, timeout)
        while not line.strip():  # tolerate stray blank lines between responses
            line = self._next_line(deadline, timeout)
        lines = [line]
        while (line := self._next_line(deadline, timeout)).strip():
            lines.append(line)
        return lines

    def _next_line(self, deadline: float, timeout: float) -> str:
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise EngineTimeout(f"no answer within {timeout:.1f} s") from None
        if line is None:
            raise EngineFailure(f"exited (code {self._exit_code()})")
        return clean_line(line)

    def load_commands(self, timeout: float) -> None:
        """Learn the optional commands (kgs-time_settings, cputime, final_score)."""
        try:
            self.commands = set(self.send("list_commands", timeout).split())
        except GtpRefused:
            self.commands = set()

    def _exit_code(self) -> int | None:
        try:
            return self._proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return None

    def close(self) -> None:
        """Ask politely with `quit`, then kill the whole process group."""
        if self._proc.poll() is None and not self._broken:
            try:
                self.send("quit", 2.0)
            except (EngineFailure, GtpRefused):
                pass
            try:
                self._proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                pass
        if self._proc.poll() is None:
            os.killpg(self._proc.pid, signal.SIGKILL)
            self._proc.wait()
        self._reader.join(timeout=1)
        with GtpEngine._live_lock:
            GtpEngine._live.discard(self)
        for stream in (self._proc.stdin, self._proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
        self._close_log()

    @classmethod
    def kill_all(cls) -> None:
        """Kill every engine still running (the referee is being interrupted)."""
        with cls._live_lock:
            for engine in cls._live:
                if engine._proc.poll() is None:
                    os.killpg(engine._proc.pid, signal.SIGKILL)

    def _close_log(self) -> None:
        if self._log:
            self._log.close()


# --------------------------------------------------------------------- vertices

def parse_vertex(text: str) -> tuple[int, int] | None:
    """(column, row) counted from the lower left, or None if `text` is no vertex at all.

    A syntactically valid vertex off this board is still returned: that is an
    illegal move (rule 21, a warning), not a protocol error (a forfeit).
    """
    match = VERTEX_RE.match(text.strip())
    if not match:
        return None
    return GTP_COLUMNS.index(match.group(1).upper()), int(match.group(2)) - 1


def on_board(point: tuple[int, int], size: int) -> bool:
    return 0 <= point[0] < size and 0 <= point[1] < size


def vertex_name(point: tuple[int, int]) -> str:
    return f"{GTP_COLUMNS[point[0]]}{point[1] + 1}"


def sgf_vertex(point: str, size: int) -> str:
    """SGF point (aa = upper left) to GTP vertex (A1 = lower left); '' and, on boards up
    to 19x19, tt are a pass."""
    if len(point) != 2 or (size <= 19 and point == "tt"):
        return "pass"
    return vertex_name((ord(point[0]) - ord("a"), size - 1 - (ord(point[1]) - ord("a"))))


def sgf_point(vertex: str, size: int) -> str:
    """GTP vertex (A1 = lower left) to SGF point (aa = upper left); pass is []."""
    if vertex == "pass":
        return ""
    column, row = parse_vertex(vertex)
    return chr(ord("a") + column) + chr(ord("a") + size - 1 - row)
