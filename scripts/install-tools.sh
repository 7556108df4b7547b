#!/usr/bin/env bash
# Installs what the test suites need beyond Rust, idempotently: Debian packages for the
# terminal test, the Kotlin compiler with JNA and JUnit, the Swift toolchain chroot, Compose
# for the desktop (the Android app's screen tests), and the web's wasm tools and chromium.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ -f "$here/install-debian-tools.sh" ]; then
    bash "$here/install-debian-tools.sh"
fi
bash "$here/install-kotlin.sh" >/dev/null
bash "$here/install-swift.sh" >/dev/null
bash "$here/install-compose-desktop.sh" >/dev/null
bash "$here/install-web-tools.sh" >/dev/null
echo "tools ready"
