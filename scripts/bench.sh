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
# then the games/s figure its search report prints on stderr. Pachi is not packaged here, so
# this part has not been run against a real Pachi: check the figure it picks up.
pachi_rate() {
    local size=$1 threads=$2
    printf 'boardsize %s\nclear_board\ngenmove b\nquit\n' "$size" |
        "$PACHI" -d2 -t ="$((size == 9 ? 30000 : 8000))" threads="$threads" 2>&1 >/dev/null |
        grep -o '[0-9.]* games/s' | tail -1 | awk '{print $1}'
}

printf '%-28s %12s %12s\n' "figure" "9x9" "19x19"
for row in "light" "search --threads 1" "search --threads 2"; do
    # shellcheck disable=SC2086 # the row holds options
    printf '%-28s %12s %12s\n' "yunzi $row (playouts/s)" \
        "$(three ${row} --size 9)" "$(three ${row} --size 19)"
done
nine1=$(three search --threads 1 --size 9)
nine2=$(three search --threads 2 --size 9)
echo "yunzi 2 threads / 1 thread on 9x9: $(awk -v a="$nine2" -v b="$nine1" 'BEGIN{printf "%.2f", a/b}')"
if [ -n "${PACHI:-}" ]; then
    for threads in 1 2; do
        p9=$(pachi_rate 9 "$threads")
        p19=$(pachi_rate 19 "$threads")
        printf '%-28s %12s %12s\n' "pachi $threads thread(s) (games/s)" "$p9" "$p19"
        y9=$(three search --threads "$threads" --size 9)
        y19=$(three search --threads "$threads" --size 19)
        printf '%-28s %12s %12s\n' "yunzi / pachi, $threads thread(s)" \
            "$(awk -v a="$y9" -v b="$p9" 'BEGIN{printf "%.2f", a/b}')" \
            "$(awk -v a="$y19" -v b="$p19" 'BEGIN{printf "%.2f", a/b}')"
    done
fi
