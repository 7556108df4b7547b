"""The Android app's resources through the real resource compilers, as the Gradle build does.

Run by scripts/check-android-build.sh, with what scripts/install-android-res-tools.sh installs:

    check_resources.py REPO_DIR ENV_FILE WORK_DIR

ENV_FILE names AAPT (Debian's aapt), AAPT2 and ANDROID_FRAMEWORK_RES (the framework's
resource table, API 33). Checked, each a line "ok" or "FAIL" with the compilers' words:

  - aapt2 compiles every file of app/src/main/res (escaping of apostrophes and quotes,
    format arguments, resource names, well-formed XML: what stops AGP's mergeResources);
  - aapt2 links them with the manifest against the framework's resources (every @string,
    @color, @xml, @style the manifest and the resources name exists; every android:
    attribute is one the framework has), as processResources does;
  - aapt (Android 10's) packages the same (its own checks: file names AGP's merger takes,
    references it cannot resolve);
  - each string and plural as the compiler keeps it (what the phone shows) is the text the
    screen tests read (tests/android-app's AppStrings takes the XML's text and its
    backslash escapes): a quote that vanishes or whitespace that collapses on the phone
    would otherwise pass the screen tests;
  - the checks refuse resources known to be wrong, one case per rule (so they cannot pass
    by checking nothing).

What no compiler here checks (lint's rules; attributes newer than API 33) is said in
android/README.md. Closes with "N passed, N failed"; exit status 1 if any failed.
"""

import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

from checks import Checks

ANDROID_NS = "http://schemas.android.com/apk/res/android"


def read_env(path):
    env = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if "=" in line:
            key, value = line.split("=", 1)
            env[key.strip()] = value.strip()
    return env


class App:
    """What the build knows of the app beside its res directory: its namespace and SDK levels."""

    def __init__(self, repo):
        android = repo / "android"
        gradle = (android / "app" / "build.gradle.kts").read_text(encoding="utf-8")
        m = re.search(r'namespace\s*=\s*"([^"]+)"', gradle)
        if not m:
            raise LookupError("app/build.gradle.kts sets no namespace")
        self.namespace = m.group(1)
        # manifestPlaceholders["name"] = …getOrElse("default"): the default build's values.
        self.placeholders = dict(re.findall(
            r'manifestPlaceholders\["(\w+)"\]\s*=\s*[^\n]*\n?[^\n]*?getOrElse\("([^"]*)"\)', gradle))
        versions = tomllib.loads((android / "gradle" / "libs.versions.toml").read_text(encoding="utf-8"))["versions"]
        self.min_sdk = versions["android-minSdk"]
        self.target_sdk = versions["android-targetSdk"]
        self.res = android / "app" / "src" / "main" / "res"
        self.manifest = android / "app" / "src" / "main" / "AndroidManifest.xml"


