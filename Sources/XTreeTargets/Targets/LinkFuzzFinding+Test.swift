import XTree
import XTreeEscaping
import XTreeFuzzing

extension LinkFuzzFinding {
    /// A Swift Testing exit test named `name` that applies `links` to a fresh `type` app with its
    /// own handler and expects the process to exit normally: it fails while the links crash the
    /// app (or hang it, past the test's time limit). A link the app refuses is not the crash.
    /// `inProcess`: a plain test in the test's own process instead, for a target where exit
    /// tests do not run (iOS): while the crash is there it ends the test run.
    package static func exitTest(name: String, type: String, links: [String], inProcess: Bool = false) -> String {
        // One link on the line of its loop, as swift-format keeps a short literal; more, one a line.
        let list =
            links.count == 1
            ? "[\(SwiftSourceText.stringLiteral(links[0]))]"
            : "[\n" + links.map { "        " + SwiftSourceText.stringLiteral($0) + ",\n" }.joined() + "    ]"
        if inProcess {
            return """
                /// Applies the links to a fresh app in the test's own process, where an exit test cannot
                /// run (an iOS test target): while the crash is there it ends the test run. A link the app
                /// refuses is not the crash.
                @MainActor
                @Test func \(name)() async {
                    let root = \(type).makeRoot()
                    for link in \(list) {
                        _ = try? await \(type).open(link, in: root)
                    }
                }
                """
        }
        return """
            @Test func \(name)() async {
                await #expect(processExitsWith: .success) {
                    await \(name)Links()
                }
            }

            /// Applies the links to a fresh app; a link the app refuses is not the crash.
            @MainActor
            private func \(name)Links() async {
                let root = \(type).makeRoot()
                for link in \(list) {
                    _ = try? await \(type).open(link, in: root)
                }
            }
            """
    }

    /// A Swift Testing test of each finding, through the app's own `makeRoot()` and
    /// `open(_:in:)`: it fails while the finding is there. A crash or hang is an exit test (a
    /// child process; macOS and Linux, not iOS test targets), the rest run in the test's process.
    /// With `inProcess`, a crash or hang is a plain test too (see ``exitTest(name:type:links:inProcess:)``).
    package static func testSource(
        _ findings: [LinkFuzzFinding], app: AppTypeName, seed: UInt64, inProcess: Bool = false
    ) -> String {
        let type = app.type
        let imports = Set(["Testing", "XTree", app.module]).sorted().map { "import \($0)" }.joined(separator: "\n")
        var tests: [String] = []
        for (index, finding) in findings.enumerated() {
            let name = "fuzzFinding\(index + 1)"
            let state = "[" + finding.state.map(SwiftSourceText.stringLiteral).joined(separator: ", ") + "]"
            let link = SwiftSourceText.stringLiteral(finding.link)
            let property = SwiftSourceText.stringLiteral(finding.property)
            let comment = "/// \(finding.property): \(finding.made)".replacingOccurrences(of: "\n", with: " ")
            switch finding.property {
            case "no crash", "no hang":
                tests.append(
                    comment + "\n"
                        + Self.exitTest(
                            name: name, type: type, links: finding.state + [finding.link], inProcess: inProcess))
            case "the children audit holds":
                tests.append(
                    """
                    \(comment)
                    @MainActor
                    @Test func \(name)() async throws {
                        let root = try await startFuzzFinding(\(state))
                        _ = try? await \(type).open(\(link), in: root)
                        #expect(root.auditChildren().problems.isEmpty, \(property))
                    }
                    """)
            case "nothing a case made outlives it":
                // Every object of the case's tree, weakly; the root dropped; one grace period.
                tests.append(
                    """
                    \(comment)
                    @MainActor
                    @Test func \(name)() async throws {
                        var alive: [() -> AnyObject?] = []
                        do {
                            let root = try await startFuzzFinding(\(state))
                            _ = try? await \(type).open(\(link), in: root)
                            for visit in root.breadthFirst() {
                                alive.append { [weak node = visit.node] in node }
                            }
                        }
                        try await Task.sleep(nanoseconds: 2_000_000_000)
                        #expect(alive.allSatisfy { $0() == nil }, \(property))
                    }
                    """)
            case "applied twice, a link changes nothing more":
                tests.append(
                    """
                    \(comment)
                    @MainActor
                    @Test func \(name)() async throws {
                        let root = try await startFuzzFinding(\(state))
                        _ = try await \(type).open(\(link), in: root)
                        let once = TreeSnapshot(of: root)
                        _ = try? await \(type).open(\(link), in: root)
                        #expect(TreeDiff(from: once, to: TreeSnapshot(of: root)).isEmpty, \(property))
                    }
                    """)
            default:
                // Lands alike, works from every state, a refusal changes nothing: the tree after
                // the link against the tree its example leaves (or the tree before, if refused).
                let original = finding.made == "example" ? nil : finding.original.map(SwiftSourceText.stringLiteral)
                let refusedOK =
                    finding.made.hasPrefix("variant") || finding.property == "a refused link changes nothing"
                tests.append(
                    """
                    \(comment)
                    @MainActor
                    @Test func \(name)() async throws {
                        let root = try await startFuzzFinding(\(state))
                        let before = TreeSnapshot(of: root)
                        do {
                            _ = try await \(type).open(\(link), in: root)
                    \(original.map { """
                                let expected = try await startFuzzFinding(\(state))
                                _ = try await \(type).open(\($0), in: expected)
                                #expect(TreeSnapshot(of: root) == TreeSnapshot(of: expected), \(property))
                        """ } ?? (finding.property == "a refused link changes nothing" ? "" : "        _ = before"))
                        } catch {
                            \(refusedOK ? "#expect(TreeSnapshot(of: root) == before, \(property))" : "Issue.record(\"\\(error)\", \(property))")
                        }
                    }
                    """)
            }
        }
        return """
            // Made by `xtree-cli fuzz --seed \(seed)`: one test of each finding, for \(app), through its
            // own makeRoot() and open(_:in:). Each fails while its finding is there.
            \(imports)

            \(tests.joined(separator: "\n\n"))

            /// A fresh app, after the links of a finding's starting state.
            @MainActor
            private func startFuzzFinding(_ links: [String]) async throws -> \(type).Root {
                let root = \(type).makeRoot()
                for link in links {
                    _ = try await \(type).open(link, in: root)
                }
                return root
            }

            """
    }
}
