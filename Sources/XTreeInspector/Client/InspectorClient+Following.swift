import XTree
import XTreeJournal
import XTreeSnapshot

/// Watching, following and reading the journal: the app sends the tree once, then each
/// event's edit by ids; the client applies each to the tree it holds and makes of it the
/// diff, numbered as in that tree, that a person reads.
extension InspectorClient {
    /// Starts receiving the app's changes; read them with ``nextChange(timeout:)``.
    public func watch() throws(InspectorError) {
        let reply = try exchange(request(.watch))
        watched = TreeModel(try readSnapshot(announced: reply))
        watchedLayout = nil
    }

    /// Every change the app made before now, including those not yet announced.
    public func flush() throws(InspectorError) -> [ChangeEvent] {
        _ = try exchange(request(.flush))
        defer {
            changes.removeAll()
            nextBuffered = 0
        }
        return Array(changes[nextBuffered...])
    }

    /// The next change, waiting at most `timeout` seconds; `nil` if none came.
    public func nextChange(timeout: Double) throws(InspectorError) -> ChangeEvent? {
        while true {
            if nextBuffered < changes.count {
                defer {
                    nextBuffered += 1
                    if nextBuffered == changes.count { (changes, nextBuffered) = ([], 0) }
                }
                return changes[nextBuffered]
            }
            switch connection.readLine(limit: InspectorProtocol.maximumReplyLineBytes, timeout: timeout) {
            case .timedOut: return nil
            case .line(let line):
                let reply = try InspectorReply(line: line)
                guard let change = reply.change else {
                    throw .refused(reply.error ?? "an unexpected message outside a reply")
                }
                // A change that only keeps the tree in step (a link's, with no announcement)
                // is applied and not reported: the next one is read.
                if let event = try materialize(change) { return event }
            case .tooLong: throw .refused("a line longer than \(InspectorProtocol.maximumReplyLineBytes) bytes")
            case .closed: throw .disconnected(Self.closed)
            }
        }
    }

    /// Applies a change to the watched tree; the event to report, if it is one.
    func materialize(_ change: ChangeRecord) throws(InspectorError) -> ChangeEvent? {
        guard change.notifications >= 0, change.objects >= 0, change.objects <= change.notifications else {
            throw .refused("an invalid change: its counts do not fit")
        }
        // Taken out while it changes, so that it is changed in place, not copied.
        guard var model = watched.take() else { throw .refused("a change before the watched tree") }
        defer { watched = model }
        let diff: TreeDiff
        do {
            (diff, watchedLayout) = try model.applyReporting(change.edit, before: watchedLayout)
        } catch {
            throw .refused("an invalid change: \(error)")
        }
        guard change.notifications > 0 || change.outlived != nil else { return nil }
        return ChangeEvent(
            notifications: change.notifications, objects: change.objects, diff: diff, edit: change.edit,
            outlived: change.outlived)
    }

    /// The events the app's journal keeps, oldest first.
    ///
    /// - Parameter sequence: Only the events after this sequence number.
    /// - Returns: The events, the journal's capacity, and the last sequence number the app
    ///   gave (events before the first one returned were dropped when more than its capacity).
    public func journal(after sequence: Int = 0) throws(InspectorError) -> (
        events: [JournalEvent], capacity: Int, sequence: Int
    ) {
        var request = request(.journal)
        request.after = sequence
        let reply = try exchange(request)
        guard let header = reply.journal, header.events >= 0, header.capacity >= 0, header.sequence >= 0,
            header.sequence <= JournalEvent.maximumSequence
        else {
            throw .refused("a journal reply without its header")
        }
        let tree = try readSnapshot(announced: reply)
        let records = try readRecords(header.events, after: sequence)
        return (try Self.events(of: records, endingAt: tree), header.capacity, header.sequence)
    }

    /// The events the app's journal keeps after `sequence`, as the app sends them: edits by
    /// ids, without the tree, which the app then does not walk. For summaries of events.
    package func journalRecords(after sequence: Int = 0) throws(InspectorError) -> (
        records: [JournalRecord], capacity: Int, sequence: Int
    ) {
        var request = request(.journal)
        request.after = sequence
        request.tree = false
        let reply = try exchange(request)
        guard let header = reply.journal, header.events >= 0, header.capacity >= 0, header.sequence >= 0,
            header.sequence <= JournalEvent.maximumSequence
        else {
            throw .refused("a journal reply without its header")
        }
        return (try readRecords(header.events, after: sequence), header.capacity, header.sequence)
    }

