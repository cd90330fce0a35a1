#!/usr/bin/env bash
# The suites that use sockets and files, run under the Darwin personality: XTreePlatform built
# with -DXTREE_DARWIN_PERSONALITY (Sockets+Personality.swift), in a scratch path of its own so
# that no other build, and no product, ever has it. The CLI tests run the xtree-cli built here,
# so the app processes they start have the personality too.
#
#   Scripts/darwin-personality.sh [swift test options, such as --filter NAME]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
flags=(-Xswiftc -DXTREE_DARWIN_PERSONALITY --scratch-path .build-darwin)
swift build --build-tests "${flags[@]}"
if [ $# -gt 0 ]; then
    swift test --skip-build "${flags[@]}" "$@"
else
    swift test --skip-build "${flags[@]}" \
        --filter 'DarwinPersonalityTests|XTreeInspectorTests|XTreeWebTests|XTreeCLITests'
fi
