#!/usr/bin/env python3
"""Checks the iPhone app's colours against its asset catalog.

    check_palette.py APP_DIR

APP_DIR is ios/Yunnori. Checked:

  - the catalog's root Contents.json is Xcode's own (the same bytes Xcode writes);
  - every colour the code names (`Color("Name")`) is a colour set of the catalog with a
    light (any) and a dark appearance, each an sRGB colour;
  - text stays readable in both appearances (WCAG contrast, what Xcode's accessibility
    audit measures): the app's ink, its soft ink for secondary text, and the system's
    default label colour on its paper, its cards and the system's list rows; the bordered
    buttons' ink titles on their tint's faint fill; the board's lines on the board. At
    least 4.5:1 for text, 3:1 for lines;
  - every filled button's colours (`FilledColours(fill:title:ground:)` in the code): the
    title on the fill at least 4.5:1 and the fill on its ground at least 3:1, so that none
    reads as disabled, in light and dark;
  - the code uses no system hierarchical text style (`.secondary`, `.tertiary`, ...) that
    falls under 4.5:1 on the paper, the cards or the list rows (the system's
    `.secondary` is about 3.3:1 on the light paper).

Prints each check with its problems and a closing `N passed, N failed`. Exit status 0
only when every check passed.
"""

import json
import os
import re
import sys

from app_sources import report, swift_sources

ROOT_CONTENTS = '{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n'
NAMED = re.compile(r'\bColor\("([A-Za-z][A-Za-z0-9]*)"\)')
PALETTE = re.compile(r'\bstatic let (\w+) = Color\("(\w+)"\)')
FILLED = re.compile(r'FilledColours\(fill:\s*([\w.]+),\s*title:\s*([\w.]+),\s*ground:\s*([\w.]+)\)')
HIERARCHICAL = re.compile(r'(?:foregroundStyle|foregroundColor)\(\s*(?:Color|HierarchicalShapeStyle)?\.(secondary|tertiary|quaternary)\b'
                          r'|\bColor\.(secondary)\b')
# A bordered button's fill: its tint at this opacity over what it sits on (SwiftUI draws a
# faint fill of the tint; a quarter is more than it draws, so the ink's contrast is lower).
BORDERED_FILL = 0.25

# (foreground, background, minimum ratio, what). "label" is the system's default text colour;
# "listRow" and "listBackground" the system's grouped list colours (Forms, Lists);
# "X~Y" is the tint X at BORDERED_FILL over Y.
PAIRS = [
    ("Ink", "Paper", 4.5, "the app's text on its paper"),
    ("Ink", "Card", 4.5, "the app's text on its cards"),
    ("label", "Paper", 4.5, "default text on the paper (the menu, the rules, the turn banner)"),
    ("label", "Card", 4.5, "default text on the cards"),
    ("label", "listRow", 4.5, "default text in the forms and lists"),
    ("InkSoft", "Paper", 4.5, "secondary text on the paper"),
    ("InkSoft", "Card", 4.5, "secondary text on the cards"),
    ("InkSoft", "listRow", 4.5, "secondary text in the forms' and lists' rows"),
    ("InkSoft", "listBackground", 4.5, "secondary text under the forms' and lists' rows"),
    ("AccentColor", "Paper", 4.5, "the tint's plain buttons on the paper (Undo)"),
    ("AccentColor", "listRow", 4.5, "the tint's buttons in the forms (Add a computer player)"),
    ("Ink", "AccentColor~Paper", 4.5, "a bordered button's title (Hint) on its fill"),
    ("Ink", "Vermilion~Paper", 4.5, "a bordered button's title, chosen, on its fill"),
    ("Ink", "Line~Paper", 4.5, "a bordered button's title, not chosen, on its fill"),
    ("Ink", "Vermilion~listRow", 4.5, "a house rule's throw button, chosen, in the form"),
    ("Line", "Card", 3.0, "the board's lines and names on the board"),
    ("black", "Highlight", 4.5, "black text on gold (a prize throw, a hint's chance)"),
]
# The system's colours, as UIKit defines them: (red, green, blue) or (red, green, blue, alpha).
SYSTEM = {"label": {"light": (0.0, 0.0, 0.0), "dark": (1.0, 1.0, 1.0)},
          "white": {"light": (1.0, 1.0, 1.0), "dark": (1.0, 1.0, 1.0)},
          "black": {"light": (0.0, 0.0, 0.0), "dark": (0.0, 0.0, 0.0)},
          "listRow": {"light": (1.0, 1.0, 1.0), "dark": (28 / 255, 28 / 255, 30 / 255)},
          "listBackground": {"light": (242 / 255, 242 / 255, 247 / 255), "dark": (0.0, 0.0, 0.0)},
          "secondary": {"light": (60 / 255, 60 / 255, 67 / 255, 0.6), "dark": (235 / 255, 235 / 255, 245 / 255, 0.6)},
          "tertiary": {"light": (60 / 255, 60 / 255, 67 / 255, 0.3), "dark": (235 / 255, 235 / 255, 245 / 255, 0.3)},
          "quaternary": {"light": (60 / 255, 60 / 255, 67 / 255, 0.18), "dark": (235 / 255, 235 / 255, 245 / 255, 0.16)}}
