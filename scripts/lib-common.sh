# Shared helpers for the Yunnori tool scripts. Source it; do not run it.
# shellcheck shell=bash

# Everything the install scripts fetch lives here, outside the repo.
: "${YUNNORI_TOOLS:=/opt/yunnori-tools}"

yn_log() { printf '[%s] %s\n' "${YN_LOG_TAG:-yunnori}" "$*" >&2; }
yn_die() { yn_log "error: $*"; exit 1; }

yn_need_root() {
    [ "$(id -u)" -eq 0 ] || yn_die "must run as root (apt-get, mount, chroot)"
}

# True when a Debian package is fully installed on the host.
yn_deb_installed() {
    [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = "installed" ]
}

# Install the listed Debian packages that are missing. apt-get update runs only
# when something has to be installed, and at most once per process.
yn_apt_ensure() {
    local missing=() p
    for p in "$@"; do
        yn_deb_installed "$p" || missing+=("$p")
    done
    [ "${#missing[@]}" -eq 0 ] && return 0
    yn_need_root
    yn_log "installing Debian packages: ${missing[*]}"
    if [ -z "${_YN_APT_UPDATED:-}" ]; then
        DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null >&2
        _YN_APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" </dev/null >&2
}

# Elapsed seconds since the given `date +%s` value.
yn_since() { echo "$(( $(date +%s) - $1 ))s"; }

# Absolute path of an existing file or directory.
yn_abspath() { realpath -e -- "$1"; }

# Resolves the inputs of a binding test script from its arguments
# [LIB_DIR [UNIFFI_BINDGEN [TESTS_DIR]]] and the environment. Usage:
#   yn_resolve_ffi_inputs "$TESTS_DIR_FROM_ENV" DEFAULT_SUBDIR_OF_tests "$@"
# or, for a script without a tests dir argument ([LIB_DIR [UNIFFI_BINDGEN]]):
#   yn_resolve_ffi_inputs "" "" "$@"
# Sets REPO_DIR, LIB_DIR, SO, BINDGEN, TESTS_DIR, FFI_LIB_NAME (absolute paths, checked).
# shellcheck disable=SC2034  # the variables are for the calling script
yn_resolve_ffi_inputs() {
    local env_tests="$1" sub="$2" default_lib want_lib want_bindgen want_tests
    shift 2
    if [ -n "$sub" ]; then
        [ "$#" -le 3 ] || yn_die "usage: $0 [LIB_DIR [UNIFFI_BINDGEN [TESTS_DIR]]]"
    else
        [ "$#" -le 2 ] || yn_die "usage: $0 [LIB_DIR [UNIFFI_BINDGEN]]"
    fi
    REPO_DIR="${REPO_DIR:-$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel 2>/dev/null || pwd)}"
    REPO_DIR="$(yn_abspath "$REPO_DIR")"
    if [ -n "${CARGO_TARGET_DIR:-}" ]; then default_lib="$CARGO_TARGET_DIR/debug"; else default_lib="$REPO_DIR/target/debug"; fi
    want_lib="${1:-${YUT_FFI_LIB_DIR:-$default_lib}}"
    FFI_LIB_NAME="${FFI_LIB_NAME:-yut_ffi}"
    LIB_DIR="$(yn_abspath "$want_lib" 2>/dev/null)" || yn_die "lib dir not found: $want_lib (cargo build the ffi crate first)"
    want_bindgen="${2:-${UNIFFI_BINDGEN:-$LIB_DIR/uniffi-bindgen}}"
    SO="$LIB_DIR/lib$FFI_LIB_NAME.so"
    [ -f "$SO" ] || yn_die "$SO not found (cargo build the ffi crate first)"
    BINDGEN="$(yn_abspath "$want_bindgen" 2>/dev/null)" || yn_die "uniffi-bindgen not found: $want_bindgen"
    TESTS_DIR=""
    [ -n "$sub" ] || return 0
    want_tests="${3:-${env_tests:-$REPO_DIR/tests/$sub}}"
    TESTS_DIR="$(yn_abspath "$want_tests" 2>/dev/null)" || yn_die "tests dir not found: $want_tests"
}