class Compilers:
    def __init__(self, env, work):
        self.aapt = env["AAPT"]
        self.aapt2 = env["AAPT2"]
        self.framework = env["ANDROID_FRAMEWORK_RES"]
        self.work = work

    @staticmethod
    def _run(args):
        """Runs a compiler; its words when it failed or warned, else None."""
        done = subprocess.run(args, capture_output=True, text=True)
        said = (done.stdout + done.stderr).strip()
        if done.returncode != 0:
            return said or f"{Path(args[0]).name} exited with {done.returncode}"
        # Anything it says on success is a warning AGP would print: treat it as a problem too.
        return said or None

    def manifest_for(self, app, manifest, into):
        """The manifest as AGP's merger hands it to the compilers: with the namespace as its
        package and the build's manifest placeholders (`${name}`) put in."""
        text = manifest.read_text(encoding="utf-8")
        for name, value in app.placeholders.items():
            text = text.replace("${" + name + "}", value)
        if "package=" not in text:
            text = re.sub(r"<manifest\b", f'<manifest package="{app.namespace}"', text, count=1)
        into.mkdir(parents=True, exist_ok=True)
        out = into / "AndroidManifest.xml"
        out.write_text(text, encoding="utf-8")
        return out

    def aapt2_compile(self, res, out):
        return self._run([self.aapt2, "compile", "--dir", str(res), "-o", str(out)])

    def aapt2_link(self, app, compiled, manifest, apk):
        return self._run([
            self.aapt2, "link", "-I", self.framework, "--manifest", str(manifest), "-o", str(apk),
            "--min-sdk-version", app.min_sdk, "--target-sdk-version", app.target_sdk, str(compiled),
        ])

    def aapt_package(self, app, res, manifest, apk):
        return self._run([
            self.aapt, "package", "-f", "-M", str(manifest), "-S", str(res), "-I", self.framework,
            "--min-sdk-version", app.min_sdk, "--target-sdk-version", app.target_sdk, "-F", str(apk),
        ])

    def compiled_strings(self, apk):
        """{(config, name): text} of every string and plural item the APK holds, as aapt reads them."""
        done = subprocess.run([self.aapt, "dump", "--values", "resources", str(apk)],
                              capture_output=True, text=True, check=True)
        found, config, name = {}, None, None
        for line in done.stdout.splitlines():
            m = re.match(r"\s+config (\S+):$", line)
            if m:
                config = "" if m.group(1) == "(default)" else m.group(1)
                continue
            m = re.match(r"\s+resource 0x[0-9a-f]+ [\w.]+:(\w+)/(\w+):", line)
            if m:
                name = f"{m.group(1)}/{m.group(2)}" if m.group(1) in ("string", "plurals") else None
                continue
            m = re.match(r"\s+#\d+ \(Key=0x0100000(\d)\): \(string\d+\) \"(.*)\"$", line)
            if m and name and name.startswith("plurals/"):
                found[(config, f"{name}:{PLURAL_KEYS.get(m.group(1), m.group(1))}")] = unescape_dump(m.group(2))
                continue
            m = re.match(r"\s+\(string\d+\) \"(.*)\"$", line)
            if m and name and name.startswith("string/"):
                found[(config, name)] = unescape_dump(m.group(1))
        return found


# The keys aapt gives a plural's items (ResTable_map's ATTR_ZERO.. ATTR_MANY: 0x01000005..9,
# ATTR_OTHER 0x01000004).
PLURAL_KEYS = {"4": "other", "5": "zero", "6": "one", "7": "two", "8": "few", "9": "many"}


def unescape_dump(text):
    """aapt's dump prints \\n, \\" and \\\\ escaped."""
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def as_the_screen_tests_read(raw):
    """The text the desktop stand-in (tests/android-app's AppStrings) takes from a <string>:
    the XML's text with each backslash escape put in (\\n and \\t as newline and tab)."""
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), raw, flags=re.S)


def written_strings(res):
    """{(config, name): text as the screen tests read it} for every values*/ file of RES."""
    found = {}
    for values in sorted(res.glob("values*")):
        config = values.name.removeprefix("values").removeprefix("-")
        for xml in sorted(values.glob("*.xml")):
            root = ET.parse(xml).getroot()
            for e in root:
                if e.get("translatable") == "false" and config:
                    continue
                if e.tag == "string":
                    found[(config, f"string/{e.get('name')}")] = as_the_screen_tests_read("".join(e.itertext()))
                elif e.tag == "plurals":
                    for item in e.findall("item"):
                        key = f"plurals/{e.get('name')}:{item.get('quantity')}"
                        found[(config, key)] = as_the_screen_tests_read("".join(item.itertext()))
    return found


