#!/usr/bin/env bash
# Strength against Pachi 12.90 (no DCNN, no joseki fixes) under the Chinese rules (komi
# 7.5), both on one thread at about equal time per move, decided by scripts/referee.py
# with a sequential test (--sprt 0,30 by default). PACHI names the Pachi binary, built as
# scripts/README-referee.md says (Pachi is GPL: nothing of it is in this repository).
#
#   PACHI=/work/pachi/pachi scripts/pachi.sh 9  [GAMES]   # 9x9, about 1 s per move
#   PACHI=/work/pachi/pachi scripts/pachi.sh 19 [GAMES]   # 19x19, about 2 s per move
#
# GAMES (default 50 on 9x9, 20 on 19x19, the bar's matches) caps the match; the test may
# stop it earlier. yunzi plays a fixed playout budget sized to the time per move on this
# machine, as in strength.sh. Pachi's `-t S` overrides the clock the referee announces and
# keeps back about 2 s of it: `-t 3` is about 1.0 s a move on 9x9, `-t 4` about 1.8 s on
# 19x19 (under the referee's `time_settings 0 60 1` alone it would spend about 0.2 s a
# move). Check in the summary's "seconds per move" that the two sides used the same time,
# and adjust PACHI_TIME or the playouts if not. The byo-yomi clock only catches a hung
# engine. Disputed ends are played out with kgs-genmove_cleanup (--cleanup).
# YUNZI_ARGS adds options to yunzi's command line; SPRT replaces "0,30" (e.g. "-10,10").
# Output goes to pachi-SIZE/ (SGF files, match.dat, summary.txt).
set -euo pipefail
cd "$(dirname "$0")/.."

size=${1:-9}
games=${2:-$([ "$size" = 19 ] && echo 20 || echo 50)}
case "$size" in
    9) playouts=15000 period=60 pachi_time=${PACHI_TIME:-3} ;;
    19) playouts=10000 period=120 pachi_time=${PACHI_TIME:-4} ;;
    *) echo "usage: PACHI=path/to/pachi $0 9|19 [GAMES]" >&2; exit 2 ;;
esac
if [ -z "${PACHI:-}" ] || [ ! -x "$PACHI" ]; then
    echo "$0: PACHI must name the Pachi binary (see scripts/README-referee.md)" >&2
    exit 2
fi

cargo build --release --quiet
out="pachi-$size"
mkdir -p "$out"
# A copy, so that rebuilding during a long match cannot swap the binary under it.
yunzi="$PWD/$out/yunzi"
cp target/release/yunzi "$yunzi"
python3 scripts/referee.py \
    --black "$yunzi --threads 1 --playouts $playouts ${YUNZI_ARGS:-}" \
    --white "$PACHI -t $pachi_time threads=1" \
    --scorer "$yunzi" --games "$games" -j 2 --size "$size" --komi 7.5 \
    --main-time 0 --byoyomi-time "$period" --byoyomi-periods 1 --seed 2026 \
    --sprt="${SPRT:-0,30}" \
    --cleanup --sgf-dir "$out" --dat "$out/match.dat" --force | tee "$out/summary.txt"
