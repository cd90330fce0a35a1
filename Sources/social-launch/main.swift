import SocialFixture
import XTreeInspector

// The social fixture's launch executable: what `xtree-cli --launch` starts.
Inspector.serve(SocialApp.self)
