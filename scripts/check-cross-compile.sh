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
# Then generates the Kotlin bindings from each target's library with the computer's
# uniffi-bindgen (as the app's Gradle build does from the arm64-v8a one) and checks that they
# are exactly the bindings of the computer's library (needs `cargo build -p yut-ffi` first).
# Adds the Rust targets with rustup when missing (idempotent; needs crates.io only for the
# first build). Prints one line per target with its result, time and staticlib size, one per
# target's bindings, then "N passed, N failed"; exits non-zero if anything failed.
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
    yn_cross_c_env "$t"
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

# The app's Gradle build generates its Kotlin bindings from the arm64-v8a library
# (android/rust/build.gradle.kts): uniffi-bindgen reads each phone-architecture archive here
# and must give exactly the bindings of the computer's own library.
BINDGEN="$TARGET_DIR/debug/uniffi-bindgen"
HOST_LIB="$TARGET_DIR/debug/libyut_ffi.so"
CONFIG="$REPO_DIR/android/viewmodel/uniffi-jvm.toml"
if [ ! -x "$BINDGEN" ] || [ ! -f "$HOST_LIB" ]; then
    echo "FAIL  bindings: $BINDGEN or $HOST_LIB missing (cargo build -p yut-ffi first)"
    failed=$((failed + 1))
else
    out="$(mktemp -d)"
    generate() { (cd "$REPO_DIR" && "$BINDGEN" generate --no-format --config "$CONFIG" --library "$1" --language kotlin --out-dir "$2") </dev/null >/dev/null; }
    if generate "$HOST_LIB" "$out/host"; then
        for t in "${targets[@]}"; do
            lib="$TARGET_DIR/$t/release/libyut_ffi.a"
            if [ -f "$lib" ] && generate "$lib" "$out/$t" && diff -r -q "$out/host" "$out/$t" >/dev/null; then
                echo "ok    bindings from the $t library are the computer's ($(find "$out/$t" -name '*.kt' -exec cat {} + | wc -l) lines)"
                passed=$((passed + 1))
            else
                echo "FAIL  bindings from the $t library differ from the computer's, or could not be generated"
                failed=$((failed + 1))
            fi
        done
    else
        echo "FAIL  bindings: uniffi-bindgen could not read $HOST_LIB"
        failed=$((failed + 1))
    fi
    rm -rf "$out"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
