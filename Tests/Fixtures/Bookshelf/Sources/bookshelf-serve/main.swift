import Bookshelf
import Dispatch
import Foundation
import XTreeInspector

// The bookshelf app with its inspector on, until the process is ended: what an app of a
// user's own does in a debug build. Prints one line once it serves.
let root = BookshelfApp.makeRoot()
let inspector = try Inspector(name: "Bookshelf", app: BookshelfApp.self, root: root)
FileHandle.standardOutput.write(Data("serving Bookshelf (pid \(inspector.app.pid))\n".utf8))
dispatchMain()
