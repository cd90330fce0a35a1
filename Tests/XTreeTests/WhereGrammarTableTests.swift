import Foundation
import Testing
import XTreeCodec
import XTreeSnapshot

/// The search grammar's one table of cases (`Tests/Fixtures/where-grammar.json`), answered by
/// ``NodeCondition`` and ``TreeSnapshot/search(forName:all:where:)``. The web page's script
/// answers the same table in `Scripts/browser-check.py`: the two grammars agree because both
/// agree with it.
@Suite struct WhereGrammarTableTests {
    struct Table: Decodable, Sendable {
        struct Parse: Decodable, Sendable, CustomTestStringConvertible {
            var testDescription: String { text.debugDescription }
            let text: String
            let key: String?
            let comparison: String?
            let value: String?
        }

        struct Search: Decodable, Sendable, CustomTestStringConvertible {
            var testDescription: String { "\(name ?? "any") \(self.where)" }
            let name: String?
            let `where`: [String]
            let matches: [Int]
        }

        let parse: [Parse]
        let search: [Search]
    }

    static let table: Table? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/where-grammar.json")
        // A missing or broken table fails the test below, and leaves the others no cases.
        return (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(Table.self, from: $0) }
    }()

    /// The table's tree, read as any snapshot file is.
    static func snapshot() throws -> TreeSnapshot {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/where-grammar.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try SnapshotCodec.read(JSONSerialization.data(withJSONObject: try #require(object["snapshot"])))
    }

    @Test func theTableIsThere() throws {
        let table = try #require(Self.table)
        #expect(table.parse.count >= 15)
        #expect(table.search.count >= 15)
        #expect(try Self.snapshot().nodes.count == 5)
    }

    @Test(arguments: table?.parse ?? [])
    func conditionsAreReadAsTheTableSays(_ expected: Table.Parse) {
        let condition = NodeCondition(expected.text)
        if let key = expected.key {
            #expect(condition?.key == key, "\(expected.text)")
            #expect(condition?.comparison.rawValue == expected.comparison, "\(expected.text)")
            #expect(condition?.value == expected.value, "\(expected.text)")
        } else {
            #expect(condition == nil, "\(expected.text) should be refused")
        }
    }

    @Test(arguments: table?.search ?? [])
    func searchesFindWhatTheTableSays(_ search: Table.Search) throws {
        let conditions = try search.where.map { try #require(NodeCondition($0)) }
        let snapshot = try Self.snapshot()
        let found: [Int]
        if let name = search.name {
            found = snapshot.search(forName: name, all: true) { node in conditions.allSatisfy { $0.matches(node) } }
                .steps.filter { $0.verdict == .matched }.map(\.order)
        } else {
            found = snapshot.nodes.filter { node in conditions.allSatisfy { $0.matches(node) } }.map(\.order)
        }
        #expect(found == search.matches, "\(search.name ?? "any") \(search.where)")
    }
}
