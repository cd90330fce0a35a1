import SocialFixture
import XTreeInspector

// The social fixture's launch executable: what `xtree-cli --launch` starts.
if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
    Inspector.serve(SocialApp.self)
}
