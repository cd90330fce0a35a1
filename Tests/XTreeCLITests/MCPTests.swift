import Foundation
import Testing
import XTreeCommandLine
import XTreeSupport

@testable import XTreeMCP

/// The MCP server's own rules: arguments held to a tool's schema, and the tree's pages and
/// cursors. Scripts/mcp-check.py drives the whole server with the protocol's Python SDK.
@MainActor
@Suite struct MCPTests {
    static var tools: [MCPTool] { MCPTool.all(declaredBy: CommandLineTool.declaredSlots(of:)) }

    /// Each tool's arguments that its command declares are that declaration: its help, its
    /// kind and bounds, required where the command requires it, and given on the command line
    /// as the command reads it.
    @Test func theToolsAreTheCommandsDeclarations() throws {
        var declared = 0
        for tool in Self.tools {
            let slots = CommandLineTool.declaredSlots(of: tool.name)
            for (argument, slot) in tool.declared {
                declared += 1
                #expect(slots.contains { $0 === slot }, "\(tool.name).\(argument)")
                let schema = try #require(tool.arguments[argument])
                #expect(schema.description.hasPrefix(slot.help), "\(tool.name).\(argument)")
                #expect(tool.required.contains(argument) == slot.isRequired, "\(tool.name).\(argument)")
                let kind: (flag: Bool, path: Bool, list: Bool, bounds: (Int, Int?)?) =
                    switch schema.kind {
                    case .boolean: (true, false, false, nil)
                    case .path: (false, true, false, nil)
                    case .string: (false, false, false, nil)
                    case .strings: (false, false, true, nil)
                    case .integer(let minimum, let maximum): (false, false, false, (minimum, maximum))
                    }
                #expect(kind.flag == (slot.kind == .flag), "\(tool.name).\(argument)")
                #expect(kind.path == slot.isPath && kind.list == slot.isRepeatable, "\(tool.name).\(argument)")
                #expect(kind.bounds?.0 == slot.bounds?.minimum && kind.bounds?.1 == slot.bounds?.maximum)
            }
        }
        #expect(declared == 14)
        let find = try #require(Self.tools.first { $0.name == "find" })
        #expect(find.arguments["name"]?.description == "The type or protocol to find, such as RecipeViewModel.")
        let line = find.command(["name": "A", "where": ["k=v", "x~y"], "all": true, "budget": 2000])
        #expect(line.options == ["find", "--format", "json", "--all", "--where", "k=v", "--where", "x~y"])
        #expect(line.positionals == ["A"])
        let links = try #require(Self.tools.first { $0.name == "links" })
        #expect(links.required == ["aasa", "domain"])
        let crash = try #require(Self.tools.first { $0.name == "crash" })
        #expect(
            crash.command(["file": "r", "minimize": false]).options == ["crash", "--format", "json", "--no-minimize"])
    }
    @Test func argumentsAreHeldToTheToolsSchema() throws {
        let tree = try #require(Self.tools.first { $0.name == "tree" })
        let find = try #require(Self.tools.first { $0.name == "find" })
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

    /// A snapshot document of seven nodes: 0 → 1, 2; 1 → 3, 4, 5; 2 → 6; nodes 4 and 6 have
    /// identities and node 5 the label `last`.
    static func tree(label: String = "last") -> String {
        let children = [0: [1, 2], 1: [3, 4, 5], 2: [6]]
        let parents = [1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2]
        let lines = (0..<7).map { node in
            let links = (children[node] ?? []).map { #"{"kind":"child","node":\#($0)}"# }.joined(separator: ",")
            return #"{"attributes":[],"depth":\#(node == 0 ? 0 : node < 3 ? 1 : 2),"id":"n\#(node)","#
                + (node == 4 ? #""identity":"four","# : node == 6 ? #""identity":"six","# : "")
                + #""label":"\#(node == 5 ? label : "")","links":[\#(links)],"names":[],"order":\#(node),"#
                + (parents[node].map { #""parent":\#($0),"# } ?? "") + #""type":"T"}"#
        }
        return "{\"nodes\":[\n" + lines.joined(separator: ",\n") + "\n],\"version\":2}\n"
    }

    /// A page as the server answers with it, parsed.
    static func page(_ tree: String, _ arguments: [String: JSONValue]) throws(MCPServer.Problem) -> [String: Any]? {
        guard let (json, summary) = try MCPServer.page(tree, arguments) else { return nil }
        var page = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any]
        page?["summary"] = summary
        return page
    }

    static func orders(_ page: [String: Any]) -> [Int]? {
        (page["nodes"] as? [[String: Any]])?.compactMap { $0["order"] as? Int }
    }

    @Test func theTreeComesAPageAtATimeWithCursorsForItsVersion() throws {
        let tree = Self.tree()
        let first = try #require(try Self.page(tree, ["limit": 3]))
        #expect(Self.orders(first) == [0, 1, 2])
        #expect(first["total"] as? Int == 7)
        #expect(first["version"] as? String == MCPServer.version(of: tree))
        #expect(first["summary"] as? String == "3 of 7 nodes; more with nextCursor")
        let cursor = try #require(first["nextCursor"] as? String)
        let second = try #require(try Self.page(tree, ["limit": 3, "cursor": .string(cursor)]))
        #expect(Self.orders(second) == [3, 4, 5])
        // The page's nodes are the file's, identities and all.
        let nodes = try #require(second["nodes"] as? [[String: Any]])
        #expect(nodes.map { $0["identity"] as? String } == [nil, "four", nil])
        #expect(nodes.map { $0["parent"] as? Int } == [1, 1, 1])
        #expect(nodes.last?["label"] as? String == "last")
        let third = try #require(
            try Self.page(tree, ["limit": 3, "cursor": .string(second["nextCursor"] as? String ?? "")]))
        #expect(Self.orders(third) == [6])
        #expect(third["nextCursor"] == nil)
        #expect(third["summary"] as? String == "1 of 7 nodes")

        let stale = #expect(throws: MCPServer.Problem.self) {
            try Self.page(Self.tree(label: "renamed"), ["cursor": .string(cursor)])
        }
        #expect(stale?.message.contains("another version of the tree") == true)
        #expect(throws: MCPServer.Problem.self) { try Self.page(tree, ["cursor": "not a cursor"]) }
        #expect(throws: MCPServer.Problem.self) { try Self.page(tree, ["root": 7]) }
        #expect(try Self.page("not a tree", [:]) == nil)
        #expect(try Self.page("", [:]) == nil)
    }

    @Test func aPageIsOfTheSubtreeAndDepthAsked() throws {
        let tree = Self.tree()
        let shallow = try #require(try Self.page(tree, ["depth": 0]))
        #expect(Self.orders(shallow) == [0])
        #expect(shallow["nextCursor"] == nil)
        #expect(Self.orders(try #require(try Self.page(tree, ["root": 1]))) == [1, 3, 4, 5])
        let second = try #require(try Self.page(tree, ["root": 2]))
        #expect(Self.orders(second) == [2, 6])
        // Node 4's identity was passed over on the way to node 6's.
        #expect((second["nodes"] as? [[String: Any]])?.map { $0["identity"] as? String } == [nil, "six"])
        #expect(Self.orders(try #require(try Self.page(tree, ["root": 1, "depth": 1]))) == [1])
        let pageOfOne = try #require(try Self.page(tree, ["root": 1, "limit": 1]))
        #expect(pageOfOne["total"] as? Int == 4)
        let next = try #require(pageOfOne["nextCursor"] as? String)
        #expect(
            Self.orders(try #require(try Self.page(tree, ["root": 1, "limit": 2, "cursor": .string(next)]))) == [3, 4])
    }

    /// A command's JSON is answered with as it printed it, on one line: white space between
    /// tokens goes, the strings' own stays; what is not one JSON object is no answer.
    @Test func aCommandsJSONIsAnsweredOnOneLineAsItPrintedIt() throws {
        func answer(_ output: String, lines: Bool = false) -> String? {
            MCPServer.object(output, lines: lines).map { String(decoding: $0, as: UTF8.self) }
        }
        let printed = """
            {
              "label" : "a \\" b  \\\\",
              "list" : [ 1, 2 ],\t"text" : " x\\n y "
            }

            """
        #expect(answer(printed) == #"{"label":"a \" b  \\","list":[1,2],"text":" x\n y "}"#)
        #expect(answer("[1]") == nil)
        #expect(answer("{\"a\": 1") == nil)
        #expect(answer("{\"a\": \"raw\nbreak\"}") == nil)
        #expect(answer("") == nil)
        #expect(answer("{\"a\": 1}\n{\"b\" : [ ]}\n", lines: true) == #"{"events":[{"a":1},{"b":[]}]}"#)
        #expect(answer("", lines: true) == #"{"events":[]}"#)
        #expect(answer("{\"a\": 1}\nnot JSON\n", lines: true) == nil)
    }

    /// The version is of every byte the command printed: a tree that differs in one label, or
    /// in one byte anywhere, is another version.
    @Test func aTreesVersionChangesWithAnyByteOfIt() {
        let tree = #"{"nodes":[{"depth":0,"id":"a","label":"Home","order":0,"type":"App"}],"version":2}"#
        #expect(MCPServer.version(of: tree) == MCPServer.version(of: String(tree)))
        #expect(
            MCPServer.version(of: tree) != MCPServer.version(of: tree.replacingOccurrences(of: "Home", with: "Homf")))
        #expect(MCPServer.version(of: tree) != MCPServer.version(of: tree + "\n"))
    }

    /// An answer over the budget has its largest list cut to what fits, and says how many it
    /// left out; a journal keeps its newest events.
    @Test func anAnswerOverTheBudgetIsCutToFitWithACount() throws {
        let items = (0..<1_000).map { JSONValue.string("match \($0) " + String(repeating: "x", count: 40)) }
        let json = Array(MCPServer.encoded(["matches": .array(items), "name": "A"]))
        #expect(MCPServer.fitted(json, budget: json.count, keepingLast: false) == json)
        for keepingLast in [false, true] {
            let fitted = MCPServer.fitted(json, budget: 10_000, keepingLast: keepingLast)
            #expect(fitted.count <= 10_000 && fitted.count > 9_000, "\(fitted.count)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(fitted)) as? [String: Any])
            let kept = try #require(object["matches"] as? [String])
            #expect((object["omitted"] as? [String: Int])?["matches"] == 1_000 - kept.count)
            #expect(
                kept.first == (keepingLast ? "match \(1_000 - kept.count) " : "match 0 ")
                    + String(repeating: "x", count: 40))
        }
        #expect(MCPServer.cut(String(repeating: "e", count: 10_000), to: 8_000).count <= 8_000)
    }

    /// A tree page holds as many nodes as the budget does, and its cursor goes on from there.
    @Test func aTreePageHoldsWhatTheBudgetDoes() throws {
        let tree = Self.tree(label: String(repeating: "l", count: 300))
        let all = try #require(try MCPServer.page(tree, [:], budget: 100_000))
        let small = try #require(try MCPServer.page(tree, [:], budget: 800))
        #expect(all.json.count > 800)
        #expect(small.json.count <= 800, "\(small.json.count)")
        let page = try #require(try JSONSerialization.jsonObject(with: Data(small.json)) as? [String: Any])
        let nodes = try #require(page["nodes"] as? [Any])
        #expect(!nodes.isEmpty && nodes.count < 7)
        #expect(page["nextCursor"] != nil)
    }
}
