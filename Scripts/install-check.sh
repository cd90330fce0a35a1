#!/usr/bin/env bash
# The CLI as a tool of its own, as README's "Installing xtree-cli" builds it: a release binary
# with the Swift runtime linked in (--static-swift-stdlib), copied to a scratch folder, names no
# toolchain path (readelf -d) and runs there with an empty environment, so with no
# LD_LIBRARY_PATH and nothing of the toolchain on any path.
#
#   Scripts/install-check.sh [BINARY]
#
# With BINARY, checks that binary instead of building one (to see the check fail on a binary
# built without --static-swift-stdlib).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

if [ $# -ge 1 ]; then
    binary="$1"
else
    # A scratch path of its own: other steps build release without the static runtime.
    swift build -c release --static-swift-stdlib --product xtree-cli --scratch-path .build-static 2>&1 |
        grep -v "warning: the use of \`mktemp' is dangerous" | tail -n 2
    binary=.build-static/release/xtree-cli
fi
alone=$(mktemp -d)
trap 'rm -rf "$alone"' EXIT
cp "$binary" "$alone/xtree-cli"

echo "== what the copied binary needs (readelf -d)"
readelf -d "$alone/xtree-cli" | grep -E 'NEEDED|RUNPATH|RPATH' | tee "$alone/dynamic.txt"
status=0
# Only the system's C and C++ runtimes may be shared libraries; no path may lead to a toolchain.
if grep 'NEEDED' "$alone/dynamic.txt" | grep -vE '\[(libc|libm|libstdc\+\+|libgcc_s|ld-linux[-a-z0-9_]*|libpthread|libdl|librt|libutil)\.so[.0-9]*\]'; then
    echo "error: the binary needs a shared library beyond the system's C and C++ runtimes" >&2
    status=1
fi
if grep -E 'RUNPATH|RPATH' "$alone/dynamic.txt" | grep -E '/(opt|usr|home|root)/|swift'; then
    echo "error: the binary looks for libraries in a toolchain's folder" >&2
    status=1
fi
[ "$status" = 0 ] || exit 1

echo "== run from $alone with an empty environment"
cd "$alone"
env -i LD_LIBRARY_PATH= ./xtree-cli --version
env -i LD_LIBRARY_PATH= ./xtree-cli tree | tail -n 1
env -i LD_LIBRARY_PATH= ./xtree-cli web --help | head -n 1
echo "the copied binary runs alone"
