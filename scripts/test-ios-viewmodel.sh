#!/usr/bin/env bash
# Test the iPhone app's view models (ios/YunnoriKit) on Linux, against the real core:
# generate the Swift bindings of the yut-ffi library, drop them into the package's
# Generated/ dir, and run `swift test` inside the Swift chroot (scripts/install-swift.sh),
# closing with `N passed, N failed`.
#
#   scripts/test-ios-viewmodel.sh [LIB_DIR [UNIFFI_BINDGEN]]
#
# Builds no Rust: it expects `cargo build --workspace` to have made
#   $LIB_DIR/libyut_ffi.so and $LIB_DIR/uniffi-bindgen.
# Arguments override the env vars of the same meaning:
#   YUT_FFI_LIB_DIR    dir holding libyut_ffi.so
#                      (default $CARGO_TARGET_DIR/debug, else $REPO_DIR/target/debug)
#   UNIFFI_BINDGEN     the uniffi-bindgen binary (default $YUT_FFI_LIB_DIR/uniffi-bindgen)
# Other env:
#   REPO_DIR           the cargo workspace (bindgen runs there: it finds uniffi.toml through
#                      `cargo metadata`); bind-mounted at /work/repo in the chroot
#                      (default: git top level, else cwd)
#   IOS_KIT_DIR        the Swift package (default $REPO_DIR/ios/YunnoriKit)
#   BINDINGS_WORK_DIR  scratch: generated files, SwiftPM's build dir, the log
#                      (default $YUT_FFI_LIB_DIR/yunnori-bindings/ios)
#   SWIFT_TEST_ARGS    extra arguments for `swift test` (e.g. "--filter Undo")
#   YUNNORI_SKIP_INSTALL=1  do not call install-swift.sh
#
# The package (ios/YunnoriKit/Package.swift) declares
#   .systemLibrary(name: "YutCoreFFI", path: "Generated/YutCoreFFI")
#   .target(name: "YutCore", path: "Generated/YutCore", linkerSettings: [.linkedLibrary("yut_ffi")])
# and this script fills those gitignored dirs: YutCoreFFI.h + module.modulemap, and
# YutCore.swift. Files are rewritten only when their content changed, so SwiftPM's
# incremental build stays warm. SwiftPM's build dir lives in the scratch dir, not in the
# repo.
#
# Exit status: 0 only when every test passed and at least one ran.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-swift-chroot.sh
. "$SCRIPT_DIR/lib-swift-chroot.sh"
YN_LOG_TAG=test-ios-viewmodel

[ "$#" -le 2 ] || yn_die "usage: $0 [LIB_DIR [UNIFFI_BINDGEN]]"
REPO_DIR="${REPO_DIR:-$(git -C "$SCRIPT_DIR" rev-parse --show-toplevel 2>/dev/null || pwd)}"
REPO_DIR="$(yn_abspath "$REPO_DIR")"
if [ -n "${CARGO_TARGET_DIR:-}" ]; then default_lib="$CARGO_TARGET_DIR/debug"; else default_lib="$REPO_DIR/target/debug"; fi
want_lib="${1:-${YUT_FFI_LIB_DIR:-$default_lib}}"
SO_NAME=libyut_ffi.so
build_hint="build it first with \`cargo build --workspace\` (this script builds no Rust)"

[ -f "$want_lib/$SO_NAME" ] || yn_die "$want_lib/$SO_NAME not found: $build_hint"
LIB_DIR="$(yn_abspath "$want_lib")"
SO="$LIB_DIR/$SO_NAME"
want_bindgen="${2:-${UNIFFI_BINDGEN:-$LIB_DIR/uniffi-bindgen}}"
[ -x "$want_bindgen" ] || yn_die "$want_bindgen not found: $build_hint"
BINDGEN="$(yn_abspath "$want_bindgen")"
KIT="${IOS_KIT_DIR:-$REPO_DIR/ios/YunnoriKit}"
[ -f "$KIT/Package.swift" ] || yn_die "$KIT has no Package.swift"
KIT="$(yn_abspath "$KIT")"
WORK="${BINDINGS_WORK_DIR:-$LIB_DIR/yunnori-bindings/ios}"
mkdir -p "$WORK"
WORK="$(yn_abspath "$WORK")"
start=$(date +%s)

# One run at a time per scratch dir (they share Generated/ and the build dir).
exec 8>"$WORK/.lock"
flock -w 1800 8 || yn_die "timed out waiting for $WORK/.lock"

if [ "${YUNNORI_SKIP_INSTALL:-}" != 1 ]; then
    bash "$SCRIPT_DIR/install-swift.sh" >/dev/null
fi

