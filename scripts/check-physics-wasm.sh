#!/usr/bin/env bash
# The physical throw on the web: the browser's simulation module (web/physics-wasm, crate
# yut-physics-web) must give the flights every other device gives for the same swipes (the
# digest physics/tests/same_flights.rs pins), or two players of one room would see
# different throws. Builds it as scripts/build-web.sh does (profile `wasm`, before
# wasm-bindgen binds it: binding does not touch the code), runs its `flight_digest_u64` in
# Node (the glue's imports stubbed: the digest calls none) and compares it with the pinned
# one. Adds the rustup target when missing. Prints "N passed, N failed"; exits non-zero on any failure
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
(cd "$REPO_DIR" && cargo build --profile wasm -p yut-physics-web --target "$TARGET")
wasm="$TARGET_DIR/$TARGET/wasm/yut_physics_web.wasm"
got="$(node -e '
const fs = require("fs");
const module = new WebAssembly.Module(fs.readFileSync(process.argv[1]));
const stub = () => { throw new Error("the digest called into JavaScript"); };
const imports = {};
for (const i of WebAssembly.Module.imports(module)) {
  imports[i.module] ??= {};
  imports[i.module][i.name] = stub;
}
const instance = new WebAssembly.Instance(module, imports);
console.log(BigInt.asUintN(64, instance.exports.flight_digest_u64()).toString(16).padStart(16, "0"));
' "$wasm")"

if [ "$got" = "$pinned" ]; then
    echo "ok: $TARGET gives the pinned flights ($got) in $(yn_since "$started")"
    echo "1 passed, 0 failed"
else
    echo "FAILED: $TARGET gives flights $got, every other device $pinned"
    echo "0 passed, 1 failed"
    exit 1
fi
