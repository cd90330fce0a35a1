// Clients read journal events and sessions: the journal module comes with the inspector.
@_exported import XTreeJournal
