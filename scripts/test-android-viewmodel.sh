#!/usr/bin/env bash
# Compile the Android app's pure-JVM view model module (android/viewmodel) with kotlinc
# against freshly generated Kotlin bindings of the yut-ffi cdylib, run its JUnit 5 tests
# against the real library, and close with a plain `N passed, N failed` line.
# No Gradle and no Android SDK are needed (android/viewmodel has no Android dependency).
#
#   scripts/test-android-viewmodel.sh [LIB_DIR [UNIFFI_BINDGEN]]
#
# Needs `cargo build -p yut-ffi` first (the .so and target/debug/uniffi-bindgen).
# Arguments override the env vars of the same meaning:
#   YUT_FFI_LIB_DIR    dir holding lib$FFI_LIB_NAME.so
#                      (default $CARGO_TARGET_DIR/debug, else $REPO_DIR/target/debug)
#   UNIFFI_BINDGEN     uniffi-bindgen binary (default $YUT_FFI_LIB_DIR/uniffi-bindgen)
# Other env:
#   REPO_DIR           the cargo workspace (default: git top level, else the current dir)
#   FFI_LIB_NAME       default yut_ffi
#   BINDINGS_WORK_DIR  scratch/cache dir (default $YUT_FFI_LIB_DIR/yunnori-bindings/android-viewmodel)
#   JAVA_OPTS          extra JVM options for the test run
#   YUT_SERVER_BIN     yut-server for the online tests (default: cargo build -p yut-server)
#   YUNNORI_SKIP_INSTALL=1  do not call install-kotlin.sh (expects $YUNNORI_TOOLS/kotlin.env)
#   YUNNORI_COMPILE_ONLY=1  compile the bindings and the module, run no test
#   YUNNORI_VM_TESTS=REGEX  run only the test classes whose names match (e.g. '.*AppModelTest')
#
# Idempotent: each compile step is skipped when its inputs (by content) are unchanged.
# Exit status: 0 only when every test passed and at least one ran.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=test-android-viewmodel

yn_resolve_ffi_inputs "" "" "$@"

MODULE="$REPO_DIR/android/viewmodel"
MAIN_DIR="$MODULE/src/main/kotlin"
TEST_DIR="$MODULE/src/test/kotlin"
CONFIG="$MODULE/uniffi-jvm.toml"
[ -d "$MAIN_DIR" ] || yn_die "$MAIN_DIR missing"
[ -f "$CONFIG" ] || yn_die "$CONFIG missing"

WORK="${BINDINGS_WORK_DIR:-$LIB_DIR/yunnori-bindings/android-viewmodel}"
mkdir -p "$WORK"
WORK="$(yn_abspath "$WORK")"
start=$(date +%s)

if [ "${YUNNORI_SKIP_INSTALL:-}" != 1 ]; then
    bash "$SCRIPT_DIR/install-kotlin.sh" --coroutines-test >/dev/null
fi
[ -f "$YUNNORI_TOOLS/kotlin.env" ] || yn_die "$YUNNORI_TOOLS/kotlin.env missing: run scripts/install-kotlin.sh --coroutines-test"
# shellcheck disable=SC1091
. "$YUNNORI_TOOLS/kotlin.env"
[ -n "${COROUTINES_TEST_JAR:-}" ] && [ -f "$COROUTINES_TEST_JAR" ] ||
    yn_die "kotlinx-coroutines-test missing: run scripts/install-kotlin.sh --coroutines-test"

# --- 1. generate the bindings (JVM flavour) -------------------------------------------
t=$(date +%s)
rm -rf "$WORK/gen"
# Bindgen runs in the workspace: it reads the crate's uniffi.toml through `cargo metadata`.
(cd "$REPO_DIR" && "$BINDGEN" generate --no-format --config "$CONFIG" --library "$SO" \
    --language kotlin --out-dir "$WORK/gen" >/dev/null)
