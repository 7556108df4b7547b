#!/usr/bin/env bash
# yut-server as a cluster, with the real servers: installs PostgreSQL and Redis from
# Debian's packages when missing, starts them on loopback on free ports under a temporary
# directory (stopped again on exit, also on failure), then runs the cluster tests
# (server/tests/cluster.rs: two yut-server nodes on them; a game with its clients on both
# nodes; nodes killed with SIGKILL in the middle of running games) and prints their
# figures. A missing tool is a failure, not a skip.
#   scripts/test-cluster.sh [--bench SECS ROOMS]   also runs `yut online bench` against
#                                                  two nodes and against one embedded node
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib-common.sh
. "$(dirname "$0")/lib-common.sh"
export YN_LOG_TAG=test-cluster
export PATH="$HOME/.cargo/bin:$PATH"
start=$(date +%s)

bench_secs=""
bench_rooms=""
if [ "${1:-}" = "--bench" ]; then
    bench_secs="${2:?--bench SECS ROOMS}"
    bench_rooms="${3:?--bench SECS ROOMS}"
fi

yn_apt_ensure postgresql redis-server
PG_BIN="$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin 2>/dev/null | sort -V | tail -n1)"
[ -x "$PG_BIN/initdb" ] || yn_die "PostgreSQL's initdb not found under /usr/lib/postgresql"
command -v redis-server >/dev/null || yn_die "redis-server not found"
command -v redis-cli >/dev/null || yn_die "redis-cli not found"

# PostgreSQL refuses to run as root: both servers run as an unprivileged user.
RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || yn_die "no postgres user to run the servers as"
    RUN_AS=(runuser -u postgres --)
fi

TMP="$(mktemp -d /tmp/yut-cluster.XXXXXX)"
chmod 755 "$TMP"
[ "${#RUN_AS[@]}" -eq 0 ] || chown postgres "$TMP"
NODES=()
cleanup() {
    local pid
    for pid in "${NODES[@]}"; do kill "$pid" 2>/dev/null || true; done
    if [ -f "$TMP/pg/postmaster.pid" ]; then
        "${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$TMP/pg" -m immediate stop >/dev/null 2>&1 || true
    fi
    if [ -f "$TMP/redis.pid" ]; then
        kill "$(cat "$TMP/redis.pid")" 2>/dev/null || true
    fi
    rm -rf "$TMP"
}
trap cleanup EXIT

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

PG_PORT=$(free_port)
REDIS_PORT=$(free_port)
"${RUN_AS[@]}" "$PG_BIN/initdb" -D "$TMP/pg" -U yut --auth=trust -E UTF8 >/dev/null
"${RUN_AS[@]}" "$PG_BIN/pg_ctl" -D "$TMP/pg" -l "$TMP/pg.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $TMP -c max_connections=200 -c fsync=on" start >/dev/null
"${RUN_AS[@]}" "$PG_BIN/createdb" -h 127.0.0.1 -p "$PG_PORT" -U yut yut
"${RUN_AS[@]}" redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$TMP" \
    --save '' --appendonly no --daemonize yes --pidfile "$TMP/redis.pid" --logfile "$TMP/redis.log"
for _ in $(seq 50); do
    redis-cli -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG && break
    sleep 0.1
done
redis-cli -p "$REDIS_PORT" ping | grep -q PONG || yn_die "redis did not start"
export YUT_TEST_POSTGRES="postgres://yut@127.0.0.1:$PG_PORT/yut"
export YUT_TEST_REDIS="redis://127.0.0.1:$REDIS_PORT/"
yn_log "PostgreSQL on $PG_PORT, Redis on $REDIS_PORT ($(yn_since "$start"))"

# The cluster tests print their figures (lines starting "figure:"). `--workspace` builds
# with the features `cargo test --workspace` used, so after it nothing is compiled again
# (`-p yut-server` alone rebuilt 46 crates with other features).
set +e
cargo test --workspace --test cluster -- --ignored --nocapture --test-threads 1 2>&1 | tee "$TMP/test.log"
rc=${PIPESTATUS[0]}
set -e
grep '^figure:' "$TMP/test.log" || true
passed=$(sed -nE 's/^test result: .* ([0-9]+) passed; ([0-9]+) failed.*/\1/p' "$TMP/test.log" | tail -n1)
failed=$(sed -nE 's/^test result: .* ([0-9]+) passed; ([0-9]+) failed.*/\2/p' "$TMP/test.log" | tail -n1)

if [ -n "$bench_secs" ] && [ "$rc" -eq 0 ]; then
    cargo build -q --release -p yut-server -p yut-cli
    bin="${CARGO_TARGET_DIR:-target}/release"
    node() { # node NAME PORT [more flags]: starts a yut-server, prints its pid
        local name="$1" port="$2"
        shift 2
        "$bin/yut-server" --listen "127.0.0.1:$port" --data "$TMP/$name" \
            --max-connections-per-ip 100000 --rate-per-sec 1000 --rate-burst 1000 \
            --max-rooms 100000 "$@" >"$TMP/$name.log" 2>&1 &
        NODES+=("$!")
        for _ in $(seq 100); do
            curl -fs "http://127.0.0.1:$port/health" >/dev/null 2>&1 && return 0
            sleep 0.1
        done
        yn_die "yut-server $name did not start"
    }
    P1=$(free_port); P2=$(free_port); P3=$(free_port)
    node a "$P1" --store "$YUT_TEST_POSTGRES" --redis "$YUT_TEST_REDIS" --node-id a
    node b "$P2" --store "$YUT_TEST_POSTGRES" --redis "$YUT_TEST_REDIS" --node-id b
    echo "== bench: two nodes on PostgreSQL and Redis, $bench_rooms rooms, $bench_secs s"
    "$bin/yut" online bench --server "ws://127.0.0.1:$P1" --server "ws://127.0.0.1:$P2" \
        --rooms "$bench_rooms" --seconds "$bench_secs" | tee "$TMP/bench-cluster.txt"
    node single "$P3"
    echo "== bench: one node, embedded store, $bench_rooms rooms, $bench_secs s"
    "$bin/yut" online bench --server "ws://127.0.0.1:$P3" \
        --rooms "$bench_rooms" --seconds "$bench_secs" | tee "$TMP/bench-single.txt"
fi

yn_log "total $(yn_since "$start")"
yn_verdict "${passed:-0}" "${failed:-0}" 0 "$rc"
