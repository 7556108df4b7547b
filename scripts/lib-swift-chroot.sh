# Helpers to run commands in the Debian trixie chroot that holds Swift
# (made by scripts/install-swift.sh). Source it; do not run it.
# shellcheck shell=bash
#
#   in_swift_chroot <repo_dir|-> <command> [args...]
#       Runs the command inside the chroot, as root, with a clean environment
#       (HOME=/root, standard PATH, LANG=C.UTF-8). Mounts proc, rbinds /dev
#       (made rslave), copies /etc/resolv.conf, bind-mounts the repo at
#       /work/repo, $CARGO_TARGET_DIR (when set and outside the repo) at
#       /work/target, and each dir of $SWIFT_CHROOT_EXTRA_DIRS (colon
#       separated) at /work/extra/<n>. Everything is unmounted when the call
#       ends, whether the command succeeds, fails or is interrupted. Runs in a
#       subshell and holds a lock, so concurrent calls queue up.
#       The command starts in /work/repo (or / when the repo is "-").
#       Exit status: the command's.
#
#   swift_chroot_path <repo_dir|-> <host_path>
#       Prints where host_path is seen inside the chroot under the mounts above
#       (fails when it is not under any of them).
#
#   swift_chroot_cleanup_mounts
#       Unmounts anything left mounted under the chroot (e.g. after a kill -9).
#
# Env: YUNNORI_TOOLS (default /opt/yunnori-tools),
#      SWIFT_ROOT (default $YUNNORI_TOOLS/swift-root),
#      CARGO_TARGET_DIR, SWIFT_CHROOT_EXTRA_DIRS (see above).

_SC_LIB_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-common.sh
. "$_SC_LIB_DIR/lib-common.sh"

: "${SWIFT_ROOT:=$YUNNORI_TOOLS/swift-root}"
SWIFT_CHROOT_REPO_PATH=/work/repo
SWIFT_CHROOT_TARGET_PATH=/work/target
SWIFT_CHROOT_EXTRA_PATH=/work/extra

# Mount points under $SWIFT_ROOT, deepest first.
_sc_mounts_under_root() {
    local root
    root="$(realpath -m -- "$SWIFT_ROOT")"
    awk -v root="$root" 'index($5, root "/") == 1 { print $5 }' /proc/self/mountinfo |
        awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2-
}

swift_chroot_cleanup_mounts() {
    local mp
    while IFS= read -r mp; do
        [ -n "$mp" ] || continue
        # mountinfo escapes spaces etc. as octal; our mount points have none.
        umount "$mp" 2>/dev/null || umount -R "$mp" 2>/dev/null || umount -l "$mp" 2>/dev/null ||
            yn_log "warning: could not unmount $mp"
    done < <(_sc_mounts_under_root)
}

# Fills _SC_HOST / _SC_GUEST with the bind mounts for a repo dir ("-": none).
_sc_plan() {
    local repo="$1" target extra i=0 d
    _SC_HOST=() _SC_GUEST=()
    if [ "$repo" != "-" ]; then
        repo="$(yn_abspath "$repo")" || yn_die "repo dir not found: $1"
        _SC_HOST+=("$repo") _SC_GUEST+=("$SWIFT_CHROOT_REPO_PATH")
    fi
    if [ -n "${CARGO_TARGET_DIR:-}" ] && [ -d "$CARGO_TARGET_DIR" ]; then
        target="$(yn_abspath "$CARGO_TARGET_DIR")"
        if ! _sc_covered "$target"; then
            _SC_HOST+=("$target") _SC_GUEST+=("$SWIFT_CHROOT_TARGET_PATH")
        fi
    fi
    if [ -n "${SWIFT_CHROOT_EXTRA_DIRS:-}" ]; then
        local IFS=:
        for extra in $SWIFT_CHROOT_EXTRA_DIRS; do
            [ -n "$extra" ] || continue
            d="$(yn_abspath "$extra")" || yn_die "extra dir not found: $extra"
            i=$((i + 1))
            _sc_covered "$d" && continue
            _SC_HOST+=("$d") _SC_GUEST+=("$SWIFT_CHROOT_EXTRA_PATH/$i")
        done
    fi
}

# True when an absolute host path lies under one of the planned mounts.
_sc_covered() {
    local p="$1" h
    for h in "${_SC_HOST[@]+"${_SC_HOST[@]}"}"; do
        [ "$p" = "$h" ] || [ "${p#"$h"/}" != "$p" ] && return 0
    done
    return 1
}

swift_chroot_path() {
    local repo="$1" p k
    p="$(realpath -m -- "$2")"
    _sc_plan "$repo"
    for k in "${!_SC_HOST[@]}"; do
        if [ "$p" = "${_SC_HOST[$k]}" ]; then
            printf '%s\n' "${_SC_GUEST[$k]}"
            return 0
        elif [ "${p#"${_SC_HOST[$k]}"/}" != "$p" ]; then
            printf '%s/%s\n' "${_SC_GUEST[$k]}" "${p#"${_SC_HOST[$k]}"/}"
            return 0
        fi
    done
    yn_log "error: $p is not under the repo, CARGO_TARGET_DIR or SWIFT_CHROOT_EXTRA_DIRS"
    return 1
}

