#!/usr/bin/env bash
# Handicap matches as bots give and take them (Chinese rules, komi 0.5, fixed handicap on
# the star points, compensation a point a stone), one thread each, two games at a time,
# decided by scripts/referee.py with --fixed-colours. docs/strength.md records the results.
#
#   scripts/handicap.sh give 9  [GAMES]   # GNU Go 3.8 level 10 Black with 2 stones, yunzi White, about 1 s a move
#   scripts/handicap.sh give 13 [GAMES]   # GNU Go Black with 3 stones, yunzi White, about 1.8 s a move
#   scripts/handicap.sh give 19 [GAMES]   # GNU Go Black with 4 stones, yunzi White, about 2 s a move
#   PACHI=/path/to/pachi scripts/handicap.sh take 19 [GAMES]   # yunzi Black with 3 stones against Pachi 12.90
#
# GAMES defaults to the bars' matches: 20 on 9x9, 10 on 13x13 and 19x19. WHITE=pachi (with
# PACHI set) puts Pachi in yunzi's place in the `give` matches, for the figure to compare
# with. yunzi thinks by the clock, at most YUNZI_SECONDS a move (1.5 s on 9x9, 2.5 s on
# 13x13 and 2.2 s on 19x19, about 1.0, 1.8 and 1.8 s on average, as in
# scripts/strength.sh); Pachi gets `-t 3` on 9x9 and `-t 4` on the big boards
# (PACHI_TIME), about the same. The byo-yomi period (60 to 120 s) only catches a hung
# engine. YUNZI_ARGS adds options to yunzi's command line. JOBS (default 2)
# is how many games run at once: 1 lets two matches share the two cores. Disputed games
# are played out with kgs-genmove_cleanup (--cleanup). Output goes to handicap-give-SIZE/
# or handicap-take-SIZE/ (handicap-give-SIZE-pachi/ for WHITE=pachi): SGF files,
# match.dat, summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
    echo "usage: $0 give 9|13|19 [GAMES] | take 19 [GAMES]" >&2
    exit 2
}
side=${1:-}
size=${2:-}
case "$size" in
    9) seconds=${YUNZI_SECONDS:-1.5} period=60 pachi_time=${PACHI_TIME:-3} games=${3:-20} ;;
    13) seconds=${YUNZI_SECONDS:-2.5} period=90 pachi_time=${PACHI_TIME:-4} games=${3:-10} ;;
    19) seconds=${YUNZI_SECONDS:-2.2} period=120 pachi_time=${PACHI_TIME:-4} games=${3:-10} ;;
    *) usage ;;
esac
pachi() {
    if [ -z "${PACHI:-}" ] || [ ! -x "$PACHI" ]; then
        echo "$0: PACHI must name the Pachi binary (see scripts/README-referee.md)" >&2
        exit 2
    fi
    echo "$PACHI -t $pachi_time threads=1"
}

cargo build --release --quiet
gnugo="/usr/games/gnugo --mode gtp --level 10 --chinese-rules --positional-superko"
case "$side:$size" in
    give:9) stones=2 ;;
    give:13) stones=3 ;;
    give:19) stones=4 ;;
    take:19) stones=3 ;;
    *) usage ;;
esac
out="handicap-$side-$size"
mkdir -p "$out"
# A copy, so that rebuilding during a long match cannot swap the binary under it.
yunzi="$PWD/$out/yunzi"
cp target/release/yunzi "$yunzi"
player="$yunzi --threads 1 --max-seconds-per-move $seconds ${YUNZI_ARGS:-}"
case "$side" in
    give)
        black="$gnugo"
        white="$player"
        if [ "${WHITE:-yunzi}" = pachi ]; then
            out="$out-pachi"
            mkdir -p "$out"
            white=$(pachi)
        fi
        ;;
    take)
        black="$player"
        white=$(pachi)
        ;;
esac
python3 scripts/referee.py --fixed-colours --handicap "$stones" --komi 0.5 \
    --black "$black" --white "$white" \
    --scorer "$yunzi" --games "$games" -j "${JOBS:-2}" --size "$size" \
    --main-time 0 --byoyomi-time "$period" --byoyomi-periods 1 --seed 2026 \
    --cleanup --sgf-dir "$out" --dat "$out/match.dat" --force | tee "$out/summary.txt"
