import XTreeSupport

#if !canImport(Combine)
    import Synchronization

    /// The synthesised `objectWillChange` publishers, one per live object, on platforms without
    /// Combine.
    ///
    /// Combine keeps an object's publisher inside its `@Published` storage and finds it there
    /// by reflection; reflection misses classes with a custom `customMirror` and costs
    /// microseconds a read. A table keyed by identity needs neither: the publisher is created
    /// on the first read and found by every later read and by every `@Published` property of
    /// the object, whichever class declared it.
    ///
    /// Entries hold the object weakly, so the table keeps nothing alive; an entry whose object
    /// is gone is replaced when its identity is reused, and swept when the table has doubled.
    final class ObjectWillChangeRegistry: Sendable {
        static let shared = ObjectWillChangeRegistry()

        private struct Entry {
            weak var object: AnyObject?
            let publisher: ObservableObjectPublisher
        }

        private struct State {
            var entries: [ObjectIdentifier: Entry] = [:]
            var sweepAt = 64
        }

        // Safe to share although publishers are not `Sendable`: a publisher's own state is
        // locked, and the table is only touched under its lock.
        private let state = Locked(State())
        private let created = Atomic(0)

        /// Changes whenever a publisher is created, so that a property that found none can tell
        /// cheaply whether looking again could find one.
        var generation: Int { created.load(ordering: .acquiring) }

        /// The object's publisher, created if it has none.
        func publisher(for object: AnyObject) -> ObservableObjectPublisher {
            let key = ObjectIdentifier(object)
            return state.withLock { state in
                if let entry = state.entries[key], entry.object === object { return entry.publisher }
                if state.entries.count >= state.sweepAt {
                    state.entries = state.entries.filter { $0.value.object != nil }
                    state.sweepAt = Swift.max(64, state.entries.count * 2)
                }
                let publisher = ObservableObjectPublisher()
                state.entries[key] = Entry(object: object, publisher: publisher)
                created.add(1, ordering: .releasing)
                return publisher
            }
        }

        /// The object's publisher if it has been created.
        func existingPublisher(for object: AnyObject) -> ObservableObjectPublisher? {
            state.withLock { state in
                guard let entry = state.entries[ObjectIdentifier(object)], entry.object === object else { return nil }
                return entry.publisher
            }
        }
    }
#endif
