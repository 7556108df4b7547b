#!/usr/bin/env bash
# The web app in a real browser: builds it (scripts/build-web.sh), starts a real
# yut-server serving web/dist at / (with the link files' settings), and runs the
# Playwright suite (web/tests) in Debian's Chromium, phone-sized with touch. Screenshots
# and the suite's JSON report are kept under $YUT_WEB_OUT (default
# $CARGO_TARGET_DIR/web-tests, else target/web-tests).
#
#   scripts/test-web.sh [PLAYWRIGHT ARGS...]      e.g. -g "installable"
#
# Installs what it needs, idempotently: Debian's chromium (root), the wasm target,
# wasm-bindgen-cli and the npm packages (through build-web.sh) under $YUNNORI_TOOLS and
# web/node_modules. A tool missing is a failure. Closes with "N passed, N failed"; exits
# non-zero on any failure, and when no test ran.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=test-web
export PATH="$HOME/.cargo/bin:$PATH"

REPO_DIR="$(yn_abspath "$SCRIPT_DIR/..")"
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO_DIR/target}"
OUT="${YUT_WEB_OUT:-$TARGET_DIR/web-tests}"
started=$(date +%s)

# What the browser downloads is measured, so it is built by rustc itself even when the run
# lints through clippy's driver (scripts/test.sh; it lowers the MIR optimisation level).
env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS "$SCRIPT_DIR/build-web.sh"
CHROMIUM="$(command -v chromium)"
# The workspace's features, as `cargo test --workspace` built them: nothing is rebuilt.
(cd "$REPO_DIR" && cargo build --workspace --bin yut-server >&2)
server_bin="$TARGET_DIR/debug/yut-server"
[ -x "$server_bin" ] || yn_die "no yut-server at $server_bin"

rm -rf "$OUT"
mkdir -p "$OUT"
data="$(mktemp -d)"
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
"$server_bin" --listen "127.0.0.1:$port" --data "$data" --web-dir "$REPO_DIR/web/dist" \
    --android-package app.yunnori --android-cert-sha256 "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5" \
    --apple-app-id TEAMID.app.yunnori.ios >"$OUT/server.log" 2>&1 &
server_pid=$!
cleanup() {
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    rm -rf "$data"
}
trap cleanup EXIT
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$OUT/server.log" >&2; yn_die "yut-server did not start"; }
    sleep 0.1
done

cd "$REPO_DIR/web"
set +e
YUT_WEB_URL="http://127.0.0.1:$port" YUT_WEB_OUT="$OUT" CHROMIUM="$CHROMIUM" YUT_SERVER_BIN="$server_bin" \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npx playwright test "$@"
status=$?
set -e

counts="$(node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const s = r.stats || {};
console.log(`${s.expected || 0} ${(s.unexpected || 0) + (s.flaky || 0)} ${s.skipped || 0}`);
' "$OUT/results.json" 2>/dev/null || echo "0 1 0")"
read -r passed failed skipped <<<"$counts"
yn_log "screenshots in $OUT/screenshots; the suite took $(yn_since "$started")"
# A skipped test is not a passed one; none is expected.
failed=$((failed + skipped))
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
