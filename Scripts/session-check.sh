#!/usr/bin/env bash
# End to end, as a user would: a served recipes app records a session of two links; replay
# passes on it and fails with status 1 on a copy whose recorded label was edited; the test
# export-test writes from it, and the checked-in golden test, pass `swift format lint` and
# compile and pass in a scratch package that depends on this checkout.
#
#   Scripts/session-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
root=$(pwd)
work="$root/.build/session-check"
rm -rf "$work"
mkdir -p "$work/dir"
chmod 700 "$work/dir"
export XTREE_INSPECTOR_DIR="$work/dir"

swift build --product xtree-cli
cli=$(swift build --show-bin-path)/xtree-cli

"$cli" serve --name SessionCheck >"$work/serve.out" 2>&1 &
served=$!
trap 'kill "$served" 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q '^serving' "$work/serve.out" && break; sleep 0.1; done

"$cli" record --attach SessionCheck --count 2 -o "$work/session.json" >"$work/record.out" 2>&1 &
recording=$!
# The recorder follows from the tree it received: wait for it to say so.
for _ in $(seq 100); do grep -q '^recording' "$work/record.out" && break; sleep 0.1; done
"$cli" open --attach SessionCheck recipes://recipes/irish-stew >/dev/null
"$cli" open --attach SessionCheck recipes://recipes/orange-marmalade/ratings >/dev/null
wait "$recording"
cat "$work/record.out"

echo "-- replay of the recording, on a fresh embedded app"
"$cli" replay "$work/session.json"
echo "-- replay of the recording, on the served app where it was recorded: its tree is no longer the start"
status=0
"$cli" replay --attach SessionCheck "$work/session.json" >"$work/attached.out" 2>&1 || status=$?
[ "$status" = 1 ] || { echo "error: replay on a moved-on app exited $status, not 1"; cat "$work/attached.out"; exit 1; }
echo "exit 1, as it must"

echo "-- replay of a copy whose recorded label was edited"
sed 's/"label":"Orange Marmalade"/"label":"Orange Jam"/' "$work/session.json" >"$work/edited.json"
status=0
"$cli" replay "$work/edited.json" >"$work/edited.out" 2>&1 || status=$?
cat "$work/edited.out"
[ "$status" = 1 ] || { echo "error: replay of an edited session exited $status, not 1"; exit 1; }
grep -q 'label "Orange Jam" -> "Orange Marmalade"' "$work/edited.out"

echo "-- the exported tests, compiled and run in a scratch package"
package="$work/package"
mkdir -p "$package/Tests/ExportedTests"
"$cli" export-test "$work/session.json" --name recordedNow -o "$package/Tests/ExportedTests/RecordedNowTests.swift"
cp Docs/Examples/RecipesSessionTests.swift "$package/Tests/ExportedTests/"
# What export-test writes is held to this project's own style.
swift format lint --strict --configuration .swift-format "$package/Tests/ExportedTests/"*.swift
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
cat >"$package/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ExportedTests",
    dependencies: [.package(path: "$root")],
    targets: [
        .testTarget(
            name: "ExportedTests",
            dependencies: [
                .product(name: "XTree", package: "$identity"),
                .product(name: "RecipesDomain", package: "$identity"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
(cd "$package" && swift test 2>&1 | tee "$work/package-test.out" | grep -E 'Test run|error|✘' || true)
grep -q 'Test run with 2 tests .*passed' "$work/package-test.out" || {
    echo "error: the exported tests did not pass; the end of their log:"
    tail -n 40 "$work/package-test.out"
    exit 1
}
echo "session check passed"
