#!/usr/bin/env bash
# Checks here what can be checked of the iPhone app's Xcode build without a Mac:
#   1. tests/ios-project/check_project.py: ios/project.yml (and what each test bundle
#      imports against what it depends on), Info.plist (local-network use, export
#      compliance), the privacy manifest (the data the online rooms send), the background
#      task round the last saves, the asset catalog (the icon 1024 x 1024 and opaque,
#      colours with dark variants), InfoPlist.strings, the macOS lane's workflow (snapshot
#      recording and comparing), and the licences list being current
#      (scripts/gen-ios-licences.py --check);
#   2. the same checker's self-test: each check fails on a broken copy of its file;
#   3. with YN_IOS_DEVICE_SLICE=1, scripts/build-ios-xcframework.sh --check: the device
#      slice (aarch64-apple-ios) builds in release as a static library and strips; the
#      Swift bindings made from it equal the host library's. Without it (as in
#      scripts/test.sh), scripts/check-cross-compile.sh compiles that target instead.
# The Xcode-only Swift sources (ios/YunnoriSnapshotTests, ios/YunnoriUITests) are
# type-checked by scripts/test-ios-app.sh, against the app's module and the stand-ins.
# Closes with `N passed, N failed` (each step counts its own checks; a step that ends
# without its counts counts as one failure). Exit status 0 only when everything passed.
#
#   scripts/test-ios-project.sh
#
# Needs python3 with PyYAML (Debian python3-yaml), rustup, and `cargo build --workspace`
# first for the bindings comparison (target/debug/libyut_ffi.so, uniffi-bindgen).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=test-ios-project
REPO_DIR="$(cd "$SCRIPT_DIR/.." && pwd)"
cd "$REPO_DIR"
start=$(date +%s)

python3 -c 'import yaml' 2>/dev/null || yn_apt_ensure python3-yaml
passed=0 failed=0
# Runs a step that prints its own closing `N passed, N failed`:  counted LABEL CMD...
counted() {
    local label="$1" log rc=0 t counts
    shift
    t=$(date +%s)
    log="$(mktemp)"
    "$@" 2>&1 | tee "$log" || rc=$?
    counts="$(tail -n 1 "$log")"
    rm -f "$log"
    if [[ "$counts" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]]; then
        passed=$((passed + BASH_REMATCH[1]))
        failed=$((failed + BASH_REMATCH[2]))
        [ "$rc" -eq 0 ] || [ "${BASH_REMATCH[2]}" -gt 0 ] || failed=$((failed + 1))
    else
        failed=$((failed + 1))
        yn_log "FAIL $label ended without its counts"
    fi
    yn_log "$label: $(yn_since "$t")"
}

counted "project checks" python3 tests/ios-project/check_project.py
counted "project checks' self-test" python3 tests/ios-project/check_project.py --self-test

# The device slice's release build (8 minutes on a busy machine) is not repeated here:
# scripts/check-cross-compile.sh compiles the library for aarch64-apple-ios and compares
# the Swift bindings; the macOS lane builds the release slices. YN_IOS_DEVICE_SLICE=1 runs
# the release build and its stripped size here too.
if [ "${YN_IOS_DEVICE_SLICE:-0}" = 1 ]; then
    t=$(date +%s)
    if bash scripts/build-ios-xcframework.sh --check; then
        passed=$((passed + 1))
        yn_log "PASS the device slice builds and strips ($(yn_since "$t"))"
    else
        failed=$((failed + 1))
        yn_log "FAIL the device slice (scripts/build-ios-xcframework.sh --check)"
    fi
else
    yn_log "the device slice: compiled by scripts/check-cross-compile.sh, not built in release here (YN_IOS_DEVICE_SLICE=1 builds it)"
fi

yn_log "total $(yn_since "$start")"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
