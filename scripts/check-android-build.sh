#!/usr/bin/env bash
# Check the Android build's files as far as a machine without Gradle, the Android SDK or the
# NDK can (the Gradle build itself runs on the CI lane, .github/workflows/android.yml):
#   - tests/android-build/check_gradle_files.py: the version catalog parses and every
#     libs.* the build scripts use is in it; the pins the checks here rely on agree (Kotlin
#     = the kotlinc of scripts/install-kotlin.sh, kotlinx-coroutines = the one it installs
#     and the pom's Swing dispatcher, Compose ui/material3 = the Android side of the Compose
#     for the desktop of tests/android-app/pom.xml as its Gradle module metadata names it,
#     lifecycle/navigation on its lines); API 36, JNA >= 5.18.1
#     as its aar, the CI lane's NDK and SDK = the catalog's; the Gradle wrapper is 9.4.1 with
#     Gradle's published jar and distribution checksums (and the README states the jar's);
#     the 16 KB page link flag for the three Android targets only;
#   - tests/android-build/check_resources.py: every resource file through aapt2 (compile,
#     and link with the manifest against the framework's resources) and Debian's aapt, the
#     strings as the phone shows them equal to what the screen tests read, and known-bad
#     resources refused (scripts/install-android-res-tools.sh installs the compilers);
#   - tests/android-build/check_manifest.py: room links reach the one running activity
#     (singleTask, onNewIntent), and the backup rules keep the room tickets on the phone;
#   - every *.gradle.kts parses (Kotlin's own parser, from the kotlinc of install-kotlin.sh:
#     syntax only, Gradle's API is not here to resolve against);
#   - the build's ELF page-alignment check (android/buildSrc, plain Kotlin) against shared
#     libraries cc links here for 4 KB and 16 KB pages (JUnit, tests/android-build);
#   - the instrumented smoke test (android/app/src/androidTest) compiled against Compose for
#     the desktop's UI test API, an R made from the app's strings and stand-ins for the
#     Android-only rule and runner (tests/android-build/smoke-stubs): compiled, not run;
#   - actionlint on the workflows (built from its Go module, with Debian's shellcheck), and
#     the lane's release smoke test (scripts/android-release-smoke.sh: shellcheck, and its
#     screen reader tests/android-build/ui_dump.py on a dump of UI Automator's shape).
# Closes with "N passed, N failed"; exits non-zero if anything failed or could not run.
#
#   scripts/check-android-build.sh
#
# Tools (idempotent, cached under $YUNNORI_TOOLS): install-kotlin.sh; install-android-res-tools.sh; the Gradle module
# metadata of the desktop Compose libraries and of the Android artifacts their Android
# variants point to (Maven Central, with Debian's Maven);
# actionlint $ACTIONLINT_VERSION (go install); Debian shellcheck.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=check-android-build
REPO_DIR="$(yn_abspath "$SCRIPT_DIR/..")"
CHECK="$REPO_DIR/tests/android-build"
ACTIONLINT_VERSION="${ACTIONLINT_VERSION:-1.7.7}"
start=$(date +%s)

bash "$SCRIPT_DIR/install-kotlin.sh" >/dev/null
# shellcheck disable=SC1091
. "$YUNNORI_TOOLS/kotlin.env"
yn_apt_ensure maven shellcheck
WORK="${CARGO_TARGET_DIR:-$REPO_DIR/target}/yunnori-android-build"
mkdir -p "$WORK"

# --- the Gradle module metadata of the desktop Compose libraries ---------------------------
POM="$REPO_DIR/tests/android-app/pom.xml"
pom_version() { # groupId artifactId → the version the pom gives it (its ${properties} put in)
    python3 - "$POM" "$1" "$2" <<'EOF'
import re, sys, xml.etree.ElementTree as ET
ns = {"m": "http://maven.apache.org/POM/4.0.0"}
root = ET.parse(sys.argv[1]).getroot()
props = {p.tag.split("}")[1]: p.text for p in root.find("m:properties", ns)}
for d in root.find("m:dependencies", ns):
    if d.find("m:groupId", ns).text == sys.argv[2] and d.find("m:artifactId", ns).text == sys.argv[3]:
        print(re.sub(r"\$\{([^}]+)\}", lambda m: props[m.group(1)], d.find("m:version", ns).text))
        break
else:
    sys.exit(f"{sys.argv[3]} is not in {sys.argv[1]}")
EOF
}
android_artifacts() { # MODULE_FILE → group:module:version of each artifact its Android variants are at
    python3 - "$1" <<'EOF'
import json, sys
meta = json.load(open(sys.argv[1], encoding="utf-8"))
for v in meta["variants"]:
    at, env = v.get("available-at"), v.get("attributes", {}).get("org.gradle.jvm.environment")
    if at and env == "android":
        print(f"{at['group']}:{at['module']}:{at['version']}")
EOF
}
MODULES="$YUNNORI_TOOLS/compose-desktop-modules"
module_file() { # groupId module version → its Gradle module metadata in $MODULES, fetched once
    local f="$MODULES/$2-$3.module"
    if [ ! -f "$f" ]; then
        yn_log "fetching the Gradle module metadata of $1:$2:$3"
        mvn -q -B -Dstyle.color=never dependency:copy "-Dartifact=$1:$2:$3:module" "-DoutputDirectory=$MODULES" </dev/null >&2
    fi
    echo "$f"
}
mkdir -p "$MODULES"
for ga in org.jetbrains.compose.ui:ui-desktop org.jetbrains.compose.material3:material3-desktop \
    org.jetbrains.androidx.lifecycle:lifecycle-runtime-compose-desktop \
    org.jetbrains.androidx.navigation:navigation-compose-desktop; do
    g="${ga%%:*}" a="${ga#*:}"
    v="$(pom_version "$g" "$a")"
    f="$(module_file "$g" "${a%-desktop}" "$v")"
    # From Compose Multiplatform 1.12 and lifecycle 2.11 on, an Android variant is an artifact
    # of its own (…-android) whose metadata names the androidx library.
    while IFS=: read -r ag am av; do
        module_file "$ag" "$am" "$av" >/dev/null
    done < <(android_artifacts "$f")
