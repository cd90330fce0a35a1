#!/usr/bin/env bash
# XTree at a breakpoint, with real debuggers: the bookshelf fixture's bookshelf-debug (in the
# scratch package of Scripts/scratch-package.sh) runs under Debian's lldb and under gdb, each
# loading its command file from Scripts/debugger/. Stopped on the main thread in the middle of a
# link: tree, find (a match and a miss), why (a link that worked and one that failed), log, and
# hostile arguments (NULL, 1 MB, bad UTF-8, the wrong grammar). Stopped on a background thread
# while the main thread waits inside another link: tree and log answer within the time limit
# with the last tree and its age. The app's final tree must be what it is without a debugger.
# And the entry points survive a release build's dead stripping (nm).
#
#   Scripts/debugger-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
for tool in lldb-16 gdb; do
    if ! command -v "$tool" >/dev/null; then
        (apt-get update -qq && apt-get install -y -qq lldb-16 gdb) >/dev/null 2>&1
    fi
done
work="$PWD/.build/debugger-check"
rm -rf "$work"
mkdir -p "$work/dir"
chmod 700 "$work/dir"
export XTREE_INSPECTOR_DIR="$work/dir"
package=$(Scripts/scratch-package.sh)
app="$(cd "$package" && swift build --show-bin-path)/bookshelf-debug"

echo "-- without a debugger"
"$app" 2>"$work/plain.err"
plain=$(grep '^bookshelf-debug done' "$work/plain.err")
echo "$plain"

fail() {
    echo "error: $1; the debugger's output:"
    cat "$2"
    exit 1
}
expect() { # expect FILE PATTERN WHAT
    grep -qE -- "$2" "$1" || fail "$3" "$1"
}

# The commands at each stop, the same for both debuggers.
main_stop=(
    "xtree tree"
    "xtree find BookViewModel --where book=dune"
    "xtree find BookViewModel --where book=cosmos"
    "xtree why bookshelf://book/dune"
    "xtree why bookshelf://book/nope"
    "xtree log 5"
    "xtree find --where"
    "xtree frob"
)
background_stop=("xtree tree" "xtree log 2")

echo "-- lldb (Debian's lldb-16, C expressions, no Python)"
lldb_args=(--batch -o "command source Scripts/debugger/xtree.lldb"
    -o "breakpoint set -n bookshelf_break_main" -o "breakpoint set -n bookshelf_break_background" -o run)
for command in "${main_stop[@]}"; do lldb_args+=(-o "$command"); done
lldb_args+=(
    -o 'expression --all-threads false -l c -- (int)xtree_find((const char *)0)'
    -o 'expression --all-threads false -l c -- (int)xtree_find((const char *)(void *)memset((void *)calloc(1048577, 1), 97, 1048576))'
    -o 'expression --all-threads false -l c -- (int)xtree_why("\xff\xfe")'
    -o continue)
for command in "${background_stop[@]}"; do lldb_args+=(-o "$command"); done
lldb_args+=(-o continue)
start=$SECONDS
timeout 120 lldb-16 "${lldb_args[@]}" -- "$app" >"$work/lldb.raw" 2>&1 || fail "lldb did not finish" "$work/lldb.raw"
echo "lldb: $((SECONDS - start)) s"
# The app writes through a terminal the debugger made: its lines end in CR LF.
tr -d '\r' <"$work/lldb.raw" >"$work/lldb.out"
out="$work/lldb.out"
expect "$out" '^└── 3 BookViewModel #[0-9a-z]+ "Dune" book=dune$' "lldb: tree on the main thread"
expect "$out" '^  path: 0 ShelfCoordinator > 3 BookViewModel$' "lldb: find's match"
expect "$out" '^xtree: nothing matched BookViewModel where book=cosmos among 4 visited nodes$' "lldb: find's miss"
expect "$out" '^#1 .* link bookshelf://book/dune \(app' "lldb: why of a link that worked"
expect "$out" 'failed: bookshelf://book/nope: no book has the id' "lldb: why of a link that failed"
expect "$out" '^xtree: find takes NAME' "lldb: the wrong grammar"
expect "$out" "^xtree: unknown command 'frob'" "lldb: an unknown command"
expect "$out" '^xtree: a search is needed, not NULL$' "lldb: NULL"
expect "$out" '^xtree: a search of more than 16384 bytes' "lldb: 1 MB"
expect "$out" '^xtree: a link that is not UTF-8$' "lldb: bad UTF-8"
expect "$out" '^xtree: the last tree the inspector.s live view holds, [0-9.]+ s old \(called off the main thread\)$' \
    "lldb: the last tree off the main thread"
