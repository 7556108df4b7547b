#!/usr/bin/env bash
# What the web app's build and browser tests need, idempotently: rustup's
# wasm32-unknown-unknown target, wasm-bindgen-cli at exactly the `wasm-bindgen` version of
# Cargo.lock (cargo install, under $YUNNORI_TOOLS/wasm-bindgen-<version>), and Debian's
# chromium (Playwright cannot download its own browsers here). Prints the CLI's path.
# A tool that cannot be had is a failure. Env: YUNNORI_TOOLS (default /opt/yunnori-tools).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=install-web-tools
export PATH="$HOME/.cargo/bin:$PATH"

REPO_DIR="$(yn_abspath "$SCRIPT_DIR/..")"
TOOLS="${YUNNORI_TOOLS:-/opt/yunnori-tools}"
TARGET=wasm32-unknown-unknown

command -v node >/dev/null 2>&1 || yn_die "node not found"
command -v npm >/dev/null 2>&1 || yn_die "npm not found"
if ! rustup target list --installed | grep -qx "$TARGET"; then
    yn_log "rustup target add $TARGET"
    rustup target add "$TARGET" >&2
fi

# The CLI must match the wasm-bindgen crate the glue was compiled with.
version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' "$REPO_DIR/Cargo.lock")"
[ -n "$version" ] || yn_die "no wasm-bindgen in Cargo.lock"
bindgen_root="$TOOLS/wasm-bindgen-$version"
bindgen="$bindgen_root/bin/wasm-bindgen"
if ! "$bindgen" --version 2>/dev/null | grep -q " $version\$"; then
    yn_log "cargo install wasm-bindgen-cli $version into $bindgen_root"
    mkdir -p "$TOOLS"
    # The CLI's own lock file first; when the registry here lacks a version it pins (it
    # has happened: a webpki-roots release missing from the index), resolve afresh.
    if ! cargo install wasm-bindgen-cli --locked --version "$version" --root "$bindgen_root" >&2; then
        yn_log "its lock file cannot be met from this registry; resolving its dependencies afresh"
        cargo install wasm-bindgen-cli --version "$version" --root "$bindgen_root" >&2
    fi
    "$bindgen" --version 2>/dev/null | grep -q " $version\$" || yn_die "wasm-bindgen $version not installed"
fi

# Its output goes to stderr: stdout carries only the CLI path (build-web.sh reads it).
# fonts-nanum: Korean glyphs for the screenshots (Debian's chromium brings none).
yn_apt_ensure chromium fonts-nanum >&2
command -v chromium >/dev/null 2>&1 || yn_die "chromium not found after installing it"
echo "$bindgen"
