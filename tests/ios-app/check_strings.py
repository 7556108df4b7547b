#!/usr/bin/env python3
"""Checks the iPhone app's strings against its code, from the type-checked syntax tree.

    check_strings.py AST_DUMP EN_STRINGS KO_STRINGS

AST_DUMP is `swiftc -dump-ast` of the app's sources (scripts/test-ios-app.sh makes it
against the SwiftUI stand-in), so a string counts as a key exactly when the compiler
made it a `LocalizedStringKey` or a `String.LocalizationValue`, and its key is spelt the
way Xcode spells it: the literal text with `%@` for a String and `%lld` for an Int in
place of each interpolation. `localized("key", fallback: "…")` calls with a literal key
are read too. Checked:

  - every key the views use is in en.lproj and in ko.lproj;
  - the placeholders of each key (or of a `localized` call's fallback) are those of its
    English and Korean texts, so a translation never drops a name or a number;
  - every English string has a Korean one;
  - a `localized` call's fallback is the key's English text (what the code reads as).

Prints each check with its problems and a closing `N passed, N failed`. Exit status 0
only when every check passed and at least one key was found.
"""

import re
import sys

SPEC = re.compile(r"%(?:(\d+)\$)?(lld|ld|lu|llu|d|u|@|lf|f|%)")
VALUE = re.compile(r'value="((?:[^"\\]|\\.)*)"')
LOCATION = re.compile(r"location=(\S+)")
FUNC_TYPE = re.compile(r'type="\((.*)\) -> \(\)"')
DECL = re.compile(r'decl="([^"@]*)')

# What `%` specifier an interpolated value of each type becomes in a key.
SPECIFIER_OF_TYPE = {
    "String": "%@", "Substring": "%@", "Text": "%@", "Image": "%@",
    "Int": "%lld", "Int64": "%lld", "Int32": "%d", "Int16": "%d", "Int8": "%d",
    "UInt": "%llu", "UInt64": "%llu", "UInt32": "%u", "UInt16": "%u", "UInt8": "%u",
    "Double": "%lf", "CGFloat": "%lf", "Float": "%f",
}

LOCALIZED_DECL = re.compile(r'decl="\w+\.\(file\)\.localized\(_:fallback:\)@')

KEY_TYPES = ('type="LocalizedStringKey"', 'type="String.LocalizationValue"')


class Node:
    __slots__ = ("head", "children")

    def __init__(self, head):
        self.head = head
        self.children = []

    def kind(self):
        word = self.head.split(" ", 1)[0]
        return word.split("=", 1)[-1]  # "original_init=call_expr" -> "call_expr"

    def walk(self):
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def first(self, kind):
        for node in self.walk():
            if node is not self and node.kind() == kind:
                return node
        return None


def parse_tree(path):
    """The dump as a tree: each line that opens a node is a child of the nearest less
    indented one before it."""
    root = Node("root")
    stack = [(-1, root)]
    with open(path, encoding="utf-8", errors="replace") as dump:
        for line in dump:
            stripped = line.lstrip(" ")
            if not stripped.startswith("("):
                continue
            indent = len(line) - len(stripped)
            node = Node(stripped[1:].rstrip("\n"))
            while stack[-1][0] >= indent:
                stack.pop()
            stack[-1][1].children.append(node)
            stack.append((indent, node))
    return root


def unescape(text):
    """Undoes the escapes of a quoted string: `\\n`, `\\"`, and the dump's `\\xHH` bytes."""
    raw = bytearray()
    for match in re.finditer(r"\\x([0-9A-Fa-f]{2})|\\(.)|(.)", text, re.S):
        if match.group(1):
            raw.append(int(match.group(1), 16))
        elif match.group(2):
            raw += {"n": "\n", "t": "\t"}.get(match.group(2), match.group(2)).encode()
        else:
            raw += match.group(3).encode()
    return raw.decode("utf-8", errors="replace")


def literal_value(node):
    match = VALUE.search(node.head)
    return unescape(match.group(1)) if match else None


def location(node):
    match = LOCATION.search(node.head)
    return match.group(1) if match else "?"


def interpolated_key(node):
    """The key Xcode makes of an interpolated literal, or None if a part is unknown."""
    body = node.first("brace_stmt")
    if body is None:
        return None
    key = []
    for call in body.children:
        if call.kind() != "call_expr":
            continue
        dot = call.first("dot_syntax_call_expr")
        decl = call.first("declref_expr")
        if dot is None or decl is None:
            return None
        name = DECL.search(decl.head).group(1) if DECL.search(decl.head) else ""
        if name.endswith(".appendLiteral"):
            args = [a for a in call.children if a.kind() == "argument_list"]
            literal = None
            for arg in args[-1].children if args else []:
                if "inout" in arg.head.split():
                    continue
                string = arg.first("string_literal_expr")
                literal = literal_value(string) if string else None
            if literal is None:
                return None
            key.append(literal.replace("%", "%%"))
        elif name.endswith(".appendInterpolation"):
            match = FUNC_TYPE.search(dot.head)
            spec = SPECIFIER_OF_TYPE.get(match.group(1)) if match else None
            if spec is None:
                return None
            key.append(spec)
        else:
            return None
    return "".join(key)


