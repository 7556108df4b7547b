#!/usr/bin/env bash
# Installs what the test suites need beyond Rust, idempotently: Debian packages for the
# terminal test, the Kotlin compiler with JNA and JUnit, and the Swift toolchain chroot.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ -f "$here/install-debian-tools.sh" ]; then
    bash "$here/install-debian-tools.sh"
fi
bash "$here/install-kotlin.sh" >/dev/null
bash "$here/install-swift.sh" >/dev/null
echo "tools ready"
