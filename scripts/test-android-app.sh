#!/usr/bin/env bash
# Type-check the Android app's sources (android/app) and run its screens, without the
# Android SDK: Compose is multiplatform, so the app's composables compile and draw on
# the desktop JVM against Compose for the desktop at the app's Compose version
# (tests/android-app/pom.xml). The few Android-only classes the app touches (the
# activity, AndroidViewModel, Context, string resources) are stand-ins with their real
# signatures (tests/android-app/stubs), and R is generated from res/values/strings.xml
# (so a missing string is a compile error). The screen tests (tests/android-app/src) draw
# the app's screens with the real view models and the real core, tap and swipe them like a
# player and read them like TalkBack; the run closes with a plain `N passed, N failed` line.
#
#   scripts/test-android-app.sh [LIB_DIR [UNIFFI_BINDGEN]]
#
# Needs `cargo build -p yut-ffi` first. Arguments and env as scripts/test-android-viewmodel.sh
# (whose compiled module it reuses); the scratch dir is
# $YUT_FFI_LIB_DIR/yunnori-bindings/android-app (with BINDINGS_WORK_DIR: its android-app/).
# Screenshots of the screens the tests drew are left in its screenshots/ directory, and
# each test's time in reports/ (JUnit's XML). Exit status: 0 only when the app
# compiled, every test passed and at least one ran. YUNNORI_ANDROID_TESTS=REGEX runs only
# the test classes whose names match (while working on one screen; .ci/run runs them all).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=test-android-app

yn_resolve_ffi_inputs "" "" "$@"
start=$(date +%s)

APP="$REPO_DIR/android/app/src/main"
CHECK="$REPO_DIR/tests/android-app"
[ -d "$APP/kotlin" ] || yn_die "$APP/kotlin missing"
[ -f "$APP/res/values/strings.xml" ] || yn_die "$APP/res/values/strings.xml missing"
# A Hangul font, so the Korean screens and the board's corner names render as a phone
# shows them (without one, Skia draws empty boxes in the screenshots).
yn_apt_ensure fontconfig fonts-nanum

# --- 1. the view model module and the bindings, as the view model tests build them ------
# BINDINGS_WORK_DIR, when set, holds both scratch dirs (android-viewmodel/, android-app/).
WORK_ROOT="${BINDINGS_WORK_DIR:-$LIB_DIR/yunnori-bindings}"
VM_WORK="$WORK_ROOT/android-viewmodel"
BINDINGS_WORK_DIR="$VM_WORK" YUNNORI_COMPILE_ONLY=1 bash "$SCRIPT_DIR/test-android-viewmodel.sh" "$LIB_DIR" "$BINDGEN" >&2
# shellcheck disable=SC1091
. "$YUNNORI_TOOLS/kotlin.env"
BINDINGS_JAR="$VM_WORK/bindings.jar"
VM_CLASSES="$VM_WORK/main-classes"

# --- 2. Compose for the desktop ---------------------------------------------------------
COMPOSE_DIR="$(bash "$SCRIPT_DIR/install-compose-desktop.sh")"
# kotlinc's own standard library, not the older one Compose was built with.
mapfile -t compose_jars < <(find "$COMPOSE_DIR" -name '*.jar' ! -name 'kotlin-stdlib*' | sort)
[ "${#compose_jars[@]}" -gt 0 ] || yn_die "no jars in $COMPOSE_DIR"
COMPOSE_CP="$(IFS=:; echo "${compose_jars[*]}")"
PLUGIN="$KOTLIN_LIB/compose-compiler-plugin.jar"
[ -f "$PLUGIN" ] || yn_die "$PLUGIN missing (kotlinc 2.0 or newer ships it)"

WORK="$WORK_ROOT/android-app"
mkdir -p "$WORK"

# --- 3. the stand-ins for Android's framework (Java) and R ------------------------------
STUBS_JAVA="$WORK/stubs-java"
mapfile -t java_src < <(find "$CHECK/stubs/java" -name '*.java' | sort)
fp="$(yn_fingerprint "javac" "${java_src[@]}")"
if [ ! -d "$STUBS_JAVA" ] || [ "$(cat "$STUBS_JAVA.fp" 2>/dev/null)" != "$fp" ]; then
    rm -rf "$STUBS_JAVA" "$STUBS_JAVA.fp"
    javac -nowarn --release 17 -d "$STUBS_JAVA" "${java_src[@]}" || {
        echo "test-android-app: the framework stand-ins failed to compile; no test ran"
        exit 2
    }
    echo "$fp" >"$STUBS_JAVA.fp"
fi

