#!/usr/bin/env bash
# Check and run the iPhone app's SwiftUI sources (ios/Yunnori) on Linux, where SwiftUI
# does not exist. tests/ios-app/SwiftUI is a stand-in for SwiftUI: Apple's declarations
# (iOS 17 API, Xcode 16's Swift 6 isolation) over a small runtime that evaluates views into
# a tree a test can read and act on (no drawing, no layout beyond sizes).
#   1. The app type-checks against it and the real YunnoriKit and YutCore modules, in
#      Swift 6 mode with warnings as errors (a wrong name, type, optional or actor fails),
#      and uses none of the stand-in's underscored machinery.
#   2. tests/ios-app/check_strings.py reads the type-checked syntax tree: every key the
#      views localise (spelt as Xcode spells it) is in en.lproj and ko.lproj with the same
#      placeholders, and `localized` fallbacks are the English texts.
#   3. The screen tests (tests/ios-app/ScreenTests) run the app's screens over the real
#      view models, bindings and core, and use them as a player does (buttons, the stick
#      mat's swipe, taps on the board, VoiceOver's actions, forms, sheets, navigation).
# The run closes with a plain `N passed, N failed` line.
#
#   scripts/test-ios-app.sh [LIB_DIR [UNIFFI_BINDGEN]]
#
# Needs `cargo build -p yut-ffi` first. Arguments and env as scripts/test-ios-viewmodel.sh
# (it builds the package's modules with it, YUNNORI_BUILD_ONLY=1); the scratch dir is
# $YUT_FFI_LIB_DIR/yunnori-bindings/ios-app. SCREEN_TESTS_FILTER=words runs the screen
# tests whose name contains them. Exit status: 0 only when every check passed.
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
rm -rf "$WORK/modules" "$WORK/ast.txt" "$WORK/screen-tests"
mkdir -p "$WORK/modules"
swift_chroot_expose "$REPO_DIR" "$KIT_WORK" "$WORK" "$LIB_DIR"
work_in="$(swift_chroot_path "$REPO_DIR" "$WORK")"
modules_in="$(swift_chroot_path "$REPO_DIR" "$MODULES")"
modulemap_in="$(swift_chroot_path "$REPO_DIR" "$REPO_DIR/ios/YunnoriKit/Generated/YutCoreFFI/module.modulemap")"

# --- 2. the SwiftUI stand-in ------------------------------------------------------------
# Its support module is Swift 5 (see SwiftUISupport/Isolated.swift); the stand-in is
# Swift 6, so the isolation of what it declares reaches the app as Apple's does.
t=$(date +%s)
mapfile -t support_src < <(cd "$REPO_DIR" && find tests/ios-app/SwiftUISupport -name '*.swift' | sort)
in_swift_chroot "$REPO_DIR" swiftc -parse-as-library -swift-version 5 -suppress-warnings \
    -emit-library -static -emit-module -module-name SwiftUISupport \
    -emit-module-path "$work_in/modules/SwiftUISupport.swiftmodule" \
    -o "$work_in/modules/libSwiftUISupport.a" "${support_src[@]}" </dev/null >&2 \
    || yn_die "the stand-in's support module did not compile"
in_swift_chroot "$REPO_DIR" swiftc -parse-as-library -swift-version 6 -warnings-as-errors \
    -emit-library -static -emit-module -module-name SwiftUI -I "$work_in/modules" \
    -emit-module-path "$work_in/modules/SwiftUI.swiftmodule" -o "$work_in/modules/libSwiftUI.a" \
    "${standin_src[@]}" </dev/null >&2 || yn_die "the SwiftUI stand-in did not compile"
yn_log "compiled the SwiftUI stand-in in $(yn_since "$t")"

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
# The stand-in's own machinery is public under underscored names (`_Node`, `Binding._get`,
# `Text._string`, ...), which Apple's SwiftUI does not have: the app must not use any.
passed=0 failed=0
if underscored="$(cd "$REPO_DIR" && grep -rnoE '(^|[^A-Za-z0-9_$])_[A-Za-z][A-Za-z0-9_]*' ios/Yunnori --include='*.swift')"; then
    yn_log "FAIL the app uses underscored names, which only the stand-in has:"
    printf '%s\n' "$underscored" >&2
    failed=$((failed + 1))
