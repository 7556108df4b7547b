#!/usr/bin/env bash
# Check the iPhone app's SwiftUI sources (ios/Yunnori) on Linux, where SwiftUI does not
# exist. tests/ios-app/SwiftUI is a stand-in for SwiftUI (and tests/ios-app/CoreGraphics,
# UIKit, AVFoundation for the few calls the app makes to those; SnapshotTesting and
# XCUIAutomation for its test targets): Apple's
# declarations (iOS 17 API, Xcode 16's Swift 6 isolation), declarations only (nothing of
# it runs; what the screens do is tested through their view models,
# scripts/test-ios-viewmodel.sh).
#   1. The app type-checks against it and the real YunnoriKit and YutCore modules, in
#      Swift 6 mode with warnings as errors (a wrong name, type, optional or actor fails),
#      and uses none of the stand-in's underscored machinery. `#Preview` bodies are
#      type-checked too, each as the view-builder function Xcode's macro makes of it.
#   2. tests/ios-app/check_strings.py reads the type-checked syntax tree: every key the
#      views localise (spelt as Xcode spells it) is in en.lproj and ko.lproj with the same
#      placeholders, and `localized` fallbacks are the English texts.
#   3. the snapshot and UI test targets (Xcode only) type-check against the app's module
#      and stand-ins of SnapshotTesting and XCUIAutomation, with Linux's XCTest;
#   4. tests/ios-app/check_palette.py: every colour the views name is a colour set of the
#      asset catalog with a dark appearance, and text stays readable in light and dark
#      (secondary text, bordered and filled buttons included);
#   5. tests/ios-app/check_targets.py: text follows Dynamic Type, buttons are 44-point
#      targets.
# The run closes with a plain `N passed, N failed` line.
#
#   scripts/test-ios-app.sh [LIB_DIR [UNIFFI_BINDGEN]]
#
# Needs `cargo build -p yut-ffi` first. Arguments and env as scripts/test-ios-viewmodel.sh
# (it builds the package's modules with it, YUNNORI_BUILD_ONLY=1); the scratch dirs are
# $BINDINGS_WORK_DIR/kit and /app when it is set, else $YUT_FFI_LIB_DIR/yunnori-bindings/ios
# and /ios-app. Exit status: 0 only when every check passed.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-swift-chroot.sh
. "$SCRIPT_DIR/lib-swift-chroot.sh"
YN_LOG_TAG=test-ios-app

yn_resolve_ffi_inputs "" "" "$@"
start=$(date +%s)

APP="$REPO_DIR/ios/Yunnori"
RES="$APP/Resources"
[ -d "$APP" ] || yn_die "$APP missing"
mapfile -t app_src < <(cd "$REPO_DIR" && find ios/Yunnori -name '*.swift' | sort)
[ "${#app_src[@]}" -gt 0 ] || yn_die "no Swift sources under $APP"

# --- 1. YunnoriKit and YutCore, as the view model tests build them -----------------------
# BINDINGS_WORK_DIR, when set, holds this script's scratch (kit/ and app/ under it).
KIT_WORK="${BINDINGS_WORK_DIR:+$BINDINGS_WORK_DIR/kit}"
KIT_WORK="${KIT_WORK:-$LIB_DIR/yunnori-bindings/ios}"
BINDINGS_WORK_DIR="$KIT_WORK" YUNNORI_BUILD_ONLY=1 bash "$SCRIPT_DIR/test-ios-viewmodel.sh" "$LIB_DIR" "$BINDGEN" >&2
MODULES="$KIT_WORK/build/debug/Modules"
[ -f "$MODULES/YunnoriKit.swiftmodule" ] || yn_die "no YunnoriKit module in $MODULES"

WORK="${BINDINGS_WORK_DIR:+$BINDINGS_WORK_DIR/app}"
WORK="${WORK:-$LIB_DIR/yunnori-bindings/ios-app}"
rm -rf "$WORK/modules" "$WORK/ast.txt"
mkdir -p "$WORK/modules"
swift_chroot_expose "$REPO_DIR" "$KIT_WORK" "$WORK" "$LIB_DIR"
work_in="$(swift_chroot_path "$REPO_DIR" "$WORK")"
modules_in="$(swift_chroot_path "$REPO_DIR" "$MODULES")"
modulemap_in="$(swift_chroot_path "$REPO_DIR" "$REPO_DIR/ios/YunnoriKit/Generated/YutCoreFFI/module.modulemap")"

