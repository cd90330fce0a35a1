import XTree

/// One thing that happened to a running app's tree, as its ``Inspector`` journals it: a link
/// applied, a restore to an earlier event's state, objects that outlived their place in the
/// tree, or changes the app made by itself.
///
/// `xtree-cli log` prints them; `xtree-cli record` keeps them with the tree after each, as a
/// session that `xtree-cli replay` applies again.
public struct JournalEvent: Codable, Sendable, Hashable {
    /// Where a link came from.
    public enum Source: String, Codable, Sendable, Hashable {
        /// A client's `open` request, such as `xtree-cli open --attach`.
        case inspector
        /// The app's own handling of a link, through ``Inspector/journaling(link:_:)``.
        case app
    }

    /// A node on the path a link reached.
    public struct Step: Codable, Sendable, Hashable {
        /// Its breadth-first number in the tree after the link.
        public var order: Int
        /// Its type name.
        public var type: String
        /// Its id, the same in every run that builds the same tree.
        public var id: String

        /// Creates a step.
        public init(order: Int, type: String, id: String) {
            self.order = order
            self.type = type
            self.id = id
        }
    }

    /// What a link did.
    public struct Link: Codable, Sendable, Hashable {
        /// The link as given.
        public var url: String
        /// Who applied it.
        public var source: Source
        /// How long the app took to apply it, in seconds.
        public var duration: Double
        /// The path from the root to the object it reached; empty if it failed or reached
        /// nothing in the tree.
        public var reached: [Step]
        /// Why it failed, if it did (the tree is then as the app left it).
        public var error: String?
        /// How many searches it made.
        public var searches: Int
        /// How many objects those searches visited in all.
        public var visits: Int
        /// For a link that failed or changed nothing, why, in lines for a reader: what its
        /// searches looked for and found nothing of, with the nearest candidates in the tree,
        /// or that it reached a screen already there. Made only then, so that a link that
        /// changes something costs nothing more; `nil` otherwise.
        public var explanation: [String]?

        /// Creates a link's record.
        public init(
            url: String, source: Source, duration: Double, reached: [Step], error: String?, searches: Int,
            visits: Int, explanation: [String]? = nil
        ) {
            self.explanation = explanation
            self.url = url
            self.source = source
            self.duration = duration
            self.reached = reached
            self.error = error
            self.searches = searches
            self.visits = visits
        }
    }

    /// A return to an earlier event's state, made by `xtree-cli restore`.
    public struct Restore: Codable, Sendable, Hashable {
        /// The event whose state the app was returned to; 0 for the state at the start.
        public var to: Int
        /// How long the app took to restore it, in seconds.
        public var duration: Double
        /// Why restoring failed, if it did (the tree is then as the app left it).
        public var error: String?

        /// Creates a restore's record.
        public init(to: Int, duration: Double, error: String?) {
            self.to = to
            self.duration = duration
            self.error = error
        }
    }

    /// An object that left the tree and was still alive when its grace period ended.
    public struct Outlived: Codable, Sendable, Hashable {
        /// The object as it was in the tree: type, id and label.
        public var node: NodeReference
        /// The event in which it left the tree.
        public var left: Int
        /// When that event began, in seconds since 1970.
        public var leftTime: Double

        /// Creates an outlived object's record.
        public init(node: NodeReference, left: Int, leftTime: Double) {
            self.node = node
            self.left = left
            self.leftTime = leftTime
        }
    }

    /// Its number in the journal: 1 for the first event after the inspector started, one
    /// more for each event after it.
    public var sequence: Int
    /// When it began, in seconds since 1970.
    public var time: Double
    /// The link, for a link; `nil` for the other kinds.
    public var link: Link?
    /// The restore, for a restore; `nil` for the other kinds.
    public var restore: Restore?
    /// The objects still alive a grace period after they left the tree, for such a report;
    /// `nil` for the other kinds. The tree did not change: the diff is empty.
    public var outlived: [Outlived]?
    /// How many announcements (`objectWillChange`, Observation) arrived during it.
    public var notifications: Int
    /// From how many objects.
    public var objects: Int
    /// The tree after it against the tree before, private values redacted.
    public var diff: TreeDiff

    /// Whether this is a link that succeeded and changed nothing: the app was already where
    /// it leads, or its handler did nothing. `log` and `watch` flag it, `log --failures` lists it.
    public var unchanged: Bool { link.map { $0.error == nil } == true && diff.isEmpty }

    /// Creates an event; give at most one of `link`, `restore` and `outlived`, or none for
    /// changes the app made by itself.
    public init(
        sequence: Int, time: Double, link: Link?, restore: Restore? = nil, outlived: [Outlived]? = nil,
        notifications: Int, objects: Int, diff: TreeDiff
    ) {
        self.sequence = sequence
        self.time = time
        self.link = link
        self.restore = restore
        self.outlived = outlived
        self.notifications = notifications
        self.objects = objects
        self.diff = diff
    }

    /// The largest sequence number read from outside: 2^53, the largest whole number every JSON
    /// reader (the web page's among them) holds exactly. Below it, `sequence + 1` cannot overflow.
    package static let maximumSequence = 1 << 53

    /// What is wrong with an event read from outside, or `nil`: the rules a decoder cannot
    /// state.
    package var problem: String? {
        if sequence < 1 { return "sequence \(sequence) is not positive" }
        if sequence > Self.maximumSequence {
            return "sequence \(sequence) is past \(Self.maximumSequence), the largest a journal gives"
        }
        if !time.isFinite || time < 0 { return "event \(sequence) has a time that is not a moment" }
        if notifications < 0 || objects < 0 || objects > notifications {
            return "event \(sequence) counts \(objects) objects for \(notifications) notifications"
        }
        if diff.unchangedCount < 0 { return "event \(sequence) has a negative count of unchanged nodes" }
        if [link != nil, restore != nil, outlived != nil].filter({ $0 }).count > 1 {
            return "event \(sequence) is of more than one kind"
        }
        if let restore {
            if restore.to < 0 || restore.to >= sequence {
                return "event \(sequence) restores event \(restore.to), which is not an earlier event"
            }
            if !restore.duration.isFinite || restore.duration < 0 { return "event \(sequence) has a negative duration" }
        }
        if let outlived {
            if outlived.isEmpty { return "event \(sequence) reports no outlived object" }
            for object in outlived where object.left < 1 || object.left >= sequence || !object.leftTime.isFinite {
                return "event \(sequence) reports an object that left in event \(object.left), not an earlier event"
            }
            if !diff.isEmpty { return "event \(sequence) reports outlived objects and changes the tree" }
        }
        guard let link else { return nil }
        if !link.duration.isFinite || link.duration < 0 { return "event \(sequence) has a negative duration" }
        if link.searches < 0 || link.visits < 0 { return "event \(sequence) has a negative count of searches" }
        if link.error != nil, !link.reached.isEmpty { return "event \(sequence) failed and reached a path" }
        if let lines = link.explanation, lines.count > 32 || lines.contains(where: { $0.utf8.count > 4096 }) {
            return "event \(sequence) has an explanation longer than 32 lines of 4,096 bytes"
        }
        return nil
    }
}
