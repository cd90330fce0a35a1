#!/usr/bin/env bash
# The flight recorder allocates nothing per link once started: valgrind counts the heap
# allocations of a release xtree-bench that records 1,000 links and of one that records 3,000,
# and the difference must be 0. Prints the counts; fails on any allocation per link.
#
#   Scripts/recorder-allocations.sh [BENCH]
#
# With BENCH, counts that release xtree-bench instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
if ! command -v valgrind >/dev/null; then
    (apt-get update -qq && apt-get install -y -qq valgrind) >/dev/null 2>&1
fi
if [ $# -ge 1 ]; then
    bench="$1"
else
    swift build -c release --product xtree-bench 2>&1 | tail -n 1
    bench="$(swift build -c release --show-bin-path)/xtree-bench"
fi
count() {
    valgrind --tool=memcheck --leak-check=no "$bench" --recorder-links "$1" 2>&1 |
        sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
few=$(count 1000)
many=$(count 3000)
[ -n "$few" ] && [ -n "$many" ] || { echo "error: valgrind gave no count"; exit 1; }
echo "heap allocations of the whole process: $few with 1,000 links recorded, $many with 3,000"
per=$(python3 -c "print(($many - $few) / 2000)")
echo "allocations per link recorded: $per"
[ "$many" = "$few" ] || { echo "error: the flight recorder allocates on a link's path"; exit 1; }