done

# The Compose BOM's own pom (Maven Central has it): which versions it manages.
bom_version="$(python3 -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["versions"]["compose-bom"])' \
    "$REPO_DIR/android/gradle/libs.versions.toml")"
if [ ! -f "$MODULES/compose-bom-$bom_version.pom" ]; then
    yn_log "fetching the pom of androidx.compose:compose-bom:$bom_version"
    mvn -q -B -Dstyle.color=never dependency:copy "-Dartifact=androidx.compose:compose-bom:$bom_version:pom" \
        "-DoutputDirectory=$MODULES" </dev/null >&2
fi

passed=0 failed=0
tally() { # LOG: adds the log's closing "N passed, N failed" to the totals
    local line
    line="$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n1)"
    if [ -z "$line" ]; then failed=$((failed + 1)); return; fi
    passed=$((passed + $(cut -d' ' -f1 <<<"$line")))
    failed=$((failed + $(cut -d' ' -f3 <<<"$line")))
}

# --- 1. the build files, statically ---------------------------------------------------------
python3 "$CHECK/check_gradle_files.py" "$REPO_DIR" "$COROUTINES_JAR" "$MODULES" | tee "$WORK/files.log" || true
tally "$WORK/files.log"

# --- 1b. the app's resources through the real resource compilers --------------------------
RES_ENV="$(bash "$SCRIPT_DIR/install-android-res-tools.sh")"
python3 "$CHECK/check_resources.py" "$REPO_DIR" "$RES_ENV" "$WORK/resources" | tee "$WORK/resources.log" || true
tally "$WORK/resources.log"
# What the manifest means: one activity for room links, the room tickets kept out of backups.
python3 "$CHECK/check_manifest.py" "$REPO_DIR" | tee "$WORK/manifest.log" || true
tally "$WORK/manifest.log"

# --- 2. every *.gradle.kts parses ----------------------------------------------------------
COMPILER_JAR="$KOTLIN_LIB/kotlin-compiler.jar"
[ -f "$COMPILER_JAR" ] || yn_die "$COMPILER_JAR missing"
PARSER="$WORK/kts-syntax"
yn_kotlinc_cached "the build script parser" "$PARSER" \
    "$(yn_fingerprint "$KOTLINC" "$CHECK/KtsSyntax.kt")" "$COMPILER_JAR" \
    -opt-in=org.jetbrains.kotlin.CoreEnvironmentDeprecation \
    -opt-in=org.jetbrains.kotlin.config.CompilerConfiguration.Internals \
    -opt-in=org.jetbrains.kotlin.compiler.plugin.ExperimentalCompilerApi \
    "$CHECK/KtsSyntax.kt"
mapfile -t kts < <(find "$REPO_DIR/android" -name '*.gradle.kts' -not -path '*/build/*' | sort)
java -cp "$PARSER:$COMPILER_JAR:$KOTLIN_STDLIB_JAR" app.yunnori.buildcheck.KtsSyntaxKt "${kts[@]}" \
    </dev/null | tee "$WORK/kts.log" || true
tally "$WORK/kts.log"

# --- 3. the ELF page-alignment check of the build -------------------------------------------
ELF_SRC="$REPO_DIR/android/buildSrc/src/main/kotlin/app/yunnori/buildlogic/ElfPages.kt"
ELF_CLASSES="$WORK/elf-classes"
cp_test="$KOTLIN_TEST_JAR:$KOTLIN_TEST_JUNIT5_JAR:$JUNIT_CONSOLE_JAR"
yn_kotlinc_cached "the ELF check and its tests" "$ELF_CLASSES" \
    "$(yn_fingerprint "$KOTLINC $cp_test" "$ELF_SRC" "$CHECK/ElfPagesTest.kt")" "$cp_test" \
    "$ELF_SRC" "$CHECK/ElfPagesTest.kt"
