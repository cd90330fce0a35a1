#!/usr/bin/env bash
# What a shipping app carries: a small app in a scratch package, linking the products an app
# ships with (XTree, XTreeRecorder), built in release; its symbols must hold the tree, its
# searches and the flight recorder, and nothing of the inspector (its socket server and
# discovery), the client, the web page or the debugger's entry points. Then the same app with
# the inspector linked, as a debug-only import left in by mistake would: the check must say so.
# Prints what each product added to the binary's text.
#
#   Scripts/release-contents.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
root=$PWD
work=$root/.build/release-contents
# A path dependency's identity: its folder's name, in lower case.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
rm -rf "$work"
mkdir -p "$work/Sources/ShippingApp"

# The app: its own tree, a search, and the recorder; PLANT adds the inspector.
write_app() {
    cat >"$work/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "ShippingApp",
    dependencies: [.package(path: "$root")],
    targets: [
        .executableTarget(
            name: "ShippingApp",
            dependencies: [
                .product(name: "XTree", package: "$identity"),
                .product(name: "XTreeRecorder", package: "$identity"),
                $( [ "$1" = planted ] && echo '.product(name: "XTreeInspector", package: "'"$identity"'"),')
            ])
    ]
)
EOF
    cat >"$work/Sources/ShippingApp/main.swift" <<EOF
import Foundation
import XTree
import XTreeRecorder
$( [ "$1" = planted ] && echo 'import XTreeInspector' )

@MainActor final class Screen: DeepLinkable {
    let title: String
    init(_ title: String) { self.title = title }
    var nodeLabel: String { title }
}
@MainActor final class Home: DeepLinkable {
    let screens = [Screen("Inbox"), Screen("Settings")]
    var children: [any DeepLinkable] { screens }
}

enum ShippingApp: DeepLinkableApp {
    static func makeRoot() -> Home { Home() }
    static func open(_ link: String, in root: Home) async throws -> any DeepLinkable { root }
}

@MainActor func run() throws {
    let home = Home()
    let recorder = try FlightRecorder.start(for: ShippingApp.self, at: NSTemporaryDirectory() + "/shipping.flightrecord")
    let ticket = recorder.begin("shipping://settings")
    let found = home.firstReceiver(as: Screen.self) { \$0.title == "Settings" }
    recorder.end(ticket, reached: found)
    $( [ "$1" = planted ] && echo '_ = try? Inspector(name: "ShippingApp", root: home)' )
    print(found?.title ?? "none")
}
MainActor.assumeIsolated { try? run() }
EOF
}

# Builds the app; checks its symbols; prints the failures, and returns 1 if any.
check() {
    (cd "$work" && swift build -c release 2>&1 | grep -E "error|warning: " || true)
    local binary="$work/.build/release/ShippingApp"
    [ -x "$binary" ] || { echo "error: the app did not build"; return 2; }
    "$binary" >/dev/null
    nm --demangle=none "$binary" >"$work/symbols.txt"
    swift demangle --simplified <"$work/symbols.txt" >"$work/demangled.txt"
    local failed=0
    # Present: what the app uses.
    for wanted in "FlightRecorder" "firstReceiver"; do
        grep -q "$wanted" "$work/demangled.txt" || { echo "missing: $wanted"; failed=1; }
    done
    # Absent: each with what carries it.
    for unwanted in "XTreeInspector\\.Inspector" "InspectorCore" "XTreeEventLoop" "InspectorDirectory" \
        "XTreeInspectorClient" "XTreePage" "HTMLPage" "XTreeWeb" "xtree_find" "xtree_tree" "xtree_why" \
        "xtree_last_answer" "XTreeDebugger"; do
        if grep -qE "$unwanted" "$work/demangled.txt"; then
            echo "carried: $unwanted"
            failed=1
        fi
    done
    local size
    size=$(size -A "$binary" | awk '$1 == ".text" { print $2 }')
    echo "text: $((size / 1024)) KiB"
    return "$failed"
}

echo "== a shipping app: XTree and XTreeRecorder, release"
write_app shipping
check || { echo "error: a shipping app carries what it did not choose"; exit 1; }
echo "== the same app with the inspector linked (planted): the check must see it"
write_app planted
if check; then
    echo "error: the planted inspector went unseen"
    exit 1
fi
echo "release contents checked: a shipping app carries the tree and the recorder, and no inspector, client, page or debugger entry point"
