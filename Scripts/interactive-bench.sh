#!/usr/bin/env bash
# Questions to a large running app, timed as a developer types them: each command a whole
# `xtree-cli` process attached to `xtree-bench --serve-live N` (observed filler nodes under a
# route table `live://filler/<value>`), 7 runs each; prints the median time and the CLI's
# largest peak memory, and the app's resident size once served; the rate of `tree --format json`;
# and the bytes `check` reads (strace, from Debian's package).
#
#   Scripts/interactive-bench.sh [NODES...]      (default: 100000 1000000)
#
# Release builds; not run by CI (a million-node app takes about a minute to build).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product xtree-cli >/dev/null
swift build -c release --product xtree-bench >/dev/null
cli=.build/release/xtree-cli
bench=.build/release/xtree-bench
folder=$(mktemp -d)
chmod 700 "$folder"
export XTREE_INSPECTOR_DIR="$folder"
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    rm -rf "$folder"
}
trap cleanup EXIT

# Median seconds and largest peak KB of 7 runs of the CLI with "$@".
measure() {
    local times=() peak=0 line seconds kb
    for _ in 1 2 3 4 5 6 7; do
        # A miss exits 1: the time is read all the same.
        /usr/bin/time -o "$folder/time" -f "%e %M" "$cli" "$@" >/dev/null 2>&1 || true
        line=$(tail -n 1 "$folder/time")
        seconds=${line% *}
        kb=${line#* }
        times+=("$seconds")
        [ "$kb" -gt "$peak" ] && peak=$kb
    done
    local median
    median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 4p)
    local label="$*"
    printf '%-42s %6s s %5s MB\n' "${label% --attach *}" "$median" "$((peak / 1024))"
}

for nodes in "${@:-100000 1000000}"; do
    for count in $nodes; do
        exec 3> >(exec "$bench" --serve-live "$count" >/dev/null)
        server=$!
        name=""
        for _ in $(seq 1 300); do
            name=$("$cli" list 2>/dev/null | awk 'NR == 2 { print $1 }')
            [ -n "$name" ] && break
            sleep 1
        done
        [ -n "$name" ] || { echo "error: the app of $count nodes did not serve"; exit 1; }
        pid=$("$cli" list | awk 'NR == 2 { print $2 }')
        echo "## $count observed nodes (app resident: $(($(ps -o rss= -p "$pid") / 1024)) MB): median of 7, CLI peak"
        printf '%-42s %8s %8s\n' "xtree-cli ... --attach APP" "time" "memory"
        measure --version
        measure find ObservedFiller --attach "$name"
        measure find NoSuchType --attach "$name"
        measure find ObservedFiller --where value=nope --attach "$name"
        measure why live://filler/0 --attach "$name"
        measure why live://filler/99 --attach "$name"
        measure log --last 20 --attach "$name"
        measure tree --format json --attach "$name"
        # The rate of the whole tree in JSON, passed through to a file as the app writes it.
        start=$(date +%s.%N)
        "$cli" tree --format json --attach "$name" >"$folder/tree.json"
        end=$(date +%s.%N)
        printf '%-42s %8s MB/s (%s MB)\n' "tree --format json, rate" \
            "$(python3 -c "import sys; print(round(int(sys.argv[1]) / 1e6 / (float(sys.argv[3]) - float(sys.argv[2]))))" \
                "$(stat -c %s "$folder/tree.json")" "$start" "$end")" "$(($(stat -c %s "$folder/tree.json") / 1000000))"
        measure check --attach "$name"
        # What check reads from its sockets and files: every read's bytes, as strace saw them.
        strace -f -qq -e trace=read,recvfrom,recvmsg -e signal=none -o "$folder/trace" \
            "$cli" check --attach "$name" >/dev/null 2>&1 || true
        printf '%-42s %8s KB read\n' "check" \
            "$(awk -F'= ' '{ n = $NF + 0; if (n > 0) total += n } END { print int(total / 1024) }' "$folder/trace")"
        exec 3>&-
        wait "$server" 2>/dev/null || true
        server=""
    done
done
