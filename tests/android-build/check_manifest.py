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
  - room links: a verified App Link (autoVerify) for https on the build's room link host
    (a manifest placeholder app/build.gradle.kts sets) and the path yut-server serves rooms
    at (`WEB_LINK_PATH` in net/src/protocol.rs, read from the code), beside the older
    yunnori://room filter, both on the activity that takes links;
  - each rule of the checks refuses a manifest known to be wrong (so the check cannot
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


def app_links(manifest, placeholders, room_path):
    """Problems with the https room links (None when fine): a verified App Link filter on
    https, the host the build puts in, the path the server serves rooms at; and the older
    yunnori://room filter still there for links shared before."""
    verified, legacy = [], []
    for activity in manifest.iter("activity"):
        for f in activity.findall("intent-filter"):
            actions = {a.get(A + "name") for a in f.findall("action")}
            if "android.intent.action.VIEW" not in actions:
                continue
            data = f.findall("data")
            schemes = {d.get(A + "scheme") for d in data} - {None}
            if schemes == {"https"}:
                verified.append(f)
            if "yunnori" in schemes and {d.get(A + "host") for d in data} >= {"room"}:
                legacy.append(f)
    wrong = []
    if not legacy:
        wrong.append("no filter takes the older yunnori://room links")
    if len(verified) != 1:
        return "\n".join(wrong + [f"{len(verified)} filters take https links, not one"])
    f = verified[0]
    if f.get(A + "autoVerify") != "true":
        wrong.append("the https filter is not android:autoVerify: the phone asks which app opens a room link")
    categories = {c.get(A + "name") for c in f.findall("category")}
    for needed in ("android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"):
        if needed not in categories:
            wrong.append(f"the https filter lacks {needed}")
    data = f.findall("data")
    hosts = {d.get(A + "host") for d in data} - {None}
    for host in hosts:
        m = re.fullmatch(r"\$\{(\w+)\}", host)
        if m and m.group(1) not in placeholders:
            wrong.append(f"the host {host} is no placeholder app/build.gradle.kts sets")
        elif not m and not re.fullmatch(r"[a-z0-9.-]+", host):
            wrong.append(f"the host {host!r} is not a host name")
    if not hosts:
        wrong.append("the https filter names no host: it would claim every site's links")
    prefixes = {d.get(A + "pathPrefix") for d in data} - {None}
    if prefixes != {room_path}:
        wrong.append(f"the https filter's paths {sorted(prefixes)} are not the server's room path {room_path}")
    return "\n".join(wrong) or None


def room_path_of(protocol_source):
    """The path rooms have on their server (net/src/protocol.rs)."""
    m = re.search(r'pub const WEB_LINK_PATH: &str = "([^"]+)";', protocol_source)
    if not m:
        raise LookupError("net/src/protocol.rs declares no WEB_LINK_PATH")
    return m.group(1)


def placeholders_of(gradle):
    """The manifest placeholders app/build.gradle.kts sets."""
    return set(re.findall(r'manifestPlaceholders\["(\w+)"\]', gradle))


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
    ("https links not verified", "links", lambda s: s.replace(' android:autoVerify="true"', "")),
    ("https links on another path", "links", lambda s: s.replace('android:pathPrefix="/r/"', 'android:pathPrefix="/room/"')),
    ("https links on every host", "links", lambda s: re.sub(r'\s*<data android:host="\$\{\w+\}" />', "", s)),
    ("a host the build never sets", "links", lambda s: s.replace("${roomLinkHost}", "${linkHost}")),
    ("the yunnori:// filter gone", "links", lambda s: s.replace('android:scheme="yunnori"', 'android:scheme="yunnori-old"')),
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
    placeholders = placeholders_of((repo / "android" / "app" / "build.gradle.kts").read_text(encoding="utf-8"))
    room_path = room_path_of((repo / "net" / "src" / "protocol.rs").read_text(encoding="utf-8"))
    checks = Checks()
    manifest = ET.fromstring(text)
    checks.run("one activity: room links go to the running one (singleTask, onNewIntent)",
               lambda: one_activity(manifest, activity_source))
    checks.run(f"room links: a verified App Link for https://HOST{room_path}CODE (the build's host), "
               "and the older yunnori://room links", lambda: app_links(manifest, placeholders, room_path))
    checks.run(f"backups keep the room tickets ({', '.join('files/' + t for t in tickets)}) on the phone: cloud backup, device transfer, "
               "Android 11 and before", lambda: keeps_tickets(manifest, res, tickets))

    def refuses_known_bad():
        missed = []
        for what, which, change in BAD_CASES:
            bad = ET.fromstring(change(text))
            if which == "activity":
                found = one_activity(bad, activity_source)
            elif which == "links":
                found = app_links(bad, placeholders, room_path)
            else:
                found = keeps_tickets(bad, res, tickets)
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
