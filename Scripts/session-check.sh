#!/usr/bin/env bash
# End to end, as a user would: a served recipes app records a session of two links; replay
# passes on it and fails with status 1 on a copy whose recorded label was edited. Then an app of
# the tests' own (Tests/Fixtures/Bookshelf, neither of the built-in apps), built in a scratch
# package that depends on this checkout and served as a process of its own, records a session
# too. The tests export-test writes from both, and the checked-in golden test, pass
# `swift format lint` and compile and pass in that scratch package.
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

echo "-- a scratch package: the bookshelf app, its server, and the exported tests"
package="$work/package"
mkdir -p "$package/Tests/ExportedTests"
cp -R Tests/Fixtures/Bookshelf/Sources "$package/Sources"
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
cat >"$package/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ExportedTests",
    dependencies: [.package(path: "$root")],
    targets: [
        .target(name: "Bookshelf", dependencies: [.product(name: "XTree", package: "$identity")]),
        .executableTarget(
            name: "bookshelf-serve",
            dependencies: ["Bookshelf", .product(name: "XTreeInspector", package: "$identity")]),
        .executableTarget(
            name: "bookshelf-launch",
            dependencies: ["Bookshelf", .product(name: "XTreeInspector", package: "$identity")]),
        .testTarget(
            name: "ExportedTests",
            dependencies: [
                "Bookshelf",
                .product(name: "XTree", package: "$identity"),
                .product(name: "RecipesDomain", package: "$identity"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
(cd "$package" && swift build --product bookshelf-serve >"$work/bookshelf-build.out" 2>&1 &&
    swift build --product bookshelf-launch >>"$work/bookshelf-build.out" 2>&1) || {
    echo "error: the bookshelf app did not build:"
    tail -n 30 "$work/bookshelf-build.out"
    exit 1
}
bookshelf=$(cd "$package" && swift build --show-bin-path)/bookshelf-serve
launch=$(cd "$package" && swift build --show-bin-path)/bookshelf-launch

echo "-- the bookshelf app, served as its own process: a session of two links"
"$bookshelf" >"$work/bookshelf.out" 2>&1 &
shelf=$!
trap 'kill "$served" "$shelf" 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q '^serving' "$work/bookshelf.out" && break; sleep 0.1; done
"$cli" record --attach Bookshelf --count 2 -o "$work/bookshelf.json" >"$work/bookshelf-record.out" 2>&1 &
recording=$!
for _ in $(seq 100); do grep -q '^recording' "$work/bookshelf-record.out" && break; sleep 0.1; done
"$cli" open --attach Bookshelf bookshelf://book/cosmos >/dev/null
"$cli" open --attach Bookshelf bookshelf://book/emma/notes >/dev/null
wait "$recording"
cat "$work/bookshelf-record.out"
grep -q '"appType":{"module":"Bookshelf","type":"BookshelfApp"}' "$work/bookshelf.json" || {
    echo "error: the bookshelf session does not name its app type"
    exit 1
}

echo "-- the bookshelf app launched by the CLI for each command (--launch)"
"$cli" check --launch "$launch"
"$cli" check --coverage --launch "$launch" --format junit >"$work/bookshelf-junit.xml"
grep -q '<testsuite name="bookshelf-launch" tests="4" failures="0"' "$work/bookshelf-junit.xml" || {
    echo "error: check --launch --format junit did not pass its 4 examples:"
    cat "$work/bookshelf-junit.xml"
    exit 1
}
grep -q '<property name="coverage.formsNotCovered" value=""/>' "$work/bookshelf-junit.xml"
cat >"$work/bookshelf-aasa.json" <<'JSON'
{"applinks": {"details": [{"appIDs": ["ABCDE12345.example.bookshelf"], "components": [{"/": "/book/*"}]}]}}
JSON
"$cli" links --launch "$launch" --aasa "$work/bookshelf-aasa.json" --domain bookshelf.example
"$cli" replay --launch "$launch" "$work/bookshelf.json"
if ls "${TMPDIR:-/tmp}" | grep -q '^xtree-launch-'; then
    echo "error: a launched app's directory was left behind"
    exit 1
fi

echo "-- the exported tests, compiled and run in the scratch package"
"$cli" export-test "$work/session.json" --name recordedNow -o "$package/Tests/ExportedTests/RecordedNowTests.swift"
"$cli" export-test "$work/bookshelf.json" --name bookshelfSession \
    -o "$package/Tests/ExportedTests/BookshelfSessionTests.swift"
cp Docs/Examples/RecipesSessionTests.swift "$package/Tests/ExportedTests/"
# What export-test writes is held to this project's own style.
swift format lint --strict --configuration .swift-format "$package/Tests/ExportedTests/"*.swift
(cd "$package" && swift test 2>&1 | tee "$work/package-test.out" | grep -E 'Test run|error|✘' || true)
grep -q 'Test run with 3 tests .*passed' "$work/package-test.out" || {
    echo "error: the exported tests did not pass; the end of their log:"
    tail -n 40 "$work/package-test.out"
    exit 1
}
echo "session check passed"
