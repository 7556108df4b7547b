#!/usr/bin/env python3
"""Writes the list of the Rust packages the iPhone app ships, with their licences, for the
app's licences screen (ios/Yunnori/Resources/Licences.json, read by LicencesView.swift).

    scripts/gen-ios-licences.py           write the file
    scripts/gen-ios-licences.py --check   exit 1 if the committed file differs from what
                                          would be written now (a stale list)

What ships is what the iPhone build links: yut-ffi's normal dependencies for
aarch64-apple-ios without default features, proc-macros left out (they run at compile
time and put none of their own code in the library). `cargo tree` gives that graph with
the resolver's per-target features; `cargo metadata` gives each package's licence
expression, repository, authors and the licence files in its source, whose texts the
screen shows (each distinct text once). The Rust standard library, linked into the static
library, is listed too. Nothing machine-specific (paths, dates) goes into the file.
"""

import hashlib
import json
import os
import re
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "ios", "Yunnori", "Resources", "Licences.json")
TARGET = "aarch64-apple-ios"
LICENCE_FILE = re.compile(r"^(licen[cs]e|copying|unlicense|notice)([-._].*)?$", re.IGNORECASE)


def cargo(*args):
    result = subprocess.run(
        ["cargo", *args], cwd=REPO, check=False, capture_output=True, text=True
    )
    if result.returncode != 0:
        sys.exit(f"gen-ios-licences: cargo {' '.join(args)} failed:\n{result.stderr}")
    return result.stdout


def shipped_packages():
    """(name, version) of every package linked into the iPhone library."""
    tree = cargo(
        "tree", "--locked", "-p", "yut-ffi", "--target", TARGET, "--no-default-features",
        "-e", "normal,no-proc-macro", "--prefix", "none", "-f", "{p}",
    )
    shipped = set()
    for line in tree.splitlines():
        words = line.split()
        if len(words) >= 2 and words[1].startswith("v"):
            shipped.add((words[0], words[1][1:]))
    if not shipped:
        sys.exit("gen-ios-licences: cargo tree listed no package")
    return shipped


def notice_files(package):
    """The licence files in a package's source directory, by file name."""
    directory = os.path.dirname(package["manifest_path"])
    names = set(f for f in os.listdir(directory) if LICENCE_FILE.match(f))
    if package.get("license_file"):
        names.add(package["license_file"])
    texts = []
    for name in sorted(names):
        path = os.path.join(directory, name)
        if os.path.isfile(path):
            with open(path, encoding="utf-8", errors="replace") as f:
                texts.append(f.read().strip() + "\n")
    return texts


def build():
    shipped = shipped_packages()
    metadata = json.loads(cargo(
        "metadata", "--locked", "--format-version", "1", "--filter-platform", TARGET,
    ))
    packages, notices = [], {}
    found = set()
    for package in metadata["packages"]:
        key = (package["name"], package["version"])
        if key not in shipped or key in found:
            continue
        found.add(key)
        keys = []
        for text in notice_files(package):
            digest = hashlib.sha256(text.encode()).hexdigest()[:12]
            notices[digest] = text
            keys.append(digest)
        packages.append({
            "name": package["name"],
            "version": package["version"],
            "licence": package.get("license") or "",
            "repository": package.get("repository") or "",
            "authors": [re.sub(r"\s*<[^>]*>", "", a) for a in package.get("authors", [])],
            "notices": keys,
        })
    missing = shipped - found
    if missing:
        sys.exit(f"gen-ios-licences: cargo metadata lacks {sorted(missing)}")
    packages.append({
        "name": "Rust standard library",
        "version": "",
        "licence": "MIT OR Apache-2.0",
        "repository": "https://github.com/rust-lang/rust",
        "authors": ["The Rust Project Developers"],
        "notices": [],
    })
    for package in packages:
        if not package["licence"]:
            sys.exit(f"gen-ios-licences: {package['name']} declares no licence")
    packages.sort(key=lambda p: (p["name"].lower(), p["version"]))
    document = {
        "generatedBy": "scripts/gen-ios-licences.py (do not edit by hand)",
        "target": TARGET,
        "packages": packages,
        "notices": dict(sorted(notices.items())),
    }
    return json.dumps(document, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] and not check:
        sys.exit("usage: gen-ios-licences.py [--check]")
    fresh = build()
    if check:
        try:
            with open(OUT, encoding="utf-8") as f:
                committed = f.read()
        except FileNotFoundError:
            committed = ""
        if committed != fresh:
            sys.exit(f"{os.path.relpath(OUT, REPO)} is stale: run scripts/gen-ios-licences.py")
        count = len(json.loads(fresh)["packages"])
        print(f"{os.path.relpath(OUT, REPO)} is current ({count} packages)")
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(fresh)
    print(f"wrote {os.path.relpath(OUT, REPO)}")


if __name__ == "__main__":
    main()
