#!/usr/bin/env bash
# Install the JVM-side tools needed to compile and test the Kotlin bindings.
#
#   scripts/install-kotlin.sh [--coroutines-test]
#
# Idempotent: anything already present is skipped, and nothing touches the
# network when everything is installed. Installs:
#   - npm package kotlin-compiler@$KOTLIN_COMPILER_VERSION under
#     $YUNNORI_TOOLS/kotlin-<version>  (kotlinc, kotlin-stdlib, kotlin-test,
#     kotlin-test-junit5)
#   - kotlinx-coroutines-core-jvm $KOTLINX_COROUTINES_VERSION from Maven Central (with
#     Debian's maven, checksum-checked) under $YUNNORI_TOOLS/maven: the Android app's
#     (android/gradle/libs.versions.toml `coroutines`, which scripts/check-android-build.sh
#     holds to this jar), not the 1.8.0 kotlinc bundles: Compose 1.11, lifecycle 2.10 and
#     activity 1.13 ask for 1.9.0.
#   - Debian libjna-java + libjna-jni (jna.jar and its native part), junit5
#     (junit-platform-console-standalone.jar); a JDK if `java` is missing.
#   - with --coroutines-test: kotlinx-coroutines-test-jvm from Maven Central at the
#     version of that kotlinx-coroutines-core jar, under $YUNNORI_TOOLS/maven (the
#     Android view model tests).
# Writes $YUNNORI_TOOLS/kotlin.env (shell assignments) and prints the paths.
#
# Env: YUNNORI_TOOLS (default /opt/yunnori-tools),
#      KOTLIN_COMPILER_VERSION (default 2.4.20),
#      KOTLINX_COROUTINES_VERSION (default 1.9.0).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=install-kotlin

KOTLIN_COMPILER_VERSION="${KOTLIN_COMPILER_VERSION:-2.4.20}"
KOTLINX_COROUTINES_VERSION="${KOTLINX_COROUTINES_VERSION:-1.9.0}"
KOTLIN_HOME_DIR="$YUNNORI_TOOLS/kotlin-$KOTLIN_COMPILER_VERSION"
KOTLIN_PKG="$KOTLIN_HOME_DIR/node_modules/kotlin-compiler"
ENV_FILE="$YUNNORI_TOOLS/kotlin.env"
start=$(date +%s)

want_coroutines_test=0
for arg in "$@"; do
    case "$arg" in
        --coroutines-test) want_coroutines_test=1 ;;
        *) yn_die "usage: $0 [--coroutines-test]" ;;
    esac
done

# --- Debian packages ---------------------------------------------------------
debs=(libjna-java libjna-jni junit5 unzip maven)
command -v java >/dev/null 2>&1 || debs+=(default-jdk-headless)
command -v npm >/dev/null 2>&1 || debs+=(npm)
yn_apt_ensure "${debs[@]}"

JNA_JAR=/usr/share/java/jna.jar
JUNIT_CONSOLE_JAR=/usr/share/java/junit-platform-console-standalone.jar
[ -f "$JNA_JAR" ] || yn_die "$JNA_JAR missing after installing libjna-java"
[ -f "$JUNIT_CONSOLE_JAR" ] || yn_die "$JUNIT_CONSOLE_JAR missing after installing junit5"

# --- kotlin-compiler from npm ------------------------------------------------
installed_version() {
    [ -f "$KOTLIN_PKG/package.json" ] || return 0
    node -e 'process.stdout.write(require(process.argv[1]).version)' "$KOTLIN_PKG/package.json" 2>/dev/null || true
}

if [ "$(installed_version)" = "$KOTLIN_COMPILER_VERSION" ] && [ -x "$KOTLIN_PKG/bin/kotlinc" ]; then
    yn_log "kotlin-compiler $KOTLIN_COMPILER_VERSION already installed"
else
    yn_log "installing npm kotlin-compiler@$KOTLIN_COMPILER_VERSION into $KOTLIN_HOME_DIR"
    mkdir -p "$YUNNORI_TOOLS"
    staging="$KOTLIN_HOME_DIR.partial.$$"
    rm -rf "$staging"
    mkdir -p "$staging"
    trap 'rm -rf "$staging"' EXIT
    # A private package.json keeps npm from walking up into some other project.
    printf '{"name":"yunnori-kotlin-tools","private":true}\n' >"$staging/package.json"
    npm install --prefix "$staging" --no-audit --no-fund --no-update-notifier \
        --loglevel=error --save-exact "kotlin-compiler@$KOTLIN_COMPILER_VERSION" </dev/null
    # The npm tarball may not keep the exec bits of the launcher scripts.
    chmod +x "$staging/node_modules/kotlin-compiler/bin/"* 2>/dev/null || true
    rm -rf "$KOTLIN_HOME_DIR"
    mv "$staging" "$KOTLIN_HOME_DIR"
    trap - EXIT
fi

KOTLINC="$KOTLIN_PKG/bin/kotlinc"
KOTLIN_LIB="$KOTLIN_PKG/lib"

