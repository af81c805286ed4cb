#!/usr/bin/env bash
# Lizzie 0.7.4's side of yunzi: its own parsers on yunzi's analysis streams (MoveDataCheck),
# then the real Lizzie under Xvfb with yunzi as its engine and an SGF loaded (gui_test.py).
# Needs the Debian packages liblizzie-java, xvfb, xdotool and a JDK (javac, jstack).
# YUNZI_BIN names the engine (default: target/release/yunzi).
set -euo pipefail
cd "$(dirname "$0")"
BIN="${YUNZI_BIN:-$PWD/../../target/release/yunzi}"
JAR="${LIZZIE_JAR:-/usr/share/java/lizzie.jar}"
for need in java javac jstack Xvfb xdotool python3; do
    command -v "$need" >/dev/null || { echo "run.sh: $need is missing" >&2; exit 1; }
done
[ -r "$JAR" ] || { echo "run.sh: $JAR is missing (Debian package liblizzie-java)" >&2; exit 1; }
[ -x "$BIN" ] || { echo "run.sh: no engine at $BIN (cargo build --release)" >&2; exit 1; }

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# lizzie.jar's manifest names its dependency jars, so the jar alone is the class path.
javac -d "$scratch/classes" -cp "$JAR" MoveDataCheck.java
mkdir -p "$scratch/home"
status=0
timeout 120 java -Djava.awt.headless=true -Duser.home="$scratch/home" \
    -cp "$JAR:$scratch/classes" MoveDataCheck "$BIN" --threads 1 >"$scratch/out" 2>&1 || status=$?
grep -v -e '^Creating config file' -e '^en$' "$scratch/out" || true
[ "$status" -eq 0 ] || echo "MoveDataCheck failed (exit $status)"

gui=0
python3 gui_test.py --engine "$BIN" --jar "$JAR" || gui=$?
[ "$status" -eq 0 ] && [ "$gui" -eq 0 ]
