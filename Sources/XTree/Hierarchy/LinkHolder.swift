/// Links that arrive before the app can handle them (during launch, before a screen loaded),
/// kept until it can, as large apps keep a "saved route": the app's `open` holds a link with
/// ``hold(_:)``, which returns what it reached once the app hands it on with ``deliver(_:)``
/// at a lifecycle point. Tools wait for a held link's delivery up to a deadline
/// (`--hold-timeout`, 5 s), report one still held then, or dropped, naming its holder.
@MainActor
public final class LinkHolder {
    /// Who holds the links, as tools name it: `SceneCoordinator`.
    public let name: String
    private var waiting:
        [(id: Int, link: String, resume: CheckedContinuation<any DeepLinkable, any Error>?, late: LateJournal?)] = []
    private var lastID = 0

    /// A holder named `name`.
    public init(name: String) {
        self.name = name
        Self.holders.removeAll { $0.holder == nil }
        Self.holders.append(Weak(holder: self))
    }

    /// The links held now, oldest first.
    public var held: [String] { waiting.map(\.link) }

    /// The links every holder of the process holds now, by holder in the order they were made,
    /// each holder's oldest first: what tools show beside the tree.
    public static var everyHeld: [HeldLink] {
        holders.compactMap(\.holder).flatMap { holder in
            holder.waiting.map { HeldLink(link: $0.link, holder: holder.name) }
        }
    }

    /// The links held now that the inspector `owner` applied, or that no inspector did (the
    /// app's own): what that inspector shows beside its tree, not another's.
    package static func held(appliedBy owner: ObjectIdentifier) -> [HeldLink] {
        holders.compactMap(\.holder).flatMap { holder in
            holder.waiting.filter { $0.late.map { $0.owner == owner } ?? true }.map {
                HeldLink(link: $0.link, holder: holder.name)
            }
        }
    }

    private struct Weak {
        weak var holder: LinkHolder?
    }
    private static var holders: [Weak] = []

    /// Holds `link` until ``deliver(_:)`` hands it on, and returns what its delivery reached.
    ///
    /// - Throws: What its delivery threw; ``HeldLinkError`` if it was dropped, or still held
    ///   when a tool's deadline passed (it stays held, and is delivered all the same).
    public func hold(_ link: String) async throws -> any DeepLinkable {
        Self.report?.holder = name
        lastID += 1
        let (id, deadline) = (lastID, Self.deadline)
        let late = Self.lateJournal
        return try await withCheckedThrowingContinuation { resume in
            waiting.append((id, link, resume, late))
            guard let deadline else { return }
            Task { @MainActor [weak self] in
                try? await Task.sleep(nanoseconds: UInt64(max(0, min(deadline, 86_400)) * 1e9))
                guard let self, let index = self.waiting.firstIndex(where: { $0.id == id }),
                    let pending = self.waiting[index].resume
                else { return }
                self.waiting[index].resume = nil
                pending.resume(throwing: HeldLinkError.notDelivered(link: link, holder: self.name, seconds: deadline))
            }
        }
    }

    /// Hands every held link to `handler`, oldest first; each caller of ``hold(_:)`` gets
    /// what it returned or threw.
    public func deliver(_ handler: (String) async throws -> any DeepLinkable) async {
        let delivered = waiting
        waiting = []
        for (_, link, resume, late) in delivered {
            do {
                // A link nobody waits for any more (a tool's deadline passed) is told to the
                // inspector that applied it, which journals its delivery with the change it makes.
                let reached =
                    if resume == nil, let late {
                        try await late.delivery(HeldLink(link: link, holder: name)) { try await handler(link) }
                    } else {
                        try await handler(link)
                    }
                resume?.resume(returning: reached)
            } catch {
                resume?.resume(throwing: error)
            }
        }
    }

    /// Drops every held link: their callers get ``HeldLinkError/dropped(link:holder:reason:)``.
    public func dropAll(reason: String) {
        let dropped = waiting
        waiting = []
        for (_, link, resume, late) in dropped {
            let error = HeldLinkError.dropped(link: link, holder: name, reason: reason)
            if let resume {
                resume.resume(throwing: error)
            } else {
                late?.drop(HeldLink(link: link, holder: name), error)
            }
        }
    }

    /// Where an inspector journals what becomes of a link it applied after its tool stopped
    /// waiting: set while it applies a link, kept with the link when it is held.
    @TaskLocal package static var lateJournal: LateJournal?
    /// Runs a late delivery and journals it; journals a late drop.
    package struct LateJournal: Sendable {
        /// The inspector whose journal it is.
        package let owner: ObjectIdentifier
        package let delivery:
            @MainActor @Sendable (HeldLink, @MainActor () async throws -> any DeepLinkable) async throws ->
                any DeepLinkable
        package let drop: @MainActor @Sendable (HeldLink, HeldLinkError) -> Void

        package init(
            owner: ObjectIdentifier,
            delivery:
                @escaping @MainActor @Sendable (HeldLink, @MainActor () async throws -> any DeepLinkable)
                async throws -> any DeepLinkable,
            drop: @escaping @MainActor @Sendable (HeldLink, HeldLinkError) -> Void
        ) {
            self.owner = owner
            self.delivery = delivery
            self.drop = drop
        }
    }

    /// How long a tool waits for a held link's delivery, in seconds; `nil`: for ever.
    @TaskLocal public static var deadline: Double?
    /// Where a tool applying a link learns who held it.
    @TaskLocal public static var report: Report?
    /// Who held a link: set by ``hold(_:)`` on the main actor, read there once the link ended.
    public final class Report: @unchecked Sendable {
        /// The holder's name, if the link was held.
        public var holder: String?
        /// An empty report.
        public init() {}
    }
}

/// A link a ``LinkHolder`` holds, and who holds it.
public struct HeldLink: Sendable, Hashable, Codable {
    /// The link as the app was given it.
    public var link: String
    /// The holder's name: `SceneCoordinator`.
    public var holder: String

    /// A link `holder` holds.
    public init(link: String, holder: String) {
        self.link = link
        self.holder = holder
    }
}

/// Why a held link reached nothing.
public enum HeldLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Still held when the tool's deadline passed.
    case notDelivered(link: String, holder: String, seconds: Double)
    /// Its holder dropped it.
    case dropped(link: String, holder: String, reason: String)

    /// What went wrong, naming the holder.
    public var description: String {
        switch self {
        case .notDelivered(let link, let holder, let seconds):
            "\(link) is held by \(holder), and was not delivered within \(seconds.formatted()) s"
        case .dropped(let link, let holder, let reason): "\(link) was held by \(holder), and dropped: \(reason)"
        }
    }
}
