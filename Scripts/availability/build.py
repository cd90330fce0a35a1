#!/usr/bin/env python3
"""The source of Scripts/availability/apis.tsv: Apple's availability as the toolchain's own module
interfaces declare it (the Linux toolchain's .swiftinterface files carry Apple's @available).

    python3 Scripts/availability/build.py            # check the table against the interfaces
    python3 Scripts/availability/build.py --candidates

Without options, every row whose source is `interface MODULE DECLARATION` is checked: the
declaration must be in MODULE's interface, and the versions of the @available above it must be
the row's. With --candidates, it lists the declarations newer than the package's platforms whose
names appear in Sources/ or Tests/ and that no row's pattern finds: what to read when the table
is extended (most are overloads for other types, such as `count` of `Int128`).
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLE = os.path.join(ROOT, "Scripts", "availability", "apis.tsv")
PLATFORMS = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]
FLOOR = {"iOS": (13, 0), "macOS": (10, 15), "tvOS": (13, 0), "watchOS": (6, 0), "visionOS": (1, 0)}


def toolchain_interfaces():
    for library in ["/opt/swift/usr/lib/swift/linux", os.path.join(os.path.dirname(os.path.realpath(
            os.popen("command -v swiftc").read().strip() or "/opt/swift/usr/bin/swiftc")), "..", "lib", "swift", "linux")]:
        found = glob.glob(os.path.join(library, "*.swiftmodule", "*.swiftinterface"))
        if found:
            return {os.path.basename(os.path.dirname(path)).split(".")[0]: path
                    for path in found if not path.endswith(".private.swiftinterface")}
    sys.exit("error: no .swiftinterface files found in the toolchain")


def versions(attribute):
    """Apple's platforms and versions in an @available argument list."""
    found = {}
    for part in attribute.split(","):
        words = part.split()
        if len(words) == 2 and words[0] in PLATFORMS:
            found[words[0]] = tuple(int(x) for x in words[1].split("."))[:2]
    return found


def availability_above(lines, index):
    """The @available that applies to the declaration at `index`: on its line or above it."""
    for back in range(index, max(-1, index - 8), -1):
        for match in re.finditer(r"@available\(([^)]*)\)", lines[back]):
            found = versions(match.group(1))
            if "macOS" in found or "iOS" in found:
                return found
        if back < index and not lines[back].strip().startswith("@"):
            break
    return {}


def read_table():
    rows = []
    for number, line in enumerate(open(TABLE, encoding="utf-8"), start=1):
        if line.startswith("#") or line.startswith("api\t") or not line.strip():
            continue
        fields = line.rstrip("\n").split("\t")
        if len(fields) != 9:
            sys.exit(f"error: {TABLE}:{number}: {len(fields)} fields, not 9")
        api, pattern, unless, *numbers, source = fields
        required = {}
        for platform, value in zip(PLATFORMS, numbers):
            required[platform] = None if value == "-" else tuple(int(x) for x in value.split("."))[:2]
        rows.append({"api": api, "pattern": re.compile(pattern), "unless": unless, "required": required,
                     "source": source, "line": number})
    return rows


def check(rows):
    interfaces = toolchain_interfaces()
    problems = 0
    for row in rows:
        if not row["source"].startswith("interface "):
            if not row["source"].startswith("https://developer.apple.com/documentation/"):
                print(f"error: {TABLE}:{row['line']}: {row['api']}: a source is an interface or Apple's documentation")
                problems += 1
            continue
        _, module, declaration = row["source"].split(" ", 2)
        if module not in interfaces:
            print(f"error: {TABLE}:{row['line']}: no interface of {module} in the toolchain")
            problems += 1
            continue
        lines = open(interfaces[module], encoding="utf-8").read().split("\n")
        index = next((i for i, text in enumerate(lines) if declaration in text), None)
        if index is None:
            print(f"error: {TABLE}:{row['line']}: {module} declares no '{declaration}'")
            problems += 1
            continue
        declared = availability_above(lines, index)
        for platform in PLATFORMS:
            want = row["required"][platform]
            have = declared.get(platform, (1, 0) if platform == "visionOS" else None)
            if want is not None and have is not None and want != have:
                print(f"error: {TABLE}:{row['line']}: {row['api']}: {platform} {'.'.join(map(str, want))} in the "
                      f"table, {'.'.join(map(str, have))} in {module}'s interface")
                problems += 1
    checked = sum(1 for row in rows if row["source"].startswith("interface "))
    print(f"{len(rows)} APIs in the table; {checked} checked against the toolchain's interfaces, {problems} problems")
    return problems


def candidates(rows):
    interfaces = toolchain_interfaces()
    declaration = re.compile(r"\b(func|init|struct|class|enum|protocol|var|let|typealias|actor)\s+([A-Za-z_]\w*)")
    newer = {}
    for module, path in sorted(interfaces.items()):
        lines = open(path, encoding="utf-8").read().split("\n")
        for index, line in enumerate(lines):
            match = declaration.search(line)
            if not match:
                continue
            declared = availability_above(lines, index)
            if any(declared.get(p, (0, 0)) > FLOOR[p] for p in PLATFORMS):
                newer.setdefault(match.group(2), (module, declared))
    code = {path: open(path, encoding="utf-8").read()
            for path in glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True)
            + glob.glob(os.path.join(ROOT, "Tests", "**", "*.swift"), recursive=True)}
    for name, (module, declared) in sorted(newer.items()):
        uses = [path for path, text in code.items() if re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text)]
        if uses and not any(row["pattern"].search(name) for row in rows):
            shown = ", ".join(f"{p} {'.'.join(map(str, v))}" for p, v in declared.items())
            print(f"{name} ({module}: {shown}): in {len(uses)} files, e.g. {os.path.relpath(uses[0], ROOT)}")


def main():
    rows = read_table()
    if sys.argv[1:] == ["--candidates"]:
        candidates(rows)
    elif sys.argv[1:]:
        sys.exit(__doc__)
    else:
        sys.exit(1 if check(rows) else 0)


main()
