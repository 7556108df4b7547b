#!/usr/bin/env python3
"""Makes the wooden clack both apps play when a yut stick knocks against the mat, the
mat's edge or another stick: a few decaying resonances of a small birch stick struck, over
a short burst of filtered noise for the knock itself. Synthesised here, nothing downloaded;
the same bytes on every run (a fixed seed, no dates), so a test can check that the
committed files are what this script makes.

    scripts/make-clack-sound.py           write both apps' files
    scripts/make-clack-sound.py --check   exit 1 if a committed file differs

The apps scale its volume (and the haptic tap) by each contact's strength.
"""

import io
import math
import os
import random
import struct
import sys
import wave

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUTS = [
    os.path.join(REPO, "android", "app", "src", "main", "res", "raw", "clack.wav"),
    os.path.join(REPO, "ios", "Yunnori", "Resources", "Sounds", "clack.wav"),
]
RATE = 44100
SECONDS = 0.16
# (frequency Hz, amplitude, decay time constant s): the modes of a 15 cm hardwood stick,
# struck near one end; the higher ones die first, as in wood.
MODES = [
    (760.0, 0.55, 0.030),
    (1930.0, 0.40, 0.018),
    (3480.0, 0.22, 0.010),
    (5210.0, 0.12, 0.006),
]


def samples():
    rng = random.Random(1895)
    n = int(RATE * SECONDS)
    out = []
    low = 0.0
    for i in range(n):
        t = i / RATE
        # The knock: noise, low-passed once, gone in about 4 ms.
        low += 0.35 * (rng.uniform(-1.0, 1.0) - low)
        knock = 0.6 * low * math.exp(-t / 0.004)
        ring = sum(a * math.exp(-t / d) * math.sin(2 * math.pi * f * t) for f, a, d in MODES)
        # A 1 ms fade-in so the start does not click.
        attack = min(1.0, t / 0.001)
        out.append(attack * (knock + ring))
    peak = max(abs(v) for v in out) or 1.0
    return [v / peak * 0.89 for v in out]


def wav_bytes():
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(round(v * 32767))) for v in samples()))
    return buffer.getvalue()


def main():
    data = wav_bytes()
    if sys.argv[1:] == ["--check"]:
        stale = [p for p in OUTPUTS if not os.path.exists(p) or open(p, "rb").read() != data]
        for p in stale:
            print(f"{os.path.relpath(p, REPO)} is not what scripts/make-clack-sound.py makes")
        sys.exit(1 if stale else 0)
    if sys.argv[1:]:
        sys.exit("usage: make-clack-sound.py [--check]")
    for p in OUTPUTS:
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)
        print(f"wrote {os.path.relpath(p, REPO)} ({len(data)} bytes)")


if __name__ == "__main__":
    main()
