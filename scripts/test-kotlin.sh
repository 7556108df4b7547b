#!/usr/bin/env bash
# Generate the Kotlin bindings of the yut-ffi cdylib, compile them and the
# Kotlin tests, run the tests on the JVM (JUnit 5 console launcher), and close
# with a plain `N passed, N failed` line.
#
#   scripts/test-kotlin.sh [LIB_DIR [UNIFFI_BINDGEN [TESTS_DIR]]]
#
# Arguments override the env vars of the same meaning:
#   YUT_FFI_LIB_DIR    dir holding lib$FFI_LIB_NAME.so
#                      (default $CARGO_TARGET_DIR/debug, else $REPO_DIR/target/debug)
#   UNIFFI_BINDGEN     uniffi-bindgen binary (default $YUT_FFI_LIB_DIR/uniffi-bindgen)
#   KOTLIN_TESTS_DIR   dir of *.kt JUnit 5 / kotlin.test tests (default $REPO_DIR/tests/kotlin)
# Other env:
#   REPO_DIR           cargo workspace of the ffi crate; bindgen runs there because
#                      it reads uniffi.toml through `cargo metadata`
#                      (default: git top level of the current dir, else the current dir)
#   FFI_LIB_NAME       default yut_ffi
#   BINDINGS_WORK_DIR  scratch/cache dir (default $YUT_FFI_LIB_DIR/yunnori-bindings/kotlin)
#   UNIFFI_CONFIG      global uniffi config passed to `uniffi-bindgen generate --config`
#                      (default $KOTLIN_TESTS_DIR/uniffi-jvm.toml when it exists: it turns
#                      off the Android-only settings of the crate's uniffi.toml)
#   YUNNORI_SKIP_INSTALL=1  do not call install-kotlin.sh (expects $YUNNORI_TOOLS/kotlin.env)
#
# Exit status: 0 only when every test passed and at least one ran.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=test-kotlin

yn_resolve_ffi_inputs "${KOTLIN_TESTS_DIR:-}" kotlin "$@"
WORK="${BINDINGS_WORK_DIR:-$LIB_DIR/yunnori-bindings/kotlin}"
mkdir -p "$WORK"
WORK="$(yn_abspath "$WORK")"
start=$(date +%s)

if [ "${YUNNORI_SKIP_INSTALL:-}" != 1 ]; then
    bash "$SCRIPT_DIR/install-kotlin.sh" >/dev/null
fi
[ -f "$YUNNORI_TOOLS/kotlin.env" ] || yn_die "$YUNNORI_TOOLS/kotlin.env missing: run scripts/install-kotlin.sh"
# shellcheck disable=SC1091
. "$YUNNORI_TOOLS/kotlin.env"

# Content hash of files (and of extra words), for skipping unchanged compiles.
fingerprint() {
    local words="$1"
    shift
    { printf '%s\n' "$words"; for f in "$@"; do printf '%s\n' "$f"; cat "$f"; done; } | sha256sum | cut -d' ' -f1
}

# --- 1. generate --------------------------------------------------------------
t=$(date +%s)
rm -rf "$WORK/gen"
config_args=()
UNIFFI_CONFIG="${UNIFFI_CONFIG:-}"
if [ -z "$UNIFFI_CONFIG" ] && [ -f "$TESTS_DIR/uniffi-jvm.toml" ]; then
    UNIFFI_CONFIG="$TESTS_DIR/uniffi-jvm.toml"
fi
if [ -n "$UNIFFI_CONFIG" ]; then
    cfg="$(yn_abspath "$UNIFFI_CONFIG" 2>/dev/null)" || yn_die "config not found: $UNIFFI_CONFIG"
    config_args=(--config "$cfg")
fi
(cd "$REPO_DIR" && "$BINDGEN" generate --no-format "${config_args[@]}" --library "$SO" --language kotlin --out-dir "$WORK/gen")
mapfile -t gen_src < <(find "$WORK/gen" -name '*.kt' | sort)
[ "${#gen_src[@]}" -gt 0 ] || yn_die "uniffi-bindgen generated no Kotlin source"
yn_log "generated ${#gen_src[@]} Kotlin file(s) in $(yn_since "$t")"

# --- 2. compile the bindings ----------------------------------------------------
BINDINGS_JAR="$WORK/bindings.jar"
bind_cp="$JNA_JAR:$COROUTINES_JAR"
fp="$(fingerprint "$KOTLINC $bind_cp" "${gen_src[@]}")"
if [ -f "$BINDINGS_JAR" ] && [ "$(cat "$WORK/bindings.fp" 2>/dev/null)" = "$fp" ]; then
    yn_log "bindings unchanged, reusing $BINDINGS_JAR"
else
    t=$(date +%s)
    rm -f "$WORK/bindings.fp"
    "$KOTLINC" -nowarn -cp "$bind_cp" -d "$BINDINGS_JAR" "${gen_src[@]}"
    echo "$fp" >"$WORK/bindings.fp"
    yn_log "compiled bindings in $(yn_since "$t")"
fi

# --- 3. compile the tests -------------------------------------------------------
mapfile -t test_src < <(find "$TESTS_DIR" -name '*.kt' | sort)
[ "${#test_src[@]}" -gt 0 ] || yn_die "no *.kt tests under $TESTS_DIR"
CLASSES="$WORK/test-classes"
test_cp="$BINDINGS_JAR:$JNA_JAR:$COROUTINES_JAR:$KOTLIN_TEST_JAR:$KOTLIN_TEST_JUNIT5_JAR:$JUNIT_CONSOLE_JAR"
fp="$(fingerprint "$KOTLINC $test_cp $(cat "$WORK/bindings.fp")" "${test_src[@]}")"
if [ -d "$CLASSES" ] && [ "$(cat "$WORK/tests.fp" 2>/dev/null)" = "$fp" ]; then
    yn_log "tests unchanged, reusing $CLASSES"
else
    t=$(date +%s)
    rm -rf "$CLASSES" "$WORK/tests.fp"
    if ! "$KOTLINC" -nowarn -cp "$test_cp" -d "$CLASSES" "${test_src[@]}"; then
        echo "test-kotlin: test sources failed to compile; no test ran"
        exit 2
    fi
    echo "$fp" >"$WORK/tests.fp"
    yn_log "compiled tests in $(yn_since "$t")"
fi

# --- 4. run -------------------------------------------------------------------
# The tests find the repo (tests/scenarios) through -Dyunnori.repo.
# --include-classname '.*': by default the launcher only picks classes named
# *Test / *Tests / Test*, and silently skips the rest.
run_cp="$CLASSES:$BINDINGS_JAR:$JNA_JAR:$COROUTINES_JAR:$KOTLIN_STDLIB_JAR:$KOTLIN_TEST_JAR:$KOTLIN_TEST_JUNIT5_JAR"
log="$WORK/junit.log"
rc=0
yn_junit_void_tests "$CLASSES"
# shellcheck disable=SC2086
java ${JAVA_OPTS:-} -Djna.library.path="$LIB_DIR" -Dyunnori.repo="$REPO_DIR" -jar "$JUNIT_CONSOLE_JAR" \
    --disable-banner --disable-ansi-colors --details=tree \
    --include-classname '.*' \
    --class-path "$run_cp" --scan-class-path "$CLASSES" 2>&1 </dev/null | tee "$log" || rc=$?  # pipefail: java's status

yn_junit_verdict "$log" "$rc" "$start"
