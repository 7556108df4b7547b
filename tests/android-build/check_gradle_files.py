"""Static checks of the Android build's files, for a machine without Gradle or the Android SDK.

Run by scripts/check-android-build.sh, which passes what it fetched or installed:

    check_gradle_files.py REPO_DIR COROUTINES_JAR MODULE_DIR

COROUTINES_JAR is the kotlinx-coroutines-core jar the JVM checks compile with
(scripts/install-kotlin.sh). MODULE_DIR holds the Gradle module metadata (.module) of the
Compose Multiplatform libraries of tests/android-app/pom.xml, and of the Android artifacts
their Android variants point to: those name the androidx versions they are; and the pom of
the catalog's Compose BOM (androidx.compose:compose-bom, on Maven Central), which names the
versions the BOM manages.
Prints one line per check ("ok" or "FAIL" with why) and exits 1 if any failed.
"""

import hashlib
import json
import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from checks import Checks

# Gradle's published SHA-256 of the gradle-wrapper.jar of Gradle 9.4.1 and of
# gradle-9.4.1-bin.zip (android/README.md says where they were checked).
GRADLE_VERSION = "9.4.1"
WRAPPER_JAR_SHA256 = "55243ef57851f12b070ad14f7f5bb8302daceeebc5bce5ece5fa6edb23e1145c"
DISTRIBUTION_SHA256 = "2ab2958f2a1e51120c326cad6f385153bb11ee93b3c216c5fccebfdfbb7ec6cb"
ANDROID_TARGETS = ("aarch64-linux-android", "armv7-linux-androideabi", "x86_64-linux-android")
PAGE_FLAG = "link-arg=-Wl,-z,max-page-size=16384"
API_LEVEL = "36"
JNA_MINIMUM = (5, 18, 1)


def version_tuple(v):
    return tuple(int(p) for p in re.findall(r"\d+", v)[:3])


def minor(v):
    return ".".join(v.split(".")[:2])


def is_android_variant(variant):
    """A variant Gradle picks for an Android build: the release build type's (release*: Compose
    up to 1.10, Material 3, lifecycle, navigation) or the Android JVM environment's (android*:
    Compose 1.11 on); not debug's, not the sources."""
    attributes = variant.get("attributes", {})
    name = variant["name"]
    if name.startswith("debug") or "Sources" in name:
        return False
    return (name.startswith(("release", "android"))
            or attributes.get("org.gradle.jvm.environment") == "android"
            or attributes.get("org.jetbrains.kotlin.platform.type") == "androidJvm")


def pom_properties(pom, ns):
    """The pom's <properties>, to put in for ${name} in its versions."""
    props = pom.find("m:properties", ns)
    return {} if props is None else {p.tag.split("}")[1]: p.text for p in props}


def interpolate(text, props):
    return re.sub(r"\$\{([^}]+)\}", lambda m: props.get(m.group(1), m.group(0)), text)


def accessor(alias):
    """The Kotlin DSL accessor of a catalog alias: libs.<alias with -, _ and . as dots>."""
    return re.sub(r"[-_.]", ".", alias)


