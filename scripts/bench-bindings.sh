#!/usr/bin/env bash
# Times bot-vs-bot games through the Kotlin bindings (tests/kotlin/BotBench.kt, on the
# JVM) against the same games on the core in pure Rust (bindings/examples/bot_game.rs),
# and prints both and their ratio.
#
#   scripts/bench-bindings.sh [LEVEL [GAMES [SEED]]]     (default: hard 20 1)
#
# Env: PROFILE=release|debug (default release: both sides use the same optimised build;
#      the library is built without the generator, `--no-default-features`),
#      WARMUP (untimed JVM warm-up games, default 5), YUNNORI_SKIP_INSTALL=1.
# Runs scripts/test-kotlin.sh first (it generates and compiles the bindings and the
# benchmark with the tests).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=bench-bindings

REPO_DIR="${REPO_DIR:-$(cd "$SCRIPT_DIR/.." && pwd)}"
export REPO_DIR
LEVEL="${1:-hard}" GAMES="${2:-20}" SEED="${3:-1}"
PROFILE="${PROFILE:-release}"
target="${CARGO_TARGET_DIR:-$REPO_DIR/target}"
WORK="$target/debug/yunnori-bindings/kotlin"

case "$PROFILE" in
    release)
        flags=(--release --no-default-features)
        lib_dir="$target/release"
        ;;
    debug)
        flags=()
        lib_dir="$target/debug"
        ;;
    *) yn_die "PROFILE must be release or debug" ;;
esac

(cd "$REPO_DIR" && cargo build -q "${flags[@]}" -p yut-ffi --lib --example bot_game)
# The Kotlin side: bindings generated from the current sources, compiled with the tests
# (quick when nothing changed).
(cd "$REPO_DIR" && cargo build -q --workspace)
bash "$SCRIPT_DIR/test-kotlin.sh" >/dev/null || yn_die "the Kotlin tests fail: fix them first"
[ -f "$YUNNORI_TOOLS/kotlin.env" ] || yn_die "$YUNNORI_TOOLS/kotlin.env missing: run scripts/install-kotlin.sh"
# shellcheck disable=SC1091
. "$YUNNORI_TOOLS/kotlin.env"

rust_line="$("$lib_dir/examples/bot_game" "$LEVEL" "$GAMES" "$SEED")"
echo "$rust_line"
cp="$WORK/test-classes:$WORK/bindings.jar:$JNA_JAR:$COROUTINES_JAR:$KOTLIN_STDLIB_JAR:$KOTLIN_TEST_JAR"
kotlin_line="$(java -Djna.library.path="$lib_dir" -cp "$cp" app.yunnori.core.test.BotBenchKt \
    "$LEVEL" "$GAMES" "$SEED" "${WARMUP:-5}")"
echo "$kotlin_line"

field() { sed -nE "s/.* ([0-9]+) actions, ([0-9.]+) ms,.*/\\$1/p" <<<"$2"; }
ra="$(field 1 "$rust_line")" rm_="$(field 2 "$rust_line")"
ka="$(field 1 "$kotlin_line")" km="$(field 2 "$kotlin_line")"
[ "$ra" = "$ka" ] || yn_log "warning: the games differ ($ra actions in Rust, $ka in Kotlin)"
awk -v k="$km" -v r="$rm_" -v p="$PROFILE" -v l="$LEVEL" \
    'BEGIN { printf "ratio kotlin/rust (%s, %s bots): %.2f\n", p, l, k / r }'
