#!/usr/bin/env python3
"""Finds every use of an API of Scripts/availability/apis.tsv in Sources/ and Tests/ that an Apple
build of the package would refuse: not under an @available or #available that covers the API's
versions, nor in code a platform #if keeps from that platform.

    python3 Scripts/availability/check.py [FILE...]

Each use is judged on each of iOS, macOS, tvOS, watchOS and visionOS, as a compiler for that
platform would: a `#if` is read with `os(…)` and `canImport(…)` as they are there (Glibc, Musl
and FoundationXML absent; Combine, SwiftUI, Darwin, Observation, Synchronization present), a flag
such as DEBUG as possibly either. An @available on a declaration covers its body and the rest of
the declaration's line; `if #available` covers its block, `guard #available` the rest of its
scope. Strings and comments are blanked first. A line whose comment says
`// availability: …` uses another API of the same name (an array's `contains(_:)`), which a
pattern without types cannot tell apart. Tests are held to the rule too: on a Mac they are
compiled for the package's platforms as well.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
PLATFORMS = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]
FLOOR = {"iOS": (13, 0), "macOS": (10, 15), "tvOS": (13, 0), "watchOS": (6, 0), "visionOS": (1, 0)}
PRESENT = {"Combine", "SwiftUI", "Darwin", "Observation", "Synchronization", "Testing", "Foundation", "Dispatch",
           "XCTest", "os", "OSLog", "CoreFoundation"}
# The folders every run without arguments must have read files of.
REQUIRED_FOLDERS = ["Sources", "Tests"]
ABSENT = {"Glibc", "Musl", "FoundationXML", "FoundationNetworking", "WinSDK", "Android", "WASILibc", "Bionic"}


def read_table():
    import importlib.util
    spec = importlib.util.spec_from_file_location("build", os.path.join(os.path.dirname(__file__), "build.py"))
    source = open(spec.origin, encoding="utf-8").read().replace("\nmain()\n", "\n")
    namespace = {"__file__": spec.origin}
    exec(compile(source, spec.origin, "exec"), namespace)
    return namespace["read_table"]()


def blanked(text):
    """The text with the contents of strings and comments replaced by spaces, lines kept."""
    out, index, length = [], 0, len(text)
    while index < length:
        if text.startswith("//", index):
            end = text.find("\n", index)
            end = length if end < 0 else end
            out.append(" " * (end - index))
            index = end
        elif text.startswith("/*", index):
            end = text.find("*/", index + 2)
            end = length if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[index:end]))
            index = end
        elif text[index] == "#" and re.match(r'#+"', text[index:]):
            hashes = re.match(r"#+", text[index:]).group(0)
            multi = text.startswith('"""', index + len(hashes))
            opening = hashes + ('"""' if multi else '"')
            closing = ('"""' if multi else '"') + hashes
            end = text.find(closing, index + len(opening))
            end = length if end < 0 else end + len(closing)
            out.append(opening + re.sub(r"[^\n]", " ", text[index + len(opening):end - len(closing)]) + closing)
            index = end
        elif text[index] == '"':
            multi = text.startswith('"""', index)
            quote = '"""' if multi else '"'
            cursor = index + len(quote)
            while cursor < length:
                if text[cursor] == "\\":
                    cursor += 2
                    continue
                if text.startswith(quote, cursor):
                    break
                if not multi and text[cursor] == "\n":
                    break
                cursor += 1
            end = min(length, cursor + len(quote))
            out.append(quote + re.sub(r"[^\n]", " ", text[index + len(quote):cursor]) + text[cursor:end])
            index = end
        else:
            out.append(text[index])
            index += 1
    return "".join(out)


def condition_value(expression, platform):
    """True, False or None (either) for a #if condition on an Apple platform."""
    tokens = re.findall(r"\|\||&&|!|\(|\)|[A-Za-z_]\w*\s*\([^()]*\)|[A-Za-z_]\w*", expression)
    position = 0

    def atom(token):
        match = re.match(r"(\w+)\s*\(([^()]*)\)", token)
        if match:
            name, argument = match.group(1), match.group(2).strip()
            if name == "os":
                return argument in (platform, "OSX" if platform == "macOS" else platform)
            if name == "canImport":
                module = argument.split(",")[0].strip()
                if module in PRESENT or (module == "UIKit" and platform != "macOS") or (
                        module == "AppKit" and platform == "macOS"):
                    return True
                return False if module in ABSENT or module in ("UIKit", "AppKit") else None
            if name in ("swift", "compiler"):
                return True
            return None
        return {"true": True, "false": False}.get(token)

    def unary():
        nonlocal position
        token = tokens[position]
        position += 1
        if token == "!":
            value = unary()
            return None if value is None else not value
        if token == "(":
            value = disjunction()
            position += 1
            return value
        return atom(token)

    def conjunction():
        nonlocal position
        value = unary()
        while position < len(tokens) and tokens[position] == "&&":
            position += 1
            other = unary()
            value = False if value is False or other is False else (None if None in (value, other) else True)
        return value

    def disjunction():
        nonlocal position
        value = conjunction()
        while position < len(tokens) and tokens[position] == "||":
            position += 1
            other = conjunction()
            value = True if value is True or other is True else (None if None in (value, other) else False)
        return value

    return disjunction() if tokens else None


