#!/usr/bin/env bash
# Every test yunzi has, in one command (README.md's test command; .ci/run runs it too).
# Needs cargo, python3, node with npm, and GNU Go at /usr/games/gnugo (Debian package gnugo);
# for Lizzie's side the Debian packages liblizzie-java, xvfb, xdotool and default-jdk-headless.
set -euo pipefail
cd "$(dirname "$0")/.."

# The Rust tests: unit and property tests, the GNU Go cross-check, the GTP regression files.
cargo test --all-targets

# The match referee, scoring with yunzi itself (its default scorer), whole games driven
# the way OGS's gtp2ogs bridge drives an engine, GNU Go self-play records for learn-moves,
# the runner of Fuego's regression suites, the counter of failed runs out of atari and
# the second opinion on where games were lost.
cargo build --release --quiet
REFEREE_SCORER="$PWD/target/release/yunzi" python3 -m unittest \
    scripts/test_referee.py scripts/test_ogs_drive.py scripts/test_shape_games.py \
    scripts/test_fuego_suite.py scripts/test_failed_runs.py scripts/test_second_opinion.py

# Sabaki's side: the release binary driven through Sabaki's own GTP client (@sabaki/gtp).
(cd scripts/sabaki && npm ci --no-audit --no-fund && node test.js)

# Lizzie 0.7.4's side: its own parsers on yunzi's analysis streams, then the real Lizzie
# under Xvfb with yunzi as its engine. Outside CI a machine without Lizzie skips it; in CI
# (CI=true) anything missing fails.
if [ -r /usr/share/java/lizzie.jar ] || [ "${CI:-}" = true ]; then
    YUNZI_BIN="$PWD/target/release/yunzi" bash scripts/lizzie/run.sh
else
    echo "test.sh: SKIPPED scripts/lizzie: no /usr/share/java/lizzie.jar" \
        "(apt-get install liblizzie-java xvfb xdotool default-jdk-headless)"
fi
