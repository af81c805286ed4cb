#!/usr/bin/env python3
"""Starts the real Lizzie 0.7.4 (Debian's liblizzie-java) under Xvfb with yunzi as its engine
and an SGF to open, and checks from the engine's GTP log that Lizzie got going: it asked for
analysis, no modal dialog blocks it, and going to the game's end sends the game's moves as
`play` commands with analysis after them.

Lizzie (Debian build) reads ~/.config/leela-zero/lizzie-config.txt, so user.home is a
scratch folder with a config whose engine command is a wrapper that logs yunzi's GTP input
and output. Lizzie rewinds a loaded SGF to its start, so the test presses End in the
window (xdotool) to go to the last move. A blocking dialog shows in `jstack` as a thread
inside JOptionPane or Dialog.show.

Usage: gui_test.py --engine YUNZI [--jar /usr/share/java/lizzie.jar] [--sgf FILE]
Needs java, jstack, Xvfb and xdotool. Exits 1 on failure, with the GTP log's start.
"""

import argparse
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SGF = os.path.join(HERE, "..", "..", "gtp-tests", "game.sgf")
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
START_TIMEOUT = 45  # seconds for Lizzie to start and ask for analysis
STEP_TIMEOUT = 20  # seconds for each later step


def sgf_moves(text):
    """The main line's moves of a simple SGF (no variations) as GTP `play` arguments."""
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    moves = []
    for color, point in re.findall(r";\s*([BW])\[([a-z]{0,2})\]", text):
        if point == "" or (size <= 19 and point == "tt"):
            moves.append(f"{color} pass")
        else:
            col, row = ord(point[0]) - ord("a"), ord(point[1]) - ord("a")
            moves.append(f"{color} {COLUMNS[col]}{size - row}")
    return size, moves


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def commands(log):
    """The GTP commands Lizzie sent, without its command numbers."""
    return [re.sub(r"^\d+ ", "", line) for line in log.splitlines() if line.strip()]


def thread_dump(pid):
    """The JVM's threads as jstack prints them; None if jstack failed."""
    try:
        return subprocess.run(
            ["jstack", str(pid)], capture_output=True, text=True, timeout=30
        ).stdout
    except (subprocess.TimeoutExpired, OSError):
        return None


def blocking_dialogs(pid):
    """Threads of the JVM stuck in a modal dialog, from jstack; None if jstack failed."""
    dump = thread_dump(pid)
    if dump is None:
        return None
    if '"main"' not in dump and "AWT-EventQueue" not in dump:
        return None
    stuck = []
    for thread in dump.split("\n\n"):
        if re.search(r"JOptionPane\.show|java\.awt\.Dialog\.show", thread):
            frames = [
                line.strip() for line in thread.splitlines() if "featurecat" in line
            ]
            stuck.append(thread.splitlines()[0] + "\n    " + "\n    ".join(frames[:4]))
    return stuck


