#!/usr/bin/env bash
# Checks the core's FFI crate (yut-ffi, with yut-core) for the phones' targets: the three
# Android ABIs the app ships (arm64-v8a, armeabi-v7a, x86_64) and the iPhone's device slice
# (aarch64-apple-ios). There is no Android NDK nor Xcode here, so no linker for a phone.
# The first target is built in release as a staticlib (rustc archives it without linking):
# that gives the size figure, and the bindings are read from it. The others are checked
# without code generation (`cargo check`): every line compiles for the phone's architecture
# (32-bit ARM included) in a fraction of a release build's time. Linking the .so is the
# Gradle build's job (android/README.md); the iPhone's release slices are built by
# scripts/build-ios-xcframework.sh on the macOS lane (`--check` runs it here on demand).
#
#   scripts/check-cross-compile.sh [TARGET...]
#       (default: aarch64-linux-android, then checked: armv7-linux-androideabi,
#        x86_64-linux-android, aarch64-apple-ios)
#
# Then generates the Kotlin and the Swift bindings from the release library with the
# computer's uniffi-bindgen (as the app's Gradle build does from the arm64-v8a one, and the
# Mac from the device slice) and checks that they are exactly the bindings of the
# computer's library (needs `cargo build -p yut-ffi` first).
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
    targets=(aarch64-linux-android armv7-linux-androideabi x86_64-linux-android aarch64-apple-ios)
fi
built_target="${targets[0]}"

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
    if [ "$t" != "$built_target" ]; then
        if (cd "$REPO_DIR" && cargo check -p yut-ffi --lib --no-default-features --release \
            --target "$t") >"$log" 2>&1 </dev/null; then
            echo "ok    $t  $(yn_since "$t0")  checked (no code generated)"
            passed=$((passed + 1))
        else
            echo "FAIL  $t  $(yn_since "$t0")  cargo check failed:"
            tail -n 40 "$log" | sed 's/^/      /'
            failed=$((failed + 1))
        fi
        rm -f "$log"
        continue
    fi
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
    lib="$TARGET_DIR/$built_target/release/libyut_ffi.a"
    # kotlin: the JVM config the app's Gradle build uses; swift: bindings/uniffi.toml, found
    # through cargo metadata from the repository root (module names YutCore, YutCoreFFI).
    generate() {
        local config=()
        [ "$1" = kotlin ] && config=(--config "$CONFIG")
        (cd "$REPO_DIR" && "$BINDGEN" generate --no-format "${config[@]}" --library "$2" \
            --language "$1" --out-dir "$3") </dev/null >/dev/null
    }
    for lang in kotlin swift; do
        if ! generate "$lang" "$HOST_LIB" "$out/host-$lang"; then
            echo "FAIL  $lang bindings: uniffi-bindgen could not read $HOST_LIB"
            failed=$((failed + 1))
        elif [ -f "$lib" ] && generate "$lang" "$lib" "$out/$lang" \
            && diff -r -q "$out/host-$lang" "$out/$lang" >/dev/null; then
            echo "ok    $lang bindings from the $built_target library are the computer's ($(find "$out/$lang" -type f -exec cat {} + | wc -l) lines)"
            passed=$((passed + 1))
        else
            echo "FAIL  $lang bindings from the $built_target library differ from the computer's, or could not be generated"
            failed=$((failed + 1))
        fi
    done
    rm -rf "$out"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
