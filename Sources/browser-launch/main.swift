import BrowserFixture
import Foundation
import XTreeInspector
import XTreeRecorder

// The browser fixture's launch executable: what `xtree-cli --launch` starts. Like the app, it
// keeps a flight record of its links; in the folder XTREE_FLIGHTRECORD_DIR names (its private
// folder when launched), and only then, so that a run by hand writes nothing elsewhere.
if ProcessInfo.processInfo.environment[FlightRecorder.folderVariable] != nil {
    _ = try? FlightRecorder.start(for: BrowserApp.self)
}
Inspector.serve(BrowserApp.self)
