import Foundation
import SocialFixture
import XTreeInspector
import XTreeRecorder

// The social fixture's launch executable: what `xtree-cli --launch` starts. It keeps a flight
// record of its links and navigation calls in the folder XTREE_FLIGHTRECORD_DIR names, and
// only then.
if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    if ProcessInfo.processInfo.environment[FlightRecorder.folderVariable] != nil {
        _ = try? FlightRecorder.start(for: SocialApp.self)
    }
    Inspector.serve(SocialApp.self)
}
