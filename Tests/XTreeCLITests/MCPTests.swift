import Foundation
import Testing
import XTreeSupport

@testable import XTreeMCP

/// The MCP server's own rules: arguments held to a tool's schema, and the tree's pages and
/// cursors. Scripts/mcp-check.py drives the whole server with the protocol's Python SDK.
@MainActor
@Suite struct MCPTests {
    @Test func argumentsAreHeldToTheToolsSchema() throws {
        let tree = try #require(MCPTool.all.first { $0.name == "tree" })
        let find = try #require(MCPTool.all.first { $0.name == "find" })
        #expect(tree.problem(with: [:]) == nil)
        #expect(tree.problem(with: ["depth": 2, "limit": 2000, "attach": "App"]) == nil)
        #expect(tree.problem(with: ["depth": "2"]) != nil)
        #expect(tree.problem(with: ["limit": true]) != nil)
        #expect(tree.problem(with: ["limit": 2001]) != nil)
        #expect(tree.problem(with: ["depth": -1]) != nil)
        #expect(tree.problem(with: ["x": 1]) == "no argument 'x'")
        #expect(find.problem(with: [:]) == "name is required")
        #expect(find.problem(with: ["name": ""]) != nil)
        #expect(find.problem(with: ["name": .string(String(repeating: "a", count: 16_385))]) != nil)
        #expect(find.problem(with: ["name": "A", "where": .array(Array(repeating: "k=v", count: 17))]) != nil)
        #expect(find.problem(with: ["name": "A", "where": [1]]) != nil)
        #expect(find.problem(with: ["name": "A", "where": ["k=v"], "all": true]) == nil)
        #expect(find.problem(with: ["name": "A", "all": 1]) != nil)
        #expect(find.problem(with: ["name": "A", "where": ["k=v", ""]]) != nil)
    }

    @Test func theTreeComesAPageAtATimeWithCursorsForItsVersion() throws {
        let nodes: [[String: Any]] = (0..<7).map { ["order": $0, "depth": $0 == 0 ? 0 : 1, "parent": 0] }
        let tree: [String: Any] = ["nodes": nodes]
        let first = try MCPServer.page(tree, ["limit": 3]).get()
        #expect((first["nodes"] as? [[String: Any]])?.count == 3)
        #expect(first["total"] as? Int == 7)
        let cursor = try #require(first["nextCursor"] as? String)
        let second = try MCPServer.page(tree, ["limit": 3, "cursor": cursor]).get()
        #expect((second["nodes"] as? [[String: Any]])?.compactMap { $0["order"] as? Int } == [3, 4, 5])
        let other: [String: Any] = ["nodes": Array(nodes.dropLast())]
        guard case .failure(let stale) = MCPServer.page(other, ["cursor": cursor]) else {
            Issue.record("a cursor of another tree was taken")
            return
        }
        #expect(stale.message.contains("another version of the tree"))
        guard case .failure = MCPServer.page(tree, ["cursor": "not a cursor"]) else {
            Issue.record("a made-up cursor was taken")
            return
        }
        let shallow = try MCPServer.page(tree, ["depth": 0]).get()
        #expect((shallow["nodes"] as? [Any])?.count == 1)
        #expect(shallow["nextCursor"] == nil)
    }
}
