import Bookshelf
import Foundation
import XTreeInspector
import XTreeRecorder

// The bookshelf app's launch executable: what `xtree-cli --launch` starts. It keeps a flight
// record of its links where BOOKSHELF_RECORD says, if it says.
if let path = ProcessInfo.processInfo.environment["BOOKSHELF_RECORD"] {
    try FlightRecorder.start(for: BookshelfApp.self, at: path)
}
Inspector.serve(BookshelfApp.self)
