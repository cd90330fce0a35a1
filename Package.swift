// swift-tools-version: 6.1
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
        // The reachability kit: for tests and tools, apart from what apps ship.
        .library(name: "XTreeReachability", targets: ["XTreeReachability"]),
        // Link fuzzing from an app's own forms, in a test's process; `xtree-cli fuzz` runs it on a child.
        .library(name: "XTreeFuzzing", targets: ["XTreeFuzzing"]),
        // Swift Testing integration of the reachability kit, apart so apps never link Testing.
        .library(name: "XTreeTesting", targets: ["XTreeTesting"]),
        // The HTML renderer and the web page, apart so that apps do not carry the page.
        .library(name: "XTreePage", targets: ["XTreePage"]),
        // The live inspector, apart so that an app that does not start it links no socket code.
        .library(name: "XTreeInspector", targets: ["XTreeInspector"]),
        // The inspector's client, for tools that attach to a running app; apps never link it.
        .library(name: "XTreeInspectorClient", targets: ["XTreeInspectorClient"]),
        // The app's last links in a file that outlives a crash: cheap enough for release builds.
        .library(name: "XTreeRecorder", targets: ["XTreeRecorder"]),
        // An app's link forms declared once: parsing, printing, examples, association components, `why`.
        .library(name: "XTreeRoutes", targets: ["XTreeRoutes"]),
        .library(name: "RecipesDomain", targets: ["RecipesDomain"]),
        .library(name: "RecipesViews", targets: ["RecipesViews"]),
        .executable(name: "xtree-cli", targets: ["xtree-cli"]),
    ],
    // An app that links XTreeInspector in a build it ships (an internal release) and wants no C
    // entry points a debugger can call in it depends on the package with `traits: []`.
    traits: [
        .trait(
            name: "DebuggerEntryPoints",
            description:
                "The C entry points a debugger calls in an app linking XTreeInspector (xtree_command, xtree_tree, "
                + "xtree_find, xtree_why, xtree_log, xtree_last_answer), kept in release builds. On by default."),
        .default(enabledTraits: ["DebuggerEntryPoints"]),
    ],
    targets: [
        // Every call whose Darwin and Glibc forms differ: sockets, files and paths, memory, signals
        // and the terminal, errors; one interface each, with a file per platform.
        .target(name: "XTreePlatform"),
        // What several targets share (locking, JSON reading and its errors), at `package` access.
        .target(name: "XTreeSupport", dependencies: ["XTreePlatform"]),
        // The escaping policies for terminals, DOT, Mermaid and XML, and the bytes they fill.
        .target(name: "XTreeEscaping"),
        // Combine's and SwiftUI's shapes where they are missing, and `@Store`.
        .target(name: "XTreeObservation", dependencies: ["XTreeSupport"]),
        // Snapshot values: columns, ids, diffs, search by name.
        .target(name: "XTreeSnapshot", dependencies: ["XTreeEscaping", "XTreeSupport"]),
        // The snapshot format's one codec: writing it, and reading it from bytes into columns.
        .target(name: "XTreeCodec", dependencies: ["XTreeSnapshot", "XTreeEscaping", "XTreePlatform", "XTreeSupport"]),
        // Text, JSON, DOT and Mermaid renderers over snapshots.
        .target(name: "XTreeRendering", dependencies: ["XTreeSnapshot", "XTreeCodec", "XTreeEscaping"]),
        // The web inspector's page and the HTML renderer that writes it: for tools, never linked
        // by an app that imports XTree. The page is edited as the files in Page/, which
        // Scripts/page.py writes into HTMLPage+Files.swift.
        .target(
            name: "XTreePage", dependencies: ["XTreeRendering", "XTreeSnapshot", "XTreeCodec", "XTreeEscaping"],
            exclude: ["Page"]),
        // Hierarchy, search, taking snapshots, change monitoring and flows; it re-exports the
        // modules above, so apps import XTree alone.
        .target(
            name: "XTree",
            dependencies: [
                "XTreeEscaping", "XTreeObservation", "XTreeSnapshot", "XTreeCodec", "XTreeRendering", "XTreeSupport",
                "XTreeLinks",
            ]),
        // What arrives at an app: links in their normal form, and entries beyond URLs.
        .target(name: "XTreeLinks", dependencies: ["XTreeSupport"]),
        // The flight recorder: the last links in a memory-mapped ring that survives a crash, their
        // redaction, and the reading of what the last run left.
        .target(name: "XTreeRecorder", dependencies: ["XTree", "XTreePlatform", "XTreeSupport"]),
        // The reachability kit, which apps use in tests and tools.
        .target(name: "XTreeReachability", dependencies: ["XTree", "XTreeRoutes", "XTreeSupport"]),
        // An app's link forms declared once (the route table), and `why` a link would or would
        // not land, answered from a snapshot without applying it.
        .target(name: "XTreeRoutes", dependencies: ["XTree", "XTreeSnapshot"]),
        // Links nobody wrote: the links made from an app's own, the properties each must keep,
        // and the run in a test's process.
        .target(name: "XTreeFuzzing", dependencies: ["XTree", "XTreeReachability", "XTreeSupport"]),
        .target(name: "XTreeTesting", dependencies: ["XTreeReachability", "XTreeFuzzing", "XTree"]),
        // What happened to a live tree: journal events, the journal's ring, restore points, and the
        // session file format.
        .target(name: "XTreeJournal", dependencies: ["XTree", "XTreeSupport"]),
        // The inspector's incremental view of a live tree: what each event changed, as an edit by
        // ids, at the cost of the change.
        .target(name: "XTreeLive", dependencies: ["XTree", "XTreeObservation", "XTreeSnapshot", "XTreeSupport"]),
        // One thread polling every socket of a server: the inspector's and the web server's
        // one concurrency model.
        .target(name: "XTreeEventLoop", dependencies: ["XTreePlatform", "XTreeSupport"]),
        // What a debugger calls at a breakpoint (`xtree_command` and the other `@_cdecl` entry
        // points) and the last tree they read off the main thread; linked with the inspector.
        .target(
            name: "XTreeDebugger",
            dependencies: [
                "XTree", "XTreeJournal", "XTreeRecorder", "XTreeRendering", "XTreeRoutes", "XTreePlatform",
                "XTreeEscaping", "XTreeSupport",
            ]),
        .target(
            name: "XTreeInspector",
            dependencies: [
                "XTree", "XTreeLive", "XTreeJournal", "XTreeEventLoop", "XTreePlatform", "XTreeRecorder", "XTreeRoutes",
                "XTreeDebugger", "XTreeSupport",
            ]),
        // What attaches to a running app's inspector: the client and its blocking connection.
        .target(
            name: "XTreeInspectorClient",
            dependencies: [
                "XTreeInspector", "XTree", "XTreeJournal", "XTreePlatform", "XTreeReachability", "XTreeSupport",
            ]),
        // A small HTTP/1.1 server for one local page: the request reader, limits, admission,
        // answers and event streams.
        .target(name: "XTreeWeb", dependencies: ["XTreeEventLoop", "XTreePlatform", "XTreeSupport"]),
        .target(name: "RecipesDomain", dependencies: ["XTree", "XTreeReachability", "XTreeRoutes", "XTreeSupport"]),
        // A second example app, nothing recipes-specific: a shop with tabs, a stack and a sheet.
        .target(name: "ShopDomain", dependencies: ["XTree", "XTreeReachability", "XTreeRoutes"]),
        // The recipes app's SwiftUI views, driven by RecipesDomain's coordinators; empty where
        // SwiftUI does not exist.
        .target(name: "RecipesViews", dependencies: ["RecipesDomain", "XTree"]),
        // The CLI's argument parser: options declared as typed properties, help derived from them.
        .target(name: "XTreeArgumentParser", dependencies: ["XTreeEscaping"]),
        // What commands share of the terminal and the files a user names: the console, standard
        // input's lines, signals, progress, and the one writer of files.
        .target(
            name: "XTreeConsole",
            dependencies: ["XTree", "XTreeArgumentParser", "XTreePlatform", "XTreeSupport"]),
        // What the CLI's commands work on: the context, the targets (an embedded app, a snapshot, a
        // running app) and the embedded apps' adapters.
        .target(
            name: "XTreeTargets",
            dependencies: [
                "XTree", "XTreeArgumentParser", "XTreeConsole", "XTreeReachability", "XTreeFuzzing", "XTreeInspector", "XTreeInspectorClient",
                "XTreeJournal",
                "XTreeRecorder", "XTreePage", "RecipesDomain", "ShopDomain", "XTreePlatform", "XTreeSupport",
            ]),
        // The Model Context Protocol server `xtree-cli mcp` runs: the protocol, the tools' schemas
        // and the tree's pages; each tool's answer comes from a command run by a function given.
        .target(name: "XTreeMCP", dependencies: ["XTreeArgumentParser", "XTreeCodec", "XTreePlatform", "XTreeSupport"]),
        // The CLI: one type per command, and the tool that parses and runs them.
        .target(
            name: "XTreeCommandLine",
            dependencies: [
                "XTree", "XTreeArgumentParser", "XTreeConsole", "XTreeReachability", "XTreeFuzzing", "XTreeInspector", "XTreeInspectorClient",
                "XTreeWeb", "XTreeMCP",
                "XTreePage", "XTreeTargets", "XTreeRoutes", "RecipesDomain", "ShopDomain", "XTreePlatform", "XTreeSupport",
            ]),
        .executableTarget(name: "xtree-cli", dependencies: ["XTreeCommandLine"]),
        // A fixture built the way large UIKit apps route links (its own coordinator protocol,
        // an NSObject base class, depth-first search over canHandle, links saved until launch
        // finishes), and its launch executable: what the real-app tests launch.
        .target(name: "BrowserFixture", dependencies: ["XTree", "XTreeRoutes"]),
        .executableTarget(name: "browser-launch", dependencies: ["BrowserFixture", "XTreeInspector", "XTreeRecorder"]),
        .target(name: "SocialFixture", dependencies: ["XTree"]),
        .executableTarget(name: "social-launch", dependencies: ["SocialFixture", "XTreeInspector", "XTreeRecorder"]),
        .executableTarget(
            name: "xtree-bench",
            dependencies: [
                "XTree", "XTreeInspector", "XTreeInspectorClient", "XTreeRecorder", "XTreeReachability", "XTreeFuzzing", "RecipesDomain",
                "XTreeSnapshot", "XTreeRoutes",
                "XTreePlatform", "XTreeSupport",
            ]),
        .testTarget(
            name: "XTreeTests",
            dependencies: [
                "XTree", "XTreeReachability", "XTreeFuzzing", "XTreeTesting", "XTreeSnapshot", "XTreeCodec",
                "XTreeRendering", "XTreePage",
                "XTreeEscaping", "XTreeSupport", "XTreeRecorder",
            ]),
        .testTarget(
            name: "XTreeInspectorTests",
            dependencies: [
                "XTreeInspector", "XTreeInspectorClient", "XTreeRecorder", "XTreeDebugger", "XTree", "XTreePlatform", "RecipesDomain",
                "BrowserFixture", "SocialFixture", "XTreeFuzzing", "XTreeLive", "XTreeSnapshot",
                "ShopDomain",
            ]),
        .testTarget(name: "XTreeWebTests", dependencies: ["XTreeWeb", "XTreeEventLoop", "XTreePlatform", "XTreeSupport"]),
        .testTarget(name: "XTreeLiveTests", dependencies: ["XTreeLive", "XTree", "XTreeSnapshot"]),
        .testTarget(
            name: "XTreeRecorderTests", dependencies: ["XTreeRecorder", "XTree", "XTreePlatform", "RecipesDomain"]),
        .testTarget(name: "XTreeJournalTests", dependencies: ["XTreeJournal", "XTree"]),
        .testTarget(
            name: "RecipesDomainTests", dependencies: ["RecipesDomain", "XTree", "XTreeReachability", "XTreeTesting"]),
        .testTarget(
            name: "ShopDomainTests", dependencies: ["ShopDomain", "XTree", "XTreeReachability", "XTreeRoutes", "XTreeTesting", "XTreeSupport"]),
        // The kit from XCTest, as suites not yet on Swift Testing call it.
        .testTarget(name: "XTreeXCTests", dependencies: ["ShopDomain", "XTree", "XTreeTesting"]),
        .testTarget(
            name: "XTreeCLITests",
            dependencies: [
                "xtree-cli", "XTreeCommandLine", "XTreeMCP", "XTreeTargets", "XTreeArgumentParser", "XTreeConsole", "XTree", "XTreeReachability", "XTreeFuzzing", "XTreeRoutes",
                "XTreeTesting", "XTreePlatform", "XTreeSupport", "XTreeWeb", "XTreeInspector", "XTreeInspectorClient",
                "RecipesDomain", "BrowserFixture", "SocialFixture",
                "ShopDomain",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
