// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "XTree",
    products: [
        .library(name: "XTree", targets: ["XTree"]),
        .library(name: "RecipesDomain", targets: ["RecipesDomain"]),
        .executable(name: "xtree-cli", targets: ["xtree-cli"]),
    ],
    targets: [
        .target(name: "XTree"),
        .target(name: "RecipesDomain", dependencies: ["XTree"]),
        .executableTarget(name: "xtree-cli", dependencies: ["XTree", "RecipesDomain"]),
        .executableTarget(name: "xtree-bench", dependencies: ["XTree", "RecipesDomain"]),
        .testTarget(name: "XTreeTests", dependencies: ["XTree"]),
        .testTarget(name: "RecipesDomainTests", dependencies: ["RecipesDomain", "XTree"]),
        .testTarget(name: "XTreeCLITests", dependencies: ["xtree-cli", "XTree", "RecipesDomain"]),
    ],
    swiftLanguageModes: [.v6]
)
