// The one import an app writes: the modules XTree is built from, as one.
@_exported import XTreeCodec
@_exported import XTreeEscaping
@_exported import XTreeLinks
@_exported import XTreeObservation
@_exported import XTreeRendering
@_exported import XTreeSnapshot
