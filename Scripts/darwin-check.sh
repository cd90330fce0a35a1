#!/usr/bin/env bash
# The Darwin side, compiled here: XTreePlatform's files but its `+Glibc.swift` ones are
# type-checked against Apple's declarations as Swift imports them, quoted in AppleCompat/Darwin/
# and built as a module named `Darwin` (on Linux no module has that name, so
# `#if canImport(Darwin)` is then true for these files alone, and a `+CLibrary.swift` file's
# Darwin branches are the ones checked).
#
#   Scripts/darwin-check.sh
#
# It also holds the arrangement in place: every declaration under AppleCompat/Darwin/ quotes its
# header (`/// header:` or `/// docs:` on the line above) and traps instead of doing anything;
# and no file of the package outside XTreePlatform imports Glibc or Darwin or calls the C
# functions the platform files wrap.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
out=.build/darwin-check
rm -rf "$out"
mkdir -p "$out"
status=0

echo "== every declaration in AppleCompat/Darwin quotes its header and traps"
python3 - AppleCompat/Darwin <<'PY' || status=1
import os, re, sys

folder = sys.argv[1]
problems, count = [], 0
for name in sorted(os.listdir(folder)):
    if not name.endswith(".swift"):
        continue
    path = os.path.join(folder, name)
    lines = open(path, encoding="utf-8").read().split("\n")
    for index, line in enumerate(lines):
        if not re.match(r"\s*public\s", line):
            continue
        count += 1
        above = lines[index - 1].strip() if index else ""
        if not (above.startswith("/// header: ") or above.startswith("/// docs: ")):
            problems.append(f"{path}:{index + 1}: no '/// header:' line above: {line.strip()}")
        if re.match(r"\s*public\s+(struct|typealias)\s", line):
            continue
        # The body: from this line to the brace that closes the first one opened.
        depth, body, started = 0, "", False
        for following in lines[index:]:
            body += following + "\n"
            depth += following.count("{") - following.count("}")
            started = started or "{" in following
            if started and depth <= 0:
                break
        if "{" in body and "fatalError(" not in body:
            problems.append(f"{path}:{index + 1}: its body does not trap: {line.strip()}")
for problem in problems:
    print("error:", problem)
print(f"{count} declarations, {len(problems)} problems")
sys.exit(1 if problems else 0)
PY

echo "== only XTreePlatform calls the C library"
python3 - <<'PY' || status=1
import os, re, sys

imports = re.compile(r"^\s*import (Glibc|Darwin)\b|canImport\((Glibc|Darwin)\)")
# C functions and constants the platform files wrap, called bare (not as `Sockets.poll`).
calls = re.compile(
    r"(?<![.\w])(poll|fcntl|getpid|getuid|getgid|isatty|localtime_r|lstat|fstat|umask|fchmod|fchown|chown|realpath"
    r"|strerror|memchr|memcmp|setsockopt|getsockname|socketpair|mkfifo|mknod|kill)\("
    r"|(?<![.\w])socket\((?!for:)"
    r"|(?<![.\w])(pollfd|SOCK_STREAM|AF_UNIX|AF_INET|STDIN_FILENO|STDOUT_FILENO|STDERR_FILENO|SIG_IGN|SIG_DFL|S_IFMT"
    r"|O_RDONLY|O_CLOEXEC|EINTR|EAGAIN|EPIPE|ENOENT|errno)\b")
problems = []
for top in ("Sources", "Tests"):
    for folder, _, names in os.walk(top):
        if folder.startswith("Sources/XTreePlatform"):
            continue
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            for number, line in enumerate(open(path, encoding="utf-8"), start=1):
                code = line.split("//", 1)[0]
                if imports.search(code):
                    problems.append(f"{path}:{number}: imports the C library itself; call XTreePlatform instead")
                elif calls.search(code):
                    problems.append(f"{path}:{number}: calls the C library outside XTreePlatform: {line.strip()}")
for problem in problems:
    print("error:", problem)
print(f"{len(problems)} calls of the C library outside Sources/XTreePlatform")
sys.exit(1 if problems else 0)
PY

echo "== AppleCompat/Darwin as a module named Darwin"
swiftc -parse-as-library -swift-version 6 -emit-module -module-name Darwin \
    -emit-module-path "$out/Darwin.swiftmodule" AppleCompat/Darwin/*.swift

echo "== XTreePlatform's Darwin side, type-checked against it"
darwin_files=()
for file in Sources/XTreePlatform/*.swift; do
    case "$file" in *+Glibc.swift) ;; *) darwin_files+=("$file") ;; esac
done
if swiftc -typecheck -warnings-as-errors -parse-as-library -swift-version 6 -package-name xtree -module-name XTreePlatform \
    -I "$out" "${darwin_files[@]}"; then
    echo "${#darwin_files[@]} files type-check against Apple's declarations"
else
    status=1
fi
exit "$status"