# R.string and R.plurals: one id per <string> (<plurals>) of the default strings,
# numbered in file order as AppStrings (the stand-in resources) numbers them.
R_KT="$WORK/gen/R.kt"
mkdir -p "$WORK/gen"
# r_ids KIND FIRST TAG: `object KIND` with an id from FIRST up for each <TAG name="…">.
r_ids() {
    local i=0 name
    echo "    object $1 {"
    while read -r name; do
        printf '        const val %s: Int = 0x%x\n' "$name" $(($2 + i))
        i=$((i + 1))
    done < <(grep -o "<$3 name=\"[A-Za-z0-9_]*\"" "$APP/res/values/strings.xml" | sed 's/.*name="//; s/"$//')
    echo "    }"
}
{
    echo "package app.yunnori.android"
    echo
    echo "object R {"
    r_ids string 0x7f000000 string
    r_ids plurals 0x7f010000 plurals
    # R.raw: one id per file of res/raw (the clack of the sticks), named as aapt names it.
    echo "    object raw {"
    i=0
    for f in "$APP"/res/raw/*; do
        [ -f "$f" ] || continue
        n="$(basename "$f")"
        printf '        const val %s: Int = 0x%x\n' "${n%%.*}" $((0x7f020000 + i))
        i=$((i + 1))
    done
    echo "    }"
    echo "}"
} >"$R_KT.new"
mv "$R_KT.new" "$R_KT"

# --- 4. compile the app, then its screen tests ------------------------------------------
APP_CLASSES="$WORK/app-classes"
cp_app="$COMPOSE_CP:$BINDINGS_JAR:$VM_CLASSES:$JNA_JAR:$STUBS_JAVA"
mapfile -t app_src < <(find "$APP/kotlin" "$CHECK/stubs/kotlin" -name '*.kt' | sort)
yn_kotlinc_cached "the app" "$APP_CLASSES" \
    "$(yn_fingerprint "$KOTLINC $cp_app $(cat "$VM_CLASSES.fp") $(cat "$STUBS_JAVA.fp")" "${app_src[@]}" "$R_KT")" \
    "$cp_app" -Xplugin="$PLUGIN" "${app_src[@]}" "$R_KT"
yn_log "the app's $(find "$APP/kotlin" -name '*.kt' | wc -l) Kotlin files compile against Compose for the desktop"

TEST_CLASSES="$WORK/test-classes"
cp_test="$APP_CLASSES:$cp_app:$KOTLIN_TEST_JAR:$KOTLIN_TEST_JUNIT5_JAR:$JUNIT_CONSOLE_JAR"
# With the view model tests' loopback server (YutServer.kt), which the online tests start.
mapfile -t test_src < <(find "$CHECK/src" -name '*.kt' | sort; echo "$REPO_DIR/android/viewmodel/src/test/kotlin/app/yunnori/viewmodel/YutServer.kt")
[ "${#test_src[@]}" -gt 0 ] || yn_die "no Kotlin tests under $CHECK/src"
yn_kotlinc_cached "screen tests" "$TEST_CLASSES" \
    "$(yn_fingerprint "$KOTLINC $cp_test $(cat "$APP_CLASSES.fp")" "${test_src[@]}")" \
    "$cp_test" -Xplugin="$PLUGIN" -Xfriend-paths="$APP_CLASSES" "${test_src[@]}"

# --- 5. run -----------------------------------------------------------------------------
# The online screen tests start a real yut-server on loopback (YUT_SERVER_BIN, handed in or built).
yn_server_bin
rm -rf "$WORK/screenshots" "$WORK/reports"
mkdir -p "$WORK/screenshots"
run_cp="$TEST_CLASSES:$APP_CLASSES:$cp_app:$KOTLIN_STDLIB_JAR:$KOTLIN_TEST_JAR:$KOTLIN_TEST_JUNIT5_JAR"
log="$WORK/junit.log"
rc=0
yn_junit_void_tests "$TEST_CLASSES"
# shellcheck disable=SC2086
# Whole games drawn frame by frame on the CPU outlast kotlinx-coroutines-test's default
# minute for one test body (each test still fails at five).
java ${JAVA_OPTS:-} -Djava.awt.headless=true -Djna.library.path="$LIB_DIR" \
    -Dkotlinx.coroutines.test.default_timeout=5m \
    -Dyunnori.res="$APP/res" -Dyunnori.screenshots="$WORK/screenshots" \
    -jar "$JUNIT_CONSOLE_JAR" --disable-banner --disable-ansi-colors --details=tree \
    --include-classname "${YUNNORI_ANDROID_TESTS:-.*}" --exclude-engine=junit-vintage --reports-dir "$WORK/reports" \
    --class-path "$run_cp" --scan-class-path "$TEST_CLASSES" 2>&1 </dev/null | tee "$log" || rc=$?

yn_junit_verdict "$log" "$rc" "$start"
