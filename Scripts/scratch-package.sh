#!/usr/bin/env bash
# The one scratch package of the checks that launch an app: the tests' own bookshelf app
# (Tests/Fixtures/Bookshelf, neither of the built-in apps) and the social fixture as a package that depends on this
# checkout, with its executables (bookshelf-serve, bookshelf-launch, bookshelf-debug) built, and
# an empty ExportedTests target for the tests the checks export. Prints the package's path;
# everything else goes to standard error. Used by Scripts/session-check.sh and
# Scripts/debugger-check.sh.
#
#   package=$(Scripts/scratch-package.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
root=$(pwd)
package="$root/.build/scratch-package"
mkdir -p "$package"
rm -rf "$package/Sources" "$package/Tests"
mkdir -p "$package/Tests/ExportedTests"
cp -R Tests/Fixtures/Bookshelf/Sources "$package/Sources"
# The social fixture, a SwiftUI-native app of this package's own, for the tests exported from its
# sessions of taps and links.
cp -R Sources/SocialFixture "$package/Sources/SocialFixture"
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
cat >"$package/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ExportedTests",
    dependencies: [.package(path: "$root")],
    targets: [
        .target(name: "Bookshelf", dependencies: [.product(name: "XTree", package: "$identity")]),
        .target(name: "SocialFixture", dependencies: [.product(name: "XTree", package: "$identity")]),
        .executableTarget(
            name: "bookshelf-serve",
            dependencies: ["Bookshelf", .product(name: "XTreeInspector", package: "$identity")]),
        .executableTarget(
            name: "bookshelf-launch",
            dependencies: [
                "Bookshelf", .product(name: "XTreeInspector", package: "$identity"),
                .product(name: "XTreeRecorder", package: "$identity"),
            ]),
        .executableTarget(
            name: "bookshelf-debug",
            dependencies: ["Bookshelf", .product(name: "XTreeInspector", package: "$identity")]),
        .testTarget(
            name: "ExportedTests",
            dependencies: [
                "Bookshelf", "SocialFixture",
                .product(name: "XTree", package: "$identity"),
                .product(name: "RecipesDomain", package: "$identity"),
                .product(name: "XTreeReachability", package: "$identity"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
for product in bookshelf-serve bookshelf-launch bookshelf-debug; do
    (cd "$package" && swift build --product "$product" >"$package/build.out" 2>&1) || {
        echo "error: the bookshelf app's $product did not build:" >&2
        tail -n 30 "$package/build.out" >&2
        exit 1
    }
done
echo "$package"
