#!/usr/bin/env bash
# The physical throw on the web: yut-physics built for wasm32-unknown-unknown must give the
# flights every other device gives for the same swipes (the digest physics/tests/
# same_flights.rs pins), or two players of one room would see different throws. Builds the
# example physics/examples/wasm_digest.rs as a WebAssembly module (release), runs it in
# Node (no imports, no wasm-bindgen) and compares its digest with the pinned one. Adds the
# rustup target when missing. Prints "N passed, N failed"; exits non-zero on any failure
# (a missing node is a failure). Env: CARGO_TARGET_DIR (default: target/ of the repository).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=check-physics-wasm
export PATH="$HOME/.cargo/bin:$PATH"

REPO_DIR="$(yn_abspath "$SCRIPT_DIR/..")"
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO_DIR/target}"
TARGET=wasm32-unknown-unknown

command -v node >/dev/null 2>&1 || yn_die "node not found: it runs the WebAssembly module"
if ! rustup target list --installed | grep -qx "$TARGET"; then
    yn_log "rustup target add $TARGET"
    rustup target add "$TARGET" >&2
fi

pinned="$(sed -n 's/^pub const FLIGHTS_DIGEST: u64 = 0x\([0-9a-f_]*\);$/\1/p' \
    "$REPO_DIR/physics/tests/same_flights.rs" | tr -d _)"
[ -n "$pinned" ] || yn_die "no FLIGHTS_DIGEST in physics/tests/same_flights.rs"

started=$(date +%s)
(cd "$REPO_DIR" && cargo build --release -p yut-physics --example wasm_digest --target "$TARGET")
wasm="$TARGET_DIR/$TARGET/release/examples/wasm_digest.wasm"
got="$(node -e '
const fs = require("fs");
const module = new WebAssembly.Module(fs.readFileSync(process.argv[1]));
const instance = new WebAssembly.Instance(module, {});
console.log(BigInt.asUintN(64, instance.exports.flight_digest()).toString(16).padStart(16, "0"));
' "$wasm")"

if [ "$got" = "$pinned" ]; then
    echo "ok: $TARGET gives the pinned flights ($got) in $(yn_since "$started")"
    echo "1 passed, 0 failed"
else
    echo "FAILED: $TARGET gives flights $got, every other device $pinned"
    echo "0 passed, 1 failed"
    exit 1
fi
