import XTree
import XTreeInspector
import XTreeJournal
import XTreeSnapshot

/// An event as a follower reads it: the event the app sent, and what it did to the tree the
/// client holds, made there to be printed.
public struct FollowedEvent: Sendable, Hashable {
    /// The event as the app journaled it.
    public var event: JournalEvent
    /// The tree after it against the tree before.
    public var diff: TreeDiff
    /// The breadth-first numbers of the path a link reached, in the tree after it.
    public var path: [Int]

    /// Pairs an event with what it did.
    public init(event: JournalEvent, diff: TreeDiff, path: [Int]) {
        self.event = event
        self.diff = diff
        self.path = path
    }
}

/// Following and reading the journal: the app sends the tree once, then each event with its
/// edit by ids; the client applies each to the tree it holds and makes of it the diff,
/// numbered as in that tree, that a person reads.
extension InspectorClient {
    /// The events the app's journal keeps, oldest first, each with what it did.
    ///
    /// - Parameter sequence: Only the events after this sequence number.
    /// - Returns: The events, the journal's capacity, and the last sequence number the app
    ///   gave (events before the first one returned were dropped when more than its capacity).
    public func journal(after sequence: Int = 0) throws(InspectorError) -> (
        events: [FollowedEvent], capacity: Int, sequence: Int
    ) {
        let reply = try exchange(request(.journal(after: sequence, withTree: true)))
        let header = try Self.header(of: reply)
        let tree = try readSnapshot(announced: reply)
        let events = try readEvents(header.events, after: sequence)
        do {
            var before = try EventTree.before(events, endingAt: tree)
            var followed: [FollowedEvent] = []
            for event in events { followed.append(try Self.followed(event, on: &before)) }
            return (followed, header.capacity, header.sequence)
        } catch {
            throw .refused("an invalid journal event: \(error)")
        }
    }

    /// The events the app's journal keeps after `sequence`, without the tree, which the app
    /// then does not walk: for summaries of events.
    package func journalEvents(after sequence: Int = 0) throws(InspectorError) -> (
        events: [JournalEvent], capacity: Int, sequence: Int
    ) {
        let reply = try exchange(request(.journal(after: sequence, withTree: false)))
        let header = try Self.header(of: reply)
        return (try readEvents(header.events, after: sequence), header.capacity, header.sequence)
    }

    /// Starts receiving the app's journal events as they happen; read them with
    /// ``nextEvent(timeout:)``. The client keeps the tree, applying each event to it; while
    /// it follows, ``open(_:)`` is sent the link's event instead of the tree.
    ///
    /// - Parameter sequence: Also the events the journal keeps after this sequence number,
    ///   returned as the backlog; `nil` for events from now on only.
    /// - Returns: The last sequence number the app gave, the tree now, and the backlog.
    public func follow(after sequence: Int? = nil) throws(InspectorError) -> (
        sequence: Int, start: TreeSnapshot, backlog: [FollowedEvent]
    ) {
        let reply = try exchange(request(.follow(after: sequence)))
        let header = try Self.header(of: reply)
        let tree = try readSnapshot(announced: reply)
        lastEvent = sequence ?? header.sequence
        let events = try readEvents(header.events, after: lastEvent)
        var backlog: [FollowedEvent] = []
        do {
            var before = try EventTree.before(events, endingAt: tree)
            for event in events { backlog.append(try Self.followed(event, on: &before)) }
        } catch {
            throw .refused("an invalid journal event: \(error)")
        }
        lastEvent = events.last?.sequence ?? lastEvent
        followed = EventTree(tree)
        return (header.sequence, tree, backlog)
    }

    /// The next journal event after ``follow(after:)``, waiting at most `timeout` seconds;
    /// `nil` if none came.
    public func nextEvent(timeout: Double) throws(InspectorError) -> FollowedEvent? {
        if nextBuffered < buffered.count {
            defer {
                nextBuffered += 1
                if nextBuffered == buffered.count { (buffered, nextBuffered) = ([], 0) }
            }
            return buffered[nextBuffered]
        }
        switch connection.readLine(limit: InspectorProtocol.maximumReplyLineBytes, timeout: timeout) {
        case .timedOut: return nil
        case .line(let line):
            let reply = try InspectorReply(line: line)
            guard let event = reply.event else {
                throw .refused(reply.error ?? "an unexpected message outside a reply")
            }
            return try apply(event)
        case .tooLong: throw .refused("a line longer than \(InspectorProtocol.maximumReplyLineBytes) bytes")
        case .closed: throw .disconnected(Self.closed)
        }
    }

    /// The tree the follower holds now.
    public var followedTree: TreeSnapshot? { followed?.snapshot() }

    /// Checks a followed event and applies it to the tree held.
    func apply(_ event: JournalEvent) throws(InspectorError) -> FollowedEvent {
        try check(event, after: lastEvent)
        // Taken out while it changes, so that it is changed in place, not copied.
        guard var tree = followed.take() else { throw .refused("an event before the followed tree") }
        defer { followed = tree }
        let read: FollowedEvent
        do {
            read = try Self.followed(event, on: &tree, diff: makesDiffs)
        } catch {
            throw .refused("an invalid journal event: \(error)")
        }
        lastEvent = event.sequence
        return read
    }

    private static func followed(
        _ event: JournalEvent, on tree: inout EventTree, diff: Bool = true
    ) throws(TreeEditError) -> FollowedEvent {
        let applied = try tree.apply(event, diff: diff)
        return FollowedEvent(event: event, diff: applied.diff, path: applied.path)
    }

    private static func header(of reply: InspectorReply) throws(InspectorError) -> InspectorReply.JournalHeader {
        guard let header = reply.journal, header.events >= 0, header.capacity >= 0, header.sequence >= 0,
            header.sequence <= JournalEvent.maximumSequence
        else {
            throw .refused("a journal reply without its header")
        }
        return header
    }

    /// Reads `count` event lines, each after the one before.
    /// Held to the client's limit for a snapshot, in lines and in bytes, as a snapshot is: an
    /// app that announces or sends more is refused, not kept.
    private func readEvents(_ count: Int, after sequence: Int) throws(InspectorError) -> [JournalEvent] {
        guard count <= maximumSnapshotBytes else {
            throw .refused("a journal of \(count) events, more than the client reads (\(maximumSnapshotBytes) bytes)")
        }
        var events: [JournalEvent] = []
        var last = sequence
        var bytes = 0
        for _ in 0..<count {
            let line = try readLine()
            bytes += line.count + 1
            guard bytes <= maximumSnapshotBytes else {
                throw .refused("a journal longer than the client reads (\(maximumSnapshotBytes) bytes)")
            }
            let reply = try InspectorReply(line: line)
            guard let event = reply.event else { throw .refused("a journal line without its event") }
            try check(event, after: last)
            last = event.sequence
            events.append(event)
        }
        return events
    }

    /// Believes an event only if it is well formed and comes after `sequence`.
    private func check(_ event: JournalEvent, after sequence: Int) throws(InspectorError) {
        if let problem = event.problem { throw .refused("an invalid journal event: \(problem)") }
        guard event.sequence > sequence else {
            throw .refused("journal event \(event.sequence) came after event \(sequence)")
        }
    }
}
