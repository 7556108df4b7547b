#!/usr/bin/env bash
# The app core (yut-app, with yut-core, the throw's physics and yut-net's protocol) in the
# browser's WebAssembly (wasm32-unknown-unknown), compiled and run:
#   1. `cargo check -p yut-app --target wasm32-unknown-unknown` (no threads, tokio or files);
#   2. the journeys of app/examples/wasm_journey.rs built as a WebAssembly module (release)
#      and run in Node with no imports at all: std has no clock and no randomness there
#      (reading either panics, which traps), so time and seeds must come from the caller.
#
#   scripts/check-wasm.sh
#
# Adds the rustup target when missing (idempotent); a missing node is a failure. Prints a
# line per check and then "N passed, N failed"; exits non-zero if one failed.
# Env: CARGO_TARGET_DIR (default: target/ of the repository).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=check-wasm
export PATH="$HOME/.cargo/bin:$PATH"

REPO_DIR="$(yn_abspath "$SCRIPT_DIR/..")"
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO_DIR/target}"
TARGET=wasm32-unknown-unknown
command -v node >/dev/null 2>&1 || yn_die "node not found: it runs the WebAssembly module"
if ! rustup target list --installed | grep -qx "$TARGET"; then
    yn_log "adding the $TARGET target"
    rustup target add "$TARGET" >&2
fi

passed=0 failed=0
started=$(date +%s)
if (cd "$REPO_DIR" && cargo check -p yut-app --target "$TARGET" --quiet); then
    echo "ok: yut-app compiles for $TARGET ($(yn_since "$started"))"
    passed=$((passed + 1))
else
    echo "FAILED: yut-app for $TARGET ($(yn_since "$started"))"
    failed=$((failed + 1))
fi

started=$(date +%s)
wasm="$TARGET_DIR/$TARGET/release/examples/wasm_journey.wasm"
if (cd "$REPO_DIR" && cargo build --release -p yut-app --example wasm_journey --target "$TARGET" --quiet) &&
    node -e '
const fs = require("fs");
const wasm = new WebAssembly.Module(fs.readFileSync(process.argv[1]));
const imports = WebAssembly.Module.imports(wasm).map(i => i.module + "." + i.name);
if (imports.length > 0) {
  console.log("the module needs " + imports.join(", ") + " from the host");
  process.exit(1);
}
const instance = new WebAssembly.Instance(wasm, {});
const t0 = performance.now();
try {
  const actions = instance.exports.journeys();
  console.log(actions + " actions played in " + Math.round(performance.now() - t0) + " ms");
} catch (e) {
  const x = instance.exports;
  const text = new Uint8Array(x.memory.buffer, x.failure_ptr(), x.failure_len());
  console.log(e + ": " + new TextDecoder().decode(text));
  process.exit(1);
}' "$wasm" >"$TARGET_DIR/wasm_journey.out" 2>&1; then
    echo "ok: the app core's journeys run on $TARGET: $(cat "$TARGET_DIR/wasm_journey.out") ($(yn_since "$started"))"
    passed=$((passed + 1))
else
    echo "FAILED: the app core's journeys on $TARGET: $(cat "$TARGET_DIR/wasm_journey.out" 2>/dev/null) ($(yn_since "$started"))"
    failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
