import Bookshelf
import XTreeInspector

// The bookshelf app's launch executable: what `xtree-cli --launch` starts. The whole of it.
Inspector.serve(BookshelfApp.self)
