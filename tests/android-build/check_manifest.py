"""What the Android app's manifest promises a family, checked without the Android SDK.

    check_manifest.py REPO_DIR

Run by scripts/check-android-build.sh (the resource compilers check the manifest's syntax and
references, check_resources.py; this checks what it means):

  - one activity: the activity that takes room links (VIEW yunnori://room) is launched
    singleTask or singleTop, and MainActivity hands a new intent (onNewIntent) to its model,
    so a link tapped while the app runs never starts a second activity with a second model
    over the same save files and room tickets;
  - backups: with backup on, android:dataExtractionRules (Android 12 on: cloud backup and
    device transfer) and android:fullBackupContent (Android 11 and before) name rules files
    that exclude every place room tickets are kept: the app core's file of its ROOMS_KEY
    (app/src/store.rs) as FileKv names it (bindings/src/file_kv.rs: `<key>.json`, written
    through `<key>.json.tmp`), read from the code, and `rooms`, the directory where versions
    before the core ran the rooms kept one file per room (still on phones that updated): a
    seat's token stays on the phone;
  - each rule of both checks refuses a manifest known to be wrong (so the check cannot
    pass by checking nothing).

Closes with "N passed, N failed"; exit status 1 if any failed.
"""

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from checks import Checks

A = "{http://schemas.android.com/apk/res/android}"
KOTLIN = Path("android/app/src/main/kotlin/app/yunnori/android")


def one_activity(manifest, activity_source):
    """Problems with how room links reach the app (None when fine)."""
    wrong = []
    takes_links = []
    for activity in manifest.iter("activity"):
        for f in activity.findall("intent-filter"):
            actions = {a.get(A + "name") for a in f.findall("action")}
            schemes = {d.get(A + "scheme") for d in f.findall("data")}
            if "android.intent.action.VIEW" in actions and "yunnori" in schemes:
                takes_links.append(activity)
    if len(takes_links) != 1:
        return f"{len(takes_links)} activities take yunnori:// links, not one"
    activity = takes_links[0]
    mode = activity.get(A + "launchMode", "standard")
    if mode not in ("singleTask", "singleTop"):
        wrong.append(f"{activity.get(A + 'name')} is launched {mode}: a link tapped while the app runs starts a second one")
    if not re.search(r"override fun onNewIntent\(intent: Intent\)\s*\{[^}]*intentArrived\(intent", activity_source):
        wrong.append("MainActivity does not hand a new intent (onNewIntent) to its model's intentArrived")
    return "\n".join(wrong) or None


def keeps_tickets(manifest, res, tickets):
    """Problems with what leaves the phone in a backup (None when fine)."""
    app = manifest.find("application")
    if app is None:
        return "the manifest has no <application>"
    if app.get(A + "allowBackup") == "false":
        return None  # nothing is backed up at all
    wrong = []

    def rules(attribute):
        ref = app.get(A + attribute)
        if not ref or not ref.startswith("@xml/"):
            wrong.append(f"android:{attribute} names no @xml rules file (got {ref!r})")
            return None
        path = res / "xml" / (ref.removeprefix("@xml/") + ".xml")
        if not path.is_file():
            wrong.append(f"android:{attribute}: {path.name} is not in res/xml")
            return None
        return ET.parse(path).getroot()

    def excluded(section, where):
        if section is None:
            wrong.append(f"{where}: missing")
            return
        paths = {e.get("path", "").rstrip("/") for e in section.findall("exclude") if e.get("domain") == "file"}
        for kept in tickets:
            if kept not in paths:
                wrong.append(f"{where}: the room tickets (file {kept}) are not excluded")

    extraction = rules("dataExtractionRules")
    if extraction is not None:
        excluded(extraction.find("cloud-backup"), "dataExtractionRules <cloud-backup>")
        excluded(extraction.find("device-transfer"), "dataExtractionRules <device-transfer>")
    full = rules("fullBackupContent")
    if full is not None:
        excluded(full, "fullBackupContent")
    return "\n".join(wrong) or None


# Where versions before the app core ran the rooms kept one ticket file per room (Kotlin's
# FileRoomTickets, files/rooms): a phone that updated may still hold them.
LEGACY_TICKETS = "rooms"


def core_tickets_of(store_source, file_kv_source):
    """The app core's ticket file and its temporary file, under the app's files directory."""
    m = re.search(r'pub const ROOMS_KEY: &str = "(\w+)";', store_source)
    if not m:
        raise LookupError("app/src/store.rs declares no ROOMS_KEY")
    named = 'format!("{key}.json")' in file_kv_source or (
        'const SUFFIX: &str = ".json";' in file_kv_source and 'format!("{key}{SUFFIX}")' in file_kv_source
    )
    if not named or 'with_extension("json.tmp")' not in file_kv_source:
        raise LookupError("bindings/src/file_kv.rs no longer names a key's file <key>.json (via <key>.json.tmp)")
    return [f"{m.group(1)}.json", f"{m.group(1)}.json.tmp"]


# Manifests known to be wrong, one per rule: (what, which check must refuse it, the change).
BAD_CASES = [
    ("the activity launched standard", "activity",
     lambda s: s.replace('android:launchMode="singleTask"', 'android:launchMode="standard"')),
    ("no data extraction rules", "backup", lambda s: re.sub(r'\s*android:dataExtractionRules="[^"]*"', "", s)),
    ("no rules for Android 11 and before", "backup", lambda s: re.sub(r'\s*android:fullBackupContent="[^"]*"', "", s)),
    ("rules naming a file that is not there", "backup",
     lambda s: s.replace('"@xml/data_extraction_rules"', '"@xml/no_such_rules"')),
]


def main():
    repo = Path(sys.argv[1])
    main_dir = repo / "android" / "app" / "src" / "main"
    text = (main_dir / "AndroidManifest.xml").read_text(encoding="utf-8")
    activity_source = (repo / KOTLIN / "MainActivity.kt").read_text(encoding="utf-8")
    tickets = [LEGACY_TICKETS] + core_tickets_of(
        (repo / "app" / "src" / "store.rs").read_text(encoding="utf-8"),
        (repo / "bindings" / "src" / "file_kv.rs").read_text(encoding="utf-8"),
    )
    res = main_dir / "res"
    checks = Checks()
    manifest = ET.fromstring(text)
    checks.run("one activity: room links go to the running one (singleTask, onNewIntent)",
               lambda: one_activity(manifest, activity_source))
    checks.run(f"backups keep the room tickets ({', '.join('files/' + t for t in tickets)}) on the phone: cloud backup, device transfer, "
               "Android 11 and before", lambda: keeps_tickets(manifest, res, tickets))

    def refuses_known_bad():
        missed = []
        for what, which, change in BAD_CASES:
            bad = ET.fromstring(change(text))
            found = one_activity(bad, activity_source) if which == "activity" else keeps_tickets(bad, res, tickets)
            if found is None:
                missed.append(f"{what}: let through")
        if one_activity(manifest, activity_source.replace("intentArrived(intent", "ignore(intent")) is None:
            missed.append("an onNewIntent that drops the intent: let through")
        for kept in tickets:
            moved = [t + "-elsewhere" if t == kept else t for t in tickets]
            if keeps_tickets(manifest, res, moved) is None:
                missed.append(f"rules that leave the tickets' {kept} out of the exclusions: let through")
        return "\n".join(missed) or None

    checks.run(f"the checks refuse {len(BAD_CASES) + 1 + len(tickets)} manifests, rules or activities known to be wrong", refuses_known_bad)
    sys.exit(checks.close())


if __name__ == "__main__":
    main()
