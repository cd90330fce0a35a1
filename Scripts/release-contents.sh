#!/usr/bin/env bash
# What a shipping app carries: a small app in a scratch package, linking the products an app
# ships with (XTree, XTreeRecorder), built in release; its symbols must hold the tree, its
# searches and the flight recorder, and nothing of the inspector (its socket server and
# discovery), the client, the web page or the debugger's entry points. Then the same app with
# the inspector linked, as a debug-only import left in by mistake would: the check must say so;
# and with the inspector and the package's `DebuggerEntryPoints` trait off (`traits: []`): the
# inspector is there, and no `xtree_*` entry point. Prints what each product adds to the
# binary's text, a line each, for README's table.
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

# The app: its own tree and a search; with `recorder`, the recorder; with `routes`, a route
# table; with `inspector`, the inspector. `notraits` depends on the package with `traits: []`.
write_app() {
    local parts=" $* "
    has() { [[ "$parts" == *" $1 "* ]]; }
    cat >"$work/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "ShippingApp",
    dependencies: [.package(path: "$root"$(has notraits && echo ', traits: []'))],
    targets: [
        .executableTarget(
            name: "ShippingApp",
            dependencies: [
                .product(name: "XTree", package: "$identity"),
                $(has recorder && echo '.product(name: "XTreeRecorder", package: "'"$identity"'"),')
                $(has routes && echo '.product(name: "XTreeRoutes", package: "'"$identity"'"),')
                $(has inspector && echo '.product(name: "XTreeInspector", package: "'"$identity"'"),')
            ])
    ]
)
EOF
    cat >"$work/Sources/ShippingApp/main.swift" <<EOF
import Foundation
import XTree
$(has recorder && echo 'import XTreeRecorder')
$(has routes && echo 'import XTreeRoutes')
$(has inspector && echo 'import XTreeInspector')

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
    $(has recorder && echo 'let recorder = try FlightRecorder.start(for: ShippingApp.self, at: NSTemporaryDirectory() + "/shipping.flightrecord")')
    $(has recorder && echo 'let ticket = recorder.begin("shipping://settings")')
    let found = home.firstReceiver(as: Screen.self) { \$0.title == "Settings" }
    $(has recorder && echo 'recorder.end(ticket, reached: found)')
    $(has routes && echo 'let table = RouteTable<String>(scheme: "shipping", [RouteForm("settings", "settings", reaches: Screen.self)])')
    $(has routes && echo 'print((try? table.parse("shipping://settings")) ?? "none")')
    $(has inspector && echo '_ = try? Inspector(name: "ShippingApp", root: home)')
    print(found?.title ?? "none")
}
MainActor.assumeIsolated { try? run() }
EOF
}

# Builds the app; sets `text` to its text in KiB.
build() {
    (cd "$work" && swift build -c release 2>&1 | grep -E "error|warning: " || true)
    binary="$work/.build/release/ShippingApp"
    [ -x "$binary" ] || { echo "error: the app did not build"; exit 2; }
    "$binary" >/dev/null
    nm --demangle=none "$binary" >"$work/symbols.txt"
    swift demangle --simplified <"$work/symbols.txt" >"$work/demangled.txt"
    text=$(( $(size -A "$binary" | awk '$1 == ".text" { print $2 }') / 1024 ))
}

# Fails (prints and returns 1) for each pattern of $1 ("present" or "absent") that is not so.
expect() {
    local how=$1 failed=0
    shift
    for pattern in "$@"; do
        if grep -qE "$pattern" "$work/demangled.txt"; then
            [ "$how" = absent ] && { echo "carried: $pattern"; failed=1; }
        else
            [ "$how" = present ] && { echo "missing: $pattern"; failed=1; }
        fi
    done
    return "$failed"
}

inspector=("XTreeInspector\\.Inspector" "InspectorCore" "XTreeEventLoop" "InspectorDirectory")
others=("XTreeInspectorClient" "XTreePage" "HTMLPage" "XTreeWeb")
entry_points=("xtree_command" "xtree_find" "xtree_tree" "xtree_why" "xtree_log" "xtree_last_answer")

echo "== what each product adds to a release binary's text (KiB)"
write_app
build
echo "XTree: $text"
base=$text

echo "== a shipping app: XTree and XTreeRecorder, release"
write_app recorder
build
expect present "FlightRecorder" "firstReceiver" || { echo "error: the app lost what it uses"; exit 1; }
expect absent "${inspector[@]}" "${others[@]}" "${entry_points[@]}" "XTreeDebugger" ||
    { echo "error: a shipping app carries what it did not choose"; exit 1; }
echo "XTree, XTreeRecorder: $text (+$((text - base)))"
shipping=$text

write_app recorder routes
build
echo "XTree, XTreeRecorder, XTreeRoutes: $text (+$((text - shipping)))"

echo "== the same app with the inspector linked (planted): the check must see it"
write_app recorder inspector
build
if expect absent "${inspector[@]}" "${entry_points[@]}"; then
    echo "error: the planted inspector went unseen"
    exit 1
fi
echo "XTree, XTreeRecorder, XTreeInspector: $text (+$((text - shipping)))"

echo "== the inspector with the DebuggerEntryPoints trait off (traits: [])"
write_app recorder inspector notraits
build
expect present "InspectorCore" "XTreeEventLoop" || { echo "error: the inspector is not there"; exit 1; }
expect absent "${entry_points[@]}" || { echo "error: traits: [] left the debugger's entry points in"; exit 1; }
echo "XTree, XTreeRecorder, XTreeInspector, traits: []: $text (+$((text - shipping)))"
echo "release contents checked: a shipping app carries the tree and the recorder, and no inspector, client, page or debugger entry point; the inspector without its trait carries no entry point"
