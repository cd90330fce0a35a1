import XTree

/// Applies links one at a time, in the order they arrive.
///
/// A launch URL, a notification and an in-app link can arrive together; each is applied
/// completely, its fetches included, before the next starts, so links never interleave.
/// Links not yet started can be cancelled; the one being applied always finishes or fails
/// as a whole.
///
/// ```swift
/// let queue = NavigationQueue(home: home)
/// queue.enqueue(.tab(.veggie))
/// let outcome = try await queue.enqueue(.ratings(id)).value
/// ```
@MainActor
public final class NavigationQueue {
    /// The app the links are applied to.
    public let home: any HomeCoordinator
    /// How links find their objects.
    public var approach: DeepLinkApproach
    /// Every link applied successfully, in order.
    public private(set) var breadcrumbs = Breadcrumbs()

    private var last: Task<Void, Never>?
    private var waiting: [Int: Task<DeepLinkOutcome, any Error>] = [:]
    private var nextTicket = 0

    /// Creates a queue for `home`.
    public init(home: any HomeCoordinator, approach: DeepLinkApproach = .search) {
        self.home = home
        self.approach = approach
    }

    /// How many links are waiting for the ones before them.
    public var pendingCount: Int { waiting.count }

    /// Queues `link` after every link queued before it.
    ///
    /// - Returns: A task whose value is what the link did. It throws ``DeepLinkError`` if
    ///   the link failed, with reason ``DeepLinkError/Reason/cancelled`` if it was cancelled
    ///   before it started.
    @discardableResult
    public func enqueue(_ link: DeepLink) -> Task<DeepLinkOutcome, any Error> {
        let previous = last
        let ticket = nextTicket
        nextTicket += 1
        let task = Task { @MainActor [self] () throws -> DeepLinkOutcome in
            await previous?.value
            waiting[ticket] = nil
            guard !Task.isCancelled else { throw DeepLinkError(.cancelled, in: link.description) }
            let outcome = try await home.open(link, approach: approach)
            breadcrumbs.record(link)
            return outcome
        }
        waiting[ticket] = task
        last = Task { _ = await task.result }
        return task
    }

    /// Cancels every link that has not started; the one being applied finishes.
    public func cancelPending() {
        for task in waiting.values { task.cancel() }
        waiting.removeAll()
    }

    /// Waits until every queued link has finished.
    public func waitUntilIdle() async {
        await last?.value
    }
}