    /// Starts receiving the app's journal events as they happen; read them with
    /// ``nextEvent(timeout:)``.
    ///
    /// - Parameters:
    ///   - sequence: Also the events the journal keeps after this sequence number, returned
    ///     as the backlog; `nil` for events from now on only.
    ///   - snapshots: Be given the tree after each event, and the tree now.
    /// - Returns: The last sequence number the app gave, the tree now (with `snapshots`), and
    ///   the backlog.
    public func follow(after sequence: Int? = nil, snapshots: Bool = false) throws(InspectorError) -> (
        sequence: Int, start: TreeSnapshot?, backlog: [JournalEvent]
    ) {
        var request = request(.follow)
        request.after = sequence
        let reply = try exchange(request)
        guard let header = reply.journal, header.events >= 0, header.sequence >= 0,
            header.sequence <= JournalEvent.maximumSequence
        else {
            throw .refused("a follow reply without its header")
        }
        let tree = try readSnapshot(announced: reply)
        lastEvent = sequence ?? header.sequence
        let records = try readRecords(header.events, after: lastEvent)
        let backlog = try Self.events(of: records, endingAt: tree)
        lastEvent = backlog.last?.sequence ?? lastEvent
        watched = TreeModel(tree)
        watchedLayout = nil
        followsTrees = snapshots
        return (header.sequence, snapshots ? tree : nil, backlog)
    }

    /// The next journal event after ``follow(after:snapshots:)``, and the tree after it if
    /// asked for, waiting at most `timeout` seconds; `nil` if none came.
    public func nextEvent(timeout: Double) throws(InspectorError) -> (event: JournalEvent, snapshot: TreeSnapshot?)? {
        switch connection.readLine(limit: InspectorProtocol.maximumReplyLineBytes, timeout: timeout) {
        case .timedOut: return nil
        case .line(let line):
            let reply = try InspectorReply(line: line)
            guard let record = reply.event else {
                throw .refused(reply.error ?? "an unexpected message outside a reply")
            }
            try check(record, after: lastEvent)
            guard var model = watched.take() else { throw .refused("an event before the followed tree") }
            defer { watched = model }
            let event: JournalEvent
            do {
                event = try record.materialized(on: &model, layout: &watchedLayout)
            } catch {
                throw .refused("an invalid journal event: \(error)")
            }
            lastEvent = record.sequence
            return (event, followsTrees ? model.snapshot() : nil)
        case .tooLong: throw .refused("a line longer than \(InspectorProtocol.maximumReplyLineBytes) bytes")
        case .closed: throw .disconnected(Self.closed)
        }
    }

    /// Reads `count` event lines, each after the one before.
    /// Held to the client's limit for a snapshot, in lines and in bytes, as a snapshot is: an
    /// app that announces or sends more is refused, not kept.
    private func readRecords(_ count: Int, after sequence: Int) throws(InspectorError) -> [JournalRecord] {
        guard count <= maximumSnapshotBytes else {
            throw .refused("a journal of \(count) events, more than the client reads (\(maximumSnapshotBytes) bytes)")
        }
        var records: [JournalRecord] = []
        var last = sequence
        var bytes = 0
        for _ in 0..<count {
            let line = try readLine()
            bytes += line.count + 1
            guard bytes <= maximumSnapshotBytes else {
                throw .refused("a journal longer than the client reads (\(maximumSnapshotBytes) bytes)")
            }
            let reply = try InspectorReply(line: line)
            guard let record = reply.event else { throw .refused("a journal line without its event") }
            try check(record, after: last)
            last = record.sequence
            records.append(record)
        }
        return records
    }

    /// Believes an event only if it is well formed and comes after `sequence`.
    private func check(_ record: JournalRecord, after sequence: Int) throws(InspectorError) {
        if let problem = record.problem { throw .refused("an invalid journal event: \(problem)") }
        guard record.sequence > sequence else {
            throw .refused("journal event \(record.sequence) came after event \(sequence)")
        }
    }

    /// The events a person reads of `records`, the last of which left the tree `tree`.
    private static func events(of records: [JournalRecord], endingAt tree: TreeSnapshot) throws(InspectorError)
        -> [JournalEvent]
    {
        do {
            return try JournalRecord.materialize(records, endingAt: tree)
        } catch {
            throw .refused("an invalid journal event: \(error)")
        }
    }
}
