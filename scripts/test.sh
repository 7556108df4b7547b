#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest: formatting and lints, the
# Rust suites (unit, scenario files, route table, odds, property tests, sessions, saves,
# bots, terminal game), yut-server as a cluster on PostgreSQL and Redis, the scenario runner as users call it, then the Kotlin and Swift
# binding suites, the Android view model and app screens, the iPhone view model and the
# iPhone app's views, strings and screens, and last the web app in Chromium. Installs the
# tools it needs (idempotent, cached under /opt/yunnori-tools).
# Exit status is non-zero if anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
# A fresh clone gains nothing from incremental builds, and their caches double the disk a
# run needs (a CI run once failed on a full disk).
export CARGO_INCREMENTAL=0

STEP="" STEP_T0=0 STEP_LINE=1 RUN_T0=$(date +%s)
TIMES=()
# The whole run is also written to a log, so a failure can be summed up at the very end,
# where a reader of only the run's last lines still sees what failed, not just where.
RUN_LOG="$(mktemp -t yunnori-test-XXXXXX.log)"
exec > >(tee "$RUN_LOG") 2>&1
# Ends the running step's clock: each step's time is printed at the end, pass or fail.
step_done() { [ -z "$STEP" ] || [ -n "${STEP_TIMED:-}" ] || TIMES+=("$(printf '%5ss  %s' "$(($(date +%s) - STEP_T0))" "$STEP")"); }
step() {
    step_done
    STEP="$*" STEP_T0=$(date +%s) STEP_LINE=$(($(wc -l <"$RUN_LOG") + 1))
    printf '\n==> %s\n' "$*"
}
report() {
    local rc=$?
    [ -z "$SIDE_PID" ] || kill_tree "$SIDE_PID"
    step_done
    printf '\nstep times (total %ss):\n' "$(($(date +%s) - RUN_T0))"
    printf '  %s\n' "${TIMES[@]}"
    if [ "$rc" -ne 0 ]; then
        # The failed step's own words about what failed (tests, errors, panics), then the
        # step's name, last.
        sleep 1
        local said
        said="$(tail -n +"$STEP_LINE" "$RUN_LOG" | grep -E '✘|FAILED|FAIL |failed|panicked|^error|Error:|timed out|Timeout' |
            grep -vE '(^|[^0-9])0 failed' | tail -n 20 | cut -c1-240 || true)"
        printf '\nwhat failed in that step (its lines naming a failure):\n%s\n' "${said:-(none named)}"
        printf "\nFAILED (exit %s) in: %s\n" "$rc" "$STEP"
    fi
    rm -f "$RUN_LOG"
}
trap report EXIT

