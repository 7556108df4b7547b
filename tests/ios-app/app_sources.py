"""What the app's checks share: the Swift sources of the app, and the report they print."""

import os


def swift_sources(app):
    """Every Swift file under `app`, by its path relative to it, with its text."""
    sources = {}
    for folder, _, files in os.walk(app):
        for name in files:
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    sources[os.path.relpath(path, app)] = f.read()
    return sources


def report(checks):
    """Prints each (what, problems) check and the closing `N passed, N failed`; returns
    the exit status (0 only when every check passed)."""
    failed = 0
    for what, problems in checks:
        print(("PASS " if not problems else "FAIL ") + what)
        for problem in problems:
            print("    " + problem)
        failed += bool(problems)
    print(f"{len(checks) - failed} passed, {failed} failed")
    return 0 if failed == 0 else 1