# Mount proc and /dev into the chroot (callers must arrange the unmount).
_sc_mount_system() {
    mkdir -p "$SWIFT_ROOT/proc" "$SWIFT_ROOT/dev"
    mount -t proc proc "$SWIFT_ROOT/proc"
    mount --rbind /dev "$SWIFT_ROOT/dev"
    # rslave: unmounting our copy must never propagate back to the host /dev.
    mount --make-rslave "$SWIFT_ROOT/dev"
    if [ -f /etc/resolv.conf ]; then
        mkdir -p "$SWIFT_ROOT/etc"
        rm -f "$SWIFT_ROOT/etc/resolv.conf"
        cp -L /etc/resolv.conf "$SWIFT_ROOT/etc/resolv.conf"
    fi
}

# Takes the chroot lock on fd 9 (released when the holding subshell exits).
_sc_lock() {
    mkdir -p "$(dirname "$SWIFT_ROOT")"
    exec 9>"$SWIFT_ROOT.lock"
    flock -w "${SWIFT_CHROOT_LOCK_TIMEOUT:-1800}" 9 || yn_die "timed out waiting for $SWIFT_ROOT.lock"
}

# Runs a command in the chroot with the standard environment; no mounts.
_sc_exec() {
    local workdir="$1"
    shift
    # shellcheck disable=SC2016  # expanded by the inner shell
    chroot "$SWIFT_ROOT" /usr/bin/env -i \
        HOME=/root \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 \
        TERM="${TERM:-dumb}" \
        DEBIAN_FRONTEND=noninteractive \
        CI="${CI:-}" \
        /bin/sh -c 'cd "$1" && shift && exec "$@"' sh "$workdir" "$@"
}

in_swift_chroot() {
    [ "$#" -ge 2 ] || yn_die "usage: in_swift_chroot <repo_dir|-> <command> [args...]"
    (
        set -euo pipefail
        repo="$1"
        shift
        yn_need_root
        [ -x "$SWIFT_ROOT/usr/bin/env" ] || yn_die "no chroot at $SWIFT_ROOT (run scripts/install-swift.sh)"
        _sc_lock
        # Leftovers of a killed run would otherwise stack up under the new mounts.
        swift_chroot_cleanup_mounts
        trap swift_chroot_cleanup_mounts EXIT
        trap 'exit 130' INT
        trap 'exit 143' TERM
        _sc_mount_system
        _sc_plan "$repo"
        for k in "${!_SC_HOST[@]}"; do
            mkdir -p "$SWIFT_ROOT${_SC_GUEST[$k]}"
            mount --bind "${_SC_HOST[$k]}" "$SWIFT_ROOT${_SC_GUEST[$k]}"
        done
        workdir=/
        [ "$repo" = "-" ] || workdir="$SWIFT_CHROOT_REPO_PATH"
        rc=0
        _sc_exec "$workdir" "$@" || rc=$?
        exit "$rc"
    )
}

# Makes each DIR visible inside the chroot: those not already under the repo or
# CARGO_TARGET_DIR are added to SWIFT_CHROOT_EXTRA_DIRS (exported) for in_swift_chroot.
swift_chroot_expose() {
    local repo="$1" d
    shift
    for d in "$@"; do
        if ! swift_chroot_path "$repo" "$d" >/dev/null 2>&1; then
            SWIFT_CHROOT_EXTRA_DIRS="${SWIFT_CHROOT_EXTRA_DIRS:+$SWIFT_CHROOT_EXTRA_DIRS:}$d"
        fi
    done
    export SWIFT_CHROOT_EXTRA_DIRS
}

# Counts the results of `swift test` in LOG, prints "N passed, N failed[, N skipped]" and
# exits 1 unless every test passed, at least one ran and swift test's status RC was 0.
# START is the script's start (for the log). Result lines:
# XCTest:        Test Case 'Suite.testX' passed (0.001 seconds)   (failed / skipped)
# Swift Testing: <symbol> Test name() passed after 0.001 seconds.
#                <symbol> Test name() failed after 0.001 seconds with 1 issue.
#                <symbol> Test name() skipped[: "reason" | .]
#   (not "Test run with N tests ...", nor "Test name() recorded an issue ...", whose
#   message may itself say "failed")
swift_test_verdict() {
    local log="$1" rc="$2" start="$3" passed failed skipped
    _sc_xc() { grep -cE "^Test Case '[^']+' $1 \(" "$log" || true; }
    _sc_st() {
        local pat
        case "$1" in
            skipped) pat='skipped(:|\.)' ;;
            *) pat="$1 after [0-9.]+ seconds" ;;
        esac
        grep -E "^[^ ]+ Test .+ $pat" "$log" | grep -vcE "^[^ ]+ Test run with " || true
    }
    passed=$(($(_sc_xc passed) + $(_sc_st passed)))
    failed=$(($(_sc_xc failed) + $(_sc_st failed)))
    skipped=$(($(_sc_xc skipped) + $(_sc_st skipped)))
    yn_log "total $(yn_since "$start")"
    if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
        # A compile error or a crash: no test result says so, but something failed.
        yn_log "error: swift test exited with status $rc (a build error or a crash; see $log)"
        failed=1
    fi
    yn_verdict "$passed" "$failed" "$skipped" "$rc"
}