rc=0
yn_junit_void_tests "$ELF_CLASSES"
java -Djava.io.tmpdir="$WORK" -jar "$JUNIT_CONSOLE_JAR" --disable-banner --disable-ansi-colors --details=tree \
    --include-classname '.*' --exclude-engine=junit-vintage \
    --class-path "$ELF_CLASSES:$KOTLIN_STDLIB_JAR:$KOTLIN_TEST_JAR:$KOTLIN_TEST_JUNIT5_JAR" \
    --scan-class-path "$ELF_CLASSES" </dev/null >"$WORK/elf.log" 2>&1 || rc=$?
cat "$WORK/elf.log"
( yn_junit_verdict "$WORK/elf.log" "$rc" "$start" ) >"$WORK/elf.verdict" 2>/dev/null || true
cat "$WORK/elf.verdict"
tally "$WORK/elf.verdict"

# --- 4. the instrumented smoke test compiles ------------------------------------------------
# Against Compose for the desktop's UI test API (tests/android-app/pom.xml, the catalog's
# Compose), an R generated from the app's strings (a renamed string fails here), the mat's
# test tag as the app declares it, and stand-ins for the Android-only rule and runner.
APP_MAIN="$REPO_DIR/android/app/src/main"
SMOKE_GEN="$WORK/smoke-gen"
rm -rf "$SMOKE_GEN" && mkdir -p "$SMOKE_GEN"
{
    echo "package app.yunnori.android"
    echo "object R { object string {"
    grep -o '<string name="[A-Za-z0-9_]*"' "$APP_MAIN/res/values/strings.xml" | sed 's/.*name="//; s/"$//' |
        awk '{ printf "    const val %s: Int = %d\n", $1, NR }'
    echo "} }"
} >"$SMOKE_GEN/R.kt"
tag="$(grep -rhoE 'const val STICK_MAT_TAG = "[^"]*"' "$APP_MAIN/kotlin" || true)"
if [ -n "$tag" ]; then
    printf 'package app.yunnori.android.ui.game\n\n%s\n' "$tag" >"$SMOKE_GEN/Tag.kt"
fi
COMPOSE_DIR="$(bash "$SCRIPT_DIR/install-compose-desktop.sh")"
mapfile -t compose_jars < <(find "$COMPOSE_DIR" -name '*.jar' ! -name 'kotlin-stdlib*' | sort)
compose_cp="$(IFS=:; echo "${compose_jars[*]}")"
mapfile -t smoke_src < <(find "$REPO_DIR/android/app/src/androidTest" "$CHECK/smoke-stubs" "$SMOKE_GEN" -name '*.kt' | sort)
if "$KOTLINC" -nowarn -jvm-target 17 -Xplugin="$KOTLIN_LIB/compose-compiler-plugin.jar" -cp "$compose_cp" \
    -d "$WORK/smoke-classes" "${smoke_src[@]}" </dev/null; then
    echo "ok    the instrumented smoke test compiles against the Compose UI test API"
    passed=$((passed + 1))
else
    echo "FAIL  the instrumented smoke test does not compile (above)"
    failed=$((failed + 1))
fi

# --- 5. the workflows, and the release smoke test they run on the emulator ---------------------
python3 "$CHECK/ui_dump.py" --self-test | tee "$WORK/ui-dump.log" || true
tally "$WORK/ui-dump.log"
if shellcheck -x "$SCRIPT_DIR/android-release-smoke.sh" </dev/null; then
    echo "ok    shellcheck scripts/android-release-smoke.sh"
    passed=$((passed + 1))
else
    echo "FAIL  shellcheck scripts/android-release-smoke.sh"
    failed=$((failed + 1))
fi
ACTIONLINT="$YUNNORI_TOOLS/actionlint-$ACTIONLINT_VERSION/actionlint"
if [ ! -x "$ACTIONLINT" ]; then
    command -v go >/dev/null 2>&1 || yn_die "go is needed to build actionlint"
    yn_log "building actionlint $ACTIONLINT_VERSION from its Go module"
    GOBIN="$(dirname "$ACTIONLINT")" go install "github.com/rhysd/actionlint/cmd/actionlint@v$ACTIONLINT_VERSION" </dev/null >&2
fi
for wf in "$REPO_DIR"/.github/workflows/*.yml; do
    if "$ACTIONLINT" "$wf" </dev/null; then
        echo "ok    actionlint ${wf#"$REPO_DIR"/}"
        passed=$((passed + 1))
    else
        echo "FAIL  actionlint ${wf#"$REPO_DIR"/}"
        failed=$((failed + 1))
    fi
done

yn_log "done in $(yn_since "$start")"
yn_verdict "$passed" "$failed" 0 0
