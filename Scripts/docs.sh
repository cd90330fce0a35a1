#!/usr/bin/env bash
# Builds the DocC archives of every library module into .build/docs with warnings as
# errors (a broken symbol link fails), then checks over the symbol graphs and the catalogs
# that every public symbol declared in Sources has a doc comment and that every top-level
# one is curated under a topic of its module's catalog (DocC does not warn for either).
#
#   Scripts/docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

out=.build/docs
# Beside the build that writes them: a module that is not rebuilt keeps its graph.
graphs=.build/docs-build/symbol-graphs
rm -rf "$out"
mkdir -p "$out" "$graphs"
echo "== symbol graphs"
swift build --scratch-path .build/docs-build \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" 2>&1 | tail -n 1

status=0
catalogs=(XTree XTreeLinks XTreeSnapshot XTreeCodec XTreeRendering XTreePage XTreeObservation XTreeEscaping XTreeReachability XTreeFuzzing XTreeRoutes XTreeRecorder RecipesDomain)
for module in "${catalogs[@]}"; do
    rm -rf "${graphs:?}/$module"
    mkdir -p "$graphs/$module"
    cp "$graphs/$module.symbols.json" "$graphs/$module"/
    for extension in "$graphs/$module@"*.symbols.json; do
        [ -e "$extension" ] && cp "$extension" "$graphs/$module"/
    done
    echo "== docc convert $module"
    if ! docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" --fallback-bundle-identifier "xtree.$module" \
        --output-path "$out/$module.doccarchive" --warnings-as-errors >"$out/$module.log" 2>&1; then
        cat "$out/$module.log"
        status=1
    fi
done

echo "== doc comments and curation"
python3 - "$graphs" <<'PY' || status=1
import json, os, re, sys

graphs = sys.argv[1]
root = os.getcwd()
problems = []
for module in ["XTree", "XTreeLinks", "XTreeSnapshot", "XTreeCodec", "XTreeRendering", "XTreePage", "XTreeObservation", "XTreeEscaping",
               "XTreeReachability", "XTreeFuzzing", "XTreeRoutes", "XTreeRecorder", "RecipesDomain", "XTreeJournal", "XTreeInspector",
               "XTreeInspectorClient", "XTreeTesting"]:
    files = [f for f in os.listdir(graphs) if f == module + ".symbols.json" or f.startswith(module + "@")]
    symbols = [s for f in files for s in json.load(open(os.path.join(graphs, f)))["symbols"]]
    for symbol in symbols:
        location = symbol.get("location", {}).get("uri", "")
        # Declared in our sources; compiler-synthesised and inherited members have none.
        if symbol.get("accessLevel") not in ("public", "open") or "/Sources/" not in location:
            continue
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        path = "/".join(symbol["pathComponents"])
        if not symbol.get("docComment"):
            where = location.split(root + "/")[-1]
            problems.append(f"{module}: {path} ({where}) has no doc comment")
    catalog = f"Sources/{module}/{module}.docc"
    if not os.path.isdir(catalog):
        continue
    curated = set()
    for name in os.listdir(catalog):
        if name.endswith(".md"):
            text = open(os.path.join(catalog, name), encoding="utf-8").read()
            curated |= {re.sub(r"-[a-z0-9.]+$", "", link) for link in re.findall(r"^- ``([^`]+)``", text, re.M)}
    top = {s["pathComponents"][0] for s in symbols
           if len(s["pathComponents"]) == 1 and s.get("accessLevel") in ("public", "open")
           and "/Sources/" in s.get("location", {}).get("uri", "")}
    for name in sorted(top - curated):
        problems.append(f"{module}: {name} is not curated under a topic of {catalog}")
for problem in problems:
    print("error:", problem)
print(f"{len(problems)} problems")
sys.exit(1 if problems else 0)
PY
exit "$status"
