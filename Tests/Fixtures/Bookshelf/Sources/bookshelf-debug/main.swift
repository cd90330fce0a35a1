import Bookshelf
import Foundation
import XTree
import XTreeInspector

// The bookshelf app for Scripts/debugger-check.sh: it applies links through its inspector's
// journal and stops where a debugger breaks, at functions with C names (a debugger breaks on
// them reliably): on the main thread in the middle of a link, then on a background thread while
// the main thread is inside another link.

/// The debugger's first breakpoint: the main thread, in the middle of a link.
@_cdecl("bookshelf_break_main")
public func bookshelfBreakMain() { FileHandle.standardError.write(Data("at bookshelf_break_main\n".utf8)) }

/// The debugger's second breakpoint: a background thread, the main thread inside a link.
@_cdecl("bookshelf_break_background")
public func bookshelfBreakBackground() { FileHandle.standardError.write(Data("at bookshelf_break_background\n".utf8)) }

/// The markers by their C names, as the debugger sees them (a direct call would skip them).
let breakMain: @convention(c) () -> Void = bookshelfBreakMain
let breakBackground: @convention(c) () -> Void = bookshelfBreakBackground

let root = BookshelfApp.makeRoot()
let inspector: Inspector
do {
    inspector = try Inspector(name: "BookshelfDebug", app: BookshelfApp.self, root: root)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

/// Applies `link` through the inspector's journal, calling `then` inside it first.
@MainActor
func apply(_ link: String, then: @MainActor () -> Void = {}) async {
    _ = try? await inspector.journaling(link: link) {
        then()
        return try await BookshelfApp.open(link, in: root)
    }
}

Task { @MainActor in
    await apply("bookshelf://book/dune")
    await apply("bookshelf://book/nope")
    await apply("bookshelf://book/emma/notes") { breakMain() }
    // The second: a thread of its own breaks while the main thread waits inside a link.
    let inside = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        inside.wait()
        breakBackground()
        done.signal()
    }
    await apply("bookshelf://book/cosmos") {
        inside.signal()
        done.wait()
    }
    // The tree at the end, which the debugger's calls must not have changed.
    let final = TreeSnapshot(of: root).nodes.map { "\($0.type) \($0.label)" }.joined(separator: ", ")
    FileHandle.standardError.write(Data("bookshelf-debug done: \(final)\n".utf8))
    exit(0)
}
dispatchMain()
