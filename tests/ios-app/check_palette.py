#!/usr/bin/env python3
"""Checks the iPhone app's colours against its asset catalog.

    check_palette.py APP_DIR

APP_DIR is ios/Yunnori. Checked:

  - the catalog's root Contents.json is Xcode's own (the same bytes Xcode writes);
  - every colour the code names (`Color("Name")`) is a colour set of the catalog with a
    light (any) and a dark appearance, each an sRGB colour;
  - text stays readable in both appearances: the app's ink, and the system's default
    label colour (black in light mode, white in dark), on its paper and its cards; white
    on the accent's buttons; the board's lines on the board. WCAG contrast ratios, at
    least 4.5:1 for text and 3:1 for bold button titles and lines.

Prints each check with its problems and a closing `N passed, N failed`. Exit status 0
only when every check passed.
"""

import json
import os
import re
import sys

ROOT_CONTENTS = '{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n'
NAMED = re.compile(r'\bColor\("([A-Za-z][A-Za-z0-9]*)"\)')

# (foreground, background, minimum ratio, what); "label" is the system's default text colour.
PAIRS = [
    ("Ink", "Paper", 4.5, "the app's text on its paper"),
    ("Ink", "Card", 4.5, "the app's text on its cards"),
    ("label", "Paper", 4.5, "default text on the paper (the menu, the rules, the turn banner)"),
    ("label", "Card", 4.5, "default text on the cards"),
    ("white", "Vermilion", 3.0, "white titles on the accent's buttons"),
    ("Line", "Card", 3.0, "the board's lines and names on the board"),
    ("black", "Highlight", 4.5, "black text on gold (a prize throw, a hint's chance)"),
]
SYSTEM = {"label": {"light": (0.0, 0.0, 0.0), "dark": (1.0, 1.0, 1.0)},
          "white": {"light": (1.0, 1.0, 1.0), "dark": (1.0, 1.0, 1.0)},
          "black": {"light": (0.0, 0.0, 0.0), "dark": (0.0, 0.0, 0.0)}}


def luminance(rgb):
    def channel(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def read_colour_set(path):
    """The set's colours by appearance ("light", "dark"), or a list of problems."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        return None, [f"{path}: {e}"]
    found, problems = {}, []
    for entry in doc.get("colors", []):
        dark = any(a.get("appearance") == "luminosity" and a.get("value") == "dark"
                   for a in entry.get("appearances", []))
        colour = entry.get("color", {})
        comps = colour.get("components", {})
        if colour.get("color-space") != "srgb":
            problems.append(f"{path}: not an sRGB colour")
            continue
        try:
            rgb = tuple(float(comps[k]) for k in ("red", "green", "blue"))
        except (KeyError, ValueError):
            problems.append(f"{path}: components are not numbers 0-1")
            continue
        if not all(0 <= c <= 1 for c in rgb):
            problems.append(f"{path}: components outside 0-1")
        found["dark" if dark else "light"] = rgb
    for appearance in ("light", "dark"):
        if appearance not in found:
            problems.append(f"{path}: no {appearance} appearance")
    return found, problems


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip())
        return 2
    app = argv[1]
    catalog = os.path.join(app, "Assets.xcassets")
    checks = []

    root = os.path.join(catalog, "Contents.json")
    try:
        with open(root, encoding="utf-8") as f:
            same = f.read() == ROOT_CONTENTS
        checks.append(("the catalog's root Contents.json is Xcode's", [] if same else [f"{root} differs"]))
    except OSError as e:
        checks.append(("the catalog's root Contents.json is Xcode's", [str(e)]))

    names = set()
    for folder, _, files in os.walk(app):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    names.update(NAMED.findall(f.read()))
    colours, problems = {}, []
    if not names:
        problems.append("the code names no colour of the catalog")
    for name in sorted(names):
        found, trouble = read_colour_set(os.path.join(catalog, f"{name}.colorset", "Contents.json"))
        problems += trouble
        if found:
            colours[name] = found
    checks.append((f"the {len(names)} colours the code names are colour sets with a dark appearance", problems))

    palette = dict(SYSTEM, **colours)
    for fg, bg, minimum, what in PAIRS:
        problems = []
        if fg not in palette or bg not in palette:
            problems.append(f"{fg} or {bg} is not a colour of the app")
        else:
            for appearance in ("light", "dark"):
                ratio = contrast(palette[fg][appearance], palette[bg][appearance])
                if ratio < minimum:
                    problems.append(f"{appearance}: {fg} on {bg} is {ratio:.2f}:1, under {minimum}:1")
        checks.append((f"{what} ({fg} on {bg}, at least {minimum}:1 in light and dark)", problems))

    failed = 0
    for what, problems in checks:
        print(("PASS " if not problems else "FAIL ") + what)
        for problem in problems:
            print("    " + problem)
        failed += bool(problems)
    print(f"{len(checks) - failed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
