#!/usr/bin/env bash
# Type-check the iPhone app's SwiftUI sources (ios/Yunnori) on Linux, and check its
# strings against them. SwiftUI does not exist here, so the app is compiled against a
# stand-in for SwiftUI's interface (tests/ios-app/SwiftUI: declarations with Apple's
# signatures and Swift 6 isolation, no behaviour) and against the real YunnoriKit and
# YutCore modules, in Swift 6 mode with warnings as errors: a view that calls the view
# models or the core's bindings wrongly (a name, a type, an optional, an actor) fails.
# Then tests/ios-app/check_strings.py reads the type-checked syntax tree: every key the
# views localise (spelt as Xcode spells it, `%@` / `%lld` for what is interpolated) must
# be in en.lproj and ko.lproj with the same placeholders. Nothing here runs the views;
# the run closes with a plain `N passed, N failed` line.
#
#   scripts/test-ios-app.sh [LIB_DIR [UNIFFI_BINDGEN]]
#
# Needs `cargo build -p yut-ffi` first. Arguments and env as scripts/test-ios-viewmodel.sh
# (it builds the package's modules with it, YUNNORI_BUILD_ONLY=1); the scratch dir is
# $YUT_FFI_LIB_DIR/yunnori-bindings/ios-app. Exit status: 0 only when the app
# type-checked with no warning and every strings check passed.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-swift-chroot.sh
. "$SCRIPT_DIR/lib-swift-chroot.sh"
YN_LOG_TAG=test-ios-app

yn_resolve_ffi_inputs "" "" "$@"
start=$(date +%s)

APP="$REPO_DIR/ios/Yunnori"
STANDIN="$REPO_DIR/tests/ios-app/SwiftUI"
RES="$APP/Resources"
[ -d "$APP" ] || yn_die "$APP missing"
mapfile -t app_src < <(cd "$REPO_DIR" && find ios/Yunnori -name '*.swift' | sort)
[ "${#app_src[@]}" -gt 0 ] || yn_die "no Swift sources under $APP"
mapfile -t standin_src < <(cd "$REPO_DIR" && find tests/ios-app/SwiftUI -name '*.swift' | sort)
[ "${#standin_src[@]}" -gt 0 ] || yn_die "no stand-in sources under $STANDIN"

# --- 1. YunnoriKit and YutCore, as the view model tests build them -----------------------
KIT_WORK="$LIB_DIR/yunnori-bindings/ios"
BINDINGS_WORK_DIR="$KIT_WORK" YUNNORI_BUILD_ONLY=1 bash "$SCRIPT_DIR/test-ios-viewmodel.sh" "$LIB_DIR" "$BINDGEN" >&2
MODULES="$KIT_WORK/build/debug/Modules"
[ -f "$MODULES/YunnoriKit.swiftmodule" ] || yn_die "no YunnoriKit module in $MODULES"

WORK="$LIB_DIR/yunnori-bindings/ios-app"
rm -rf "$WORK/modules" "$WORK/ast.txt"
mkdir -p "$WORK/modules"
swift_chroot_expose "$REPO_DIR" "$KIT_WORK" "$WORK"
work_in="$(swift_chroot_path "$REPO_DIR" "$WORK")"
modules_in="$(swift_chroot_path "$REPO_DIR" "$MODULES")"
modulemap_in="$(swift_chroot_path "$REPO_DIR" "$REPO_DIR/ios/YunnoriKit/Generated/YutCoreFFI/module.modulemap")"

# --- 2. the SwiftUI stand-in ------------------------------------------------------------
t=$(date +%s)
in_swift_chroot "$REPO_DIR" swiftc -parse-as-library -swift-version 6 -warnings-as-errors \
    -emit-module -module-name SwiftUI -emit-module-path "$work_in/modules/SwiftUI.swiftmodule" \
    "${standin_src[@]}" </dev/null >&2 || yn_die "the SwiftUI stand-in did not compile"
yn_log "compiled the SwiftUI stand-in in $(yn_since "$t")"

# --- 3. type-check the app ---------------------------------------------------------------
flags=(-parse-as-library -swift-version 6 -I "$work_in/modules" -I "$modules_in"
       -Xcc "-fmodule-map-file=$modulemap_in")
passed=0 failed=0
t=$(date +%s)
if in_swift_chroot "$REPO_DIR" swiftc -typecheck -warnings-as-errors "${flags[@]}" "${app_src[@]}" \
    </dev/null >&2; then
    yn_log "PASS the app's ${#app_src[@]} source files type-check, no warning ($(yn_since "$t"))"
    passed=$((passed + 1))
else
    yn_log "FAIL the app does not type-check (errors above)"
    failed=$((failed + 1))
fi

# --- 4. its strings ------------------------------------------------------------------------
t=$(date +%s)
# The tree is made without -warnings-as-errors so the strings are checked even when a
# warning failed step 3.
if in_swift_chroot "$REPO_DIR" sh -c 'out="$1"; shift; swiftc -dump-ast "$@" >"$out" 2>&1' \
    sh "$work_in/ast.txt" "${flags[@]}" "${app_src[@]}" </dev/null; then
    strings_log="$WORK/strings.log"
    rc=0
    python3 "$REPO_DIR/tests/ios-app/check_strings.py" "$WORK/ast.txt" \
        "$RES/en.lproj/Localizable.strings" "$RES/ko.lproj/Localizable.strings" \
        | tee "$strings_log" >&2 || rc=$?
    counts="$(tail -n 1 "$strings_log")"
    if [[ "$counts" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
        passed=$((passed + BASH_REMATCH[1]))
        failed=$((failed + BASH_REMATCH[2]))
        [ "$rc" -eq 0 ] || [ "${BASH_REMATCH[2]}" -gt 0 ] || failed=$((failed + 1))
    else
        yn_log "FAIL the strings check ended without its counts"
        failed=$((failed + 1))
    fi
    yn_log "strings checked in $(yn_since "$t")"
else
    yn_log "FAIL swiftc -dump-ast failed"
    failed=$((failed + 1))
fi

yn_log "total $(yn_since "$start")"
yn_verdict "$passed" "$failed" 0 "$failed"