def keys_in_code(tree):
    """(key, where, fallback or None) for every localised string of the app's code."""
    found = {}
    for node in tree.walk():
        kind = node.kind()
        if kind == "string_literal_expr" and any(t in node.head for t in KEY_TYPES):
            found[location(node)] = (literal_value(node), None)
        elif kind == "interpolated_string_literal_expr" and any(t in node.head for t in KEY_TYPES):
            key = interpolated_key(node)
            found[location(node)] = (key, None)
        elif kind == "call_expr":
            callee = next((c for c in node.children if c.kind() != "argument_list"), None)
            if callee is None:
                continue
            ref = callee if callee.kind() == "declref_expr" else callee.first("declref_expr")
            # The app's own `localized(_:fallback:)`, in whatever module the app is
            # checked as.
            if ref is None or not LOCALIZED_DECL.search(ref.head):
                continue
            args = next((c for c in node.children if c.kind() == "argument_list"), None)
            if args is None or len(args.children) != 2:
                continue
            key_arg, fallback_arg = args.children
            key_node = key_arg.children[0] if key_arg.children else None
            fb_node = fallback_arg.children[0] if fallback_arg.children else None
            if key_node is None or key_node.kind() != "string_literal_expr":
                continue  # a key made at run time (rule, preset, message kinds)
            fallback = literal_value(fb_node) if fb_node is not None and \
                fb_node.kind() == "string_literal_expr" else None
            found[location(node)] = (literal_value(key_node), fallback)
    return [(key, where, fallback) for where, (key, fallback) in sorted(found.items())]


def parse_strings(path):
    """`"key" = "value";` pairs of a .strings file (comments skipped)."""
    text = open(path, encoding="utf-8").read()
    token = re.compile(r'/\*.*?\*/|//[^\n]*|"((?:[^"\\]|\\.)*)"|(=)|(;)|(\S)', re.S)
    pairs, pending = {}, []
    for match in token.finditer(text):
        if match.group(1) is not None:
            pending.append(unescape(match.group(1)))
        elif match.group(3):
            if len(pending) != 2:
                raise SystemExit(f"{path}: cannot read the entry before offset {match.start()}")
            key, value = pending
            if key in pairs:
                raise SystemExit(f"{path}: {key!r} is defined twice")
            pairs[key] = value
            pending = []
        elif match.group(4):
            raise SystemExit(f"{path}: unexpected {match.group(4)!r} at offset {match.start()}")
    if pending:
        raise SystemExit(f"{path}: an entry is not closed with ';'")
    return pairs


def placeholders(text):
    """The placeholders of a format, by position: [(1, 'lld'), (2, '@')]."""
    found, next_position = [], 1
    for match in SPEC.finditer(text):
        if match.group(2) == "%":
            continue
        if match.group(1):
            position = int(match.group(1))
        else:
            position = next_position
            next_position += 1
        kind = {"ld": "lld", "d": "lld", "llu": "lld", "lu": "lld", "u": "lld", "f": "lf"}.get(
            match.group(2), match.group(2))
        found.append((position, kind))
    return sorted(found)


CHECKS = {
    "keys": "every localised string of the code has a key that can be worked out",
    "en": "every key the code uses is in en.lproj",
    "ko": "every key the code uses is in ko.lproj",
    "placeholders": "each key's English and Korean texts take what the code passes",
    "korean": "every English string has a Korean one with the same placeholders",
    "fallbacks": "every `localized(key, fallback:)` falls back to the key's English text",
}


def main(argv):
    if len(argv) != 4:
        raise SystemExit(__doc__)
    tree = parse_tree(argv[1])
    tables = {"en": parse_strings(argv[2]), "ko": parse_strings(argv[3])}
    uses = keys_in_code(tree)
    problems = {name: [] for name in CHECKS}
    for key, where, fallback in uses:
        if key is None:
            problems["keys"].append(f"{where}: a localised string whose key cannot be worked out")
            continue
        expected = placeholders(fallback if fallback is not None else key)
        if fallback is not None and key in tables["en"] and tables["en"][key] != fallback:
            problems["fallbacks"].append(
                f"{where}: falls back to {fallback!r}, en.lproj says {tables['en'][key]!r}")
        for language, table in tables.items():
            if key not in table:
                problems[language].append(f"{where}: {key!r} is not in {language}.lproj")
            elif placeholders(table[key]) != expected:
                problems["placeholders"].append(
                    f"{where}: {language}.lproj {key!r} = {table[key]!r} has placeholders "
                    f"{placeholders(table[key])}, the code passes {expected}")
    for key, text in tables["en"].items():
        if key not in tables["ko"]:
            problems["korean"].append(f"ko.lproj has no {key!r} (en.lproj: {text!r})")
        elif placeholders(text) != placeholders(tables["ko"][key]):
            problems["korean"].append(
                f"{key!r}: en.lproj {text!r} and ko.lproj {tables['ko'][key]!r} differ in "
                "placeholders")
    if not uses:
        problems["keys"].append("no localised string found in the code (is the tree empty?)")
    if not any(fallback is not None for _, _, fallback in uses):
        problems["fallbacks"].append("no `localized(key, fallback:)` call found in the code "
                                     "(did its declaration move?)")

    keys = {key for key, _, _ in uses}
    print(f"{len(uses)} localised strings in the code ({len(keys)} keys), "
          f"{len(tables['en'])} English and {len(tables['ko'])} Korean strings")
    failed = 0
    for name, title in CHECKS.items():
        print(f"{'FAIL' if problems[name] else 'PASS'} {title}")
        for problem in problems[name]:
            print(f"    {problem}")
        failed += bool(problems[name])
    print(f"{len(CHECKS) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
