# Shared helpers for the Yunnori tool scripts. Source it; do not run it.
# shellcheck shell=bash

# Everything the install scripts fetch lives here, outside the repo.
: "${YUNNORI_TOOLS:=/opt/yunnori-tools}"

yn_log() { printf '[%s] %s\n' "${YN_LOG_TAG:-yunnori}" "$*" >&2; }
yn_die() { yn_log "error: $*"; exit 1; }

yn_need_root() {
    [ "$(id -u)" -eq 0 ] || yn_die "must run as root (apt-get, mount, chroot)"
}

# True when a Debian package is fully installed on the host.
yn_deb_installed() {
    [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = "installed" ]
}

# Install the listed Debian packages that are missing. apt-get update runs only
# when something has to be installed, and at most once per process.
yn_apt_ensure() {
    local missing=() p
    for p in "$@"; do
        yn_deb_installed "$p" || missing+=("$p")
    done
    [ "${#missing[@]}" -eq 0 ] && return 0
    yn_need_root
    yn_log "installing Debian packages: ${missing[*]}"
    if [ -z "${_YN_APT_UPDATED:-}" ]; then
        DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null
        _YN_APT_UPDATED=1
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" </dev/null
}

# Elapsed seconds since the given `date +%s` value.
yn_since() { echo "$(( $(date +%s) - $1 ))s"; }

# Absolute path of an existing file or directory.
yn_abspath() { realpath -e -- "$1"; }
