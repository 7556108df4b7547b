"""The line-per-check runner the Android build's Python checks share."""


class Checks:
    """Runs named checks, prints "ok" or "FAIL" with why for each, and counts them."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def run(self, name, check):
        """Runs CHECK (returns None when fine, else why not); an exception is a failure too."""
        try:
            problem = check()
        except Exception as e:  # a missing file, a malformed one, a tool missing: say which, go on
            problem = f"{type(e).__name__}: {e}"
        if problem:
            self.failed += 1
            print(f"FAIL  {name}")
            for line in str(problem).splitlines():
                print(f"      {line}")
        else:
            self.passed += 1
            print(f"ok    {name}")

    def close(self):
        """Prints the closing "N passed, N failed"; the exit status: 1 if any failed."""
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
