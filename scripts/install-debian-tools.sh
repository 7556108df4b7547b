#!/usr/bin/env bash
# Installs the Debian packages the test suites need, idempotently: tmux, which the
# terminal game's end-to-end test (cli/tests/play_e2e.rs) drives as a real 80×24 terminal,
# and python3, which checks the iPhone app's strings (tests/ios-app/check_strings.py).
# Does nothing (and needs no root) when everything is already installed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
YN_LOG_TAG=install-debian-tools
# shellcheck source=lib-common.sh
. "$here/lib-common.sh"

yn_apt_ensure tmux python3
command -v tmux >/dev/null || yn_die "tmux is still missing after install"
command -v python3 >/dev/null || yn_die "python3 is still missing after install"
yn_log "ready: $(tmux -V), $(python3 --version)"
