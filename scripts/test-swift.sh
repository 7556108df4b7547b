#!/usr/bin/env bash
# Generate the Swift bindings of the yut-ffi cdylib, build them into the Swift
# test package and run `swift test` (XCTest and Swift Testing) inside the
# Swift chroot (scripts/install-swift.sh), closing with `N passed, N failed`.
#
#   scripts/test-swift.sh [LIB_DIR [UNIFFI_BINDGEN [TESTS_DIR]]]
#
# Arguments override the env vars of the same meaning:
#   YUT_FFI_LIB_DIR    dir holding lib$FFI_LIB_NAME.so
#                      (default $CARGO_TARGET_DIR/debug, else $REPO_DIR/target/debug)
#   UNIFFI_BINDGEN     uniffi-bindgen binary (default $YUT_FFI_LIB_DIR/uniffi-bindgen)
#   SWIFT_TESTS_DIR    the SwiftPM test package (default $REPO_DIR/tests/swift)
# Other env:
#   REPO_DIR           cargo workspace of the ffi crate; bindgen runs there (it reads
#                      uniffi.toml through `cargo metadata`), and it is bind-mounted
#                      at /work/repo in the chroot (default: git top level, else cwd)
#   FFI_LIB_NAME       default yut_ffi
#   BINDINGS_WORK_DIR  scratch/cache dir (default $YUT_FFI_LIB_DIR/yunnori-bindings/swift)
#   SWIFT_TEST_ARGS    extra arguments for `swift test` (e.g. "--filter Rules")
#   YUNNORI_SKIP_INSTALL=1  do not call install-swift.sh
#
# The test package's Package.swift declares, for each generated module, e.g.
#   .systemLibrary(name: "YutCoreFFI", path: "Sources/YutCoreFFI"),
#   .target(name: "YutCore", dependencies: ["YutCoreFFI"], path: "Sources/YutCore",
#           linkerSettings: [.linkedLibrary("yut_ffi")]),
# and this script fills those two dirs in a scratch copy of the package: the
# generated <Ffi>.h + <Ffi>.modulemap (renamed module.modulemap) go to
# Sources/<Ffi>/, the generated <Module>.swift to Sources/<Module>/.
#
# Exit status: 0 only when every test passed and at least one ran.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-swift-chroot.sh
. "$SCRIPT_DIR/lib-swift-chroot.sh"
YN_LOG_TAG=test-swift

yn_resolve_ffi_inputs "${SWIFT_TESTS_DIR:-}" swift "$@"
[ -f "$TESTS_DIR/Package.swift" ] || yn_die "$TESTS_DIR has no Package.swift"
WORK="${BINDINGS_WORK_DIR:-$LIB_DIR/yunnori-bindings/swift}"
mkdir -p "$WORK"
WORK="$(yn_abspath "$WORK")"
start=$(date +%s)

if [ "${YUNNORI_SKIP_INSTALL:-}" != 1 ]; then
    bash "$SCRIPT_DIR/install-swift.sh" >/dev/null
fi

# Copy a file only when its content changed, so SwiftPM's incremental build
# sees unchanged mtimes and does not rebuild the bindings module every run.
put() {
    mkdir -p "$(dirname "$2")"
    cmp -s "$1" "$2" 2>/dev/null || cp "$1" "$2"
}

# --- 1. generate --------------------------------------------------------------
t=$(date +%s)
rm -rf "$WORK/gen"
(cd "$REPO_DIR" && "$BINDGEN" generate --no-format --library "$SO" --language swift --out-dir "$WORK/gen")
yn_log "generated bindings in $(yn_since "$t")"

# --- 2. stage the package -----------------------------------------------------
# The package is copied (its .build kept between runs) so the repo's tests
# dir stays free of generated files and build output.
PKG="$WORK/pkg"
mkdir -p "$PKG"
shopt -s dotglob nullglob
for entry in "$PKG"/*; do
    case "$entry" in "$PKG/.build" | "$PKG/.generated") continue ;; esac
    rm -rf "$entry"
done
for entry in "$TESTS_DIR"/*; do
    case "$(basename "$entry")" in .build | .swiftpm | .generated) continue ;; esac
    cp -a "$entry" "$PKG/"
done
shopt -u dotglob nullglob

# Generated files live in $PKG/.generated (updated only when changed) and are
# copied with their mtimes into the target dirs.
STABLE="$PKG/.generated"
n_mod=0
for mm in "$WORK/gen"/*.modulemap; do
    [ -f "$mm" ] || continue
    ffi="$(basename "$mm" .modulemap)"
    [ -f "$WORK/gen/$ffi.h" ] || yn_die "bindgen made $ffi.modulemap but no $ffi.h"
    put "$mm" "$STABLE/$ffi/module.modulemap"
    put "$WORK/gen/$ffi.h" "$STABLE/$ffi/$ffi.h"
    mkdir -p "$PKG/Sources"
    rm -rf "$PKG/Sources/$ffi"
    cp -a "$STABLE/$ffi" "$PKG/Sources/$ffi"
    n_mod=$((n_mod + 1))
done
for sw in "$WORK/gen"/*.swift; do
    [ -f "$sw" ] || continue
    mod="$(basename "$sw" .swift)"
    put "$sw" "$STABLE/$mod/$mod.swift"
    mkdir -p "$PKG/Sources"
    rm -rf "$PKG/Sources/$mod"
    cp -a "$STABLE/$mod" "$PKG/Sources/$mod"
done
[ "$n_mod" -gt 0 ] || yn_die "uniffi-bindgen generated no modulemap"

# --- 3. swift test in the chroot ------------------------------------------------
# The lib dir and the scratch dir must be visible inside: mount them too when
# they are not under the repo or CARGO_TARGET_DIR.
swift_chroot_expose "$REPO_DIR" "$LIB_DIR" "$WORK"
pkg_in="$(swift_chroot_path "$REPO_DIR" "$PKG")"
lib_in="$(swift_chroot_path "$REPO_DIR" "$LIB_DIR")"
# SwiftPM's .build (clang module cache, PCH) records absolute paths: when the
# package is seen at another path inside the chroot than last time (other
# REPO_DIR / CARGO_TARGET_DIR layout), start that build afresh.
if [ "$(cat "$WORK/pkg-path" 2>/dev/null)" != "$pkg_in" ]; then
    rm -rf "$PKG/.build"
    echo "$pkg_in" >"$WORK/pkg-path"
fi

log="$WORK/swift-test.log"
rc=0
# shellcheck disable=SC2086
# shellcheck disable=SC2016  # expanded by the inner shell
# The tests find the repo (tests/scenarios) through $YUNNORI_REPO.
in_swift_chroot "$REPO_DIR" env YUNNORI_REPO="$SWIFT_CHROOT_REPO_PATH" \
    sh -c 'cd "$1" && shift && exec swift test "$@"' sh "$pkg_in" \
    -Xlinker -L"$lib_in" -Xlinker -rpath -Xlinker "$lib_in" ${SWIFT_TEST_ARGS:-} \
    </dev/null 2>&1 | tee "$log" || rc=$?  # pipefail: swift test's status

# --- 4. count ----------------------------------------
swift_test_verdict "$log" "$rc" "$start"
