#!/usr/bin/env bash
# Strength matches under the Chinese rules (komi 7.5), yunzi on one thread, two games at a
# time, decided by scripts/referee.py: against GNU Go 3.8 level 10, or, with `pachi` first,
# against Pachi 12.90 (no DCNN, no joseki fixes) at about equal time per move with a
# sequential test. docs/strength.md records the results.
#
#   scripts/strength.sh 9  [GAMES]                  # GNU Go, 9x9, about 1 s a move (18,000 playouts)
#   scripts/strength.sh 13 [GAMES]                  # GNU Go, 13x13, about 1.5 s a move (18,000 playouts)
#   scripts/strength.sh 19 [GAMES]                  # GNU Go, 19x19, about 2 s a move (15,000 playouts)
#   PACHI=/path/to/pachi scripts/strength.sh pachi 9  [GAMES]   # Pachi, 9x9, about 1.0 s a move
#   PACHI=/path/to/pachi scripts/strength.sh pachi 13 [GAMES]   # Pachi, 13x13, about 1.7 s a move
#   PACHI=/path/to/pachi scripts/strength.sh pachi 19 [GAMES]   # Pachi, 19x19, about 1.8 s a move
#
# GAMES defaults to the bars' matches: 50 on 9x9, 40 on 13x13, 20 on 19x19 (against Pachi
# the test may stop earlier). Against GNU Go, yunzi plays a fixed playout budget sized to
# the time per move on an idle machine, so a busy machine slows it down instead of
# weakening it (GNU Go thinks by depth, not by the clock, so it plays the same either
# way). The byo-yomi clock (60 or 120 s a move) only catches a hung engine: GNU Go level
# 10 sometimes thinks for over 30 s on a loaded machine, and a time loss would say nothing
# about strength. The summary reports the seconds each side used.
#
# Pachi (GPL, built as scripts/README-referee.md says; nothing of it is in this
# repository) thinks by the clock, so against it yunzi does too: at most YUNZI_SECONDS a
# move (--max-seconds-per-move; it stops sooner when one move is clear, so its caps of
# 1.5 s on 9x9 and 2.5 s on 13x13 are about 1.0 and 1.75 s a move on average; 2.2 s on
# 19x19 is about 1.6 s, a little under Pachi's 1.8, where the 40-game bar was played),
# and a slow or busy machine costs both sides alike. Pachi gets `-t S`, which overrides
# the clock the referee announces and keeps back about 2 s of it: `-t 3` is about 1.0 s a
# move on 9x9, `-t 4` about 1.7-1.8 s on 13x13 and 19x19 (under `time_settings 0 60 1`
# alone it would spend about 0.2 s a move). Check in the summary's "seconds per move" that
# the two sides used the same time (the bar: yunzi's no more than 10% above Pachi's), and
# adjust PACHI_TIME or YUNZI_SECONDS if not. SPRT replaces the test's "0,30" (for example
# "-10,10"); SPRT=off plays all GAMES, as the bars' fixed-length matches do.
#
# Two passes do not end a game whose players' own counts name different winners: it is
# played out with kgs-genmove_cleanup first (--cleanup), so that neither side's judgement
# of life and death decides it. YUNZI_ARGS adds options to yunzi's command line (e.g.
# "--exploration 0.1" for tuning). Output goes to strength-SIZE/ or pachi-SIZE/ (SGF files,
# match.dat, summary.txt).
set -euo pipefail
cd "$(dirname "$0")/.."

opponent=gnugo
if [ "${1:-}" = pachi ]; then
    opponent=pachi
    shift
fi
size=${1:-9}
case "$size" in
    9) default_games=50 playouts=18000 seconds=${YUNZI_SECONDS:-1.5} period=60 pachi_time=${PACHI_TIME:-3} ;;
    13) default_games=40 playouts=18000 seconds=${YUNZI_SECONDS:-2.5} period=90 pachi_time=${PACHI_TIME:-4} ;;
    19) default_games=20 playouts=15000 seconds=${YUNZI_SECONDS:-2.2} period=120 pachi_time=${PACHI_TIME:-4} ;;
    *) echo "usage: $0 [pachi] 9|13|19 [GAMES]" >&2; exit 2 ;;
esac
games=${2:-$default_games}
case "$opponent" in
    gnugo)
        out="strength-$size"
        white="/usr/games/gnugo --mode gtp --level 10 --chinese-rules --positional-superko"
        budget="--playouts $playouts"
        sprt=()
        ;;
    pachi)
        if [ -z "${PACHI:-}" ] || [ ! -x "$PACHI" ]; then
            echo "$0: PACHI must name the Pachi binary (see scripts/README-referee.md)" >&2
            exit 2
        fi
        out="pachi-$size"
        white="$PACHI -t $pachi_time threads=1"
        budget="--max-seconds-per-move $seconds"
        sprt=()
        [ "${SPRT:-}" = off ] || sprt=(--sprt="${SPRT:-0,30}")
        ;;
esac

cargo build --release --quiet
mkdir -p "$out"
# A copy, so that rebuilding during a long match cannot swap the binary under it.
yunzi="$PWD/$out/yunzi"
cp target/release/yunzi "$yunzi"
python3 scripts/referee.py \
    --black "$yunzi --threads 1 $budget ${YUNZI_ARGS:-}" \
    --white "$white" \
    --scorer "$yunzi" --games "$games" -j 2 --size "$size" --komi 7.5 \
    --main-time 0 --byoyomi-time "$period" --byoyomi-periods 1 --seed 2026 \
    "${sprt[@]}" \
    --cleanup --sgf-dir "$out" --dat "$out/match.dat" --force | tee "$out/summary.txt"