def main():
    repo, coroutines_jar, module_dir = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    android = repo / "android"
    catalog_path = android / "gradle" / "libs.versions.toml"
    kts_files = sorted(p for p in android.rglob("*.gradle.kts") if "build" not in p.relative_to(android).parts[:-1])
    checks = Checks()
    catalog = {}
    versions = {}

    def parse_catalog():
        catalog.update(tomllib.loads(catalog_path.read_text(encoding="utf-8")))
        versions.update(catalog.get("versions", {}))
        missing = []
        for table in ("libraries", "plugins"):
            for alias, entry in catalog.get(table, {}).items():
                ref = entry.get("version", {}).get("ref") if isinstance(entry.get("version"), dict) else entry.get("version.ref")
                if ref is not None and ref not in versions:
                    missing.append(f"{table}.{alias} names version {ref!r}, which [versions] lacks")
        return "\n".join(missing) or None

    checks.run("libs.versions.toml parses, and every version.ref names a version", parse_catalog)

    def accessors_resolve():
        known = {"versions." + accessor(a) for a in versions}
        known |= {accessor(a) for a in catalog.get("libraries", {})}
        known |= {"plugins." + accessor(a) for a in catalog.get("plugins", {})}
        wrong = []
        for kts in kts_files:
            code = re.sub(r"//.*", "", kts.read_text(encoding="utf-8"))  # not the comments
            for m in re.finditer(r"(?<![/\w])libs\.((?:[a-zA-Z0-9]+\.)*[a-zA-Z0-9]+)", code):
                used = re.sub(r"\.get$", "", m.group(1))
                if used not in known:
                    wrong.append(f"{kts.relative_to(repo)}: libs.{m.group(1)} is not in the catalog")
        return "\n".join(sorted(set(wrong))) or None

    checks.run("every libs.* accessor in the build scripts is in the catalog", accessors_resolve)

    def kotlin_matches_kotlinc():
        script = (repo / "scripts" / "install-kotlin.sh").read_text(encoding="utf-8")
        m = re.search(r'KOTLIN_COMPILER_VERSION="\$\{KOTLIN_COMPILER_VERSION:-([^}]+)\}"', script)
        if not m:
            return "scripts/install-kotlin.sh names no default KOTLIN_COMPILER_VERSION"
        if versions.get("kotlin") != m.group(1):
            return f"catalog kotlin {versions.get('kotlin')} != kotlinc {m.group(1)} of scripts/install-kotlin.sh"
        return None

    checks.run("Kotlin: the catalog's version is the kotlinc the checks here compile with", kotlin_matches_kotlinc)

    pom = ET.parse(repo / "tests" / "android-app" / "pom.xml").getroot()
    ns = {"m": "http://maven.apache.org/POM/4.0.0"}
    props = pom_properties(pom, ns)
    desktop = {}
    for dep in pom.find("m:dependencies", ns):
        artifact = dep.find("m:artifactId", ns).text
        desktop[(dep.find("m:groupId", ns).text, artifact)] = interpolate(dep.find("m:version", ns).text, props)

    def coroutines_match():
        with zipfile.ZipFile(coroutines_jar) as jar:
            used = jar.read("META-INF/kotlinx_coroutines_core.version").decode().strip()
        wrong = []
        if versions.get("coroutines") != used:
            wrong.append(f"catalog coroutines {versions.get('coroutines')} != {used}, the one the JVM checks "
                         f"compile with ({coroutines_jar.name}, scripts/install-kotlin.sh)")
        swing = desktop.get(("org.jetbrains.kotlinx", "kotlinx-coroutines-swing"))
        if versions.get("coroutines") != swing:
            wrong.append(f"catalog coroutines {versions.get('coroutines')} != kotlinx-coroutines-swing {swing} "
                         "of tests/android-app/pom.xml")
        return "\n".join(wrong) or None

    checks.run("kotlinx-coroutines: the catalog's version is the one the JVM checks and the desktop Compose use",
               coroutines_match)

    def android_of(group, desktop_artifact, androidx_module):
        """The androidx version the Android variant of a desktop artifact's library is: named
        by the library's own Gradle module metadata, or by that of the Android artifact its
        Android variant is available at (Compose Multiplatform 1.12 on)."""
        base = desktop_artifact.removesuffix("-desktop")
        version = desktop[(group, desktop_artifact)]
        todo, seen = [f"{base}-{version}.module"], set()
        while todo:
            name = todo.pop()
            if name in seen:
                continue
            seen.add(name)
            meta = json.loads((module_dir / name).read_text(encoding="utf-8"))
            for variant in filter(is_android_variant, meta["variants"]):
                for d in variant.get("dependencies", []):
                    if f"{d['group']}:{d['module']}" == androidx_module:
                        return d["version"]["requires"]
                at = variant.get("available-at")
                if at:
                    todo.append(f"{at['module']}-{at['version']}.module")
        raise LookupError(f"{base}-{version}.module has no Android variant depending on {androidx_module} "
                          f"(read: {', '.join(sorted(seen))})")

    def matches_desktop(same, entries):
        """A check that each catalog KEY is SAME as the androidx side of its desktop artifact."""
        def check():
            wrong = []
            for key, group, artifact, module in entries:
                want = android_of(group, artifact, module)
                if not same(versions.get(key, ""), want):
                    wrong.append(f"catalog {key} {versions.get(key)} does not match {module} {want}, "
                                 f"the Android side of desktop {artifact} {desktop[(group, artifact)]}")
            return "\n".join(wrong) or None
        return check

    checks.run("Compose: the catalog's ui and material3 are the Compose for the desktop the screens are tested with",
               matches_desktop(lambda a, b: a == b, (
                   ("compose-ui", "org.jetbrains.compose.ui", "ui-desktop", "androidx.compose.ui:ui"),
                   ("compose-material3", "org.jetbrains.compose.material3", "material3-desktop",
                    "androidx.compose.material3:material3"),
               )))
    def bom_manages_pins():
        bom_path = module_dir / f"compose-bom-{versions.get('compose-bom')}.pom"
        bom = ET.parse(bom_path).getroot()
        managed = {
            f"{d.find('m:groupId', ns).text}:{d.find('m:artifactId', ns).text}": d.find("m:version", ns).text
            for d in bom.find("m:dependencyManagement", ns).find("m:dependencies", ns)
        }
        wrong = []
        for key, module in (("compose-ui", "androidx.compose.ui:ui"), ("compose-material3", "androidx.compose.material3:material3")):
            if managed.get(module) != versions.get(key):
                wrong.append(f"BOM {versions.get('compose-bom')} gives {module} {managed.get(module)}, the catalog pins {key} {versions.get(key)}")
        # Every library the build takes without a version of its own must be one the BOM manages.
        for alias, entry in catalog.get("libraries", {}).items():
            module = entry.get("module", "")
            if module.startswith("androidx.compose.") and "version" not in entry and module not in managed:
                wrong.append(f"libraries.{alias} ({module}) has no version and BOM {versions.get('compose-bom')} does not manage it")
        return "\n".join(wrong) or None

    checks.run("Compose BOM: its pom gives the catalog's ui and material3, and manages every versionless Compose library "
               "(material-icons-core too)", bom_manages_pins)
    checks.run("lifecycle and navigation: the catalog's are on the desktop ones' minor lines",
               matches_desktop(lambda a, b: minor(a) == minor(b), (
                   ("lifecycle", "org.jetbrains.androidx.lifecycle", "lifecycle-runtime-compose-desktop",
                    "androidx.lifecycle:lifecycle-runtime-compose"),
                   ("navigation-compose", "org.jetbrains.androidx.navigation", "navigation-compose-desktop",
                    "androidx.navigation:navigation-compose"),
               )))

    def sdk_and_jna():
        wrong = []
        for key in ("android-compileSdk", "android-targetSdk"):
            if versions.get(key) != API_LEVEL:
                wrong.append(f"{key} is {versions.get(key)}, not {API_LEVEL}")
        if version_tuple(versions.get("jna", "0")) < JNA_MINIMUM:
            wrong.append(f"jna {versions.get('jna')} predates 5.18.1 (16 KB pages)")
        app = (android / "app" / "build.gradle.kts").read_text(encoding="utf-8")
        if 'variantOf(libs.jna) { artifactType("aar") }' not in app:
            wrong.append("the app does not take JNA's Android aar")
        for needle in ("libs.versions.android.compileSdk", "libs.versions.android.targetSdk", "libs.versions.android.ndk", "isMinifyEnabled = true"):
            if needle not in app:
                wrong.append(f"app/build.gradle.kts lacks {needle}")
        # R8 must keep what JNA and native code reach by name: JNA itself, the bindings (direct
        # mapped natives, Structure fields in @FieldOrder order, callbacks) and the annotations.
        rules = (android / "app" / "proguard-rules.pro").read_text(encoding="utf-8")
        for rule in ("-keep class com.sun.jna.** { *; }", "-keep class app.yunnori.core.** { *; }",
                     "-keepclassmembers class * extends com.sun.jna.** { *; }", "RuntimeVisibleAnnotations"):
            if rule not in rules:
                wrong.append(f"proguard-rules.pro lacks {rule}")
        return "\n".join(wrong) or None

    checks.run("API 36, JNA >= 5.18.1 as its aar, the pinned NDK, R8 in the app's build keeping JNA and the bindings", sdk_and_jna)

    def viewmodel_tests_get_a_server():
        rust = (android / "rust" / "build.gradle.kts").read_text(encoding="utf-8")
        viewmodel = (android / "viewmodel" / "build.gradle.kts").read_text(encoding="utf-8")
        wrong = []
        if not re.search(r'commandLine\(cargo, "build", "-p", "yut-server"', rust):
            wrong.append("rust/build.gradle.kts has no task building yut-server with cargo")
        if 'add("serverBinary", serverBin) { builtBy(cargoBuildServer) }' not in rust:
            wrong.append("rust/build.gradle.kts does not hand the built yut-server to other modules")
        if '"yutServer"(project(path = ":rust", configuration = "serverBinary"))' not in viewmodel:
            wrong.append("viewmodel/build.gradle.kts does not take :rust's yut-server")
        if not re.search(r'environment\("YUT_SERVER_BIN", server\.singleFile\.path\)', viewmodel):
            wrong.append("viewmodel's test task does not set YUT_SERVER_BIN (the online tests' YutServer fails without it)")
        return "\n".join(wrong) or None

    checks.run(":viewmodel:test gets the yut-server cargo builds in the same Gradle run (YUT_SERVER_BIN)",
               viewmodel_tests_get_a_server)

    def workflow_matches_catalog():
        wf = (repo / ".github" / "workflows" / "android.yml").read_text(encoding="utf-8")
        wrong = []
        for var, key in (("NDK_VERSION", "android-ndk"), ("COMPILE_SDK", "android-compileSdk")):
            m = re.search(rf'^\s+{var}: "([^"]+)"', wf, re.M)
            if not m or m.group(1) != versions.get(key):
                wrong.append(f"android.yml {var} {m.group(1) if m else 'missing'} != catalog {key} {versions.get(key)}")
        for target in ANDROID_TARGETS:
            if target not in wf:
                wrong.append(f"android.yml does not install the Rust target {target}")
        if "google_apis_ps16k" not in wf:
            wrong.append("android.yml's emulator is not a 16 KB page image")
        # The emulator installs and plays the R8-minified release APK, signed with a key made for the run.
        for needle, why in (("keytool -genkeypair", "makes no throwaway release key"),
                            (":app:assembleRelease", "builds no release APK"),
                            ("test -s app/build/outputs/mapping/release/mapping.txt", "does not check that R8 ran"),
                            ("bash ../scripts/android-release-smoke.sh app/build/outputs/apk/release/app-release.apk",
                             "runs no release smoke test on the emulator")):
            if needle not in wf:
                wrong.append(f"android.yml {why}")
        return "\n".join(wrong) or None

    checks.run("the CI lane installs the catalog's NDK and SDK, the three Rust targets, a 16 KB emulator, and plays "
               "the minified release APK there", workflow_matches_catalog)

    def wrapper():
        wrong = []
        jar = android / "gradle" / "wrapper" / "gradle-wrapper.jar"
        digest = hashlib.sha256(jar.read_bytes()).hexdigest()
        if digest != WRAPPER_JAR_SHA256:
            wrong.append(f"gradle-wrapper.jar SHA-256 {digest} is not Gradle {GRADLE_VERSION}'s {WRAPPER_JAR_SHA256}")
        if WRAPPER_JAR_SHA256 not in (android / "README.md").read_text(encoding="utf-8"):
            wrong.append("android/README.md does not state the wrapper jar's SHA-256")
        props = dict(
            line.split("=", 1) for line in
            (android / "gradle" / "wrapper" / "gradle-wrapper.properties").read_text(encoding="utf-8").splitlines()
            if "=" in line and not line.startswith("#")
        )
        if not props.get("distributionUrl", "").endswith(f"/gradle-{GRADLE_VERSION}-bin.zip"):
            wrong.append(f"distributionUrl {props.get('distributionUrl')} is not Gradle {GRADLE_VERSION}")
        if props.get("distributionSha256Sum") != DISTRIBUTION_SHA256:
            wrong.append(f"distributionSha256Sum {props.get('distributionSha256Sum')} != {DISTRIBUTION_SHA256}")
        modes = subprocess.run(
            ["git", "-C", str(repo), "ls-files", "-s", "android/gradlew", "android/gradlew.bat"],
            check=True, capture_output=True, text=True,
        ).stdout.split("\n")
        staged = {line.split("\t")[1]: line.split()[0] for line in modes if "\t" in line}
        if staged.get("android/gradlew") != "100755":
            wrong.append("android/gradlew is not committed as executable")
        if "android/gradlew.bat" not in staged:
            wrong.append("android/gradlew.bat is not committed")
        return "\n".join(wrong) or None

    checks.run(f"Gradle wrapper: {GRADLE_VERSION}, the published jar and distribution checksums, gradlew executable", wrapper)

    def page_size_flag():
        config = tomllib.loads((repo / ".cargo" / "config.toml").read_text(encoding="utf-8"))
        wrong = []
        for target in ANDROID_TARGETS:
            flags = " ".join(config.get("target", {}).get(target, {}).get("rustflags", []))
            if PAGE_FLAG not in flags.replace("-C ", "").replace("-C", ""):
                wrong.append(f".cargo/config.toml: {target} is not linked with {PAGE_FLAG}")
        if "rustflags" in config.get("build", {}):
            wrong.append(".cargo/config.toml: [build] rustflags would change the computer's own build too")
        return "\n".join(wrong) or None

    checks.run("16 KB pages: the three Android targets link with max-page-size=16384, the host build untouched", page_size_flag)

    sys.exit(checks.close())


if __name__ == "__main__":
    main()
