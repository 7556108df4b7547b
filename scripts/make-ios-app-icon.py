#!/usr/bin/env python3
"""Draws the iPhone app's icon from code: the 말판 (the Yut board's 29 stations, its edge
and both diagonals) with the four sticks across it, on the app's paper colour.

    scripts/make-ios-app-icon.py [OUT]

Writes a 1024 × 1024 opaque RGB PNG (the single size Xcode's asset catalog needs; iOS
rounds the corners itself) to OUT, by default
ios/Yunnori/Assets.xcassets/AppIcon.appiconset/AppIcon.png. Needs Pillow (Debian
python3-pil, or `pip install Pillow`). Drawn at four times the size and scaled down, so
the edges are smooth.
"""

import os
import sys

from PIL import Image, ImageDraw

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_OUT = os.path.join(
    REPO, "ios", "Yunnori", "Assets.xcassets", "AppIcon.appiconset", "AppIcon.png")
SIZE = 1024
SCALE = 4

PAPER = (247, 240, 224)
INK = (74, 54, 38)
ACCENT = (194, 56, 46)
WOOD_FLAT = (240, 214, 163)
WOOD_ROUND = (140, 87, 46)


def board_stations(lo, hi):
    """The 29 stations: 20 round the edge (corners and four between each pair), then the
    two diagonals (two stations each side of the centre) and the centre."""
    step = (hi - lo) / 5
    edge = []
    for i in range(5):
        edge.append((hi, hi - i * step))   # right side, bottom to top
        edge.append((hi - i * step, lo))   # top side, right to left
        edge.append((lo, lo + i * step))   # left side, top to bottom
        edge.append((lo + i * step, hi))   # bottom side, left to right
    centre = ((lo + hi) / 2, (lo + hi) / 2)
    diagonal = []
    for corner in ((hi, lo), (lo, lo), (lo, hi), (hi, hi)):
        for t in (1 / 3, 2 / 3):
            diagonal.append((corner[0] + (centre[0] - corner[0]) * t,
                             corner[1] + (centre[1] - corner[1]) * t))
    return sorted(set(edge)), diagonal, centre


def stick(draw, centre, length, thickness, angle_deg, flat, marked):
    """One stick: a rounded bar, flat side light with three marks, round side dark."""
    layer = Image.new("RGBA", (int(length) + 8, int(thickness) + 8), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    box = (4, 4, 4 + length, 4 + thickness)
    d.rounded_rectangle(box, radius=thickness * 0.45, fill=WOOD_FLAT if flat else WOOD_ROUND,
                        outline=INK, width=max(2, int(thickness * 0.08)))
    if flat:
        for k in (0.3, 0.5, 0.7):
            x = 4 + length * k
            m = thickness * 0.22
            y0, y1 = 4 + thickness * 0.5 - m, 4 + thickness * 0.5 + m
            w = max(2, int(thickness * 0.09))
            d.line((x - m, y0, x + m, y1), fill=INK, width=w)
            d.line((x - m, y1, x + m, y0), fill=INK, width=w)
        if marked:
            r = thickness * 0.18
            cx, cy = 4 + length * 0.88, 4 + thickness * 0.5
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ACCENT)
    rotated = layer.rotate(angle_deg, resample=Image.BICUBIC, expand=True)
    draw.paste(rotated, (int(centre[0] - rotated.width / 2), int(centre[1] - rotated.height / 2)),
               rotated)


def draw_icon():
    size = SIZE * SCALE
    image = Image.new("RGB", (size, size), PAPER)
    draw = ImageDraw.Draw(image)
    lo, hi = size * 0.2, size * 0.8
    line = int(size * 0.014)

    draw.rectangle((lo, lo, hi, hi), outline=INK, width=line)
    draw.line((lo, lo, hi, hi), fill=INK, width=line)
    draw.line((lo, hi, hi, lo), fill=INK, width=line)

    edge, diagonal, centre = board_stations(lo, hi)
    corners = {(lo, lo), (lo, hi), (hi, lo), (hi, hi)}
    for x, y in edge + diagonal:
        r = size * (0.042 if (x, y) in corners else 0.026)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=PAPER, outline=INK, width=line)
    r = size * 0.05
    draw.ellipse((centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r),
                 fill=ACCENT, outline=INK, width=line)

    # The four sticks, thrown across the lower half: two flat side up (one the marked
    # Back-Do stick), two round side up.
    length, thickness = size * 0.30, size * 0.058
    for i, (flat, marked) in enumerate(((True, True), (False, False), (True, False),
                                         (False, False))):
        x = size * (0.56 + 0.07 * i)
        y = size * (0.60 + 0.065 * i)
        stick(image, (x, y), length, thickness, 38 - 6 * i, flat, marked)

    return image.resize((SIZE, SIZE), Image.LANCZOS)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_OUT
    os.makedirs(os.path.dirname(out), exist_ok=True)
    icon = draw_icon()
    assert icon.mode == "RGB" and icon.size == (SIZE, SIZE)
    icon.save(out, "PNG", optimize=True)
    print(f"wrote {os.path.relpath(out, REPO)} ({SIZE}x{SIZE}, RGB)")


if __name__ == "__main__":
    main()