def versions(arguments):
    """Apple's platforms an @available or #available names, each with its version, or None
    for `unavailable`."""
    found = {}
    unavailable = re.match(r"\s*(\w+)\s*,\s*unavailable", arguments)
    if unavailable:
        return {unavailable.group(1): None}
    for part in arguments.split(","):
        words = part.split()
        if len(words) == 2 and words[0] in PLATFORMS:
            found[words[0]] = (tuple(int(x) for x in words[1].split(".")) + (0,))[:2]
    return found


def check_file(path, rows):
    text = open(path, encoding="utf-8").read()
    imports_foundation = re.search(r"^\s*(@\w+\s+)*import\s+Foundation\b", text, re.M) is not None
    lines = blanked(text).split("\n")
    problems = []
    exempt = 0
    # One entry per #if: for each platform, whether a branch before was taken, and whether
    # the current one is (True, False or None).
    directives = []
    # One entry per open brace: the guarantees it holds, per platform (a version, or None for
    # unavailable there).
    scopes = [{}]
    pending = {}
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        directive = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
        if directive:
            kind, expression = directive.group(1), directive.group(2)
            if kind == "if":
                values = {p: condition_value(expression, p) for p in PLATFORMS}
                directives.append({p: [values[p], values[p]] for p in PLATFORMS})
            elif kind == "elseif" and directives:
                for p in PLATFORMS:
                    taken, _ = directives[-1][p]
                    value = condition_value(expression, p)
                    current = False if taken is True else (value if taken is False else (None if value is not False else False))
                    directives[-1][p] = [True if True in (taken, value) else (taken if value is False else None), current]
            elif kind == "else" and directives:
                for p in PLATFORMS:
                    taken, _ = directives[-1][p]
                    directives[-1][p] = [True, None if taken is None else not taken]
            elif kind == "endif" and directives:
                directives.pop()
            continue
        compiled = [p for p in PLATFORMS if all(entry[p][1] is not False for entry in directives)]
        for match in re.finditer(r"@available\(([^)]*)\)", line):
            pending.update(versions(match.group(1)))
        guard_match = re.search(r"\bguard\s+#available\(([^)]*)\)", line)
        if_match = re.search(r"\b(if|while)\b[^{]*#available\(([^)]*)\)", line)
        here = {}
        for scope in scopes:
            here.update(scope)
        here.update(pending)
        original = text.split("\n")[number - 1]
        if re.search(r"//\s*availability:", original):
            exempt += 1
            continue
        for row in rows:
            if row["unless"] == "foundation" and imports_foundation:
                continue
            # Patterns read the line as written; a match inside a string or comment is not code.
            for found in row["pattern"].finditer(original):
                if line[found.start()] != original[found.start()]:
                    continue
                # Past an `if #available(…)`, the rest of its condition and its block are covered.
                covered = if_match is not None and found.start() > if_match.start()
                context = dict(here, **versions(if_match.group(2))) if covered else here
                for platform in compiled:
                    required = row["required"][platform]
                    if platform in context and context[platform] is None:
                        continue  # declared unavailable there: never built
                    have = context.get(platform, FLOOR[platform])
                    if required is None or (have is not None and have < required):
                        need = "unavailable" if required is None else ".".join(map(str, required))
                        problems.append(f"{os.path.relpath(path, ROOT)}:{number}: {row['api']} ({platform} {need}) "
                                        f"is used where {platform} {'.'.join(map(str, have))} must build it: "
                                        f"{original.strip()[:100]}")
                        break
        # Braces: each `{` opens a scope with what applies to it.
        for character_index, character in enumerate(line):
            if character == "{":
                opened = dict(pending)
                if if_match and character_index > if_match.start():
                    opened.update(versions(if_match.group(2)))
                    if_match = None
                scopes.append(opened)
                pending = {}
            elif character == "}" and len(scopes) > 1:
                scopes.pop()
        if guard_match:
            scopes[-1].update(versions(guard_match.group(1)))
        # An attribute's declaration without a body ends at its line.
        if pending and re.search(r"\b(var|let|case|typealias|func)\b", line) and "{" not in line \
                and not line.rstrip().endswith(("(", ",", "->", "=")):
            pending = {}
    return problems, exempt


def main():
    rows = read_table()
    files = sys.argv[1:] or [os.path.join(folder, name) for top in ("Sources", "Tests")
                             for folder, _, names in os.walk(os.path.join(ROOT, top)) for name in sorted(names)
                             if name.endswith(".swift")]
    if not sys.argv[1:]:
        # Both folders are compiled on a Mac: a walk that leaves one out checks nothing there.
        for top in REQUIRED_FOLDERS:
            count = sum(1 for path in files if os.path.relpath(path, ROOT).startswith(top + os.sep))
            print(f"{top}/: {count} Swift files")
            if count == 0:
                sys.exit(f"error: no Swift file of {top}/ was read; every file of Sources/ and Tests/ is checked")
    problems, exempt = [], 0
    for path in sorted(files):
        found, exempted = check_file(path, rows)
        problems += found
        exempt += exempted
    for problem in problems:
        print("error:", problem)
    print(f"{len(files)} files, {len(rows)} APIs: {len(problems)} unguarded uses "
          f"({exempt} lines marked '// availability:' as another API of the same name)")
    sys.exit(1 if problems else 0)


main()
