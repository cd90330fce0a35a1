import Foundation
import Testing

/// One ```swift listing of a document.
struct Listing: CustomTestStringConvertible, Sendable {
    var document: String
    var lines: [String]
    var testDescription: String { "\(document): \(lines.first ?? "")" }

    /// Every ```swift listing of the README and the DocC articles.
    static let all: [Listing] = Transcript.documents.flatMap { document -> [Listing] in
        guard let text = try? String(contentsOf: document, encoding: .utf8) else { return [] }
        var listings: [Listing] = []
        var block: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if block == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                block = []
            } else if let lines = block, line.trimmingCharacters(in: .whitespaces) == "```" {
                listings.append(Listing(document: document.lastPathComponent, lines: lines))
                block = nil
            } else {
                block?.append(line)
            }
        }
        return listings
    }

    /// Whether the listing is a fragment of a user's `Package.swift` (how to depend on
    /// XTree): checked against this package's manifest instead of a test.
    var isManifest: Bool {
        let first = Listing.significant(lines).first ?? ""
        return first.hasPrefix("dependencies:") || first.hasPrefix(".package(")
    }

    /// Lines as compared: without indentation, blank lines and imports (a test file has its
    /// imports at its top).
    static func significant(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    /// Every test source file's significant lines.
    static let testSources: [[String]] = {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".swift") }.compactMap { file in
            (try? String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)).map {
                significant($0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            }
        }
    }()
}

/// Every Swift listing in the README and the articles is compiled and run: it appears, line
/// for line (indentation aside), in a test source file, which the build compiles and whose
/// tests run it.
@Suite struct DocumentListingTests {
    @Test func thereAreListings() {
        #expect(Listing.all.count >= 8)
    }

    /// The README's installation listings name only products this package declares, and
    /// show both a URL and a path dependency.
    @Test func manifestListingsNameTheProductsThisPackageDeclares() throws {
        let manifests = Listing.all.filter(\.isManifest).map { $0.lines.joined(separator: "\n") }
        #expect(manifests.contains { $0.contains(".package(url: ") })
        #expect(manifests.contains { $0.contains(".package(path: ") })
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var named: [String] = []
        for manifest in manifests {
            for part in manifest.components(separatedBy: ".product(name: \"").dropFirst() {
                named += part.split(separator: "\"", maxSplits: 1).first.map { [String($0)] } ?? []
            }
        }
        #expect(Set(named) == ["XTree", "XTreeInspector", "XTreeTesting"])
        for product in named {
            #expect(package.contains(".library(name: \"\(product)\""), "\(product) is not a library of Package.swift")
        }
    }

    @Test(arguments: Listing.all.filter { !$0.isManifest })
    func listingIsInATest(_ listing: Listing) {
        // Paragraphs (split at blank lines) in order, each line for line: a listing's
        // declarations and statements may sit at different places of one test file.
        var paragraphs: [[String]] = [[]]
        for line in listing.lines {
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                paragraphs.append([])
            } else {
                paragraphs[paragraphs.count - 1].append(line)
            }
        }
        let wanted = paragraphs.map(Listing.significant).filter { !$0.isEmpty }
        #expect(!wanted.isEmpty)
        let found = Listing.testSources.contains { source in
            var start = 0
            for paragraph in wanted {
                guard source.count - start >= paragraph.count,
                    let at = (start...(source.count - paragraph.count)).first(where: {
                        Array(source[$0..<($0 + paragraph.count)]) == paragraph
                    })
                else { return false }
                start = at + paragraph.count
            }
            return true
        }
        #expect(found, "not in any test source:\n\(listing.lines.joined(separator: "\n"))")
    }
}
