import Foundation
import XTree
import XTreeJournal
import XTreeRoutes
import XTreeSupport

/// What a debugger's calls read (``xtree_command``): the app's root, for a call on the main
/// thread, and what the inspector keeps that is safe to read from any other thread: the last
/// tree of its live view (a model of ids, to which each event's edit is applied on the main
/// thread under a lock) with its age, the journal and the route table's `why`.
///
/// A call off the main thread only tries each lock: a thread that holds one is stopped with the
/// rest of the process, and waiting on it would hang the debugger.
package final class DebuggerView: Sendable {
    package static let shared = DebuggerView()

    /// The registered root, held weakly: read on the main thread only.
    private let root = Locked<WeakRoot?>(nil)
    /// The live view's tree as last updated, and when.
    package let kept = Locked<(model: TreeModel, time: Date)?>(nil)
    /// The inspector's journal, if one keeps events.
    package let journal = Locked<Journal?>(nil)
    /// The journal of the inspector whose tree and journal are kept, whether or not it keeps
    /// events: when that inspector stops, they are forgotten.
    private let owner = Locked<ObjectIdentifier?>(nil)
    /// Where a link would end, from the app's route table, if it declares one.
    package let why = Locked<(@Sendable (String, TreeSnapshot) throws(RouteError) -> LinkExplanation)?>(nil)
    /// Where the app's own router would send a link (`DeepLinkableApp.route(_:in:)`): asked on
    /// the main thread only, where the app's state is the stopped thread's to read.
    package let route = Locked<(@MainActor @Sendable (String) -> LinkRoute)?>(nil)

    private struct WeakRoot: @unchecked Sendable {
        weak var object: AnyObject?
    }

    /// Makes `root` the tree the debugger's calls read on the main thread.
    @MainActor
    package func register(_ root: any DeepLinkable) {
        _ = Self.entryPoints
        DispatchQueue.main.setSpecific(key: Self.mainQueue, value: true)
        self.root.withLock { $0 = WeakRoot(object: root) }
    }

    /// The registered root, if it is still alive. On the main thread; `nil` if a stopped
    /// thread holds the lock.
    @MainActor
    package var registeredRoot: (any DeepLinkable)? {
        root.tryWithLock { $0?.object as? any DeepLinkable } ?? nil
    }

    /// Keeps `model`, the live view's tree now. On the main thread.
    package func keep(_ model: TreeModel) {
        kept.withLock { $0 = (model, Date()) }
    }

    /// Applies an event's edit to the tree kept; a tree the edit does not fit is dropped. On the
    /// main thread.
    package func apply(_ edit: TreeEdit) {
        kept.withLock { kept in
            guard kept != nil else { return }
            do throws(TreeEditError) {
                // In place: the model is not copied, so an event costs what its edit holds.
                try kept!.model.apply(edit)
                kept!.time = Date()
            } catch {
                kept = nil
            }
        }
    }

    /// Marks the main queue, whose blocks run the main actor's work: on Linux, once
    /// `dispatchMain()` is called, on a thread that is not the process's first.
    static let mainQueue = DispatchSpecificKey<Bool>()

    /// Whether the calling thread runs the main actor's work now.
    static var isMainActorsThread: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueue) == true
    }

    /// Forgets the tree kept: the live view stopped.
    package func forget() {
        kept.withLock { $0 = nil }
    }

    /// Makes the inspector of `journal` the one whose tree and journal are kept.
    package func adopt(_ journal: Journal) {
        owner.withLock { $0 = ObjectIdentifier(journal) }
        self.journal.withLock { $0 = journal.capacity > 0 ? journal : nil }
    }

    /// Forgets the tree and journal kept if they are those of the inspector of `journal`, which
    /// stopped: a stopped inspector's tree is not the app's, and it held them until another
    /// inspector started (about 14 MB for a tree of 100,000 nodes).
    package func forget(ownedBy journal: Journal) {
        let owned = owner.withLock { owner in
            guard owner == ObjectIdentifier(journal) else { return false }
            owner = nil
            return true
        }
        guard owned else { return }
        kept.withLock { $0 = nil }
        self.journal.withLock { $0 = nil }
    }
}
