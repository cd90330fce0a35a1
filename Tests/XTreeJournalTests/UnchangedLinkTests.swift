import Foundation
import Testing
import XTree

@testable import XTreeJournal

/// A link that succeeded and changed nothing is `unchanged`; nothing else is.
@Suite struct UnchangedLinkTests {
    static let start = RecordedSessionTests.example.steps[0].tree
    static let after = RecordedSessionTests.example.steps.last!.tree

    static func event(link error: String??, changed: Bool) -> JournalEvent {
        let link = error.map { error in
            JournalEvent.Link(
                url: "recipes://tab/meat", source: .inspector, duration: 0, reached: [], error: error, searches: 0,
                visits: 0)
        }
        return JournalEvent(
            sequence: 1, time: 1, link: link, restore: nil, outlived: nil, notifications: 0, objects: 0,
            diff: TreeDiff(from: start, to: changed ? after : start))
    }

    @Test func onlyASuccessfulLinkThatChangedNothingIsUnchanged() {
        #expect(Self.event(link: .some(nil), changed: false).unchanged)
        #expect(!Self.event(link: .some(nil), changed: true).unchanged, "a link that changed the tree")
        #expect(!Self.event(link: .some("unknown recipe"), changed: false).unchanged, "a link that failed")
        #expect(!Self.event(link: nil, changed: false).unchanged, "not a link")
    }

    @Test func anExplanationFromOutsideIsBounded() {
        var event = Self.event(link: .some(nil), changed: false)
        event.link?.explanation = Array(repeating: "why", count: 33)
        #expect(event.problem?.contains("explanation longer") == true)
        event.link?.explanation = ["why"]
        #expect(event.problem == nil)
    }
}
