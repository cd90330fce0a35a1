import XTree

/// One thing that happened to a running app's tree, as its ``Inspector`` journals it: a link
/// applied, a restore to an earlier event's state, objects that outlived their place in the
/// tree, or changes the app made by itself; with the ``TreeEdit`` it made.
///
/// The one shape of an event, from the app to every reader: the journal keeps it, `follow`
/// sends it, a session holds it, the web page lists it. It carries what changed by ids
/// only: whoever holds the tree before it applies the edit, and a diff is
/// made there, where it is printed.
public struct JournalEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// Changes the app made by itself, coalesced over a short window.
        case change
        /// A link applied.
        case link(Link)
        /// A return to an earlier event's state.
        case restore(Restore)
        /// Objects that left the tree and were still alive when their grace period ended;
        /// the tree did not change.
        case outlived([Outlived])
    }

    /// Where a link came from.
    public enum Source: String, Codable, Sendable, Hashable {
        /// A client's `open` request, such as `xtree-cli open --attach`.
        case inspector
        /// The app's own handling of a link, through ``Inspector/journaling(link:_:)``.
        case app
    }

    /// A node on the path a link reached.
    public struct Step: Codable, Sendable, Hashable {
        /// Its type name.
        public var type: String
        /// Its id, the same in every run that builds the same tree.
        public var id: String

        /// Creates a step.
        public init(type: String, id: String) {
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
        /// The path from the root to the object it reached, by ids in the tree after it;
        /// empty if it failed or reached nothing in the tree.
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
        /// Who held the link until the app could handle it (a ``LinkHolder``'s name), if
        /// anyone did: it was applied when delivered, or failed still held.
        public var held: String?
        /// For a held link whose tool stopped waiting (its deadline passed): its later delivery,
        /// with the change it made, or its drop, journaled when it happened. `nil` for a link as
        /// it was applied.
        public var delivery: Delivery?

        /// What became of a held link after its tool stopped waiting.
        public enum Delivery: String, Codable, Sendable, Hashable {
            /// Its holder delivered it: the event carries what it reached and the change it made.
            case delivered
            /// Its holder dropped it: the event failed with the holder's reason.
            case dropped
        }

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
    /// What happened.
    public var kind: Kind
    /// How many announcements (`objectWillChange`, Observation) arrived during it.
    public var notifications: Int
    /// From how many objects.
    public var objects: Int
    /// The tree after it against the tree before, by ids, private values redacted.
    public var edit: TreeEdit

    /// Creates an event.
    public init(sequence: Int, time: Double, kind: Kind, notifications: Int, objects: Int, edit: TreeEdit) {
        self.sequence = sequence
        self.time = time
        self.kind = kind
        self.notifications = notifications
        self.objects = objects
        self.edit = edit
    }

    /// The link, for a link.
    public var link: Link? {
        if case .link(let link) = kind { link } else { nil }
    }

    /// The restore, for a restore.
    public var restore: Restore? {
        if case .restore(let restore) = kind { restore } else { nil }
    }

    /// The objects reported, for a report of outlived objects.
    public var outlived: [Outlived]? {
        if case .outlived(let objects) = kind { objects } else { nil }
    }

    /// Changes the link of a link's event; does nothing to another kind.
    package mutating func changeLink(_ change: (inout Link) -> Void) {
        guard case .link(var link) = kind else { return }
        change(&link)
        kind = .link(link)
    }

    /// Whether this is a link that succeeded and changed nothing: the app was already where
    /// it leads, or its handler did nothing. `log` and `watch` flag it, `log --failures` lists it.
    public var unchanged: Bool { link.map { $0.error == nil } == true && edit.isEmpty }

    /// The largest sequence number read from outside: 2^53, the largest whole number every JSON
    /// reader (the web page's among them) holds exactly. Below it, `sequence + 1` cannot overflow.
    package static let maximumSequence = 1 << 53

    /// What is wrong with an event read from outside, or `nil`: the rules a decoder cannot
    /// state. Whether its edit fits is for the tree it is applied to.
    package var problem: String? {
        if sequence < 1 { return "sequence \(sequence) is not positive" }
        if sequence > Self.maximumSequence {
            return "sequence \(sequence) is past \(Self.maximumSequence), the largest a journal gives"
        }
        if !time.isFinite || time < 0 { return "event \(sequence) has a time that is not a moment" }
        if notifications < 0 || objects < 0 || objects > notifications {
            return "event \(sequence) counts \(objects) objects for \(notifications) notifications"
        }
        switch kind {
        case .change: return nil
        case .restore(let restore):
            if restore.to < 0 || restore.to >= sequence {
                return "event \(sequence) restores event \(restore.to), which is not an earlier event"
            }
            if !restore.duration.isFinite || restore.duration < 0 { return "event \(sequence) has a negative duration" }
            return nil
        case .outlived(let outlived):
            if outlived.isEmpty { return "event \(sequence) reports no outlived object" }
            for object in outlived where object.left < 1 || object.left >= sequence || !object.leftTime.isFinite {
                return "event \(sequence) reports an object that left in event \(object.left), not an earlier event"
            }
            if !edit.isEmpty { return "event \(sequence) reports outlived objects and changes the tree" }
            return nil
        case .link(let link):
            if !link.duration.isFinite || link.duration < 0 { return "event \(sequence) has a negative duration" }
            if link.searches < 0 || link.visits < 0 { return "event \(sequence) has a negative count of searches" }
            if link.error != nil, !link.reached.isEmpty { return "event \(sequence) failed and reached a path" }
            if let lines = link.explanation, lines.count > 32 || lines.contains(where: { $0.utf8.count > 4096 }) {
                return "event \(sequence) has an explanation longer than 32 lines of 4,096 bytes"
            }
            return nil
        }
    }
}

/// One JSON object, its kind by which of `link`, `restore` and `outlived` it holds (none for
/// changes the app made by itself): the object the inspector protocol, sessions and
/// `log --format json` carry.
extension JournalEvent: Codable {
    private enum CodingKeys: String, CodingKey {
        case sequence, time, link, restore, outlived, notifications, objects, edit
    }

    /// Reads an event; one that holds more than one kind is refused.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let link = try container.decodeIfPresent(Link.self, forKey: .link)
        let restore = try container.decodeIfPresent(Restore.self, forKey: .restore)
        let outlived = try container.decodeIfPresent([Outlived].self, forKey: .outlived)
        let kind: Kind
        switch (link, restore, outlived) {
        case (nil, nil, nil): kind = .change
        case (let link?, nil, nil): kind = .link(link)
        case (nil, let restore?, nil): kind = .restore(restore)
        case (nil, nil, let outlived?): kind = .outlived(outlived)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .link, in: container, debugDescription: "an event of more than one kind")
        }
        self.init(
            sequence: try container.decode(Int.self, forKey: .sequence),
            time: try container.decode(Double.self, forKey: .time), kind: kind,
            notifications: try container.decode(Int.self, forKey: .notifications),
            objects: try container.decode(Int.self, forKey: .objects),
            edit: try container.decode(TreeEdit.self, forKey: .edit))
    }

    /// Writes the event: its kind's field, if any, beside the others.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(time, forKey: .time)
        switch kind {
        case .change: break
        case .link(let link): try container.encode(link, forKey: .link)
        case .restore(let restore): try container.encode(restore, forKey: .restore)
        case .outlived(let outlived): try container.encode(outlived, forKey: .outlived)
        }
        try container.encode(notifications, forKey: .notifications)
        try container.encode(objects, forKey: .objects)
        try container.encode(edit, forKey: .edit)
    }
}
