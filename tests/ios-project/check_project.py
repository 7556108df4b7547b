#!/usr/bin/env python3
"""Checks on Linux the parts of the iPhone app's Xcode definition that Xcode itself would
reject or that would ship wrong, without Xcode:

  - ios/project.yml (XcodeGen) parses as YAML, names files and folders that exist, defines
    every target and package it depends on, and pins what the project promises (iOS 17,
    Swift 6 with complete checking and a stated default actor isolation, iPhone and iPad,
    the bundle id, signing from an xcconfig whose team file is not committed);
  - every test bundle gets the modules its sources import from what it depends on: the
    app for `@testable import`, a package for its modules; a bundle hosted in the app
    depends on the app's own package without linking it (`link: false`), so that its code
    is not linked twice;
  - ios/Yunnori/Info.plist and PrivacyInfo.xcprivacy parse as property lists; the
    Info.plist has its display name, launch screen, orientations for iPhone and iPad, the
    local-network usage description (a family's own room server), and the export-compliance
    answer that fits the library: non-exempt encryption when it bundles TLS (rustls); the
    privacy manifest tracks nothing, declares what the online rooms send the server (the
    players' names, the room's game) for app functionality only, and gives one of Apple's
    documented reasons for each required-reason API category, including file timestamps,
    which the core's save library reads;
  - the saves made as the app leaves the screen run inside a background task (UIKit's
    beginBackgroundTask, ended when done and on expiry);
  - every Contents.json of the asset catalog parses and references files that exist (and
    every file is referenced); the root one is Xcode's exact bytes; the app icon is one
    1024 x 1024 opaque PNG; every colour set has a dark variant; the names the project
    and the Info.plist use exist;
  - en.lproj and ko.lproj InfoPlist.strings parse, have the same keys, localise every
    usage description of the Info.plist, and the Korean home screen says 윷놀이;
  - the macOS lane records the snapshot references only when asked (and keeps them as an
    artifact) and otherwise compares every image, a missing reference failing;
  - room links open the app: associated domains (`applinks:HOST`, HOST from the signing
    xcconfig) in the app's entitlements, and ContentView taking a Universal Link
    (a web-browsing activity) and an opened URL through the core's code reader;
  - the licences list is what scripts/gen-ios-licences.py writes now.

    check_project.py [REPO]
    check_project.py --self-test    breaks copies of the files and expects each check to fail

Prints each check and a closing `N passed, N failed`; exit status 0 only when all passed.
"""

import json
import os
import plistlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

try:
    import yaml
except ImportError:  # A tool missing is a failure, never a skip.
    sys.exit("check_project: PyYAML is missing (Debian python3-yaml, or pip install PyYAML)")

ROOT_CONTENTS = b'{\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n}\n'

# Apple's reason codes per required-reason API category ("Describing use of required
# reason API", developer.apple.com).
REASONS = {
    "NSPrivacyAccessedAPICategoryFileTimestamp": {"DDA9.1", "C617.1", "3B52.1", "0A2A.1"},
    "NSPrivacyAccessedAPICategorySystemBootTime": {"35F9.1", "8FFB.1", "3D61.1"},
    "NSPrivacyAccessedAPICategoryDiskSpace": {"85F4.1", "E174.1", "7D9E.1", "B728.1"},
    "NSPrivacyAccessedAPICategoryActiveKeyboards": {"3EC4.1", "54BD.1"},
    "NSPrivacyAccessedAPICategoryUserDefaults": {"CA92.1", "1C8F.1", "C56D.1", "AC6B.1"},
}

# Apple's collected-data types and purposes ("Describing data use in privacy manifests").
DATA_TYPES = {
    "Name", "EmailAddress", "PhoneNumber", "PhysicalAddress", "OtherUserContactInfo",
    "Health", "Fitness", "PaymentInfo", "CreditInfo", "OtherFinancialInfo", "PreciseLocation",
    "CoarseLocation", "SensitiveInfo", "Contacts", "EmailsOrTextMessages", "PhotosorVideos",
    "AudioData", "GameplayContent", "CustomerSupport", "OtherUserContent", "BrowsingHistory",
    "SearchHistory", "UserID", "DeviceID", "PurchaseHistory", "ProductInteraction",
    "AdvertisingData", "OtherUsageData", "CrashData", "PerformanceData", "OtherDiagnosticData",
    "EnvironmentScanning", "Hands", "Head", "OtherDataTypes",
}
PURPOSES = {"ThirdPartyAdvertising", "DeveloperAdvertising", "Analytics", "ProductPersonalization",
            "AppFunctionality", "Other"}
# What the online rooms send the room server: the players' names and the room's game.
ONLINE_DATA = {"NSPrivacyCollectedDataTypeName", "NSPrivacyCollectedDataTypeGameplayContent"}
# Crates that put TLS (standard encryption, not Apple's) into the app's library.
TLS_CRATES = {"rustls", "ring", "aws-lc-rs", "openssl", "boringssl", "native-tls"}


class Problems(list):
    def need(self, condition, message):
        if not condition:
            self.append(message)
        return condition


