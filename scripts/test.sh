#!/usr/bin/env bash
# Every test of the project, in the order that fails fastest: formatting and lints, the
# Rust suites (unit, scenario files, route table, odds, property tests, sessions, saves,
# bots, terminal game), yut-server as a cluster on PostgreSQL and Redis, the scenario runner as users call it, then the Kotlin and Swift
# binding suites, the Android view model and app screens, the iPhone view model and the
# iPhone app's views, strings and screens. Installs the tools it needs (idempotent, cached
# under /opt/yunnori-tools).
# Exit status is non-zero if anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
# A fresh clone gains nothing from incremental builds, and their caches double the disk a
# run needs (a CI run once failed on a full disk).
export CARGO_INCREMENTAL=0

STEP=""
step() { STEP="$*"; printf '\n==> %s\n' "$*"; }
# Said last, so the tail of a failed run names the step.
trap 'rc=$?; [ "$rc" -eq 0 ] || printf "\nFAILED (exit %s) in: %s\n" "$rc" "$STEP"' EXIT

step "install test tools"
bash scripts/install-tools.sh

step "cargo fmt --check"
cargo fmt --all -- --check

step "generated files are current: the clack sound, the iPhone licences list, both apps' design constants"
python3 scripts/make-clack-sound.py --check
python3 scripts/gen-ios-licences.py --check
python3 scripts/gen-design.py --check

step "cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "cargo test --workspace"
cargo test --workspace

step "yut-server as a cluster: two nodes on PostgreSQL and Redis (installed from Debian when missing), a node killed with SIGKILL 10 times in 200 running games"
bash scripts/test-cluster.sh

step "scenario runner: yut scenario tests/scenarios"
cargo run -q -p yut-cli -- scenario tests/scenarios

step "Kotlin and Swift bindings"
bash scripts/test-bindings.sh

step "Android view model (Kotlin, JVM) against the real library"
bash scripts/test-android-viewmodel.sh

step "Android app: its sources compile and its screens run (Compose for the desktop)"
bash scripts/test-android-app.sh

step "Android build: its files checked without Gradle, the core compiled for the phone's three ABIs"
bash scripts/check-android-build.sh
bash scripts/check-cross-compile.sh

step "iPhone view model (Swift package) against the real library"
bash scripts/test-ios-viewmodel.sh

step "iPhone app: its views and previews type-check (SwiftUI stand-in), its strings and palette are checked"
bash scripts/test-ios-app.sh

step "iPhone app's Xcode definition and the device slice of the library (no Xcode needed)"
bash scripts/test-ios-project.sh
echo
echo "all test suites passed"
