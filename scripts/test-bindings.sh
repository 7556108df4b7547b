#!/usr/bin/env bash
# Build the yut-ffi library and the uniffi-bindgen binary, then generate, compile and run
# the Kotlin (JVM) and the Swift binding tests against the real library. Both suites run
# even when the first fails; the script fails if either does.
#
#   scripts/test-bindings.sh [kotlin|swift]...      (default: both)
#
# Prints each suite's `N passed, N failed` line, then a closing total line of the same
# form. The build is `cargo build --workspace`: the same feature set as
# `cargo test --workspace`, so uniffi is not compiled a second time (`-p yut-ffi` alone
# would resolve other features when other workspace crates enable some).
#
# Env: CARGO_TARGET_DIR (honoured), YUNNORI_SKIP_INSTALL=1 (do not run the install
# scripts), CARGO_BUILD_ARGS (extra arguments for the cargo build), and everything
# scripts/test-kotlin.sh and scripts/test-swift.sh read.
#
# Exit status: 0 only when every selected suite ran and passed.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=test-bindings

REPO_DIR="${REPO_DIR:-$(cd "$SCRIPT_DIR/.." && pwd)}"
export REPO_DIR
suites=("$@")
[ "${#suites[@]}" -gt 0 ] || suites=(kotlin swift)
for s in "${suites[@]}"; do
    case "$s" in kotlin | swift) ;; *) yn_die "unknown suite $s (kotlin, swift)" ;; esac
done
start=$(date +%s)

# --- build -------------------------------------------------------------------
t=$(date +%s)
# shellcheck disable=SC2086
(cd "$REPO_DIR" && cargo build --workspace ${CARGO_BUILD_ARGS:-})
yn_log "cargo build in $(yn_since "$t")"
target="${CARGO_TARGET_DIR:-$REPO_DIR/target}"
LIB_DIR="$target/debug"
[ -f "$LIB_DIR/libyut_ffi.so" ] || yn_die "no $LIB_DIR/libyut_ffi.so after the build"
[ -x "$LIB_DIR/uniffi-bindgen" ] || yn_die "no $LIB_DIR/uniffi-bindgen after the build"

# --- run the suites --------------------------------------------------------------
total_pass=0
total_fail=0
status=0
summary=()
for s in "${suites[@]}"; do
    t=$(date +%s)
    log="$(mktemp)"
    rc=0
    bash "$SCRIPT_DIR/test-$s.sh" "$LIB_DIR" "$LIB_DIR/uniffi-bindgen" 2>&1 | tee "$log" || rc=$?
    line="$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n1 || true)"
    rm -f "$log"
    if [ -n "$line" ]; then
        p="$(sed -E 's/^([0-9]+) passed.*/\1/' <<<"$line")"
        f="$(sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/' <<<"$line")"
    else
        # It stopped before any test result (build or compile error).
        p=0 f=1 line="no result (exit status $rc)"
    fi
    [ "$rc" -eq 0 ] || { status=1; [ "$f" -gt 0 ] || f=1; }
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
    summary+=("$s: $line ($(yn_since "$t"))")
done

for l in "${summary[@]}"; do yn_log "$l"; done
yn_log "total $(yn_since "$start")"
echo "$total_pass passed, $total_fail failed"
exit "$status"
