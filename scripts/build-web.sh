#!/usr/bin/env bash
# Builds the web app (web/): the app core (crate yut-web) and the throw's simulation (crate
# yut-physics-web, fetched after the menu) as WebAssembly (profile `wasm`, for
# wasm32-unknown-unknown), their JavaScript glue and TypeScript declarations with the
# wasm-bindgen CLI of exactly the version Cargo.lock holds (web/src/pkg and
# web/src/pkg/physics), then the TypeScript shell type-checked (strict) and bundled by Vite
# into web/dist (what yut-server serves), every file precompressed.
#
#   scripts/build-web.sh
#
# Installs what it needs when missing, idempotently: the tools of install-web-tools.sh and
# the npm packages of web/package-lock.json (npm ci, browsers not downloaded). A tool that
# cannot be had is a failure. Env: YUNNORI_TOOLS (default /opt/yunnori-tools), CARGO_TARGET_DIR.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=build-web
export PATH="$HOME/.cargo/bin:$PATH"

REPO_DIR="$(yn_abspath "$SCRIPT_DIR/..")"
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO_DIR/target}"
TARGET=wasm32-unknown-unknown

bindgen="$("$SCRIPT_DIR/install-web-tools.sh")"

started=$(date +%s)
# The `wasm` profile (Cargo.toml): release, built for size, with link-time optimisation.
# One cargo call per crate: built together, cargo would unify yut-physics' features and put
# the simulation back into the core.
(cd "$REPO_DIR" && cargo build --profile wasm --target "$TARGET" -p yut-web >&2)
(cd "$REPO_DIR" && cargo build --profile wasm --target "$TARGET" -p yut-physics-web >&2)
"$bindgen" --target web --remove-name-section --remove-producers-section --out-dir "$REPO_DIR/web/src/pkg" \
    "$TARGET_DIR/$TARGET/wasm/yut_web.wasm"
"$bindgen" --target web --remove-name-section --remove-producers-section --out-dir "$REPO_DIR/web/src/pkg/physics" \
    "$TARGET_DIR/$TARGET/wasm/yut_physics_web.wasm"
yn_log "wasm built and bound in $(yn_since "$started")"

cd "$REPO_DIR/web"
lock_hash="$(sha256sum package-lock.json | cut -c1-16)"
if [ ! -f "node_modules/.yunnori-$lock_hash" ]; then
    yn_log "npm ci (web/)"
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund >&2
    touch "node_modules/.yunnori-$lock_hash"
fi
npx tsc --noEmit
npx vite build --logLevel warn
node scripts/precompress.mjs
yn_log "web/dist built in $(yn_since "$started")"
