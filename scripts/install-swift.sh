#!/usr/bin/env bash
# Install Swift (Debian trixie's swiftlang) in a chroot, since bookworm has no
# Swift and trixie's needs a newer libc than the host's.
#
#   scripts/install-swift.sh
#
# Makes a debootstrap --variant=minbase trixie tree at $SWIFT_ROOT from the
# Debian mirror the host's apt already uses, then installs swiftlang inside and
# runs apt-get clean. Idempotent: when `swift --version` already works in the
# chroot it does nothing (and needs no network). A half-made tree from an
# interrupted run is thrown away and made again. proc and /dev are mounted only
# while installing and are unmounted on exit, on failure too.
#
# Env: YUNNORI_TOOLS (default /opt/yunnori-tools),
#      SWIFT_ROOT (default $YUNNORI_TOOLS/swift-root),
#      SWIFT_DEBIAN_MIRROR (default: the host's Debian mirror),
#      SWIFT_DEBIAN_SUITE (default trixie).
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib-swift-chroot.sh
. "$SCRIPT_DIR/lib-swift-chroot.sh"
YN_LOG_TAG=install-swift

SUITE="${SWIFT_DEBIAN_SUITE:-trixie}"
# swiftlang without its recommends lacks the C library headers (gcc only
# recommends libc6-dev), and then `import Glibc`/Foundation cannot build.
CHROOT_PACKAGES=(swiftlang libc6-dev)
DEBOOTSTRAP_OK="$SWIFT_ROOT/.yunnori-debootstrap-ok"
SWIFT_OK="$SWIFT_ROOT/.yunnori-swift-ok"
start=$(date +%s)

yn_need_root

# Every wanted package installed inside (no mounts needed for dpkg-query).
chroot_packages_present() {
    local p st
    for p in "${CHROOT_PACKAGES[@]}"; do
        # shellcheck disable=SC2016  # a dpkg-query format, not a shell expansion
        st="$(chroot "$SWIFT_ROOT" dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)"
        [ "$st" = installed ] || return 1
    done
}

# swift needs /proc even for --version (ld.so resolves its $ORIGIN rpath there),
# hence in_swift_chroot rather than a bare chroot.
swift_works() {
    # (no `-x $SWIFT_ROOT/usr/bin/swift` test: it is an absolute symlink,
    # dangling when seen from the host)
    [ -f "$SWIFT_OK" ] || return 1
    chroot_packages_present || return 1
    in_swift_chroot - swift --version >/dev/null 2>&1
}

if swift_works; then
    yn_log "swift already installed in $SWIFT_ROOT"
    in_swift_chroot - swift --version 2>/dev/null | head -n1
    exit 0
fi

# The host's own Debian mirror: the first deb source whose suite is the host
# codename (that skips -security and third-party repositories).
host_debian_mirror() {
    local codename f
    codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk -v cn="$codename" '
            function flush() {
                if (types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " cn " ") && uris != "") {
                    split(uris, u, " "); print u[1]; found = 1; exit
                }
                types = ""; suites = ""; uris = ""
            }
            /^[[:space:]]*$/ { flush(); next }
            /^[[:space:]]*#/ { next }
            tolower($1) == "types:"  { $1 = ""; types = $0 }
            tolower($1) == "suites:" { $1 = ""; suites = $0 }
            tolower($1) == "uris:"   { $1 = ""; uris = $0; sub(/^ +/, "", uris) }
            END { if (!found) flush() }
        ' "$f" | head -n1
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        sed -e 's/\[[^]]*\]//' "$f" | awk -v cn="$codename" '$1 == "deb" && $3 == cn { print $2; exit }'
    done
}

mirror="${SWIFT_DEBIAN_MIRROR:-$(host_debian_mirror | head -n1)}"
mirror="${mirror:-http://deb.debian.org/debian}"
mirror="${mirror%/}"

yn_apt_ensure debootstrap debian-archive-keyring

# Serialise with in_swift_chroot, and never leave anything mounted behind.
mkdir -p "$(dirname "$SWIFT_ROOT")"
exec 9>"$SWIFT_ROOT.lock"
flock -w 1800 9 || yn_die "timed out waiting for $SWIFT_ROOT.lock"
swift_chroot_cleanup_mounts
trap swift_chroot_cleanup_mounts EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ ! -f "$DEBOOTSTRAP_OK" ]; then
    if [ -e "$SWIFT_ROOT" ]; then
        yn_log "removing incomplete chroot $SWIFT_ROOT"
        # --one-file-system: even if a mount were still there, stay off it.
        rm -rf --one-file-system "$SWIFT_ROOT"
    fi
    yn_log "debootstrap --variant=minbase $SUITE from $mirror (about 1 min)"
    t=$(date +%s)
    debootstrap --variant=minbase "$SUITE" "$SWIFT_ROOT" "$mirror" </dev/null >"$SWIFT_ROOT.debootstrap.log" 2>&1 || {
        tail -n 30 "$SWIFT_ROOT.debootstrap.log" >&2
        yn_die "debootstrap failed (full log: $SWIFT_ROOT.debootstrap.log)"
    }
    # Installing packages in a chroot must never start services.
    printf '#!/bin/sh\nexit 101\n' >"$SWIFT_ROOT/usr/sbin/policy-rc.d"
    chmod +x "$SWIFT_ROOT/usr/sbin/policy-rc.d"
    touch "$DEBOOTSTRAP_OK"
    yn_log "debootstrap done in $(yn_since "$t")"
fi

rm -f "$SWIFT_OK"
t=$(date +%s)
_sc_mount_system
if chroot_packages_present; then
    yn_log "${CHROOT_PACKAGES[*]} already installed inside the chroot"
else
    yn_log "installing ${CHROOT_PACKAGES[*]} inside the chroot (~540 MB download)"
    # shellcheck disable=SC2016  # expanded by the inner shell
    _sc_exec / sh -c '
        set -e
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "$@" </dev/null
        apt-get clean
    ' sh "${CHROOT_PACKAGES[@]}"
fi
# Prove the toolchain compiles and links a program against Glibc.
# shellcheck disable=SC2016  # expanded by the inner shell
_sc_exec / sh -c '
    set -e
    d=$(mktemp -d)
    echo "import Glibc" >"$d/ok.swift"
    echo "print(\"swift ok:\", getpid() > 0)" >>"$d/ok.swift"
    swiftc -o "$d/ok" "$d/ok.swift"
    "$d/ok"
    rm -rf "$d"
'
_sc_exec / swift --version
touch "$SWIFT_OK"
yn_log "swiftlang installed in $(yn_since "$t"); total $(yn_since "$start")"