# Reads the JUnit console launcher's summary box in LOG ("[  3 tests successful  ]"),
# prints "N passed, N failed[, N skipped]" and exits 1 unless every test passed, at least
# one ran and the launcher's status RC was 0. START is the script's start (for the log).
yn_junit_verdict() {
    local log="$1" rc="$2" start="$3" ok bad cbad skipped aborted failed
    _yn_junit_count() { sed -nE "s/^\[ *([0-9]+) $1 .*\]$/\1/p" "$log" | tail -n1; }
    ok="$(_yn_junit_count 'tests successful')"; ok="${ok:-0}"
    bad="$(_yn_junit_count 'tests failed')"; bad="${bad:-0}"
    cbad="$(_yn_junit_count 'containers failed')"; cbad="${cbad:-0}"
    skipped="$(_yn_junit_count 'tests skipped')"; skipped="${skipped:-0}"
    aborted="$(_yn_junit_count 'tests aborted')"; aborted="${aborted:-0}"
    failed=$((bad + cbad)) # a failing container (e.g. a class that cannot load) hides its tests
    skipped=$((skipped + aborted))
    yn_log "total $(yn_since "$start")"
    # The failed tests and their messages again, last: a CI page shows only the log's tail.
    if [ "$failed" -ne 0 ]; then
        echo "failed:"
        grep -F '✘' "$log" | cut -c1-600 | sed 's/^[│├└─ ]*/  /' || true
    fi
    yn_verdict "$ok" "$failed" "$skipped" "$rc"
}

# Fails when a compiled JUnit 5 test returns a value: Jupiter skips such a method without a
# word (a Kotlin `= runBlocking { ... }` whose last line is a value did this once), so a test
# would count as never written rather than failed.  yn_junit_void_tests CLASSES_DIR
yn_junit_void_tests() {
    local dir="$1" bad
    local -a classes
    mapfile -t classes < <(cd "$dir" && find . -name '*.class' | sed 's|^\./||; s|\.class$||; s|/|.|g' | sort)
    [ "${#classes[@]}" -gt 0 ] || yn_die "no classes under $dir"
    bad="$(javap -v -p -cp "$dir" "${classes[@]}" | awk '
        /^Classfile / { cls = $2 }
        /^  [a-z].*\(.*\);$/ { method = $0 }
        /^    descriptor: / { desc = $2 }
        /^ +org\.junit\.jupiter\.api\.(Test|RepeatedTest)$|^ +org\.junit\.jupiter\.params\.ParameterizedTest$/ {
            if (desc !~ /\)V$/) print cls ":" method
        }')"
    if [ -n "$bad" ]; then
        printf '%s\n' "$bad"
        yn_die "these tests return a value, and JUnit would skip them without a word: make them return Unit"
    fi
}

# Prints "P passed, F failed[, S skipped]" and exits 1 unless no test failed, the runner's
# status RC was 0 and at least one test passed.
yn_verdict() {
    local passed="$1" failed="$2" skipped="$3" rc="$4" line
    line="$passed passed, $failed failed"
    [ "$skipped" -eq 0 ] || line="$line, $skipped skipped"
    echo "$line"
    if [ "$failed" -ne 0 ] || [ "$rc" -ne 0 ]; then exit 1; fi
    if [ "$passed" -eq 0 ]; then
        yn_log "error: no test ran"
        exit 1
    fi
}

# A hash of the contents of the given files (not their paths) and of some words, to skip
# compiles whose inputs did not change:  yn_fingerprint WORDS FILE...
yn_fingerprint() {
    local words="$1"
    shift
    { printf '%s\n' "$words"; for f in "$@"; do sha256sum <"$f"; done; } | sha256sum | cut -d' ' -f1
}