# --- 1. generate ----------------------------------------------------------------
t=$(date +%s)
rm -rf "$WORK/gen"
(cd "$REPO_DIR" && "$BINDGEN" generate --no-format --library "$SO" --language swift --out-dir "$WORK/gen") \
    || yn_die "uniffi-bindgen failed"
for f in YutCore.swift YutCoreFFI.h YutCoreFFI.modulemap; do
    [ -f "$WORK/gen/$f" ] || yn_die "uniffi-bindgen made no $f (module names are set in bindings/uniffi.toml)"
done
yn_log "generated bindings in $(yn_since "$t")"

# --- 2. drop them into the package --------------------------------------------------
# Copy only when the content changed: unchanged mtimes keep SwiftPM from rebuilding.
put() {
    mkdir -p "$(dirname "$2")"
    cmp -s "$1" "$2" 2>/dev/null || cp "$1" "$2"
}
GEN="$KIT/Generated"
put "$WORK/gen/YutCore.swift" "$GEN/YutCore/YutCore.swift"
put "$WORK/gen/YutCoreFFI.h" "$GEN/YutCoreFFI/YutCoreFFI.h"
put "$WORK/gen/YutCoreFFI.modulemap" "$GEN/YutCoreFFI/module.modulemap"
# Anything else there is left over from another layout: SwiftPM would compile it.
find "$GEN" -mindepth 1 \
    ! -path "$GEN/YutCore" ! -path "$GEN/YutCore/YutCore.swift" \
    ! -path "$GEN/YutCoreFFI" ! -path "$GEN/YutCoreFFI/YutCoreFFI.h" \
    ! -path "$GEN/YutCoreFFI/module.modulemap" -prune -exec rm -rf {} +

# --- 3. swift test in the chroot ------------------------------------------------------
for d in "$KIT" "$LIB_DIR" "$WORK"; do
    if ! swift_chroot_path "$REPO_DIR" "$d" >/dev/null 2>&1; then
        SWIFT_CHROOT_EXTRA_DIRS="${SWIFT_CHROOT_EXTRA_DIRS:+$SWIFT_CHROOT_EXTRA_DIRS:}$d"
    fi
done
export SWIFT_CHROOT_EXTRA_DIRS
kit_in="$(swift_chroot_path "$REPO_DIR" "$KIT")"
lib_in="$(swift_chroot_path "$REPO_DIR" "$LIB_DIR")"
build_in="$(swift_chroot_path "$REPO_DIR" "$WORK")/build"
# SwiftPM's build dir records absolute paths (module cache, PCH): when the package is
# seen at another path inside the chroot than last time, start that build afresh.
if [ "$(cat "$WORK/kit-path" 2>/dev/null)" != "$kit_in $build_in" ]; then
    rm -rf "$WORK/build"
    echo "$kit_in $build_in" >"$WORK/kit-path"
fi

log="$WORK/swift-test.log"
rc=0
# shellcheck disable=SC2086  # SWIFT_TEST_ARGS is a list of words
in_swift_chroot "$REPO_DIR" swift test --package-path "$kit_in" --scratch-path "$build_in" \
    -Xlinker -L"$lib_in" -Xlinker -rpath -Xlinker "$lib_in" ${SWIFT_TEST_ARGS:-} \
    </dev/null 2>&1 | tee "$log" || rc=$?  # pipefail: swift test's status

# --- 4. count ---------------------------------------------------------------------------
# XCTest:        Test Case 'Suite.testX' passed (0.001 seconds)   (failed / skipped)
# Swift Testing: <symbol> Test name() passed after 0.001 seconds.
#                <symbol> Test name() failed after 0.001 seconds with 1 issue.
#                <symbol> Test name() skipped[: "reason" | .]
#   (not "Test run with N tests ...", and not "Test name() recorded an issue ...")
xc() { grep -cE "^Test Case '[^']+' $1 \(" "$log" || true; }
st() {
    local pat
    case "$1" in
        skipped) pat='skipped(:|\.)' ;;
        *) pat="$1 after [0-9.]+ seconds" ;;
    esac
    grep -E "^[^ ]+ Test .+ $pat" "$log" | grep -vcE "^[^ ]+ Test run with " || true
}
passed=$(($(xc passed) + $(st passed)))
failed=$(($(xc failed) + $(st failed)))
skipped=$(($(xc skipped) + $(st skipped)))

yn_log "total $(yn_since "$start")"
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
    # A compile error or a crash: no test result says so, but something failed.
    yn_log "error: swift test exited with status $rc (a build error or a crash; see $log)"
    failed=1
fi
line="$passed passed, $failed failed"
[ "$skipped" -eq 0 ] || line="$line, $skipped skipped"
echo "$line"
if [ "$failed" -ne 0 ] || [ "$rc" -ne 0 ]; then exit 1; fi
if [ "$passed" -eq 0 ]; then
    yn_log "error: no test ran"
    exit 1
fi
