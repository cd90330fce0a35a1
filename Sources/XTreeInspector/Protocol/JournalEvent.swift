import XTree

/// One thing that happened to a running app's tree, as its ``Inspector`` journals it: a link
/// applied, or changes the app made by itself.
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

        /// Creates a link's record.
        public init(
            url: String, source: Source, duration: Double, reached: [Step], error: String?, searches: Int,
            visits: Int
        ) {
            self.url = url
            self.source = source
            self.duration = duration
            self.reached = reached
            self.error = error
            self.searches = searches
            self.visits = visits
        }
    }

    /// Its number in the journal: 1 for the first event after the inspector started, one
    /// more for each event after it.
    public var sequence: Int
    /// When it began, in seconds since 1970.
    public var time: Double
    /// The link, for a link; `nil` for changes the app made by itself.
    public var link: Link?
    /// How many announcements (`objectWillChange`, Observation) arrived during it.
    public var notifications: Int
    /// From how many objects.
    public var objects: Int
    /// The tree after it against the tree before, private values redacted.
    public var diff: TreeDiff

    /// Creates an event.
    public init(sequence: Int, time: Double, link: Link?, notifications: Int, objects: Int, diff: TreeDiff) {
        self.sequence = sequence
        self.time = time
        self.link = link
        self.notifications = notifications
        self.objects = objects
        self.diff = diff
    }

    /// What is wrong with an event read from outside, or `nil`: the rules a decoder cannot
    /// state.
    package var problem: String? {
        if sequence < 1 { return "sequence \(sequence) is not positive" }
        if !time.isFinite || time < 0 { return "event \(sequence) has a time that is not a moment" }
        if notifications < 0 || objects < 0 || objects > notifications {
            return "event \(sequence) counts \(objects) objects for \(notifications) notifications"
        }
        if diff.unchangedCount < 0 { return "event \(sequence) has a negative count of unchanged nodes" }
        guard let link else { return nil }
        if !link.duration.isFinite || link.duration < 0 { return "event \(sequence) has a negative duration" }
        if link.searches < 0 || link.visits < 0 { return "event \(sequence) has a negative count of searches" }
        if link.error != nil, !link.reached.isEmpty { return "event \(sequence) failed and reached a path" }
        return nil
    }
}
