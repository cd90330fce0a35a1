#!/usr/bin/env bash
# The house's size rules, checked: no module over 3,000 lines of Swift, no source file over
# 400 lines (the web page's .html, .css and .js files included). Lists each offender with
# where such code goes, and fails if there is one.
#
#   Scripts/house.sh
#
# Lines are counted as `wc -l` counts them, comments and blank lines included.
set -euo pipefail
cd "$(dirname "$0")/.."

module_limit=3000
file_limit=400

# Files that may pass the file limit, each with its reason. Nothing else may.
exempt_files=(
    # Written by Scripts/page.py from Sources/XTreePage/Page/, whose files keep the
    # limit: the page is edited there, never here.
    "Sources/XTreePage/HTMLPage+Files.swift"
)

# Modules that may pass the module limit, each with the larger limit its concept needs and the
# reason. The limit is an alarm for a module holding two concerns, not a reason to split one.
declare -A exempt_modules=(
    # The live side is one concept: the tree protocol and how nodes describe themselves (by
    # dynamic type too), its searches in both orders with their recording, held links, flows,
    # the children audit and capturing snapshots; each part leans on the others' internals
    # (the walk, the type cache, the search log).
    [XTree]=3500
)

# Where code of each module goes when it grows: the room it belongs in.
advice() {
    case "$1" in
        XTree) echo "the live side only (the children audit included: the inspector runs it); the reachability kit goes to XTreeReachability, snapshot values to XTreeSnapshot" ;;
        XTreeSnapshot) echo "snapshot values only; the format's reading and writing go to XTreeCodec, rendering to XTreeRendering" ;;
        XTreePage) echo "the page and its renderer only; what the page's routes answer stays with the command that serves it" ;;
        XTreeCodec) echo "the snapshot format only; split the reader further by what its parts do (SnapshotReader+*.swift)" ;;
        XTreeInspector) echo "what an app runs: the socket protocol, the server and discovery; the client goes to XTreeInspectorClient, the journal, restore points and sessions to XTreeJournal, HTTP to XTreeWeb" ;;
        XTreeInspectorClient) echo "what a tool runs to attach: the client and its connection; what a command does with what it reads stays with the command" ;;
        XTreeLive) echo "the incremental view of a live tree only; what the journal keeps goes to XTreeJournal, delivery to XTreeInspector" ;;
        XTreeJournal) echo "journal events, the ring, restore points and the session format; delivery to clients stays in XTreeInspector" ;;
        XTreeWeb) echo "the HTTP server; what a page's routes answer goes with the command that serves it" ;;
        XTreeEventLoop) echo "polling, reading, writing and deadlines only; what a connection is doing goes to its server's service" ;;
        XTreeCommandLine) echo "one type per command; argument parsing goes to XTreeArgumentParser, the terminal and files to XTreeConsole, targets and embedded apps to XTreeTargets, what commands share to a library they call" ;;
        XTreeTargets) echo "the context, targets and embedded apps' adapters; what a command does with them stays in XTreeCommandLine" ;;
        XTreeConsole) echo "the terminal and the files a user names only; what a command does with them stays in XTreeCommandLine" ;;
        XTreeArgumentParser) echo "parsing and help only; what a command does stays in XTreeCommandLine" ;;
        XTreePlatform) echo "one small interface per concern, one +CLibrary file each with the two systems under #if; callers stay in their modules" ;;
        *) echo "a module of its own for the concern that grew, named for what it is" ;;
    esac
}

status=0
total=0
for folder in Sources/*/; do
    module=$(basename "$folder")
    lines=$( (find "$folder" -name '*.swift' -type f -print0 | xargs -0 cat) 2>/dev/null | wc -l)
    total=$((total + lines))
    limit=${exempt_modules[$module]:-$module_limit}
    if [ "$lines" -gt "$limit" ]; then
        echo "error: module $module has $lines lines, over $limit: $(advice "$module")"
        status=1
    elif [ "$lines" -gt "$module_limit" ]; then
        echo "note: module $module has $lines lines, under its own limit of $limit (see the reason in Scripts/house.sh)"
    fi
done

while IFS= read -r -d '' file; do
    lines=$(wc -l <"$file")
    [ "$lines" -le "$file_limit" ] && continue
    exempt=false
    for name in "${exempt_files[@]}"; do [ "$file" = "$name" ] && exempt=true; done
    if $exempt; then
        echo "note: $file has $lines lines, exempt (see the reason in Scripts/house.sh)"
        continue
    fi
    echo "error: $file has $lines lines, over $file_limit: split it by what its parts do, each part in a" \
        "Type+Capability.swift (or, for the page, a .js or .css file) beside it"
    status=1
done < <(find Sources -type f \( -name '*.swift' -o -path '*/Page/*' \) -print0 | sort -z)

for name in "${exempt_files[@]}"; do
    [ -f "$name" ] || { echo "error: $name is exempt in Scripts/house.sh but does not exist"; status=1; }
done

# Apps link what they run: nothing XTree depends on, however far down, is the page's module;
# nothing the inspector an app links depends on is the reachability kit, the page or the client.
if ! swift package describe --type json 2>/dev/null | python3 -c '
import json, sys
targets = {target["name"]: target for target in json.load(sys.stdin)["targets"]}
def reached(start):
    seen, queue = set(), [start]
    while queue:
        name = queue.pop()
        if name not in seen:
            seen.add(name)
            queue += targets[name].get("target_dependencies", [])
    return seen - {start}
failed = False
for app, tools in [("XTree", ["XTreePage"]), ("XTreeInspector", ["XTreeReachability", "XTreePage", "XTreeInspectorClient"])]:
    seen = reached(app)
    for tool in tools:
        if tool in seen:
            print(f"error: {app} reaches {tool} in the target graph: apps would carry it")
            failed = True
    print(f"{app} reaches {len(seen)} modules; not " + ", ".join(tools))
sys.exit(1 if failed else 0)
'; then
    status=1
fi

if [ "$status" = 0 ]; then
    echo "the house keeps its rules: no module over $module_limit lines, no file over $file_limit ($total lines in Sources)"
fi
exit "$status"
