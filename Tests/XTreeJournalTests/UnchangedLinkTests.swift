import Foundation
import Testing
import XTree

@testable import XTreeJournal

/// A link that succeeded and changed nothing is `unchanged`; nothing else is.
@Suite struct UnchangedLinkTests {
    static let start = RecordedSessionTests.example.start
    static let after = try! RecordedSessionTests.example.steps().last!.tree

    static func event(link error: String??, changed: Bool) -> JournalEvent {
        let kind = error.map { error in
            JournalEvent.Kind.link(
                .init(
                    url: "recipes://tab/meat", source: .inspector, duration: 0, reached: [], error: error, searches: 0,
                    visits: 0))
        }
        return JournalEvent(
            sequence: 1, time: 1, kind: kind ?? .change, notifications: 0, objects: 0,
            edit: changed ? TreeEdit(from: start, to: after) : TreeEdit())
    }

    @Test func onlyASuccessfulLinkThatChangedNothingIsUnchanged() {
        #expect(Self.event(link: .some(nil), changed: false).unchanged)
        #expect(!Self.event(link: .some(nil), changed: true).unchanged, "a link that changed the tree")
        #expect(!Self.event(link: .some("unknown recipe"), changed: false).unchanged, "a link that failed")
        #expect(!Self.event(link: nil, changed: false).unchanged, "not a link")
        #expect(Self.event(link: .some(nil), changed: false).flag == "unchanged")
        #expect(Self.event(link: .some("unknown recipe"), changed: false).flag == "failed")
        #expect(Self.event(link: .some(nil), changed: true).flag == nil)
    }

    @Test func anExplanationFromOutsideIsBounded() {
        var event = Self.event(link: .some(nil), changed: false)
        event.changeLink { $0.explanation = Array(repeating: "why", count: 33) }
        #expect(event.problem?.contains("explanation longer") == true)
        event.changeLink { $0.explanation = ["why"] }
        #expect(event.problem == nil)
    }
}
