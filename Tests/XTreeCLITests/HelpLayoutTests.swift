import Foundation
import Testing

@testable import XTreeArgumentParser
@testable import XTreeCommandLine
@testable import XTreeTargets

/// Every help screen, laid out for the widths `COLUMNS` can ask for: no line is wider, and in
/// each table every name stands apart from its description (two spaces, or a line of its own).
@MainActor
@Suite struct HelpLayoutTests {
    /// What a table row starts with, as the usage line and the common options name it.
    static func heads(inUsageOf help: String) -> [String] {
        let usage = help.components(separatedBy: "USAGE: ").last?.components(separatedBy: "\n\n").first ?? ""
        var heads: [String] = []
        var token = ""
        var depth = 0
        // Tokens are separated by spaces outside brackets: `[--snapshot FILE|- | --attach N]`.
        // Lines joined with one space: a choice too wide for a line continues on the next.
        let joined = usage.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        for character in joined + " " {
            if character == "[" { depth += 1 }
            if character == "]" { depth -= 1 }
            if character == " ", depth == 0 {
                // A required option, unbracketed, is one head with its value: `--aasa FILE`.
                if let last = heads.last, last.hasPrefix("--"), !last.contains(" "), !token.hasPrefix("-"),
                    !token.hasPrefix("["), !token.isEmpty
                {
                    heads[heads.count - 1] += " " + token
                } else {
                    heads.append(token)
                }
                token = ""
            } else {
                token.append(character)
            }
        }
        return heads.dropFirst(2).filter { !$0.isEmpty }.flatMap { token in
            token.trimmingCharacters(in: CharacterSet(charactersIn: "[]."))
                .components(separatedBy: " | ")
        }
    }

    static let common = ["--color auto|always|never", "--help"]

    /// The rows of the tables (`COMMANDS:`, `ARGUMENTS:`, `OPTIONS:`): lines two spaces in.
    static func rows(of help: String) -> [Substring] {
        help.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
    }

    /// Whether `row` is the row of `head`: the name alone, or followed by two spaces.
    static func row(_ row: Substring, isOf head: String) -> Bool {
        let name = row.drop { $0 == " " }
        let unshortened = name.hasPrefix("-") && !name.hasPrefix("--") ? name.dropFirst(4) : name
        return unshortened == head || unshortened.hasPrefix(head + "  ")
    }

    static func check(_ help: String, heads: [String], width: Int, _ screen: String) {
        let wide = help.split(separator: "\n").filter { $0.count > width }.map(String.init)
        #expect(wide.isEmpty, "\(screen) at \(width) columns has lines wider: \(wide)")
        let rows = rows(of: help)
        for head in heads {
            #expect(rows.contains { row($0, isOf: head) }, "\(screen) at \(width): no row of '\(head)' stands apart")
        }
        for row in rows {
            #expect(heads.contains { Self.row(row, isOf: $0) }, "\(screen) at \(width): '\(row)' names nothing")
        }
    }

    @Test(arguments: [60, 80, 100])
    func everyHelpScreenFitsItsWidthAndEveryNameStandsApart(width: Int) async throws {
        let environment = ["COLUMNS": String(width)]
        let overview = try await cli(["--help"], environment: environment)
        let commands = CommandLineTool.commands.map(\.configuration.name)
        Self.check(
            overview.stdout, heads: commands + Self.common + ["--version"], width: width,
            "xtree-cli --help")
        for name in commands {
            let help = try await cli([name, "--help"], environment: environment)
            #expect(help.status == 0)
            Self.check(help.stdout, heads: Self.heads(inUsageOf: help.stdout) + Self.common, width: width, name)
        }
    }

    @Test func theWidthComesFromColumnsWithinItsBounds() {
        #expect(Help.width(columns: nil) == 80)
        #expect(Help.width(columns: 0) == 80)
        #expect(Help.width(columns: 30) == 60)
        #expect(Help.width(columns: 72) == 72)
        #expect(Help.width(columns: 300) == 100)
    }

    @Test func aTableWrapsItsDescriptionsUnderTheirColumn() {
        let entries = [("  short", "one two three four five six seven eight nine ten"), ("  a-much-longer-name", "x")]
        // The column is two after the longest name: 22.
        let column = String(repeating: " ", count: 22)
        #expect(
            Help.table(entries, width: 60)
                == "  short" + String(repeating: " ", count: 15) + "one two three four five six seven\n"
                + column + "eight nine ten\n" + "  a-much-longer-name  x\n")
        // Narrower than 24 columns of description: under the names instead.
        #expect(
            Help.table(entries, width: 30)
                == "  short\n      one two three four five\n      six seven eight nine ten\n"
                + "  a-much-longer-name\n      x\n")
    }
}