def check_all(compilers, app, res, manifest, work):
    """Every check on one res directory and manifest: {name: problem or None}."""
    work.mkdir(parents=True, exist_ok=True)
    problems = {}
    compiled = work / "compiled.zip"
    problems["compile"] = compilers.aapt2_compile(res, compiled)
    merged = compilers.manifest_for(app, manifest, work / "manifest")
    if problems["compile"] is None:
        problems["link"] = compilers.aapt2_link(app, compiled, merged, work / "aapt2.apk")
    else:
        problems["link"] = "not linked: the files do not compile"
    apk = work / "aapt.apk"
    problems["aapt"] = compilers.aapt_package(app, res, merged, apk)
    if problems["aapt"] is None:
        shown = compilers.compiled_strings(apk)
        read = written_strings(res)
        differ = []
        for key, text in sorted(read.items()):
            if key not in shown:
                differ.append(f"{key[0] or 'default'} {key[1]}: not in the compiled resources")
            elif shown[key] != text:
                differ.append(f"{key[0] or 'default'} {key[1]}: the phone shows {shown[key]!r}, "
                              f"the screen tests read {text!r}")
        problems["text"] = "\n".join(differ) or None
    else:
        problems["text"] = "not compared: aapt did not package the resources"
    return problems


# Resources known to be wrong, one per rule: (what, the check that must refuse it, files).
MANIFEST = ('<manifest xmlns:android="http://schemas.android.com/apk/res/android">'
            '<application android:label="@string/name"/></manifest>')
STRINGS = '<resources><string name="name">Yunnori</string>{}</resources>'
BAD_CASES = [
    ("a bare apostrophe", "compile", {"values/strings.xml": STRINGS.format("<string name=\"s\">the room's code</string>")}),
    ("two arguments without positions", "compile",
     {"values/strings.xml": STRINGS.format('<string name="s">%s threw %d</string>')}),
    ("a resource name that is no Java name", "compile", {"values/strings.xml": STRINGS.format('<string name="1st">x</string>')}),
    ("a file name with capitals", "aapt", {"values/strings.xml": STRINGS.format(""), "xml/Backup_Rules.xml": "<full-backup-content/>"}),
    ("a reference to a string that is not there", "link",
     {"values/strings.xml": STRINGS.format('<string name="s">@string/missing</string>')}),
    ("an attribute the framework lacks", "link",
     {"values/strings.xml": STRINGS.format(""),
      "values/themes.xml": '<resources><style name="T"><item name="android:windowNoSuchThing">true</item></style></resources>'}),
    ("double quotes the phone drops", "text",
     {"values/strings.xml": STRINGS.format('<string name="s">Press "Throw"</string>')}),
    ("spaces the phone collapses", "text", {"values/strings.xml": STRINGS.format('<string name="s">a\n    b</string>')}),
]


def main():
    repo, env, work = Path(sys.argv[1]), read_env(sys.argv[2]), Path(sys.argv[3])
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    compilers = Compilers(env, work)
    app = App(repo)
    checks = Checks()
    found = check_all(compilers, app, app.res, app.manifest, work / "app")
    checks.run("aapt2 compiles every file of app/src/main/res (escaping, format arguments, names)", lambda: found["compile"])
    checks.run("aapt2 links the resources and the manifest against the framework's (API "
               f"{env.get('ANDROID_FRAMEWORK_API', '?')})", lambda: found["link"])
    checks.run("aapt packages them too (file names, references)", lambda: found["aapt"])
    checks.run("every string shows on the phone as the screen tests read it", lambda: found["text"])

    def refuses_known_bad():
        missed = []
        with tempfile.TemporaryDirectory(dir=work) as tmp:
            for i, (what, by, files) in enumerate(BAD_CASES):
                case = Path(tmp) / f"case{i}"
                for rel, text in files.items():
                    (case / "res" / rel).parent.mkdir(parents=True, exist_ok=True)
                    (case / "res" / rel).write_text(text, encoding="utf-8")
                (case / "AndroidManifest.xml").write_text(MANIFEST, encoding="utf-8")
                problems = check_all(compilers, app, case / "res", case / "AndroidManifest.xml", case / "out")
                if problems[by] is None:
                    missed.append(f"{what}: the {by} check let it through")
        return "\n".join(missed) or None

    checks.run(f"the checks refuse {len(BAD_CASES)} known-bad resources, one per rule", refuses_known_bad)
    sys.exit(checks.close())


if __name__ == "__main__":
    main()
