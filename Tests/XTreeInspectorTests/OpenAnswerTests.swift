import Foundation
import Testing
import XTree

@testable import XTreeInspector
@testable import XTreeInspectorClient

/// An `open` that asks for where the link ended alone is answered from the app's live view:
/// the path's nodes as a snapshot numbers them, the tree's type names if asked, and no tree.
@MainActor
@Suite struct OpenAnswerTests {
    /// A book of pages `a` and `b`, the handler adding the link's page (but `nowhere`'s).
    func serve(_ folder: InspectorFolder) throws -> (Inspector, Book) {
        SearchableProtocols.register((any Page).self)
        let book = Book()
        book.pages = [PageScreen("a"), PageScreen("b")]
        let inspector = try Inspector(name: "Book", root: book, directory: folder.path) { url in
            if url.lastPathComponent != "nowhere" { book.pages.append(PageScreen(url.lastPathComponent)) }
            return book.firstReceiver(as: (any Page).self) { $0.slug == url.lastPathComponent }
        }
        return (inspector, book)
    }

    @Test func theAnswerIsThePathAndTypesOfTheTreeAfterTheLink() async throws {
        let folder = try InspectorFolder()
        let (inspector, _) = try serve(folder)
        defer { inspector.stop() }
        let app = inspector.app
        let (answer, after, nowhere) = try await offMain {
            let client = try patient(InspectorClient(app))
            return (
                try client.openAnswer("book://page/c", types: true), try client.snapshot(),
                try client.openAnswer("book://page/nowhere")
            )
        }
        #expect(answer.result.error == nil && answer.result.path == [0, 3])
        #expect(
            answer.path
                == [after.nodes[0], after.nodes[3]].map { node in
                    var node = node
                    node.links = []
                    return node
                })
        #expect(answer.types == Set(after.nodes.map(\.type)))
        #expect(nowhere.path.isEmpty && nowhere.types == nil && nowhere.result.path.isEmpty)
        // What the link made appear, from its edit: the page it added; nothing for a link
        // that added none.
        #expect(answer.result.appeared?.map { "\($0.type) \($0.label)" } == ["PageScreen c"])
        #expect(nowhere.result.appeared?.isEmpty == true)
    }

    /// On the wire: the reply names the path's nodes and carries no snapshot; without
    /// `answer`, the same request is sent the tree, as before.
    @Test func noTreeIsSentForTheAnswerAlone() async throws {
        let folder = try InspectorFolder()
        let (inspector, _) = try serve(folder)
        defer { inspector.stop() }
        let app = inspector.app
        let replies = try await offMain { () -> [InspectorReply?] in
            guard let connection = rawConnection(to: app) else { return [] }
            _ = connection.write(hello(app.token), timeout: 5)
            // As patient as the suites' clients: million-node suites may hold the main actor.
            _ = connection.readLine(limit: 1 << 16, timeout: 600)
            var replies: [InspectorReply?] = []
            for (id, answerOnly) in [(2, true), (3, false)] {
                let call = InspectorRequest.Call.open(
                    link: "book://page/c", traces: false, hold: nil, answerOnly: answerOnly, types: true)
                _ = connection.write(InspectorRequest(id: id, call).line, timeout: 5)
                guard case .line(let line) = connection.readLine(limit: 1 << 20, timeout: 600) else { return replies }
                replies.append(try? InspectorReply(line: line))
                // The tree's lines, if any, follow the reply.
                for _ in 0..<(replies.last??.snapshot?.lines ?? 0) {
                    _ = connection.readLine(limit: 1 << 20, timeout: 600)
                }
            }
            return replies
        }
        #expect(replies.count == 2)
        let alone = try #require(replies.first ?? nil)
        #expect(alone.snapshot == nil)
        #expect(alone.opened?.reached?.map(\.type) == ["Book", "PageScreen"])
        #expect(alone.opened?.types?.sorted() == ["Book", "PageScreen"])
        let whole = try #require(replies.last ?? nil)
        #expect(whole.snapshot != nil && whole.opened?.reached == nil && whole.opened?.types == nil)
    }
}