# --- 2. the stand-ins --------------------------------------------------------------------
# One module each (tests/ios-app/<Module>/), in the order they import one another: CoreGraphics
# (what Linux's Foundation lacks of it), SwiftUI, UIKit and AVFoundation for the app; then, for
# the Xcode-only test targets, SnapshotTesting (Swift 5 mode, as the library is built) and
# XCUIAutomation. Swift 6 otherwise, so the isolation they declare reaches the code as Apple's
# does. Only their modules are needed: nothing of them is linked or run.
standins=(CoreGraphics:6 SwiftUI:6 UIKit:6 AVFoundation:6 SnapshotTesting:5 XCUIAutomation:6)
for dir in "$REPO_DIR"/tests/ios-app/*/; do
    name="$(basename "$dir")"
    [[ " ${standins[*]} " == *" $name:"* ]] || yn_die "tests/ios-app/$name is not in this script's list of stand-ins"
done
t=$(date +%s)
for spec in "${standins[@]}"; do
    name="${spec%:*}"
    mapfile -t module_src < <(cd "$REPO_DIR" && find "tests/ios-app/$name" -name '*.swift' | sort)
    [ "${#module_src[@]}" -gt 0 ] || yn_die "no stand-in sources under tests/ios-app/$name"
    in_swift_chroot "$REPO_DIR" swiftc -parse-as-library -swift-version "${spec#*:}" -warnings-as-errors \
        -I "$work_in/modules" -emit-module -module-name "$name" \
        -emit-module-path "$work_in/modules/$name.swiftmodule" "${module_src[@]}" </dev/null >&2 \
        || yn_die "the $name stand-in did not compile"
done
yn_log "compiled the stand-ins (${standins[*]%%:*}) in $(yn_since "$t")"

# The app's sources as they are type-checked: `#Preview("name") {` opens a view-builder
# function instead (Xcode's macro has no implementation here), on the same line, so the
# compiler's locations stay those of the sources.
rm -rf "$WORK/app"
checked_src=()
n=0
for f in "${app_src[@]}"; do
    mkdir -p "$WORK/app/$(dirname "$f")"
    awk -v file="$n" '
        /^#Preview(\("[^"]*"\))? \{$/ { previews++; print "@MainActor @ViewBuilder private func preview" file "x" previews "() -> some View {"; next }
        { print }' "$REPO_DIR/$f" >"$WORK/app/$f"
    checked_src+=("$work_in/app/$f")
    n=$((n + 1))
done
previews="$(grep -c '^#Preview' "${app_src[@]/#/$REPO_DIR/}" | awk -F: '{ s += $NF } END { print s + 0 }')"

# Adds the closing `N passed, N failed` of LOG to the totals; a run that ended without it,
# or failed with no failure counted, counts as one failure:  add_counts LOG RC WHAT
add_counts() {
    local counts
    counts="$(tail -n 1 "$1")"
    if [[ "$counts" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
        passed=$((passed + BASH_REMATCH[1]))
        failed=$((failed + BASH_REMATCH[2]))
        [ "$2" -eq 0 ] || [ "${BASH_REMATCH[2]}" -gt 0 ] || failed=$((failed + 1))
    else
        yn_log "FAIL $3 ended without its counts"
        failed=$((failed + 1))
    fi
}

# --- 3. type-check the app ---------------------------------------------------------------
# The stand-in's own helpers are public under underscored names (`_Modified`,
# `_PrimitiveView`, ...), which Apple's SwiftUI does not have: the app must not use any.
passed=0 failed=0
if underscored="$(cd "$REPO_DIR" && grep -rnoE '(^|[^A-Za-z0-9_$])_[A-Za-z][A-Za-z0-9_]*' ios/Yunnori --include='*.swift')"; then
    yn_log "FAIL the app uses underscored names, which only the stand-in has:"
    printf '%s\n' "$underscored" >&2
    failed=$((failed + 1))
else
    passed=$((passed + 1))
fi

flags=(-parse-as-library -swift-version 6 -module-name Yunnori -I "$work_in/modules" -I "$modules_in"
       -Xcc "-fmodule-map-file=$modulemap_in")
t=$(date +%s)
# Errors name the sources, not their checked copies (pipefail keeps swiftc's status).
if in_swift_chroot "$REPO_DIR" swiftc -typecheck -warnings-as-errors "${flags[@]}" "${checked_src[@]}" \
        </dev/null 2>&1 | sed "s|$work_in/app/||g" >&2; then
    yn_log "PASS the app's ${#app_src[@]} source files and $previews previews type-check, no warning ($(yn_since "$t"))"
    passed=$((passed + 1))
else
    yn_log "FAIL the app does not type-check (errors above)"
    failed=$((failed + 1))
fi

# --- 4. the Xcode-only test targets -------------------------------------------------------
# The snapshot tests (`@testable import Yunnori`, SnapshotTesting, UIKit, XCTest) and the UI
# tests (XCTest's UI automation) type-check against the app's module, the stand-ins and
# Linux's XCTest, in Swift 6 mode as project.yml builds them: a wrong call, an immutable
# record of the core assigned to, a missing `try` or `await` fails here, not first on the
# macOS lane. The app's module is emitted with testing enabled for the snapshot target.
snapshot_src=() ui_src=()
mapfile -t snapshot_src < <(cd "$REPO_DIR" && find ios/YunnoriSnapshotTests -name '*.swift' | sort)
mapfile -t ui_src < <(cd "$REPO_DIR" && find ios/YunnoriUITests -name '*.swift' | sort)
t=$(date +%s)
if [ "${#snapshot_src[@]}" -eq 0 ] || [ "${#ui_src[@]}" -eq 0 ]; then
    yn_log "FAIL no Swift sources in ios/YunnoriSnapshotTests or ios/YunnoriUITests"
    failed=$((failed + 1))
elif ! in_swift_chroot "$REPO_DIR" swiftc -emit-module -enable-testing "${flags[@]}" \
        -emit-module-path "$work_in/modules/Yunnori.swiftmodule" "${checked_src[@]}" </dev/null >&2; then
    yn_log "FAIL the app's module (for the snapshot tests' @testable import) was not made"
    failed=$((failed + 1))
else
    for target in snapshot ui; do
        if [ "$target" = snapshot ]; then
            src=("${snapshot_src[@]}") extra=()
        else
            # Apple's `import XCTest` brings its UI automation; Linux's does not.
            src=("${ui_src[@]}") extra=(-Xfrontend -import-module -Xfrontend XCUIAutomation)
        fi
        if in_swift_chroot "$REPO_DIR" swiftc -typecheck -warnings-as-errors -swift-version 6 -module-name "Yunnori${target}Tests" \
                -I "$work_in/modules" -I "$modules_in" -Xcc "-fmodule-map-file=$modulemap_in" "${extra[@]}" \
                "${src[@]}" </dev/null >&2; then
            yn_log "PASS the $target test target's ${#src[@]} files type-check, no warning"
            passed=$((passed + 1))
        else
            yn_log "FAIL the $target test target does not type-check (errors above)"
            failed=$((failed + 1))
        fi
    done
fi
yn_log "test targets checked in $(yn_since "$t")"

# --- 5. its strings ------------------------------------------------------------------------
t=$(date +%s)
# The tree is made without -warnings-as-errors so the strings are checked even when a
# warning failed step 3.
if in_swift_chroot "$REPO_DIR" sh -c 'out="$1"; shift; swiftc -dump-ast "$@" >"$out" 2>&1' \
    sh "$work_in/ast.txt" "${flags[@]}" "${checked_src[@]}" </dev/null; then
    strings_log="$WORK/strings.log"
    rc=0
    python3 "$REPO_DIR/tests/ios-app/check_strings.py" "$WORK/ast.txt" \
        "$RES/en.lproj/Localizable.strings" "$RES/ko.lproj/Localizable.strings" \
        | sed "s|$work_in/app/||g" | tee "$strings_log" >&2 || rc=$?
    add_counts "$strings_log" "$rc" "the strings check"
    yn_log "strings checked in $(yn_since "$t")"
else
    yn_log "FAIL swiftc -dump-ast failed"
    failed=$((failed + 1))
fi

# --- 6. its colours ------------------------------------------------------------------------
palette_log="$WORK/palette.log"
rc=0
python3 "$REPO_DIR/tests/ios-app/check_palette.py" "$APP" | tee "$palette_log" >&2 || rc=$?
add_counts "$palette_log" "$rc" "the palette check"

# --- 7. its text sizes and targets --------------------------------------------------------
targets_log="$WORK/targets.log"
rc=0
python3 "$REPO_DIR/tests/ios-app/check_targets.py" "$APP" | tee "$targets_log" >&2 || rc=$?
add_counts "$targets_log" "$rc" "the text size and target check"

yn_log "total $(yn_since "$start")"
yn_verdict "$passed" "$failed" 0 "$failed"
