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
#   YUT_SERVER_BIN     the yut-server the online tests start on loopback (default: built
#                      by `yn_server_bin`, scripts/lib-common.sh); handed to `swift test`
#   SWIFT_TEST_ARGS    extra arguments for `swift test` (e.g. "--filter Undo")
#   YUNNORI_SKIP_INSTALL=1  do not call install-swift.sh
#   YUNNORI_BUILD_ONLY=1    build the package's modules (`swift build`), run no test
#                           (scripts/test-ios-app.sh type-checks the app against them)
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

yn_resolve_ffi_inputs "" "" "$@"
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
swift_chroot_expose "$REPO_DIR" "$KIT" "$LIB_DIR" "$WORK"
kit_in="$(swift_chroot_path "$REPO_DIR" "$KIT")"
lib_in="$(swift_chroot_path "$REPO_DIR" "$LIB_DIR")"
build_in="$(swift_chroot_path "$REPO_DIR" "$WORK")/build"
# SwiftPM's build dir records absolute paths (module cache, PCH): when the package is
# seen at another path inside the chroot than last time, start that build afresh.
if [ "$(cat "$WORK/kit-path" 2>/dev/null)" != "$kit_in $build_in" ]; then
    rm -rf "$WORK/build"
    echo "$kit_in $build_in" >"$WORK/kit-path"
fi

if [ "${YUNNORI_BUILD_ONLY:-}" = 1 ]; then
    in_swift_chroot "$REPO_DIR" swift build --package-path "$kit_in" --scratch-path "$build_in" \
        </dev/null >&2 || yn_die "swift build failed"
    yn_log "built the modules only (YUNNORI_BUILD_ONLY=1): $WORK/build/debug/Modules"
    exit 0
fi

# The online tests start a real yut-server on loopback: it must be there (they fail without).
yn_server_bin
swift_chroot_expose "$REPO_DIR" "$(dirname "$YUT_SERVER_BIN")"
server_in="$(swift_chroot_path "$REPO_DIR" "$YUT_SERVER_BIN")"

log="$WORK/swift-test.log"
rc=0
# shellcheck disable=SC2086  # SWIFT_TEST_ARGS is a list of words
in_swift_chroot "$REPO_DIR" env YUT_SERVER_BIN="$server_in" swift test --package-path "$kit_in" --scratch-path "$build_in" \
    -Xlinker -L"$lib_in" -Xlinker -rpath -Xlinker "$lib_in" ${SWIFT_TEST_ARGS:-} \
    </dev/null 2>&1 | tee "$log" || rc=$?  # pipefail: swift test's status

# --- 4. count ----------------------------------------
swift_test_verdict "$log" "$rc" "$start"
