// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "XTree",
    // The oldest systems with Combine, which view models observe through where it exists.
    // Anything newer is used behind `@available` (the Observation framework: iOS 17, macOS 14).
    platforms: [
        .iOS(.v13),  // Combine and SwiftUI's ObservableObject
        .macOS(.v10_15),  // Combine and SwiftUI's ObservableObject
        .tvOS(.v13),  // Combine
        .watchOS(.v6),  // Combine
        .visionOS(.v1),  // the first release
    ],
    products: [
        .library(name: "XTree", targets: ["XTree"]),
        // Swift Testing integration of the reachability kit, apart so apps never link Testing.
        .library(name: "XTreeTesting", targets: ["XTreeTesting"]),
        // The live inspector, apart so that an app that does not start it links no socket code.
        .library(name: "XTreeInspector", targets: ["XTreeInspector"]),
        .library(name: "RecipesDomain", targets: ["RecipesDomain"]),
        .executable(name: "xtree-cli", targets: ["xtree-cli"]),
    ],
    targets: [
        // What several targets share (locking, JSON reading and its errors), at `package` access.
        .target(name: "XTreeSupport"),
        .target(name: "XTree", dependencies: ["XTreeSupport"]),
        .target(name: "XTreeTesting", dependencies: ["XTree"]),
        .target(name: "XTreeInspector", dependencies: ["XTree", "XTreeSupport"]),
        .target(name: "RecipesDomain", dependencies: ["XTree", "XTreeSupport"]),
        .executableTarget(
            name: "xtree-cli", dependencies: ["XTree", "XTreeInspector", "RecipesDomain", "XTreeSupport"]),
        .executableTarget(name: "xtree-bench", dependencies: ["XTree", "XTreeInspector", "RecipesDomain"]),
        .testTarget(name: "XTreeTests", dependencies: ["XTree", "XTreeTesting"]),
        .testTarget(name: "XTreeInspectorTests", dependencies: ["XTreeInspector", "XTree", "RecipesDomain"]),
        .testTarget(name: "RecipesDomainTests", dependencies: ["RecipesDomain", "XTree"]),
        .testTarget(
            name: "XTreeCLITests",
            dependencies: ["xtree-cli", "XTree", "XTreeTesting", "XTreeInspector", "RecipesDomain"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
