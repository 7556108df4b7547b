#!/usr/bin/env bash
# The bots' built-in networks are made by a tool, not by hand: retrains them with yut-train
# (release build) on the schedule that made them and compares each result byte for byte
# with the file in core/src/bot/. Training is seeded and single-threaded, so any
# difference is a change in the engine, the bots or the training.
#
#   scripts/check-bot-networks.sh          the 2-piece network (about 2 minutes)
#   scripts/check-bot-networks.sh all      every built-in network (about 10 minutes)
#
# Prints one line per network and "N passed, N failed"; exits non-zero on any difference.
# Env: CARGO_TARGET_DIR (default: target/ of the repository). Not part of test.sh.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$SCRIPT_DIR/lib-common.sh"
YN_LOG_TAG=check-bot-networks
export PATH="$HOME/.cargo/bin:$PATH"

REPO_DIR="$(yn_abspath "$SCRIPT_DIR/..")"
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO_DIR/target}"
BOT_DIR="$REPO_DIR/core/src/bot"

# name | yut-train arguments (the written file is added)
runs=("net_yunnori_2p|network --pieces 2")
case "${1:-}" in
    "") ;;
    all)
        runs+=(
            "net_yunnori_3p|network --pieces 3"
            "net_yunnori|network"
            "net_culin1895|network --preset culin1895"
            "net_yunnori_vs_medium|versus"
        )
        ;;
    *) yn_die "unknown argument $1 (none, or all)" ;;
esac

(cd "$REPO_DIR" && cargo build --release -p yut-train)
tool="$TARGET_DIR/release/yut-train"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

passed=0
failed=0
same() {
    local name="$1"
    if cmp -s "$work/$name.bin" "$BOT_DIR/$name.bin"; then
        echo "ok: $name.bin reproduced bit for bit"
        passed=$((passed + 1))
    else
        echo "FAILED: $name.bin differs from core/src/bot/$name.bin"
        failed=$((failed + 1))
    fi
}
for run in "${runs[@]}"; do
    name="${run%%|*}"
    read -r -a args <<<"${run#*|}"
    started=$(date +%s)
    rc=0
    case "${args[0]}" in
        network) "$tool" "${args[@]}" --report-games 0 --out "$work/$name.bin" >"$work/log" || rc=$? ;;
        versus) "$tool" "${args[@]}" --report-games 0 --out "$work/$name" >"$work/log" || rc=$? ;;
    esac
    if [ "$rc" -ne 0 ]; then
        echo "FAILED: yut-train ${args[*]} exited with $rc"
        tail -n 5 "$work/log"
        failed=$((failed + 1))
        continue
    fi
    yn_log "$name trained in $(yn_since "$started")"
    same "$name"
    [ "${args[0]}" != versus ] || same "${name}_rival"
done
yn_verdict "$passed" "$failed" 0 0
