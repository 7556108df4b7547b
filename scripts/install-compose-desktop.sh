#!/usr/bin/env bash
# Fetch the libraries the Android app's screens are checked against on the JVM
# (tests/android-app/pom.xml: Compose Multiplatform for the desktop, the Compose UI test
# library, Skia for Linux) with Debian's Maven, into a directory named after the pom's
# hash, and print that directory. Idempotent: a complete directory is reused without
# touching the network; a half-made one from an interrupted run is made again.
#
#   scripts/install-compose-desktop.sh      → prints e.g. /opt/yunnori-tools/compose-desktop/1a2b3c4d5e6f
#
# Env: YUNNORI_TOOLS (default /opt/yunnori-tools).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=install-compose-desktop

POM="$(yn_abspath "$SCRIPT_DIR/../tests/android-app/pom.xml")"
DEST="$YUNNORI_TOOLS/compose-desktop/$(sha256sum <"$POM" | cut -c1-12)"
OK="$DEST/.yunnori-ok"

if [ -f "$OK" ]; then
    yn_log "already installed in $DEST"
    echo "$DEST"
    exit 0
fi

yn_apt_ensure maven
start=$(date +%s)
staging="$DEST.partial.$$"
rm -rf "$DEST" "$staging"
trap 'rm -rf "$staging"' EXIT
yn_log "fetching the libraries of $POM with Maven"
# Maven checks each artifact's checksum; -B: no progress output, no prompts.
mvn -q -B -f "$POM" dependency:copy-dependencies "-DoutputDirectory=$staging" </dev/null >&2
n=$(find "$staging" -name '*.jar' | wc -l)
[ "$n" -gt 0 ] || yn_die "Maven fetched no jar"
touch "$staging/.yunnori-ok"
mv "$staging" "$DEST"
trap - EXIT
yn_log "$n jars in $DEST ($(yn_since "$start"))"
echo "$DEST"