# The backgrounds text is drawn on.
GROUNDS = ("Paper", "Card", "listRow")


def over(fg, bg):
    """`fg` (maybe with alpha) composited over the opaque `bg`."""
    alpha = fg[3] if len(fg) == 4 else 1.0
    return tuple(f * alpha + b * (1 - alpha) for f, b in zip(fg[:3], bg[:3]))


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

    names = {name for text in swift_sources(app).values() for name in NAMED.findall(text)}
    # The tint of every control that names none (the asset catalog's global accent).
    names.add("AccentColor")
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

    def colour(name, appearance):
        if "~" in name:
            tint, ground = name.split("~")
            return over(palette[tint][appearance][:3] + (BORDERED_FILL,), palette[ground][appearance])
        return palette[name][appearance]

    def ratio(fg, bg, appearance):
        background = colour(bg, appearance)
        return contrast(over(colour(fg, appearance), background), background)

    def known(name):
        return all(part in palette for part in name.split("~"))

    for fg, bg, minimum, what in PAIRS:
        problems = []
        if not known(fg) or not known(bg):
            problems.append(f"{fg} or {bg} is not a colour of the app")
        else:
            for appearance in ("light", "dark"):
                r = ratio(fg, bg, appearance)
                if r < minimum:
                    problems.append(f"{appearance}: {fg} on {bg} is {r:.2f}:1, under {minimum}:1")
        checks.append((f"{what} ({fg} on {bg}, at least {minimum}:1 in light and dark)", problems))

    sources = swift_sources(app)
    members = {m: n for text in sources.values() for m, n in PALETTE.findall(text)}

    def resolve(expression):
        last = expression.split(".")[-1]
        if expression.startswith("Palette."):
            return members.get(last)
        return last if last in ("black", "white") else None

    filled, problems = [], []
    for path, text in sorted(sources.items()):
        for m in FILLED.finditer(text):
            names = [resolve(e) for e in m.groups()]
            if None in names or not all(known(n) for n in names):
                problems.append(f"{path}: {m.group(0)} names a colour this check cannot read")
                continue
            filled.append(names)
            for appearance in ("light", "dark"):
                fill, title, ground = names
                r = ratio(title, fill, appearance)
                if r < 4.5:
                    problems.append(f"{appearance}: {title} on {fill} is {r:.2f}:1, under 4.5:1")
                r = ratio(fill, ground, appearance)
                if r < 3.0:
                    problems.append(f"{appearance}: the {fill} fill on {ground} is {r:.2f}:1, under 3:1")
    if not filled:
        problems.append("the code declares no FilledColours(fill:title:ground:)")
    checks.append((f"the {len(filled)} filled buttons' titles (4.5:1) and fills (3:1), light and dark", problems))

    problems = []
    for path, text in sorted(sources.items()):
        for m in HIERARCHICAL.finditer(text):
            style = m.group(1) or m.group(2)
            line = text.count("\n", 0, m.start()) + 1
            worst = min((ratio(style, ground, a), ground, a) for ground in GROUNDS for a in ("light", "dark"))
            if worst[0] < 4.5:
                problems.append(f"{path}:{line}: .{style} is {worst[0]:.2f}:1 on {worst[1]} ({worst[2]})")
    checks.append(("no system hierarchical text style under 4.5:1 on the paper, the cards or the list rows",
                   problems))

    return report(checks)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
