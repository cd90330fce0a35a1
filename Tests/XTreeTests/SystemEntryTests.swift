import Foundation
import Testing
import XTree

/// An inbox that opens a thread by a link (`inbox://thread/ID`) or by a tapped notification
/// whose payload names it: the app of the XTreeLinks article, routing entries beside URLs.
@MainActor
final class Inbox: DeepLinkable {
    private(set) var threads: [InboxThread] = []
    var children: [any DeepLinkable] { threads }

    func route(_ entry: Entry) throws -> any DeepLinkable {
        guard case .notification(let payload) = entry, let id = payload["thread"]?.string else {
            throw InboxError.refused(entry.description)
        }
        return open(id)
    }

    func route(url: String) throws -> any DeepLinkable {
        guard url.hasPrefix("inbox://thread/") else { throw InboxError.refused(url) }
        return open(String(url.dropFirst("inbox://thread/".count)))
    }

    private func open(_ id: String) -> InboxThread {
        let thread = InboxThread(id: id)
        threads.append(thread)
        return thread
    }
}

@MainActor
final class InboxThread: DeepLinkable {
    let id: String
    init(id: String) { self.id = id }
    var children: [any DeepLinkable] { [] }
}

enum InboxError: Error { case refused(String) }

enum InboxApp: DeepLinkableApp {
    static func makeRoot() -> Inbox { Inbox() }

    static func open(_ link: String, in root: Inbox) async throws -> any DeepLinkable {
        if let entry = Entry(link) { return try root.route(entry) }
        return try root.route(url: link)
    }
}

/// What the system hands an app, as entries: a notification's payload here; activities and
/// shortcuts below, where Apple's types are.
enum SystemEntries {
    static func entry(tapped userInfo: [AnyHashable: Any]) -> Entry {
        .notification(payload: Entry.values(of: userInfo).values)
    }
}

@MainActor
@Suite struct SystemEntryTests {
    /// A tapped notification's payload, made an entry, is routed where the app's own
    /// `open` sends it; a URL beside it; an entry of another kind is refused.
    @Test func aTappedNotificationIsRoutedBesideURLs() async throws {
        let root = InboxApp.makeRoot()
        let tapped = SystemEntries.entry(tapped: ["thread": "42", "aps": ["badge": 3]])
        let reached = try await InboxApp.open(tapped.description, in: root)
        #expect((reached as? InboxThread)?.id == "42")
        let linked = try await InboxApp.open("inbox://thread/7", in: root)
        #expect((linked as? InboxThread)?.id == "7")
        let shortcut = Entry.shortcut(type: "org.example.compose", info: [:]).description
        await #expect(throws: InboxError.self) { try await InboxApp.open(shortcut, in: root) }
        #expect(root.threads.map(\.id) == ["42", "7"])
    }
}

#if os(iOS) || os(visionOS) || (os(Linux) && canImport(SwiftUI))
    // Apple's types: on Linux only under apple-compat's check, whose SwiftUI stub declares them
    // as Apple documents them, so that README's lines are type-checked.
    import SwiftUI

    extension SystemEntries {
        static func entry(continuing activity: NSUserActivity) -> Entry { Entry(activity) }
        @MainActor static func entry(performing shortcutItem: UIApplicationShortcutItem) -> Entry {
            Entry(shortcutItem)
        }
    }
#endif