mapfile -t gen_src < <(find "$WORK/gen" -name '*.kt' | sort)
[ "${#gen_src[@]}" -gt 0 ] || yn_die "uniffi-bindgen generated no Kotlin source"
yn_log "generated ${#gen_src[@]} binding file(s) in $(yn_since "$t")"

# --- 2. compile: bindings, then the module, then its tests ------------------------------
BINDINGS_JAR="$WORK/bindings.jar"
cp_bind="$JNA_JAR:$COROUTINES_JAR"
yn_kotlinc_cached "bindings" "$BINDINGS_JAR" "$(yn_fingerprint "$KOTLINC $cp_bind" "${gen_src[@]}")" "$cp_bind" "${gen_src[@]}"

mapfile -t main_src < <(find "$MAIN_DIR" -name '*.kt' | sort)
[ "${#main_src[@]}" -gt 0 ] || yn_die "no Kotlin sources under $MAIN_DIR"
MAIN_CLASSES="$WORK/main-classes"
# Only the bindings and kotlinx-coroutines: the module may not lean on anything else.
cp_main="$BINDINGS_JAR:$COROUTINES_JAR:$JNA_JAR"
yn_kotlinc_cached "view model module" "$MAIN_CLASSES" \
    "$(yn_fingerprint "$KOTLINC $cp_main $(cat "$BINDINGS_JAR.fp")" "${main_src[@]}")" "$cp_main" "${main_src[@]}"

# The app's screen tests (scripts/test-android-app.sh) need the module, not its tests.
if [ "${YUNNORI_COMPILE_ONLY:-}" = 1 ]; then
    yn_log "compiled the module only (YUNNORI_COMPILE_ONLY=1): $MAIN_CLASSES"
    exit 0
fi

mapfile -t test_src < <(find "$TEST_DIR" -name '*.kt' 2>/dev/null | sort)
[ "${#test_src[@]}" -gt 0 ] || yn_die "no Kotlin tests under $TEST_DIR"
TEST_CLASSES="$WORK/test-classes"
cp_test="$MAIN_CLASSES:$cp_main:$COROUTINES_TEST_JAR:$KOTLIN_TEST_JAR:$KOTLIN_TEST_JUNIT5_JAR:$JUNIT_CONSOLE_JAR"
# -Xfriend-paths: the tests see the module's `internal` declarations, as in Gradle.
yn_kotlinc_cached "tests" "$TEST_CLASSES" \
    "$(yn_fingerprint "$KOTLINC $cp_test $(cat "$MAIN_CLASSES.fp")" "${test_src[@]}")" "$cp_test" \
    -Xfriend-paths="$MAIN_CLASSES" "${test_src[@]}"

# --- 3. run ---------------------------------------------------------------------------
# The online tests start a real yut-server on loopback (YUT_SERVER_BIN, handed in or built).
yn_server_bin
# --include-classname '.*': by default the launcher only picks *Test / *Tests / Test*.
run_cp="$TEST_CLASSES:$MAIN_CLASSES:$BINDINGS_JAR:$JNA_JAR:$COROUTINES_JAR:$COROUTINES_TEST_JAR"
run_cp="$run_cp:$KOTLIN_STDLIB_JAR:$KOTLIN_TEST_JAR:$KOTLIN_TEST_JUNIT5_JAR"
log="$WORK/junit.log"
rc=0
yn_junit_void_tests "$TEST_CLASSES"
# shellcheck disable=SC2086
java ${JAVA_OPTS:-} -Djna.library.path="$LIB_DIR" -jar "$JUNIT_CONSOLE_JAR" \
    --disable-banner --disable-ansi-colors --details=tree \
    --include-classname "${YUNNORI_VM_TESTS:-.*}" \
    --class-path "$run_cp" --scan-class-path "$TEST_CLASSES" 2>&1 </dev/null | tee "$log" || rc=$?

yn_junit_verdict "$log" "$rc" "$start"