# The side lane: steps that only compile Rust for other machines (the phones, the browser)
# run beside the JVM and Swift steps, which leave a core idle much of the time. Their
# output is kept in a file and shown, with their times, when the lane is joined, so the
# log reads as if they had run in turn. They build into target/<triple>/, whose lock is
# not the one the host's builds take.
SIDE_PID="" SIDE_DIR=""
side_lane() { # side_lane "name|command" ...
    SIDE_DIR="$(mktemp -d -t yunnori-side-XXXXXX)"
    (
        set +e
        for spec in "$@"; do
            name="${spec%%|*}" cmd="${spec#*|}" t0=$(date +%s)
            printf '\n==> %s (beside the steps above)\n' "$name" >>"$SIDE_DIR/log"
            bash -c "$cmd" >>"$SIDE_DIR/log" 2>&1
            rc=$?
            printf '%5ss  %s (beside)\n' "$(($(date +%s) - t0))" "$name" >>"$SIDE_DIR/times"
            if [ "$rc" -ne 0 ]; then
                printf '%s\n' "$name" >"$SIDE_DIR/failed"
                exit "$rc"
            fi
        done
    ) &
    SIDE_PID=$!
}
kill_tree() { local c; for c in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$c"; done; kill "$1" 2>/dev/null || true; }
side_join() {
    step_done
    STEP="" rc=0
    wait "$SIDE_PID" || rc=$?
    SIDE_PID=""
    STEP_LINE=$(($(wc -l <"$RUN_LOG") + 1))
    cat "$SIDE_DIR/log"
    while IFS= read -r line; do TIMES+=("$line"); done <"$SIDE_DIR/times"
    if [ "$rc" -ne 0 ]; then
        # Its time is in TIMES already.
        STEP="$(cat "$SIDE_DIR/failed" 2>/dev/null || echo "the side lane")" STEP_TIMED=1
        exit "$rc"
    fi
    rm -rf "$SIDE_DIR"
}

step "install test tools"
bash scripts/install-tools.sh

step "cargo fmt --check"
cargo fmt --all -- --check

step "generated files are current: the clack sound, the iPhone licences list, both apps' design constants"
python3 scripts/make-clack-sound.py --check
python3 scripts/gen-ios-licences.py --check
python3 scripts/gen-design.py --check

step "cargo clippy and cargo test --workspace: one build, linted as it compiles"
# `cargo clippy` checks every dependency once more only to throw the check away; here the
# test build itself goes through clippy's driver, as `cargo clippy` runs it (the workspace's
# crates only, CLIPPY_ARGS carrying `-D warnings` the way cargo-clippy hands it over), so
# the dependencies are compiled once. The rest of the run keeps the same setting, so its
# host builds reuse this one.
export RUSTC_WORKSPACE_WRAPPER="$HOME/.cargo/bin/clippy-driver"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
lint_canary="$(mktemp -d)"
printf 'pub fn empty(v: &[u8]) -> bool {\n    v.len() == 0\n}\n' >"$lint_canary/canary.rs"
if "$RUSTC_WORKSPACE_WRAPPER" --edition 2021 --crate-type lib --out-dir "$lint_canary" "$lint_canary/canary.rs" 2>/dev/null; then
    echo "error: clippy's driver let a lint through: the workspace would build unlinted" >&2
    exit 1
fi
rm -rf "$lint_canary"
# Every target clippy's `--all-targets` saw: the libraries as other crates use them, and the
# tests, examples and benches as tests are built.
cargo build --workspace
cargo test --workspace --all-targets --no-run
cargo test --workspace
# The browser's build of the core: the bots' networks handed over at run time.
cargo test -p yut-core --no-default-features --test lazy_nets

step "yut-server as a cluster: two nodes on PostgreSQL and Redis (installed from Debian when missing), a node killed with SIGKILL 10 times in 200 running games"
bash scripts/test-cluster.sh

step "scenario runner: yut scenario tests/scenarios"
# The terminal built with the workspace above (`cargo run -p yut-cli` would build it again
# with its own features).
"${CARGO_TARGET_DIR:-target}/debug/yut" scenario tests/scenarios

# What the phones and the browser download is measured: built by rustc itself, not by
# clippy's driver (it lowers the MIR optimisation level).
side_lane \
    "the phones' targets: arm64-v8a built in release (size, bindings), armeabi-v7a, x86_64 and the iPhone's device slice compiled|env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS bash scripts/check-cross-compile.sh" \
    "WebAssembly: the cores build for the browser|env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS bash scripts/check-wasm.sh"

step "Kotlin and Swift bindings"
bash scripts/test-bindings.sh

step "Android view model (Kotlin, JVM) against the real library"
bash scripts/test-android-viewmodel.sh

step "Android app: its sources compile and its screens run (Compose for the desktop)"
bash scripts/test-android-app.sh

step "Android build: its files checked without Gradle"
bash scripts/check-android-build.sh

step "iPhone view model (Swift package) against the real library"
bash scripts/test-ios-viewmodel.sh

step "iPhone app: its views and previews type-check (SwiftUI stand-in), its strings and palette are checked"
bash scripts/test-ios-app.sh

step "iPhone app's Xcode definition (no Xcode needed)"
bash scripts/test-ios-project.sh
side_join

step "the web app in Chromium: Playwright against a real yut-server (phone-sized, touch, offline, accessibility, screenshots)"
bash scripts/test-web.sh
step_done; STEP=""
echo
echo "all test suites passed"
