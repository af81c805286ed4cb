#!/usr/bin/env bash
# Strength against GNU Go level 10 under the Chinese rules (komi 7.5), yunzi on one thread,
# two games at a time, decided by scripts/referee.py. README.md records the results.
#
#   scripts/strength.sh 9  [GAMES]   # 9x9, about 1 s per move (28,000 playouts)
#   scripts/strength.sh 19 [GAMES]   # 19x19, about 2 s per move (14,000 playouts)
#
# yunzi plays a fixed playout budget sized to the time per move on this machine, so a busy
# machine slows it down instead of weakening it; the byo-yomi clock (10 or 20 s a move) is
# generous enough that GNU Go never loses on time, and the summary reports the seconds each
# side really used. Output goes to strength-SIZE/ (SGF files, match.dat, summary.txt).
set -euo pipefail
cd "$(dirname "$0")/.."

size=${1:-9}
games=${2:-$([ "$size" = 19 ] && echo 20 || echo 50)}
case "$size" in
    9) playouts=28000 period=10 ;;
    19) playouts=14000 period=20 ;;
    *) echo "usage: $0 9|19 [GAMES]" >&2; exit 2 ;;
esac

cargo build --release --quiet
out="strength-$size"
mkdir -p "$out"
yunzi="$PWD/target/release/yunzi"
python3 scripts/referee.py \
    --black "$yunzi --threads 1 --playouts $playouts" \
    --white "/usr/games/gnugo --mode gtp --level 10 --chinese-rules --positional-superko" \
    --scorer "$yunzi" --games "$games" -j 2 --size "$size" --komi 7.5 \
    --main-time 0 --byoyomi-time "$period" --byoyomi-periods 1 --seed 2026 \
    --sgf-dir "$out" --dat "$out/match.dat" --force | tee "$out/summary.txt"
