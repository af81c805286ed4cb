#!/usr/bin/env bash
# Strength against GNU Go level 10 under the Chinese rules (komi 7.5), yunzi on one thread,
# two games at a time, decided by scripts/referee.py. README.md records the results.
#
#   scripts/strength.sh 9  [GAMES]   # 9x9, about 1 s per move (15,000 playouts)
#   scripts/strength.sh 19 [GAMES]   # 19x19, about 2 s per move (10,000 playouts)
#
# yunzi plays a fixed playout budget sized to the time per move on this machine (what
# `yunzi bench search --threads 1` runs in that time), so a busy machine slows it down
# instead of weakening it. The byo-yomi clock (60 or 120 s a move) only catches a hung
# engine: GNU Go level 10 sometimes thinks for over 30 s on a loaded machine, and a time
# loss would say nothing about strength. The summary reports the seconds each side used.
# Two passes do not end a game whose players' own counts name different winners: it is
# played out with kgs-genmove_cleanup first (--cleanup), so that neither yunzi's nor GNU
# Go's judgement of life and death decides it.
# YUNZI_ARGS adds options to yunzi's command line (e.g. "--exploration 0.1" for tuning).
# Output goes to strength-SIZE/ (SGF files, match.dat, summary.txt).
# scripts/pachi.sh plays the same matches against Pachi 12.90 (PACHI names its binary).
set -euo pipefail
cd "$(dirname "$0")/.."

size=${1:-9}
games=${2:-$([ "$size" = 19 ] && echo 20 || echo 50)}
case "$size" in
    9) playouts=15000 period=60 ;;
    19) playouts=10000 period=120 ;;
    *) echo "usage: $0 9|19 [GAMES]" >&2; exit 2 ;;
esac

cargo build --release --quiet
out="strength-$size"
mkdir -p "$out"
# A copy, so that rebuilding during a long match cannot swap the binary under it.
yunzi="$PWD/$out/yunzi"
cp target/release/yunzi "$yunzi"
python3 scripts/referee.py \
    --black "$yunzi --threads 1 --playouts $playouts ${YUNZI_ARGS:-}" \
    --white "/usr/games/gnugo --mode gtp --level 10 --chinese-rules --positional-superko" \
    --scorer "$yunzi" --games "$games" -j 2 --size "$size" --komi 7.5 \
    --main-time 0 --byoyomi-time "$period" --byoyomi-periods 1 --seed 2026 \
    --cleanup --sgf-dir "$out" --dat "$out/match.dat" --force | tee "$out/summary.txt"
