#!/usr/bin/env python3
"""Checks that the iPhone app's text follows Dynamic Type and its buttons are big enough to hit.

    check_targets.py APP_DIR

APP_DIR is ios/Yunnori. Checked, in the Swift sources (what Xcode's accessibility audit
reports as Dynamic Type and hit-region issues, found before the audit runs):

  - no text at a fixed point size: `.font(.system(size: <number>…))` does not grow with
    the reader's text size; a size comes from a text style, a `@ScaledMetric`, or the
    layout it is drawn in (the board's names grow with the board);
  - no control shrunk below its regular size (`.controlSize(.small)` or `.mini`);
  - bordered buttons come from one style, `TargetButtonStyle`, whose label is at least
    44 points wide and high (Apple's smallest comfortable target; a plain bordered button
    is about 34 points tall): `.buttonStyle(.bordered)` or `.borderedProminent` anywhere
    else fails.

Prints each check with its problems and a closing `N passed, N failed`. Exit status 0
only when every check passed.
"""

import re
import sys

from app_sources import report, swift_sources

FIXED_FONT = re.compile(r"\.system\(\s*size:\s*[0-9][0-9.]*\b")
SMALL_CONTROL = re.compile(r"\.controlSize\(\s*\.(small|mini)\s*\)")
BORDERED = re.compile(r"\.buttonStyle\(\s*\.(bordered|borderedProminent)\s*\)")
STYLE = re.compile(r"struct TargetButtonStyle\s*:\s*PrimitiveButtonStyle\s*\{")
MIN_FRAME = re.compile(r"\.frame\(\s*minWidth:\s*(\d+)\s*,\s*minHeight:\s*(\d+)\s*\)")


def block(text, start):
    """The `{ ... }` block opening at `start`."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0 and text[i] == "}":
            return text[start:i + 1]
    return text[start:]


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip())
        return 2
    app = argv[1]
    sources = swift_sources(app)

    def where(path, text, m):
        return f"{path}:{text.count(chr(10), 0, m.start()) + 1}"

    checks = []
    problems = [f"{where(p, t, m)}: {m.group(0)}…) is a fixed size" for p, t in sorted(sources.items())
                for m in FIXED_FONT.finditer(t)]
    checks.append(("no text at a fixed point size (Dynamic Type)", problems))

    problems = [f"{where(p, t, m)}: {m.group(0)}" for p, t in sorted(sources.items())
                for m in SMALL_CONTROL.finditer(t)]
    checks.append(("no control smaller than its regular size", problems))

    problems, styles = [], []
    for path, text in sorted(sources.items()):
        declared = STYLE.search(text)
        style = block(text, declared.end() - 1) if declared else ""
        if declared:
            styles.append(path)
            frames = [tuple(int(x) for x in f.groups()) for f in MIN_FRAME.finditer(style)]
            if not frames or min(min(f) for f in frames) < 44:
                problems.append(f"{path}: TargetButtonStyle does not frame its label at least 44 x 44 points")
        for m in BORDERED.finditer(text):
            if not (declared and declared.end() - 1 <= m.start() < declared.end() - 1 + len(style)):
                problems.append(f"{where(path, text, m)}: {m.group(0)} outside TargetButtonStyle "
                                "(use .target or .target(colours))")
    if len(styles) != 1:
        problems.append(f"TargetButtonStyle is declared {len(styles)} times, not once")
    checks.append(("bordered buttons are at least 44 x 44 points (TargetButtonStyle)", problems))

    return report(checks)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