# Runs kotlinc (from kotlin.env) unless OUT's fingerprint file already holds FP; OUT (a
# class directory, or a jar when it ends in .jar) is replaced whole. On a compile error it
# says so and exits 2 (no test ran).
#   yn_kotlinc_cached WHAT OUT FP CLASSPATH [KOTLINC ARGS AND SOURCES...]
yn_kotlinc_cached() {
    local what="$1" out="$2" fp="$3" cp="$4"
    shift 4
    if [ -e "$out" ] && [ "$(cat "$out.fp" 2>/dev/null)" = "$fp" ]; then
        yn_log "$what unchanged, reusing $(basename "$out")"
        return 0
    fi
    local t partial="$out.partial"
    case "$out" in *.jar) partial="${out%.jar}.partial.jar" ;; esac
    t=$(date +%s)
    rm -rf "$out" "$out.fp" "$partial"
    # kotlinc's own launcher caps the compiler at 512 MB unless JAVA_OPTS is set, small for
    # the Android app against Compose's hundred-odd jars. Codegen stays on one thread: the
    # parallel backend (-Xbackend-threads) has a race (KT-83578) that failed a CI run with an
    # internal compiler error on a two-file compile that passes every time on its own.
    local log="$out.log" rc=0
    "$KOTLINC" -J-Xmx2g -nowarn -jvm-target 17 -cp "$cp" -d "$partial" "$@" >"$log" 2>&1 || rc=$?
    cat "$log" >&2
    if [ "$rc" -ne 0 ]; then
        rm -rf "$partial"
        # The cause in one line at the end, where a log's tail is read: kotlinc's first
        # error or exception, not the last frames of a stack trace.
        local cause
        cause="$(grep -m1 -E '(^e: |^error: |: error: |^exception: |Exception|Error:)' "$log" | cut -c1-300)"
        echo "${YN_LOG_TAG:-yunnori}: $what failed to compile (kotlinc exit $rc${cause:+: $cause}); no test ran"
        exit 2
    fi
    mv "$partial" "$out"
    echo "$fp" >"$out.fp"
    yn_log "compiled $what in $(yn_since "$t")"
}

# Builds the online rooms server (debug, as the test suites use it) unless YUT_SERVER_BIN
# names one already, and exports YUT_SERVER_BIN, its absolute path: the Kotlin and Swift suites start it on loopback with
# `--listen 127.0.0.1:0 --data DIR` and read "listening on ADDR" from its first line.
yn_server_bin() {
    local repo target
    # A server binary handed in (a developer's own build) is used as it is.
    if [ -n "${YUT_SERVER_BIN:-}" ]; then
        YUT_SERVER_BIN="$(yn_abspath "$YUT_SERVER_BIN")" || yn_die "YUT_SERVER_BIN not found: $YUT_SERVER_BIN"
        export YUT_SERVER_BIN
        return 0
    fi
    repo="${REPO_DIR:-$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)}"
    target="${CARGO_TARGET_DIR:-$repo/target}"
    # With the workspace's features, as `cargo test --workspace` builds it: no second build.
    (cd "$repo" && cargo build -q --workspace --bin yut-server) >&2 || yn_die "cargo build --bin yut-server failed"
    YUT_SERVER_BIN="$(yn_abspath "$target/debug/yut-server")" || yn_die "yut-server not built in $target/debug"
    export YUT_SERVER_BIN
}

# Lets the C parts of the phone library (ring, the TLS client's crypto) compile for TARGET
# on a machine without the phone's toolchain: clang for the target, with the declarations
# in scripts/cross-headers (see its README). Only a compile check: the staticlib is never
# linked here. Leaves everything alone where the real toolchain is present (an NDK named
# by ANDROID_NDK_HOME for Android targets; xcrun, that is Xcode, for Apple targets).
yn_cross_c_env() {
    local t="$1" var headers
    var="${t//-/_}"
    case "$t" in
        *-apple-*) command -v xcrun >/dev/null 2>&1 && return 0 ;;
        *-android*) [ -n "${ANDROID_NDK_HOME:-}" ] && return 0 ;;
        *) return 0 ;;
    esac
    command -v clang >/dev/null 2>&1 && command -v llvm-ar >/dev/null 2>&1 || yn_apt_ensure clang llvm
    command -v clang >/dev/null 2>&1 || yn_die "clang not found (Debian package clang)"
    headers="$(yn_abspath "$(dirname "${BASH_SOURCE[0]}")/cross-headers")"
    export "CC_$var=clang" "AR_$var=llvm-ar"
    local flags="-ffreestanding -nostdlibinc -isystem $headers"
    # cc names 32-bit ARM `arm-none-linux-android`, a baseline ARM that lacks the ARMv7
    # instructions ring's assembly uses; the NDK's clang for this ABI targets ARMv7-A.
    [ "$t" = armv7-linux-androideabi ] && flags="--target=armv7a-linux-androideabi21 $flags"
    export "CFLAGS_$var=$flags"
    case "$t" in *-apple-*) export SDKROOT="$headers" ;; esac
}