# Pick exactly one jar by a name pattern (the jars carry no version suffix in
# some distributions and one in others).
find_jar() {
    local pat="$1" f
    for f in "$KOTLIN_LIB"/$pat; do
        [ -f "$f" ] && { printf '%s\n' "$f"; return 0; }
    done
    yn_die "no jar matching $pat in $KOTLIN_LIB"
}
KOTLIN_STDLIB_JAR="$(find_jar 'kotlin-stdlib.jar')"
KOTLIN_TEST_JAR="$(find_jar 'kotlin-test.jar')"
KOTLIN_TEST_JUNIT5_JAR="$(find_jar 'kotlin-test-junit5.jar')"

[ -x "$KOTLINC" ] || yn_die "kotlinc not executable: $KOTLINC"

# --- kotlinx-coroutines (and its test library) from Maven Central ------------------
# maven_jar ARTIFACT VERSION: $YUNNORI_TOOLS/maven/ARTIFACT-VERSION.jar of
# org.jetbrains.kotlinx, fetched once (Maven checks its checksum; -B: no progress
# output, no prompts).
maven_jar() {
    local a="$1" v="$2" jar staging
    jar="$YUNNORI_TOOLS/maven/$a-$v.jar"
    if [ -f "$jar" ]; then
        yn_log "$(basename "$jar") already installed"
    else
        yn_log "fetching org.jetbrains.kotlinx:$a:$v with Maven"
        staging="$YUNNORI_TOOLS/maven.partial.$$"
        rm -rf "$staging"
        trap 'rm -rf "$staging"' EXIT
        mvn -q -B dependency:copy "-Dartifact=org.jetbrains.kotlinx:$a:$v" \
            "-DoutputDirectory=$staging" </dev/null >&2
        [ -f "$staging/$a-$v.jar" ] || yn_die "Maven did not fetch $a $v"
        mkdir -p "$YUNNORI_TOOLS/maven"
        mv "$staging/$a-$v.jar" "$jar"
        rm -rf "$staging"
        trap - EXIT
    fi
    printf '%s\n' "$jar"
}
COROUTINES_JAR="$(maven_jar kotlinx-coroutines-core-jvm "$KOTLINX_COROUTINES_VERSION")"
got="$(unzip -p "$COROUTINES_JAR" META-INF/kotlinx_coroutines_core.version 2>/dev/null | tr -d '[:space:]')" || true
[ "$got" = "$KOTLINX_COROUTINES_VERSION" ] ||
    yn_die "$COROUTINES_JAR says it is kotlinx-coroutines ${got:-(no version)}, not $KOTLINX_COROUTINES_VERSION"

# It must match kotlinx-coroutines-core.
COROUTINES_TEST_JAR="$YUNNORI_TOOLS/maven/kotlinx-coroutines-test-jvm-$KOTLINX_COROUTINES_VERSION.jar"
if [ "$want_coroutines_test" = 1 ]; then
    COROUTINES_TEST_JAR="$(maven_jar kotlinx-coroutines-test-jvm "$KOTLINX_COROUTINES_VERSION")"
fi
[ -f "$COROUTINES_TEST_JAR" ] || COROUTINES_TEST_JAR=""

mkdir -p "$YUNNORI_TOOLS"
tmp_env="$ENV_FILE.tmp.$$"
{
    echo "# written by scripts/install-kotlin.sh"
    printf 'KOTLINC=%q\n' "$KOTLINC"
    printf 'KOTLIN_LIB=%q\n' "$KOTLIN_LIB"
    printf 'KOTLIN_STDLIB_JAR=%q\n' "$KOTLIN_STDLIB_JAR"
    printf 'KOTLIN_TEST_JAR=%q\n' "$KOTLIN_TEST_JAR"
    printf 'KOTLIN_TEST_JUNIT5_JAR=%q\n' "$KOTLIN_TEST_JUNIT5_JAR"
    printf 'COROUTINES_JAR=%q\n' "$COROUTINES_JAR"
    printf 'COROUTINES_TEST_JAR=%q\n' "$COROUTINES_TEST_JAR"
    printf 'JNA_JAR=%q\n' "$JNA_JAR"
    printf 'JUNIT_CONSOLE_JAR=%q\n' "$JUNIT_CONSOLE_JAR"
} >"$tmp_env"
if cmp -s "$tmp_env" "$ENV_FILE" 2>/dev/null; then rm -f "$tmp_env"; else mv "$tmp_env" "$ENV_FILE"; fi

echo "kotlinc:           $KOTLINC"
echo "jna.jar:           $JNA_JAR"
echo "junit console jar: $JUNIT_CONSOLE_JAR"
echo "coroutines jar:    $COROUTINES_JAR"
echo "kotlin lib dir:    $KOTLIN_LIB"
[ -z "$COROUTINES_TEST_JAR" ] || echo "coroutines-test:   $COROUTINES_TEST_JAR"
echo "env file:          $ENV_FILE"
yn_log "done in $(yn_since "$start")"
