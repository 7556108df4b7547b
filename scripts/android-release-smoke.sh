#!/usr/bin/env bash
# The release APK on a running emulator or phone, driven with adb alone (CI lane only:
# .github/workflows/android.yml runs it on the 16 KB-page emulator; nothing here has adb).
# The APK is the R8-minified release build, so what R8 keeps or drops (JNA, the core's
# bindings, which native code calls by name) is what runs; no test APK is installed beside it.
#
#   scripts/android-release-smoke.sh APP-RELEASE.apk
#
# It installs the APK, launches it, starts a game from the menu (a person and a bot, the
# app's default table), throws with the Throw button and reads the result the stick mat
# says (one of Do, Gae, Geol, Yut, Mo, Back-Do or a Nak). Then the room links: a link sent
# while the app runs opens the join form with its code in the one running activity (no
# second one), and turning the phone does not open it again. Fails on a crash of the app, an
# UnsatisfiedLinkError or a missing class or member in the log, or when a screen does not
# come within 60 s. Screens are read from `uiautomator dump` (tests/android-build/ui_dump.py).
set -euo pipefail

APK="${1:?usage: android-release-smoke.sh APP-RELEASE.apk}"
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
UI="$SCRIPT_DIR/../tests/android-build/ui_dump.py"
PACKAGE=app.yunnori
ACTIVITY="$PACKAGE/app.yunnori.android.MainActivity"
WORK="$(mktemp -d)"
DUMP="$WORK/ui.xml"
RESULTS='^(Back-Do|Do|Gae|Geol|Yut|Mo|Nak! A stick left the mat)(\.|$)'

say() { printf '[release-smoke] %s\n' "$*"; }
fail() {
    say "FAIL: $*"
    adb logcat -d -t 400 | tail -n 200 || true
    exit 1
}

dump() { # the screen now, into $DUMP
    adb shell uiautomator dump /sdcard/yunnori-ui.xml >/dev/null
    adb exec-out cat /sdcard/yunnori-ui.xml >"$DUMP"
}

wait_for() { # MODE ARG WHAT: until ui_dump.py DUMP MODE ARG succeeds, 60 s at most
    local _
    for _ in $(seq 1 60); do
        dump
        if python3 "$UI" "$DUMP" "$1" "$2" >/dev/null; then return 0; fi
        sleep 1
    done
    fail "no $3 on screen after 60 s"
}

tap() { # TEXT: taps the node whose text or content-desc is TEXT
    wait_for find "$1" "\"$1\""
    local x y
    read -r x y < <(python3 "$UI" "$DUMP" find "$1")
    adb shell input tap "$x" "$y"
}

alive() {
    adb shell pidof "$PACKAGE" >/dev/null || fail "the app is not running any more"
}

activities() { # how many MainActivity records the system holds
    adb shell dumpsys activity activities | grep -cE "Hist +#[0-9]+: ActivityRecord\{[^}]* $PACKAGE/\.android\.MainActivity" || true
}

say "installing $APK"
adb install -r "$APK"
adb logcat -c
adb shell am start -W -n "$ACTIVITY"

# A game from the menu, a throw with the button, the result read from the mat.
tap "New game"
tap "Start the game"
wait_for enabled "Throw the sticks" "enabled Throw button"
tap "Throw the sticks"
wait_for match "$RESULTS" "thrown result on the stick mat"
say "thrown: $(python3 "$UI" "$DUMP" match "$RESULTS")"
alive

# A room link while the app runs: the same activity, the join form with the code.
adb shell am start -W -a android.intent.action.VIEW -d "yunnori://room/HJKMNP" "$PACKAGE"
wait_for find "HJKMNP" "join form with the link's code"
count="$(activities)"
[ "$count" = 1 ] || fail "$count MainActivity records after a link sent to the running app (one expected)"
say "link opened in the running activity"

# Back to the game, then turn the phone: the activity is made again, the link not reopened.
adb shell input keyevent KEYCODE_BACK
wait_for find "Throw the sticks" "game screen after Back"
adb shell settings put system accelerometer_rotation 0
adb shell settings put system user_rotation 1
sleep 3
dump
if python3 "$UI" "$DUMP" find "Room code" >/dev/null; then
    fail "turning the phone opened the join form again"
fi
adb shell settings put system user_rotation 0
alive
say "turning the phone kept the game, the link was not reopened"

# The crash log: nothing of this app (a JNA class R8 dropped, a native function not found).
if adb logcat -d -b crash | grep -A12 "Process: $PACKAGE"; then
    fail "the app crashed (above)"
fi
if adb logcat -d | grep -E "UnsatisfiedLinkError|ClassNotFoundException|NoSuchMethodError|NoSuchFieldError"; then
    fail "the log has a linking error (above)"
fi
say "1 passed, 0 failed"