# --- .strings ---------------------------------------------------------------------------

STRINGS_TOKEN = re.compile(
    r'\s+|/\*.*?\*/|//[^\n]*|"((?:[^"\\]|\\.)*)"|=|;', re.DOTALL)


def parse_strings(text):
    """Parses the old-style `"key" = "value";` strings format; raises ValueError."""
    tokens, pos = [], 0
    while pos < len(text):
        m = STRINGS_TOKEN.match(text, pos)
        if not m:
            raise ValueError(f"unexpected {text[pos:pos + 20]!r} at offset {pos}")
        pos = m.end()
        piece = m.group(0)
        if m.group(1) is not None:
            tokens.append(("str", bytes(m.group(1), "utf-8").decode("unicode_escape")
                           if "\\u" in m.group(1) else
                           m.group(1).replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")))
        elif piece in ("=", ";"):
            tokens.append((piece, piece))
    entries = {}
    for i in range(0, len(tokens), 4):
        group = tokens[i:i + 4]
        kinds = [k for k, _ in group]
        if kinds != ["str", "=", "str", ";"]:
            raise ValueError(f"entry {len(entries) + 1} is not \"key\" = \"value\";")
        key, value = group[0][1], group[2][1]
        if key in entries:
            raise ValueError(f"key {key!r} twice")
        entries[key] = value
    return entries


# --- PNG --------------------------------------------------------------------------------

def png_facts(path):
    """(width, height, opaque) of a PNG; raises ValueError if it is not one."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, chunks = 8, []
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunks.append((kind, data[pos + 8:pos + 8 + length]))
        pos += 12 + length
    if not chunks or chunks[0][0] != b"IHDR":
        raise ValueError("no IHDR chunk")
    width, height, depth, colour_type = struct.unpack(">IIBB", chunks[0][1][:10])
    kinds = {k for k, _ in chunks}
    if b"tRNS" in kinds:
        return width, height, False
    if colour_type in (0, 2, 3):  # grey, RGB, palette without tRNS: no transparency
        return width, height, True
    if colour_type not in (4, 6) or depth != 8:
        raise ValueError(f"unsupported PNG colour type {colour_type} / depth {depth}")
    # Grey+alpha or RGBA: opaque only if every alpha byte is 255.
    raw = zlib.decompress(b"".join(d for k, d in chunks if k == b"IDAT"))
    channels = 2 if colour_type == 4 else 4
    stride = width * channels
    previous = bytearray(stride)
    for row in range(height):
        start = row * (stride + 1)
        filter_type, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if filter_type == 1:
                line[i] = (line[i] + a) & 255
            elif filter_type == 2:
                line[i] = (line[i] + b) & 255
            elif filter_type == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif filter_type == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if any(line[i] != 255 for i in range(channels - 1, stride, channels)):
            return width, height, False
        previous = line
    return width, height, True


# --- the checks -------------------------------------------------------------------------

def load_project(ios):
    with open(os.path.join(ios, "project.yml"), encoding="utf-8") as f:
        return yaml.safe_load(f)


def target_settings(project, target):
    """A target's settings with its setting groups folded in (base level only)."""
    merged = {}
    settings = target.get("settings") or {}
    for group in settings.get("groups", []):
        merged.update((project.get("settingGroups") or {}).get(group) or {})
    merged.update(settings.get("base") or {})
    return merged


def check_project_yml(ios, p):
    try:
        project = load_project(ios)
    except (OSError, yaml.YAMLError) as e:
        p.append(f"project.yml does not parse: {e}")
        return None
    if not p.need(isinstance(project, dict) and isinstance(project.get("targets"), dict),
                  "project.yml has no targets"):
        return None
    targets, packages = project["targets"], project.get("packages") or {}
    for name, package in packages.items():
        if "path" in package:
            p.need(os.path.isfile(os.path.join(ios, package["path"], "Package.swift")),
                   f"package {name}: no Package.swift under {package['path']}")
        else:
            p.need(str(package.get("url", "")).startswith("https://") and
                   any(k in package for k in ("from", "exactVersion", "majorVersion",
                                              "minorVersion", "version", "revision")),
                   f"package {name}: a remote package needs an https url and a version")
    for name, target in targets.items():
        for source in target.get("sources") or []:
            path = source if isinstance(source, str) else source.get("path", "")
            p.need(os.path.exists(os.path.join(ios, path)), f"{name}: source {path} missing")
            if os.path.isdir(os.path.join(ios, path)) and target.get("type", "").startswith("bundle"):
                swift = [f for _, _, fs in os.walk(os.path.join(ios, path)) for f in fs
                         if f.endswith(".swift")]
                p.need(swift, f"{name}: no Swift file under {path}")
        for config, path in (target.get("configFiles") or {}).items():
            p.need(os.path.isfile(os.path.join(ios, path)), f"{name}: {config} xcconfig {path} missing")
        for dependency in target.get("dependencies") or []:
            if "target" in dependency:
                p.need(dependency["target"] in targets, f"{name}: unknown target {dependency['target']}")
            if "package" in dependency:
                p.need(dependency["package"] in packages, f"{name}: unknown package {dependency['package']}")
        for test in ((target.get("scheme") or {}).get("testTargets") or []):
            test_name = test if isinstance(test, str) else test.get("name")
            p.need(test_name in targets, f"{name}: scheme tests unknown target {test_name}")
        settings = target_settings(project, target)
        p.need(settings.get("SWIFT_VERSION") == "6.0", f"{name}: SWIFT_VERSION is not 6.0")
        p.need(settings.get("SWIFT_STRICT_CONCURRENCY") == "complete",
               f"{name}: SWIFT_STRICT_CONCURRENCY is not complete")
        p.need(settings.get("SWIFT_DEFAULT_ACTOR_ISOLATION") in ("nonisolated", "MainActor"),
               f"{name}: the default actor isolation is not stated")
        p.need(str(target.get("deploymentTarget")) == "17.0", f"{name}: deployment target is not 17.0")
        p.need(settings.get("TARGETED_DEVICE_FAMILY") == "1,2", f"{name}: not for iPhone and iPad")
    check_test_bundle_modules(ios, targets, packages, p)
    app = targets.get("Yunnori")
    if not p.need(app and app.get("type") == "application" and app.get("platform") == "iOS",
                  "no iOS application target Yunnori"):
        return project
    settings = target_settings(project, app)
    p.need(re.fullmatch(r"[A-Za-z0-9.-]+\.[A-Za-z0-9-]+", settings.get("PRODUCT_BUNDLE_IDENTIFIER", "")),
           "the app has no bundle id")
    p.need(settings.get("INFOPLIST_FILE") == "Yunnori/Info.plist", "the app does not use Yunnori/Info.plist")
    p.need(any((d.get("package") == "YunnoriKit") for d in app.get("dependencies") or []),
           "the app does not depend on YunnoriKit")
    p.need("DEVELOPMENT_TEAM" not in settings, "a development team is committed in project.yml")
    for path in set((app.get("configFiles") or {}).values()):
        with open(os.path.join(ios, path), encoding="utf-8") as f:
            text = f.read()
        p.need(not re.search(r"^\s*DEVELOPMENT_TEAM\s*=", text, re.MULTILINE),
               f"{path} commits a development team")
        for include in re.findall(r'^#include\??\s+"([^"]+)"', text, re.MULTILINE):
            p.need(os.path.isfile(os.path.join(ios, os.path.dirname(path), include + ".example")),
                   f"{path}: {include} has no .example beside it")
            ignored = subprocess.run(
                ["git", "check-ignore", "-q", os.path.join(ios, os.path.dirname(path), include)],
                cwd=ios, check=False).returncode == 0
            p.need(ignored, f"{include} is not gitignored")
    return project


def package_modules(ios, name, package):
    """The module and product names a package offers: a local one's from its Package.swift."""
    if "path" in package:
        try:
            with open(os.path.join(ios, package["path"], "Package.swift"), encoding="utf-8") as f:
                return set(re.findall(r'name:\s*"(\w+)"', f.read()))
        except OSError:
            return set()
    return {name}


def check_test_bundle_modules(ios, targets, packages, p):
    """A test bundle imports only what its dependencies hand it, and links nothing twice."""
    apps = {name for name, t in targets.items() if t.get("type") == "application"}
    modules = {name: package_modules(ios, name, package) for name, package in packages.items()}
    for name, target in targets.items():
        if not str(target.get("type", "")).startswith("bundle"):
            continue
        imported = set()
        for source in target.get("sources") or []:
            root = os.path.join(ios, source if isinstance(source, str) else source.get("path", ""))
            for folder, _, files in os.walk(root):
                for file in (f for f in files if f.endswith(".swift")):
                    with open(os.path.join(folder, file), encoding="utf-8") as f:
                        imported |= set(re.findall(r"^\s*(?:@testable\s+)?import\s+(\w+)", f.read(), re.MULTILINE))
        dependencies = target.get("dependencies") or []
        hosts = {d["target"] for d in dependencies if d.get("target") in apps}
        for module in sorted(imported):
            if module in apps:
                p.need(module in hosts, f"{name}: imports the app {module} without depending on it")
                continue
            owners = [package for package, names in modules.items() if module in names]
            for package in owners:
                found = [d for d in dependencies if d.get("package") == package]
                if not p.need(found, f"{name}: imports {module} of package {package} without depending on it"):
                    continue
                # The host app links its own packages; a hosted bundle must not link them again.
                app_links = any(d.get("package") == package and d.get("link", True)
                                for host in hosts for d in targets[host].get("dependencies") or [])
                if app_links:
                    p.need(all(d.get("link") is False for d in found),
                           f"{name}: links package {package} again (the app links it): use link: false")


def load_plist(ios, name, p):
    """The property list ios/Yunnori/NAME, or None (and a problem) if it does not parse."""
    try:
        with open(os.path.join(ios, "Yunnori", name), "rb") as f:
            return plistlib.load(f)
    except (OSError, plistlib.InvalidFileException, ValueError) as e:
        p.append(f"{name} does not parse: {e}")
        return None


def bundles_tls(ios):
    """Whether the app's Rust library links a TLS implementation (its licences list)."""
    with open(os.path.join(ios, "Yunnori", "Resources", "Licences.json"), encoding="utf-8") as f:
        return any(package.get("name") in TLS_CRATES for package in json.load(f).get("packages", []))


def plays_online(ios):
    """Whether the app's screens use the online rooms (the room server): they draw the core's
    `OnlineState`."""
    for folder, _, files in os.walk(os.path.join(ios, "Yunnori")):
        for file in (f for f in files if f.endswith(".swift")):
            with open(os.path.join(folder, file), encoding="utf-8") as f:
                if "OnlineState" in f.read():
                    return True
    return False


def check_info_plist(ios, catalog_names, p):
    info = load_plist(ios, "Info.plist", p)
    if info is None:
        return None
    p.need(info.get("CFBundleDisplayName"), "Info.plist: no CFBundleDisplayName")
    # Apple: NO only when the app and the libraries it links use no encryption or only
    # exempt forms (such as HTTPS through URLSession); TLS bundled in the app is not Apple's.
    tls = bundles_tls(ios)
    p.need(info.get("ITSAppUsesNonExemptEncryption") is tls,
           f"Info.plist: ITSAppUsesNonExemptEncryption is not {'true' if tls else 'false'} "
           f"(the app's library {'bundles' if tls else 'has no'} TLS)")
    if plays_online(ios):
        # iOS refuses a local-network connection (a family's ws://192.168.x.x) without it.
        p.need(str(info.get("NSLocalNetworkUsageDescription", "")).strip(),
               "Info.plist: no NSLocalNetworkUsageDescription (a room server on the home network)")
    launch = info.get("UILaunchScreen")
    if p.need(isinstance(launch, dict), "Info.plist: no UILaunchScreen"):
        colour = launch.get("UIColorName")
        p.need(colour is None or colour in catalog_names, f"Info.plist: launch colour {colour} not in the catalog")
    iphone = set(info.get("UISupportedInterfaceOrientations") or [])
    ipad = set(info.get("UISupportedInterfaceOrientations~ipad") or [])
    p.need("UIInterfaceOrientationPortrait" in iphone and
           {"UIInterfaceOrientationLandscapeLeft", "UIInterfaceOrientationLandscapeRight"} <= iphone,
           "Info.plist: iPhone orientations are not portrait and both landscapes")
    p.need(len(ipad) == 4, "Info.plist: iPad does not allow all four orientations (multitasking)")
    p.need(set(info.get("CFBundleLocalizations") or []) >= {"en", "ko"}, "Info.plist: en and ko not declared")
    schemes = {scheme for t in info.get("CFBundleURLTypes") or [] for scheme in t.get("CFBundleURLSchemes") or []}
    p.need("yunnori" in schemes, "Info.plist: no yunnori URL type (room links open the join screen)")
    return info


def check_privacy(repo, ios, p):
    manifest = load_plist(ios, "PrivacyInfo.xcprivacy", p)
    if manifest is None:
        return
    p.need(manifest.get("NSPrivacyTracking") is False, "privacy: NSPrivacyTracking is not false")
    p.need(manifest.get("NSPrivacyTrackingDomains", []) == [], "privacy: tracking domains listed")
    collected = {}
    for entry in manifest.get("NSPrivacyCollectedDataTypes") or []:
        kind = str(entry.get("NSPrivacyCollectedDataType", ""))
        p.need(kind.removeprefix("NSPrivacyCollectedDataType") in DATA_TYPES and kind.startswith("NSPrivacy"),
               f"privacy: {kind!r} is not one of Apple's collected-data types")
        p.need(isinstance(entry.get("NSPrivacyCollectedDataTypeLinked"), bool), f"privacy: {kind}: no Linked")
        p.need(entry.get("NSPrivacyCollectedDataTypeTracking") is False, f"privacy: {kind}: used for tracking")
        purposes = entry.get("NSPrivacyCollectedDataTypePurposes") or []
        p.need(purposes and all(str(x).removeprefix("NSPrivacyCollectedDataTypePurpose") in PURPOSES
                                for x in purposes), f"privacy: {kind}: purposes {purposes} are not Apple's")
        collected[kind] = purposes
    if plays_online(ios):
        for kind in sorted(ONLINE_DATA):
            p.need("NSPrivacyCollectedDataTypePurposeAppFunctionality" in collected.get(kind, []),
                   f"privacy: online rooms send the server {kind.removeprefix('NSPrivacyCollectedDataType')}; "
                   "not declared for app functionality")
    declared = {}
    for entry in manifest.get("NSPrivacyAccessedAPITypes") or []:
        category = entry.get("NSPrivacyAccessedAPIType")
        reasons = entry.get("NSPrivacyAccessedAPITypeReasons") or []
        if p.need(category in REASONS, f"privacy: unknown API category {category}"):
            p.need(reasons and set(reasons) <= REASONS[category],
                   f"privacy: {category} has reasons {reasons}, not Apple's {sorted(REASONS[category])}")
        declared[category] = reasons
    with open(os.path.join(repo, "core", "src", "save.rs"), encoding="utf-8") as f:
        stats_files = re.search(r"fs::metadata|\.modified\(\)", f.read())
    if stats_files:
        p.need("C617.1" in declared.get("NSPrivacyAccessedAPICategoryFileTimestamp", []),
               "privacy: the core reads its save files' timestamps; C617.1 is not declared")


def check_catalog(ios, p):
    """Returns the names of the catalog's sets (AppIcon, AccentColor, ...)."""
    catalog = os.path.join(ios, "Yunnori", "Assets.xcassets")
    names = set()
    try:
        with open(os.path.join(catalog, "Contents.json"), "rb") as f:
            p.need(f.read() == ROOT_CONTENTS, "Assets.xcassets/Contents.json is not Xcode's exact bytes")
    except OSError:
        p.append("Assets.xcassets/Contents.json missing")
        return names
    for folder, dirs, files in os.walk(catalog):
        rel = os.path.relpath(folder, catalog)
        if folder == catalog:
            continue
        if not p.need("Contents.json" in files, f"{rel}: no Contents.json"):
            continue
        try:
            with open(os.path.join(folder, "Contents.json"), encoding="utf-8") as f:
                contents = json.load(f)
        except (OSError, ValueError) as e:
            p.append(f"{rel}/Contents.json does not parse: {e}")
            continue
        p.need((contents.get("info") or {}).get("version") == 1, f"{rel}/Contents.json: no info.version 1")
        stem, kind = os.path.splitext(os.path.basename(folder))
        names.add(stem)
        referenced = {i["filename"] for i in contents.get("images", []) if "filename" in i}
        for name in referenced:
            p.need(os.path.isfile(os.path.join(folder, name)), f"{rel}: {name} is referenced but missing")
        for name in set(files) - referenced - {"Contents.json"}:
            p.append(f"{rel}: {name} is not referenced by Contents.json")
        if kind == ".appiconset":
            images = contents.get("images", [])
            p.need(len(images) == 1 and images[0].get("size") == "1024x1024" and "filename" in images[0],
                   f"{rel}: not a single 1024x1024 icon")
            for name in referenced:
                try:
                    width, height, opaque = png_facts(os.path.join(folder, name))
                    p.need((width, height) == (1024, 1024), f"{rel}/{name} is {width}x{height}, not 1024x1024")
                    p.need(opaque, f"{rel}/{name} has transparency (App Store icons must be opaque)")
                except (OSError, ValueError, zlib.error) as e:
                    p.append(f"{rel}/{name}: {e}")
        if kind == ".colorset":
            colours = contents.get("colors", [])
            dark = [c for c in colours if {"appearance": "luminosity", "value": "dark"} in c.get("appearances", [])]
            p.need(any("appearances" not in c for c in colours), f"{rel}: no any-appearance colour")
            p.need(dark, f"{rel}: no dark variant")
            for c in colours:
                comps = (c.get("color") or {}).get("components") or {}
                try:
                    ok = all(0 <= float(comps[k]) <= 1 for k in ("red", "green", "blue", "alpha"))
                except (KeyError, ValueError):
                    ok = False
                p.need(ok, f"{rel}: a colour's components are not four values in 0...1")
    p.need("AppIcon" in names and "AccentColor" in names, "the catalog lacks AppIcon or AccentColor")
    return names


def check_info_strings(ios, info, p):
    tables = {}
    for lang in ("en", "ko"):
        path = os.path.join(ios, "Yunnori", "Resources", f"{lang}.lproj", "InfoPlist.strings")
        try:
            with open(path, encoding="utf-8") as f:
                tables[lang] = parse_strings(f.read())
        except (OSError, ValueError) as e:
            p.append(f"{lang}.lproj/InfoPlist.strings: {e}")
    if len(tables) != 2:
        return
    p.need(set(tables["en"]) == set(tables["ko"]), "InfoPlist.strings: en and ko keys differ")
    p.need(tables["ko"].get("CFBundleDisplayName") == "윷놀이", "the Korean home screen does not say 윷놀이")
    if info is not None:
        for key in tables["en"]:
            p.need(key in info, f"InfoPlist.strings localises {key}, which Info.plist lacks")
        for key in (k for k in info if k.endswith("UsageDescription")):
            for lang in ("en", "ko"):
                p.need(str(tables[lang].get(key, "")).strip(), f"{lang}.lproj/InfoPlist.strings lacks {key}")


def check_workflow(repo, project, p):
    """The macOS lane parses, runs scripts that exist and tests targets project.yml has."""
    path = os.path.join(repo, ".github", "workflows", "ios.yml")
    try:
        with open(path, encoding="utf-8") as f:
            workflow = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        p.append(f"ios.yml does not parse: {e}")
        return
    steps = [s for job in (workflow.get("jobs") or {}).values() for s in job.get("steps", [])]
    p.need(steps, "ios.yml has no steps")
    text = "\n".join(str(s.get("run", "")) for s in steps)
    for script in re.findall(r"scripts/[\w.-]+", text):
        p.need(os.path.isfile(os.path.join(repo, script)), f"ios.yml runs {script}, which is missing")
    targets = set(((project or {}).get("targets") or {}).keys())
    for target in re.findall(r"-only-testing:(\w+)", text):
        p.need(target in targets, f"ios.yml tests {target}, which project.yml lacks")
    for needed in ("CODE_SIGNING_ALLOWED=NO", "xcodegen generate", "-testLanguage ko", "YunnoriUITests"):
        p.need(needed in text, f"ios.yml does not run {needed}")
    check_snapshot_modes(workflow, p)


def balanced_block(text, start):
    """The text of the `{ ... }` block that opens at or after `start`."""
    open_at = text.find("{", start)
    depth = 0
    for i in range(open_at, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[open_at:i + 1]
    return text[open_at:]


def check_background_save(ios, p):
    """The saves made as the scene leaves the screen run inside a UIKit background task."""
    sources = {}
    for folder, _, files in os.walk(os.path.join(ios, "Yunnori")):
        for file in (f for f in files if f.endswith(".swift")):
            with open(os.path.join(folder, file), encoding="utf-8") as f:
                sources[file] = f.read()
    handlers = [balanced_block(text, m.end()) for text in sources.values()
                for m in re.finditer(r"\.onChange\(of:\s*scenePhase\)", text)]
    if not p.need(handlers, "no scene-phase handler (.onChange(of: scenePhase)) saves as the app leaves"):
        return
    helpers = {m.group(1): text for text in sources.values()
               for m in re.finditer(r"\b(?:enum|struct|final class|class)\s+(\w+)", text)
               if "beginBackgroundTask(" in text and "endBackgroundTask(" in text}
    # The app model's `backgrounded()`: the core hears it and it returns once the core has
    # handled and saved everything sent.
    saving = [handler for handler in handlers if re.search(r"\.backgrounded\(\)", handler)]
    p.need(saving, "no scene-phase handler waits for the core's last saves (.backgrounded())")
    for handler in saving:
        used = [name for name in helpers
                if re.search(rf"\b{name}\.\w+\([^)]*\)\s*\{{[^}}]*\.backgrounded\(\)", handler)]
        p.need(used, "the scene-phase save does not run inside a background task (beginBackgroundTask)")
        for name in used:
            p.need(re.search(r"beginBackgroundTask\(withName:[^)]*\)\s*\{", helpers[name]),
                   f"{name}: the background task has no expiration handler")


def check_snapshot_modes(workflow, p):
    """Recording only when asked, then kept as an artifact; otherwise every image compared."""
    triggers = workflow.get("on", workflow.get(True)) or {}
    record = (((triggers.get("workflow_dispatch") or {}).get("inputs") or {}).get("record") or {})
    p.need(record.get("type") == "boolean", "ios.yml: no boolean workflow_dispatch input `record`")
    steps = [s for job in (workflow.get("jobs") or {}).values() for s in job.get("steps", [])]
    modes = [str((s.get("env") or {}).get("TEST_RUNNER_SNAPSHOT_TESTING_RECORD"))
             for s in steps if "-only-testing:YunnoriSnapshotTests" in str(s.get("run", ""))]
    p.need(modes, "ios.yml: no snapshot test step")
    for mode in modes:
        p.need("inputs.record" in mode and "'all'" in mode and "'never'" in mode and "missing" not in mode,
               f"ios.yml: snapshot record mode {mode!r} is not all when recording, never otherwise")
    kept = [s for s in steps if "upload-artifact" in str(s.get("uses", ""))
            and "__Snapshots__" in str((s.get("with") or {}).get("path", ""))]
    p.need(kept and all("inputs.record" in str(s.get("if", "")) and
                        (s.get("with") or {}).get("if-no-files-found") == "error" for s in kept),
           "ios.yml: the recorded references are not uploaded (only when recording, failing if none)")


def check_room_links(ios, project, p):
    """Room links (https://HOST/r/CODE) open the app: the app target signs associated
    domains naming `applinks:HOST`, HOST set where the signing settings are (or written
    out), and the app takes the link both as an opened URL and as a web-browsing activity
    (how a Universal Link arrives), reading the code with the core's reader."""
    app = ((project or {}).get("targets") or {}).get("Yunnori") or {}
    path = (app.get("entitlements") or {}).get("path")
    if not p.need(path, "the app target has no entitlements file"):
        return
    try:
        with open(os.path.join(ios, path), "rb") as f:
            entitlements = plistlib.load(f)
    except (OSError, plistlib.InvalidFileException) as e:
        p.append(f"{path} does not parse: {e}")
        return
    domains = entitlements.get("com.apple.developer.associated-domains") or []
    links = [d.removeprefix("applinks:") for d in domains if isinstance(d, str) and d.startswith("applinks:")]
    p.need(links, f"{path} names no applinks: domain")
    settings = ""
    for config in set((app.get("configFiles") or {}).values()):
        with open(os.path.join(ios, config), encoding="utf-8") as f:
            settings += f.read()
    for host in links:
        m = re.fullmatch(r"\$\((\w+)\)", host)
        if m:
            p.need(re.search(rf"^\s*{m.group(1)}\s*=\s*[a-z0-9.-]+\.[a-z]+\s*$", settings, re.MULTILINE),
                   f"{host}: no xcconfig of the app sets {m.group(1)} to a host")
        else:
            p.need(re.fullmatch(r"[a-z0-9.-]+\.[a-z]+", host), f"applinks:{host} is not a host")
    with open(os.path.join(ios, "Yunnori", "ContentView.swift"), encoding="utf-8") as f:
        view = f.read()
    p.need(re.search(r"\.onContinueUserActivity\(NSUserActivityTypeBrowsingWeb\)[^}]*webpageURL", view),
           "ContentView takes no Universal Link (onContinueUserActivity(NSUserActivityTypeBrowsingWeb))")
    p.need(".onOpenURL" in view, "ContentView opens no URL (the older yunnori:// links)")
    p.need("readRoomCode(input:" in view, "ContentView does not read a link's code with the core's reader")


def check_licences(repo, p):
    result = subprocess.run([sys.executable, os.path.join(repo, "scripts", "gen-ios-licences.py"), "--check"],
                            cwd=repo, check=False, capture_output=True, text=True)
    p.need(result.returncode == 0, (result.stderr or result.stdout).strip() or "gen-ios-licences.py --check failed")


def run(repo, quiet=False):
    ios = os.path.join(repo, "ios")
    results = []

    def check(title, fn, *args):
        p = Problems()
        try:
            value = fn(*args, p)
        except Exception as e:  # a crash in a check is that check's failure
            p.append(f"{type(e).__name__}: {e}")
            value = None
        results.append((title, list(p)))
        if not quiet:
            print(f"{'PASS' if not p else 'FAIL'} {title}")
            for problem in p:
                print(f"     {problem}")
        return value

    project = check("project.yml parses and names what exists", check_project_yml, ios)
    names = check("the asset catalog", check_catalog, ios) or set()
    info = check("Info.plist", check_info_plist, ios, names)
    check("PrivacyInfo.xcprivacy", check_privacy, repo, ios)
    check("the save as the app leaves the screen", check_background_save, ios)
    check("InfoPlist.strings (en, ko)", check_info_strings, ios, info)
    check("the macOS lane's workflow", check_workflow, repo, project)
    check("room links open the app (associated domains)", check_room_links, ios, project)
    check("the licences list is current", check_licences, repo)
    failed = sum(1 for _, p in results if p)
    return results, failed


def self_test(repo):
    """Breaks a copy of each checked file and expects its check to fail."""
    breakages = [
        ("project.yml", lambda t: t.replace("path: Yunnori\n", "path: Yunnorri\n", 1),
         "project.yml parses and names what exists"),
        ("project.yml", lambda t: t.replace('SWIFT_VERSION: "6.0"', 'SWIFT_VERSION: "5.0"'),
         "project.yml parses and names what exists"),
        ("Yunnori/Assets.xcassets/Contents.json", lambda t: t.replace('"xcode"', '"xcodegen"'),
         "the asset catalog"),
        ("Yunnori/Assets.xcassets/AccentColor.colorset/Contents.json",
         lambda t: t.replace('"dark"', '"light"'), "the asset catalog"),
        ("project.yml", lambda t: t.replace("        link: false\n", ""),
         "project.yml parses and names what exists"),
        ("Yunnori/Info.plist", lambda t: t.replace("ITSAppUsesNonExemptEncryption</key>\n\t<true/>",
                                                   "ITSAppUsesNonExemptEncryption</key>\n\t<false/>"), "Info.plist"),
        ("Yunnori/Info.plist", lambda t: re.sub(r"(NSLocalNetworkUsageDescription</key>\s*<string>)[^<]*", r"\1", t),
         "Info.plist"),
        ("Yunnori/PrivacyInfo.xcprivacy", lambda t: t.replace("C617.1", "C617.2"), "PrivacyInfo.xcprivacy"),
        ("Yunnori/PrivacyInfo.xcprivacy", lambda t: t.replace("<string>NSPrivacyCollectedDataTypeGameplayContent",
                                                              "<string>NSPrivacyCollectedDataTypeGameplay"),
         "PrivacyInfo.xcprivacy"),
        ("Yunnori/PrivacyInfo.xcprivacy",
         lambda t: t.replace("Tracking</key>\n\t\t\t<false/>", "Tracking</key>\n\t\t\t<true/>", 1),
         "PrivacyInfo.xcprivacy"),
        ("Yunnori/YunnoriApp.swift", lambda t: t.replace('BackgroundTime.finish("save")', "Task"),
         "the save as the app leaves the screen"),
        ("Yunnori/YunnoriApp.swift", lambda t: t.replace("await model.backgrounded()", "_ = model"),
         "the save as the app leaves the screen"),
        ("Yunnori/Support/BackgroundTime.swift",
         lambda t: t.replace("beginBackgroundTask(withName: name) { grant.end() }", "beginBackgroundTask(withName: name)"),
         "the save as the app leaves the screen"),
        ("Yunnori/Resources/ko.lproj/InfoPlist.strings",
         lambda t: re.sub(r'"NSLocalNetworkUsageDescription" = "[^"]*";\n', "", t), "InfoPlist.strings (en, ko)"),
        ("../.github/workflows/ios.yml", lambda t: t.replace("|| 'never' }}", "|| 'missing' }}", 1),
         "the macOS lane's workflow"),
        ("Yunnori/Resources/ko.lproj/InfoPlist.strings", lambda t: t.replace('"윷놀이";', '"윷놀이"', 1),
         "InfoPlist.strings (en, ko)"),
        ("Yunnori/Yunnori.entitlements", lambda t: t.replace("applinks:", "webcredentials:"),
         "room links open the app (associated domains)"),
        ("Config/Signing.xcconfig", lambda t: t.replace("ROOM_LINK_HOST =", "LINK_HOST ="),
         "room links open the app (associated domains)"),
        ("Yunnori/ContentView.swift", lambda t: t.replace("NSUserActivityTypeBrowsingWeb", "\"app.yunnori.play\""),
         "room links open the app (associated domains)"),
    ]
    icon_alpha = "alpha icon"
    failures = 0
    cases = breakages + [(None, None, icon_alpha)]
    for path, breaking, title in cases:
        with tempfile.TemporaryDirectory() as scratch:
            copy = os.path.join(scratch, "repo")
            shutil.copytree(os.path.join(repo, "ios"), os.path.join(copy, "ios"),
                            ignore=shutil.ignore_patterns("YunnoriKit"))
            shutil.copytree(os.path.join(repo, "ios", "YunnoriKit"), os.path.join(copy, "ios", "YunnoriKit"),
                            ignore=shutil.ignore_patterns(".build", "Generated", "Frameworks", "Sources", "Tests"))
            shutil.copytree(os.path.join(repo, ".github"), os.path.join(copy, ".github"))
            os.makedirs(os.path.join(copy, "scripts"))
            shutil.copy(os.path.join(repo, "scripts", "build-ios-xcframework.sh"), os.path.join(copy, "scripts"))
            os.makedirs(os.path.join(copy, "core", "src"))
            shutil.copy(os.path.join(repo, "core", "src", "save.rs"), os.path.join(copy, "core", "src"))
            subprocess.run(["git", "init", "-q", copy], check=True)
            shutil.copy(os.path.join(repo, "ios", ".gitignore"), os.path.join(copy, "ios", ".gitignore"))
            if path:
                target = os.path.join(copy, "ios", path)
                with open(target, encoding="utf-8") as f:
                    text = f.read()
                broken = breaking(text)
                assert broken != text, f"self-test breakage of {path} changed nothing"
                with open(target, "w", encoding="utf-8") as f:
                    f.write(broken)
                expected = title
            else:
                icon = os.path.join(copy, "ios", "Yunnori", "Assets.xcassets", "AppIcon.appiconset", "AppIcon.png")
                write_rgba_png(icon, 1024, 1024, alpha_at=(700, 40))
                expected = "the asset catalog"
            results, _ = run(copy, quiet=True)
            # The copy has no scripts/, so its licences check fails too; every other check
            # must pass but the broken one.
            failed_titles = {t for t, problems in results if problems} - {"the licences list is current"}
            ok = failed_titles == {expected}
            failures += 0 if ok else 1
            print(f"{'PASS' if ok else 'FAIL'} self-test: {title if path else icon_alpha} is caught"
                  + ("" if ok else f" (failed: {sorted(failed_titles)})"))
    for text, good in (('"a" = "b";\n/* c */ "d" = "e";', True), ('"a" = "b"', False), ('"a" "b";', False)):
        try:
            parse_strings(text)
            parsed = True
        except ValueError:
            parsed = False
        ok = parsed == good
        failures += 0 if ok else 1
        print(f"{'PASS' if ok else 'FAIL'} self-test: strings parser {'accepts' if good else 'rejects'} {text!r}")
    total = len(cases) + 3
    print(f"{total - failures} passed, {failures} failed")
    return failures


def write_rgba_png(path, width, height, alpha_at):
    """An RGBA PNG, opaque but for one transparent pixel."""
    opaque = b"\x00" + bytes((200, 100, 50, 255)) * width
    x, y = alpha_at
    holed = bytearray(opaque)
    holed[1 + 4 * x + 3] = 0
    rows = b"".join(bytes(holed) if row == y else opaque for row in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def main():
    args = sys.argv[1:]
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(os.path.dirname(here))
    if args == ["--self-test"]:
        sys.exit(1 if self_test(repo) else 0)
    if len(args) > 1 or (args and args[0].startswith("-")):
        sys.exit("usage: check_project.py [REPO] | --self-test")
    results, failed = run(os.path.abspath(args[0]) if args else repo)
    print(f"{len(results) - failed} passed, {failed} failed")
    sys.exit(1 if failed or not results else 0)


if __name__ == "__main__":
    main()
