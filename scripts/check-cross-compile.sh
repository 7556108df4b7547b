#!/usr/bin/env bash
# Compile the core's FFI crate (yut-ffi, with yut-core) for the three Android targets the
# app ships: arm64-v8a, armeabi-v7a and x86_64. There is no Android NDK here, so no linker
# for a phone: each target is built as a staticlib, which rustc archives without linking.
# That checks that every line of the core and the bindings compiles for the phone's
# architecture (32-bit ARM included); linking the .so is the Gradle build's job
# (android/README.md), which runs on a machine with the NDK.
#
#   scripts/check-cross-compile.sh [TARGET...]      (default: the three Android targets)
#
# Adds the Rust targets with rustup when missing (idempotent; needs crates.io only for the
# first build). Prints one line per target with its result, time and staticlib size, then
# "N passed, N failed"; exits non-zero if any target failed.
# Env: CARGO_TARGET_DIR (default: target/ of the repository).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=check-cross-compile
export PATH="$HOME/.cargo/bin:$PATH"

REPO_DIR="$(yn_abspath "$SCRIPT_DIR/..")"
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO_DIR/target}"
if [ "$#" -gt 0 ]; then targets=("$@"); else
    targets=(aarch64-linux-android armv7-linux-androideabi x86_64-linux-android)
fi

command -v rustup >/dev/null 2>&1 || yn_die "rustup not found: the Android targets come from rustup"
installed="$(rustup target list --installed)"
for t in "${targets[@]}"; do
    if ! grep -qx "$t" <<<"$installed"; then
        yn_log "rustup target add $t"
        rustup target add "$t" >&2
    fi
done

# As the app's build (android/rust/build.gradle.kts): no line tables (the workspace's
# release profile keeps them for profiling on the computer).
export CARGO_PROFILE_RELEASE_DEBUG=0

passed=0 failed=0
start=$(date +%s)
for t in "${targets[@]}"; do
    t0=$(date +%s)
    log="$(mktemp)"
    if (cd "$REPO_DIR" && cargo rustc -p yut-ffi --lib --no-default-features --release \
        --target "$t" --crate-type staticlib) >"$log" 2>&1 </dev/null; then
        lib="$TARGET_DIR/$t/release/libyut_ffi.a"
        if [ -f "$lib" ]; then
            size="$(du -h "$lib" | cut -f1) ($(stat -c %s "$lib") bytes)"
            echo "ok    $t  $(yn_since "$t0")  $lib  $size"
            passed=$((passed + 1))
        else
            echo "FAIL  $t  $(yn_since "$t0")  cargo succeeded but $lib is missing"
            failed=$((failed + 1))
        fi
    else
        echo "FAIL  $t  $(yn_since "$t0")  cargo rustc failed:"
        tail -n 40 "$log" | sed 's/^/      /'
        failed=$((failed + 1))
    fi
    rm -f "$log"
done
yn_log "all targets in $(yn_since "$start")"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
