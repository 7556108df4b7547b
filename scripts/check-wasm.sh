#!/usr/bin/env bash
# Checks that the app core (yut-app, with yut-core and yut-net's protocol) compiles for the
# browser: `cargo check -p yut-app --target wasm32-unknown-unknown`. The web shell (issue 41)
# builds on it; this keeps threads, tokio and files out of the core until then.
#
#   scripts/check-wasm.sh
#
# Adds the rustup target when missing (idempotent). Prints the check's line and then
# "N passed, N failed"; exits non-zero if it failed.
# Env: CARGO_TARGET_DIR (default: target/ of the repository).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=check-wasm
export PATH="$HOME/.cargo/bin:$PATH"

REPO_DIR="$(yn_abspath "$SCRIPT_DIR/..")"
TARGET=wasm32-unknown-unknown
if ! rustup target list --installed | grep -qx "$TARGET"; then
    yn_log "adding the $TARGET target"
    rustup target add "$TARGET" >&2
fi

started=$(date +%s)
passed=0 failed=0
if (cd "$REPO_DIR" && cargo check -p yut-app --target "$TARGET" --quiet); then
    echo "ok: yut-app for $TARGET ($(yn_since "$started"))"
    passed=1
else
    echo "FAILED: yut-app for $TARGET ($(yn_since "$started"))"
    failed=1
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
