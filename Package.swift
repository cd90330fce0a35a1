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
        .library(name: "RecipesViews", targets: ["RecipesViews"]),
        .executable(name: "xtree-cli", targets: ["xtree-cli"]),
    ],
    targets: [
        // What several targets share (locking, JSON reading and its errors), at `package` access.
        .target(name: "XTreeSupport"),
        // The escaping policies for terminals, DOT, Mermaid and XML, and the bytes they fill.
        .target(name: "XTreeEscaping"),
        // Combine's and SwiftUI's shapes where they are missing, and `@Store`.
        .target(name: "XTreeObservation", dependencies: ["XTreeSupport"]),
        // Snapshot values: columns, ids, the one codec of the format, diffs, search by name.
        .target(name: "XTreeSnapshot", dependencies: ["XTreeEscaping", "XTreeSupport"]),
        // Text, JSON, DOT and Mermaid renderers over snapshots.
        .target(name: "XTreeRendering", dependencies: ["XTreeSnapshot", "XTreeEscaping"]),
        // Hierarchy, search, taking snapshots, change monitoring, the audit and the reachability
        // kit; it re-exports the modules above, so apps import XTree alone.
        .target(
            name: "XTree",
            dependencies: ["XTreeEscaping", "XTreeObservation", "XTreeSnapshot", "XTreeRendering", "XTreeSupport"]),
        .target(name: "XTreeTesting", dependencies: ["XTree"]),
        .target(name: "XTreeInspector", dependencies: ["XTree", "XTreeSupport"]),
        .target(name: "RecipesDomain", dependencies: ["XTree", "XTreeSupport"]),
        // A second example app, nothing recipes-specific: a shop with tabs, a stack and a sheet.
        .target(name: "ShopDomain", dependencies: ["XTree"]),
        // The recipes app's SwiftUI views, driven by RecipesDomain's coordinators; empty where
        // SwiftUI does not exist.
        .target(name: "RecipesViews", dependencies: ["RecipesDomain", "XTree"]),
        // The CLI: command types, targets, and the embedded apps' adapters.
        .target(
            name: "XTreeCommandLine",
            dependencies: ["XTree", "XTreeInspector", "RecipesDomain", "ShopDomain", "XTreeSupport"]),
        .executableTarget(name: "xtree-cli", dependencies: ["XTreeCommandLine"]),
        .executableTarget(
            name: "xtree-bench",
            dependencies: ["XTree", "XTreeInspector", "RecipesDomain", "XTreeSnapshot", "XTreeSupport"]),
        .testTarget(
            name: "XTreeTests",
            dependencies: ["XTree", "XTreeTesting", "XTreeSnapshot", "XTreeRendering", "XTreeEscaping", "XTreeSupport"]),
        .testTarget(name: "XTreeInspectorTests", dependencies: ["XTreeInspector", "XTree", "RecipesDomain"]),
        .testTarget(name: "RecipesDomainTests", dependencies: ["RecipesDomain", "XTree"]),
        .testTarget(name: "ShopDomainTests", dependencies: ["ShopDomain", "XTree", "XTreeTesting"]),
        .testTarget(
            name: "XTreeCLITests",
            dependencies: [
                "xtree-cli", "XTreeCommandLine", "XTree", "XTreeTesting", "XTreeInspector", "RecipesDomain",
                "ShopDomain",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