expect "$out" '^    └── 4 NotesViewModel #[0-9a-z]+ "Notes on Emma"$' "lldb: the last tree holds the link before"
# Statuses, in order: tree 0, find 0, miss 1, why 0, why 1, log 0, grammar 3, unknown 3, NULL 3,
# 1 MB 3, UTF-8 3; then tree 0 and log 0 off the main thread.
statuses=$(sed -n 's/^(int) \$[0-9]* = \([0-9]*\)$/\1/p' "$out" | tr '\n' ' ')
[ "$statuses" = "0 0 1 0 1 0 3 3 3 3 3 0 0 " ] || fail "lldb: the statuses were '$statuses'" "$out"
grep -qF "$plain" "$out" || fail "lldb: the app's final tree changed under the debugger" "$out"

echo "-- gdb"
gdb_args=(-batch -x Scripts/debugger/xtree.gdb -ex "break bookshelf_break_main" -ex "break bookshelf_break_background"
    -ex run)
for command in "${main_stop[@]}"; do gdb_args+=(-ex "$command"); done
gdb_args+=(-ex continue)
for command in "${background_stop[@]}"; do gdb_args+=(-ex "$command"); done
gdb_args+=(-ex continue)
start=$SECONDS
timeout 120 gdb "${gdb_args[@]}" "$app" >"$work/gdb.raw" 2>&1 || fail "gdb did not finish" "$work/gdb.raw"
echo "gdb: $((SECONDS - start)) s"
tr -d '\r' <"$work/gdb.raw" >"$work/gdb.out"
out="$work/gdb.out"
expect "$out" '^└── 3 BookViewModel #[0-9a-z]+ "Dune" book=dune$' "gdb: tree on the main thread"
expect "$out" '^  path: 0 ShelfCoordinator > 3 BookViewModel$' "gdb: find's match"
expect "$out" 'failed: bookshelf://book/nope: no book has the id' "gdb: why of a link that failed"
expect "$out" '^xtree: the last tree the inspector.s live view holds, [0-9.]+ s old \(called off the main thread\)$' \
    "gdb: the last tree off the main thread"
statuses=$(sed -n 's/^\$[0-9]* = \([0-9]*\)$/\1/p' "$out" | tr '\n' ' ')
[ "$statuses" = "0 0 1 0 1 0 3 3 0 0 " ] || fail "gdb: the statuses were '$statuses'" "$out"
grep -qF "$plain" "$out" || fail "gdb: the app's final tree changed under the debugger" "$out"

echo "-- the entry points survive a release build's dead stripping"
(cd "$package" && swift build -c release --product bookshelf-debug >"$work/release.out" 2>&1) ||
    fail "the release build failed" "$work/release.out"
release="$(cd "$package" && swift build -c release --show-bin-path)/bookshelf-debug"
for symbol in xtree_command xtree_tree xtree_find xtree_why xtree_log; do
    nm "$release" | grep -qE " T $symbol\$" || { echo "error: $symbol is not in the release build"; exit 1; }
done
echo "xtree_command, xtree_tree, xtree_find, xtree_why and xtree_log are in the release build"
echo "debugger check passed"
