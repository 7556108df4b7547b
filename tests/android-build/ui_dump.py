"""Reads the screen of a phone from a UI Automator dump (`uiautomator dump`), for the CI lane's
release smoke test (scripts/android-release-smoke.sh), which drives the installed release APK
with adb alone: no test APK, so R8's renaming cannot hide what it tests.

    ui_dump.py DUMP.xml find TEXT        the centre "X Y" of the first node whose text or
                                         content-desc is TEXT (exit 1 when none)
    ui_dump.py DUMP.xml enabled TEXT     exit 0 when such a node is there and enabled
    ui_dump.py DUMP.xml match REGEX      the first text or content-desc matching REGEX
    ui_dump.py --self-test               checks the above on a dump of the documented shape

A dump is `<hierarchy>` of nested `<node>`s with `text`, `content-desc`, `enabled` and
`bounds="[left,top][right,bottom]"` (Compose's semantics reach it through accessibility).
"""

import re
import sys
import xml.etree.ElementTree as ET

BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


def nodes(root):
    for node in root.iter("node"):
        yield node


def labels(node):
    return [v for v in (node.get("text", ""), node.get("content-desc", "")) if v]


def find(root, text):
    """The first node whose text or content-desc is TEXT."""
    for node in nodes(root):
        if text in labels(node):
            return node
    return None


def centre(node):
    m = BOUNDS.fullmatch(node.get("bounds", ""))
    if not m:
        raise ValueError(f"bounds {node.get('bounds')!r} are not [l,t][r,b]")
    left, top, right, bottom = (int(g) for g in m.groups())
    return (left + right) // 2, (top + bottom) // 2


def enabled(root, text):
    node = find(root, text)
    return node is not None and node.get("enabled") == "true"


def match(root, pattern):
    rx = re.compile(pattern)
    for node in nodes(root):
        for label in labels(node):
            if rx.search(label):
                return label
    return None


SAMPLE = """<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<hierarchy rotation="0">
  <node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="app.yunnori"
        content-desc="" enabled="true" bounds="[0,0][1080,2400]">
    <node index="0" text="" class="android.view.View" package="app.yunnori"
          content-desc="Geol. Double-tap to throw the sticks" enabled="true" bounds="[32,1900][760,2300]" />
    <node index="1" text="" class="android.view.View" package="app.yunnori" content-desc="" enabled="false"
          bounds="[800,1900][1048,2300]">
      <node index="0" text="Throw the sticks" class="android.widget.TextView" package="app.yunnori"
            content-desc="" enabled="false" bounds="[820,2050][1030,2150]" />
    </node>
    <node index="2" text="Hint" class="android.widget.TextView" package="app.yunnori" content-desc=""
          enabled="true" bounds="[900,1700][1000,1760]" />
  </node>
</hierarchy>
"""


def self_test():
    root = ET.fromstring(SAMPLE.split("?>", 1)[1])
    problems = []
    if centre(find(root, "Throw the sticks")) != (925, 2100):
        problems.append("the centre of a node")
    if enabled(root, "Throw the sticks") or not enabled(root, "Hint"):
        problems.append("enabled")
    if find(root, "New game") is not None:
        problems.append("a node that is not there was found")
    if match(root, r"^(Back-Do|Do|Gae|Geol|Yut|Mo)(\.|$)") != "Geol. Double-tap to throw the sticks":
        problems.append("a label matched by a pattern")
    for p in problems:
        print(f"FAIL  ui_dump.py: {p}")
    print(f"{4 - len(problems)} passed, {len(problems)} failed")
    return 1 if problems else 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[4], file=sys.stderr)
        return 2
    root = ET.parse(argv[1]).getroot()
    what, arg = argv[2], argv[3]
    if what == "find":
        node = find(root, arg)
        if node is None:
            return 1
        print(*centre(node))
        return 0
    if what == "enabled":
        return 0 if enabled(root, arg) else 1
    if what == "match":
        found = match(root, arg)
        if found is None:
            return 1
        print(found)
        return 0
    print(f"unknown command {what}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
