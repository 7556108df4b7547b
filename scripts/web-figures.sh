#!/usr/bin/env bash
# The web app's figures (web/README.md, docs/FIGURES.md): builds web/dist and a release
# yut-server serving it, then measures in Debian's Chromium (web/scripts/figures.mjs):
# what a first visit downloads, the time to a playable board on a 4x slowed CPU and
# "Fast 3G" (CDP, the page and its worker), the throw's planning in the browser beside the
# native figure (`yut throws`), and long tasks and missed frames while the sticks fly.
# Prints `figure:` lines. A benchmark, not a test: it asserts nothing about speed.
#
#   scripts/web-figures.sh [RUNS]        first visits to take the median of (default 3)
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=web-figures
export PATH="$HOME/.cargo/bin:$PATH"

REPO_DIR="$(yn_abspath "$SCRIPT_DIR/..")"
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO_DIR/target}"

"$SCRIPT_DIR/build-web.sh"
(cd "$REPO_DIR" && cargo build --release -p yut-server -p yut-cli >&2)
server_bin="$TARGET_DIR/release/yut-server"

data="$(mktemp -d)"
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
"$server_bin" --listen "127.0.0.1:$port" --data "$data" --web-dir "$REPO_DIR/web/dist" >"$data/server.log" 2>&1 &
server_pid=$!
cleanup() {
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$data/server.log" >&2; yn_die "yut-server did not start"; }
    sleep 0.1
done

wasm_sizes() {
    local raw br
    raw="$(find "$REPO_DIR/web/dist/assets" -name "$1-*.wasm" -printf '%s' -quit)"
    br="$(find "$REPO_DIR/web/dist/assets" -name "$1-*.wasm.br" -printf '%s' -quit)"
    echo "${raw:-?} B raw, ${br:-?} B Brotli"
}
echo "figure: WebAssembly: the app core (before the menu) $(wasm_sizes yut_web_bg); the throw's simulation (after the menu) $(wasm_sizes yut_physics_web_bg)"
echo "web/dist, Brotli files a first visit fetches:"
(cd "$REPO_DIR/web/dist" && find . -name '*.br' -printf '%s %p\n' | sort -rn | awk '{ printf "  %6.1f KB %s\n", $1 / 1024, $2 }')
(cd "$REPO_DIR/web" && CHROMIUM="$(command -v chromium)" node scripts/figures.mjs "http://127.0.0.1:$port" "${1:-3}")
native="$("$TARGET_DIR/release/yut" throws --count 200 2>&1 | grep -i -m2 'plan' || true)"
echo "figure: flight planning, native (yut throws --count 200): ${native:-not reported}"