else
    passed=$((passed + 1))
fi

flags=(-parse-as-library -swift-version 6 -I "$work_in/modules" -I "$modules_in"
       -Xcc "-fmodule-map-file=$modulemap_in")
# Built as a library at once, for the screen tests (step 5): its @main renamed, so the
# tests' runner is the program.
t=$(date +%s)
app_built=0
if in_swift_chroot "$REPO_DIR" swiftc -warnings-as-errors -enable-testing \
        -emit-library -static -emit-module -module-name Yunnori \
        -Xfrontend -entry-point-function-name -Xfrontend yunnori_app_main \
        -emit-module-path "$work_in/modules/Yunnori.swiftmodule" -o "$work_in/modules/libYunnori.a" \
        "${flags[@]}" "${app_src[@]}" </dev/null >&2; then
    yn_log "PASS the app's ${#app_src[@]} source files type-check, no warning ($(yn_since "$t"))"
    passed=$((passed + 1))
    app_built=1
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
    add_counts "$strings_log" "$rc" "the strings check"
    yn_log "strings checked in $(yn_since "$t")"
else
    yn_log "FAIL swiftc -dump-ast failed"
    failed=$((failed + 1))
fi

# --- 5. run the screens ------------------------------------------------------------------
# The screen tests linked against the app's library, the stand-in, YunnoriKit and YutCore
# as the view model tests built them, and the real core. The app's strings sit beside the
# program, where Foundation's Bundle.main looks for them on Linux (one copy per language).
t=$(date +%s)
mapfile -t test_src < <(cd "$REPO_DIR" && find tests/ios-app/ScreenTests -name '*.swift' | sort)
kit_in="$(swift_chroot_path "$REPO_DIR" "$KIT_WORK")/build/debug"
lib_in="$(swift_chroot_path "$REPO_DIR" "$LIB_DIR")"
built=0
if [ "$app_built" = 1 ] \
    && in_swift_chroot "$REPO_DIR" sh -c 'kit="$1"; shift; exec swiftc "$@" "$kit"/YunnoriKit.build/*.o "$kit"/YutCore.build/*.o' \
        sh "$kit_in" -warnings-as-errors "${flags[@]}" "${test_src[@]}" \
        ios/YunnoriKit/Tests/YunnoriKitTests/LinuxObservationLink.swift \
        -L "$work_in/modules" -lYunnori -lSwiftUI -lSwiftUISupport \
        -L "$lib_in" -l"${FFI_LIB_NAME:-yut_ffi}" -Xlinker -rpath -Xlinker "$lib_in" \
        -o "$work_in/screen-tests" </dev/null >&2; then
    built=1
fi
if [ "$built" = 1 ]; then
    yn_log "built the screen tests in $(yn_since "$t")"
    # English, then Korean: each run beside its own strings. Linux's Foundation picks the
    # bundle's localization from the strings present (Bundle.preferredLocalizations) but
    # looks strings up only in the process locale's (en here, whatever LANG says), so the
    # Korean run also has its strings under en.lproj: what an iPhone set to Korean reads.
    for lang in en ko; do
        rm -rf "$WORK/$lang"
        for dir in "$lang" en; do
            mkdir -p "$WORK/$lang/$dir.lproj"
            cp "$RES/$lang.lproj/Localizable.strings" "$WORK/$lang/$dir.lproj/"
        done
        cp "$WORK/screen-tests" "$WORK/$lang/screen-tests"
        screens_log="$WORK/screens-$lang.log"
        rc=0
        in_swift_chroot "$REPO_DIR" env YUNNORI_REPO=/work/repo SCREEN_TESTS_LANGUAGE="$lang" \
            ${SCREEN_TESTS_FILTER:+SCREEN_TESTS_FILTER="$SCREEN_TESTS_FILTER"} \
            "$work_in/$lang/screen-tests" </dev/null 2>&1 | tee "$screens_log" >&2 || rc=$?
        add_counts "$screens_log" "$rc" "the screen tests in $lang (a crash? see $screens_log)"
    done
    yn_log "screens run in $(yn_since "$t")"
else
    yn_log "FAIL the screen tests did not build"
    failed=$((failed + 1))
fi

yn_log "total $(yn_since "$start")"
yn_verdict "$passed" "$failed" 0 "$failed"
