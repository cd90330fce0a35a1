#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ with AddressSanitizer and runs each for SECONDS
# (default 60). Fails on any crash, leak, timeout or failed property check.
#
#   Scripts/fuzz.sh [SECONDS [TARGET...]]
#
# FUZZ_OPTIMIZATION sets the build's optimization (default -O; CI's short run uses -Onone, whose
# build is well under half as long and whose harnesses run 2 to 7 times slower).
#
# New inputs found go to .build-fuzz/corpus/<target>; the checked-in seeds stay as they are.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

seconds="${1:-60}"
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(deeplink routes catalog snapshot reader inspector session record http edit aasa)
case "$seconds" in
    '' | *[!0-9]*) echo "error: SECONDS must be a whole number, got '$seconds'" >&2; exit 64 ;;
esac
out=.build-fuzz
mkdir -p "$out"
flags=(-sanitize=fuzzer,address -parse-as-library ${FUZZ_OPTIMIZATION:--O} -g -num-threads 2 -package-name xtree -I "$out" -L "$out")

echo "== building the library modules with fuzzer coverage and AddressSanitizer"
# In dependency order; each module's interface is found in $out by the ones after it.
modules=(
    XTreePlatform XTreeSupport XTreeLinks XTreeEscaping XTreeObservation XTreeSnapshot XTreeCodec XTreeRendering XTree
    XTreeRecorder XTreeRoutes XTreeReachability XTreeFuzzing XTreeJournal XTreeLive XTreeEventLoop XTreeDebugger XTreeInspector XTreeWeb
    RecipesDomain
)
for module in "${modules[@]}"; do
    # An archive is added to, not replaced: members of files since removed would linger.
    rm -f "$out/lib$module.a"
    swiftc "${flags[@]}" -module-name "$module" -emit-module -emit-module-path "$out/$module.swiftmodule" \
        -emit-library -static -o "$out/lib$module.a" $(find "Sources/$module" -name '*.swift' | sort)
done
libraries=()
for ((index = ${#modules[@]} - 1; index >= 0; index--)); do libraries+=("-l${modules[index]}"); done

status=0
for target in "${targets[@]}"; do
    case "$target" in
        deeplink) source=Fuzz/DeepLinkFuzzer.swift ;;
        routes) source=Fuzz/RouteFuzzer.swift ;;
        catalog) source=Fuzz/CatalogFuzzer.swift ;;
        snapshot) source=Fuzz/SnapshotFuzzer.swift ;;
        reader) source=Fuzz/SnapshotReaderFuzzer.swift ;;
        inspector) source=Fuzz/InspectorFuzzer.swift ;;
        session) source=Fuzz/SessionFuzzer.swift ;;
        record) source=Fuzz/FlightRecordFuzzer.swift ;;
        http) source=Fuzz/HTTPFuzzer.swift ;;
        edit) source=Fuzz/EditFuzzer.swift ;;
        aasa) source=Fuzz/AssociationFuzzer.swift ;;
        *) echo "error: no fuzz target '$target'" >&2; exit 64 ;;
    esac
    swiftc "${flags[@]}" -use-ld=lld "$source" "${libraries[@]}" -o "$out/$target-fuzzer"
    mkdir -p "$out/corpus/$target"
    seeds="Fuzz/Corpus/$target"
    [ "$target" = reader ] && seeds=Fuzz/Corpus/snapshot
    echo "== fuzzing $target for ${seconds}s"
    log="$out/$target.log"
    # Association files are read up to 128 KB; seeds of hostile ones are tens of KB.
    max_len=4096
    [ "$target" = aasa ] && max_len=32768
    if "$out/$target-fuzzer" "$out/corpus/$target" "$seeds" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len="$max_len" \
        -print_final_stats=1 -artifact_prefix="$out/$target-" >"$log" 2>&1; then
        runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
        rate=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}')
        echo "$target: ${runs:-?} executions, ${rate:-?} per second, no crash, leak or timeout"
    else
        echo "$target: FAILED; the end of its log ($log):"
        tail -n 40 "$log"
        status=1
    fi
done
exit "$status"
