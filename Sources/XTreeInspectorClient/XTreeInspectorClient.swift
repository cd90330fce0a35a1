// A client names apps, reads replies and errors in the inspector's types: they come with it.
@_exported import XTreeInspector
