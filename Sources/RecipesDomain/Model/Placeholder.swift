import XTree