def start_xvfb():
    """An Xvfb on a free display that answers, and its DISPLAY. (Xvfb's -displayfd proved
    racy when one server ends just before the next starts.)"""
    first = 100 + os.getpid() % 800
    for number in range(first, first + 20):
        if os.path.exists(f"/tmp/.X{number}-lock") or os.path.exists(f"/tmp/.X11-unix/X{number}"):
            continue
        xvfb = subprocess.Popen(
            ["Xvfb", f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )
        env = dict(os.environ, DISPLAY=f":{number}")

        def answers():
            return xvfb.poll() is not None or subprocess.run(
                ["xdotool", "getdisplaygeometry"], env=env, capture_output=True
            ).returncode == 0

        if wait_for(answers, 10, step=0.2) and xvfb.poll() is None:
            return xvfb, f":{number}"
        if xvfb.poll() is None:
            xvfb.kill()
        xvfb.wait()
    raise RuntimeError("could not start Xvfb")


def wait_for(condition, timeout, step=0.5):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(step)
    return condition()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--jar", default="/usr/share/java/lizzie.jar")
    ap.add_argument("--sgf", default=DEFAULT_SGF)
    args = ap.parse_args()
    for tool in ("java", "jstack", "Xvfb", "xdotool"):
        if not shutil.which(tool):
            print(f"gui_test: {tool} is missing", file=sys.stderr)
            return 1

    with open(args.sgf, encoding="utf-8") as f:
        size, moves = sgf_moves(f.read())
    # Lizzie 0.7.4 races at start: if the engine answers `version` before Lizzie has
    # assigned Lizzie.engineManager (the engine is started inside EngineManager's
    # constructor), Lizzie.initializeAfterVersionCheck throws a NullPointerException on its
    # engine reader thread, which the thread's ScheduledExecutorService swallows. Lizzie
    # then never reads the engine again and never sends its deferred lz-analyze. Leela
    # Zero loads its network first; yunzi --lizzie waits a second before its first
    # `version` answer for that reason. Should a slow machine still lose the race, the test
    # starts Lizzie again: it is Lizzie's fault, not the engine's.
    for attempt in range(1, 6):
        result = attempt_once(args, size, moves)
        if result != RACE:
            return result
        print(f"gui_test: start {attempt}: Lizzie's engine reader thread died at start "
              "(its engineManager race, see gui_test.py); starting it again")
    print("gui_test: FAILED: Lizzie's start race five times in a row")
    return 1


RACE = "race"


def reader_alive(pid):
    """Whether Lizzie's thread reading the engine (Leelaz.read) still runs (assumed so when
    jstack fails)."""
    dump = thread_dump(pid)
    return dump is None or "featurecat.lizzie.analysis.Leelaz.read" in dump


def attempt_once(args, size, moves):
    scratch = tempfile.mkdtemp(prefix="yunzi-lizzie-")
    home = os.path.join(scratch, "home")
    os.makedirs(os.path.join(home, ".config", "leela-zero"))
    gtp_in = os.path.join(scratch, "gtp-in.log")
    gtp_out = os.path.join(scratch, "gtp-out.log")
    wrapper = os.path.join(scratch, "engine.sh")
    with open(wrapper, "w") as f:
        f.write(
            "#!/bin/sh\n"
            f"tee -a {shlex.quote(gtp_in)} | {shlex.quote(os.path.abspath(args.engine))} "
            f"--threads 1 --lizzie 2>{shlex.quote(os.path.join(scratch, 'engine-stderr.log'))} "
            f"| tee -a {shlex.quote(gtp_out)}\n"
        )
    os.chmod(wrapper, 0o755)
    # Lizzie splits the engine command at spaces; mkdtemp's path has none.
    config = {
        "leelaz": {"engine-command": wrapper},
        "ui": {"resume-previous-game": False, "confirm-exit": False},
    }
    with open(os.path.join(home, ".config", "leela-zero", "lizzie-config.txt"), "w") as f:
        json.dump(config, f)

    processes = []
    race = False
    failures = []
    try:
        xvfb, display = start_xvfb()
        processes.append(xvfb)
        env = dict(os.environ, DISPLAY=display)

        lizzie_log = open(os.path.join(scratch, "lizzie.log"), "w")
        lizzie = subprocess.Popen(
            ["java", f"-Duser.home={home}", "-jar", args.jar, os.path.abspath(args.sgf)],
            env=env, stdout=lizzie_log, stderr=subprocess.STDOUT, cwd=scratch,
            start_new_session=True,
        )
        processes.append(lizzie)

        def sent():
            return commands(read(gtp_in))

        def analysing():
            return any(re.match(r"(lz|kata)-analyze\b", c) for c in sent())

        def board_sized():
            return f"boardsize {size}" in sent()

        # 1. Lizzie asks for analysis and reads the SGF (boardsize from its SZ).
        dead_reader = []

        def started():
            if analysing() and board_sized():
                return True
            if blocking_dialogs(lizzie.pid):
                return True
            # The start race (see main): answers came, but nobody reads them, twice running.
            answered = re.search(r"^=2 ", read(gtp_out), re.M)
            dead_reader.append(bool(answered) and not reader_alive(lizzie.pid))
            return dead_reader[-2:] == [True, True]

        wait_for(started, START_TIMEOUT, step=2)
        stuck = blocking_dialogs(lizzie.pid)
        if stuck is None:
            failures.append("jstack could not read Lizzie's threads")
        elif stuck:
            failures.append(
                "a modal dialog blocks Lizzie:\n  " + "\n  ".join(stuck)
            )
            if any("Leelaz.parseLine" in s for s in stuck):
                answers = [l for l in read(gtp_out).splitlines() if l.strip()][:2]
                failures.append(
                    "it is Lizzie's engine version check (answers: " + " | ".join(answers)
                    + "): unless `name` starts with KataGo, the number after the first dot"
                    " of `version` must be an integer >= 15"
                )
        if not analysing():
            if not stuck and lizzie.poll() is None and not reader_alive(lizzie.pid):
                race = True
            failures.append("Lizzie never sent lz-analyze or kata-analyze")
        if not board_sized():
            failures.append(f"Lizzie never sent boardsize {size} (the SGF was not loaded)")

        # 2. End goes to the game's last move: every move as `play`, then analysis of it.
        if not failures:
            expected = [f"play {m}" for m in moves]

            def played():
                plays = [c for c in sent() if c.startswith("play ")]
                return plays[-len(expected):] == expected

            def press_end():
                # No window manager: give the Java window's focus proxy the focus, then key.
                for window in subprocess.run(
                    ["xdotool", "search", "--name", "FocusProxy"],
                    env=env, capture_output=True, text=True,
                ).stdout.split():
                    subprocess.run(["xdotool", "windowfocus", window], env=env,
                                   capture_output=True)
                subprocess.run(["xdotool", "key", "End"], env=env, capture_output=True)
                return wait_for(played, 3)

            if not wait_for(press_end, STEP_TIMEOUT, step=0):
                failures.append(f"after End, the log lacks the SGF's moves in order: {expected}")
            else:
                def analysed_after_moves():
                    log = sent()
                    last_play = max(i for i, c in enumerate(log) if c.startswith("play "))
                    return any(re.match(r"(lz|kata)-analyze\b", c) for c in log[last_play:]) \
                        and read(gtp_out).count("info move") > 0
                if not wait_for(analysed_after_moves, STEP_TIMEOUT):
                    failures.append("no analysis asked for or streamed after the last move")
                stuck = blocking_dialogs(lizzie.pid)
                if stuck:
                    failures.append("a modal dialog blocks Lizzie:\n  " + "\n  ".join(stuck))
        if lizzie.poll() is not None:
            failures.append(f"Lizzie exited with status {lizzie.returncode}")
    finally:
        for process in reversed(processes):
            if process.poll() is None:
                # Each runs in its own session: the group holds the JVM and the engine's
                # wrapper, tee and yunzi.
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()

    if race:
        shutil.rmtree(scratch, ignore_errors=True)
        return RACE
    log = read(gtp_in)
    answers = [l for l in read(gtp_out).splitlines() if l.strip() and not l.startswith("info")]
    if failures:
        print("gui_test: Lizzie 0.7.4 with yunzi FAILED:")
        for failure in failures:
            print("  - " + failure)
        print("GTP commands Lizzie sent (first 30):\n    " + "\n    ".join(commands(log)[:30]))
        print("engine answers (first 12, without info lines):\n    " + "\n    ".join(answers[:12]))
        print(f"(logs kept in {scratch})")
        return 1
    print(f"gui_test: Lizzie 0.7.4 analysed {os.path.basename(args.sgf)} with yunzi, "
          f"{len(moves)} moves played, no dialog")
    print("  commands at start: " + ", ".join(commands(log)[:8]))
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
