import BrowserFixture
import XTreeInspector

// The browser fixture's launch executable: what `xtree-cli --launch` starts.
Inspector.serve(BrowserApp.self)
