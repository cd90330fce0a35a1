import Foundation
import XTree
import XTreeArgumentParser
import XTreeInspector
import XTreeJournal

struct ExportTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "export-test",
        summary: "Write a Swift Testing test that replays a recorded session through the app's code.",
        discussion: """
            Turns a session that 'record' wrote into one Swift Testing test of the app it was
            recorded from: the session names the app's DeepLinkableApp type (its module and name,
            never code), which the app gave its Inspector. The test imports that module, builds
            the app as at launch with the type's makeRoot(), checks the tree at the start,
            applies each recorded link with the type's open(_:in:), and checks the path each
            reached and the tree after each event (a change the app made by itself is waited
            for, up to 2 seconds). A bug report's session becomes a regression test. A session
            that names no type, or names one that is not a plain Swift identifier, is refused.
            Everything else from the session is written as escaped Swift literals.
            """
    )

    @Argument(value: "FILE", help: "The session file, or - for standard input.")
    var file: RawPath
    @Option(name: "output", short: "o", value: "FILE", help: "Where to write the test (default -, standard output).")
    var output: RawPath?
    @Option(name: "name", value: "NAME", help: "The test function's name (default recordedSession).")
    var name: String?

    func validate() throws(CLIError) {
        guard let name else { return }
        let letters = name.unicodeScalars
        guard let first = letters.first, !("0"..."9").contains(first), letters.allSatisfy(Self.isWord)
        else {
            throw .usage(
                "--name takes a Swift identifier (ASCII letters, digits and '_', not starting with a digit), "
                    + "got '\(TerminalText.shortened(name))'", command: nil)
        }
    }

    private static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    func run(_ context: Context) async throws(CLIError) {
        let (session, steps) = try ReplayCommand.session(from: file, context)
        if let restore = steps.first(where: { $0.event.restore != nil }) {
            throw .failure(
                "event #\(restore.event.sequence) returns the app to an earlier state, which a test cannot do "
                    + "through the app's links; record the session without 'restore'")
        }
        guard let app = session.appType else {
            throw .failure(
                "\(file) names no app type to rebuild: \(Self.noAppType). Give the app's Inspector its "
                    + "DeepLinkableApp type, Inspector(name:app:root:), then record again")
        }
        if let problem = app.problem {
            throw .failure("\(file) names an app type that cannot be written as Swift: \(problem)")
        }
        let source = Self.test(
            session, steps: steps, app: app, name: name ?? "recordedSession", command: "xtree-cli export-test")
        if let output, !output.isStandardStream {
            try context.write(Data(source.utf8), to: output, what: "test")
        } else {
            context.console.out(source)
        }
    }

    /// Why a session cannot become a test, said where a user meets it.
    static let noAppType = "the app's inspector was given no DeepLinkableApp type"

    /// The test's source, for `app`, whose names are plain identifiers.
    static func test(
        _ session: RecordedSession, steps: [RecordedSession.Step], app: AppTypeName, name: String, command: String
    ) -> String {
        precondition(app.problem == nil, "names checked before they are written")
        let type = app.type
        let links = steps.filter { $0.event.link != nil }.count
        var body = ""
        var trees = [("start", session.start)]
        for step in steps {
            let event = step.event
            let tree = "tree\(event.sequence)"
            let moment = SwiftSourceText.stringLiteral("after event #\(event.sequence)")
            let link: JournalEvent.Link
            switch event.kind {
            case .outlived, .restore:
                // Objects outliving their place change no tree, and their lifetimes are the
                // app's own; a session with a restore is refused before its test is written.
                continue
            case .change:
                trees.append((tree, step.tree))
                body += """

                        // #\(event.sequence): a change the app made by itself.
                        try await expectTreeSettles(of: root, to: \(tree), \(moment))

                    """
                continue
            case .link(let recorded):
                trees.append((tree, step.tree))
                link = recorded
            }
            let url = SwiftSourceText.stringLiteral(link.url)
            if link.error != nil {
                body += """

                        // #\(event.sequence): a link that failed.
                        await #expect(throws: (any Error).self) {
                            _ = try await \(type).open(\(url), in: root)
                        }
                        try expectTree(of: root, equals: \(tree), \(moment))

                    """
            } else {
                let ids = link.reached.map { SwiftSourceText.stringLiteral($0.id) }.joined(separator: ", ")
                body += """

                        // #\(event.sequence): a link.
                        let reached\(event.sequence) = try await \(type).open(\(url), in: root)
                        try expectTree(
                            of: root, equals: \(tree), reaching: reached\(event.sequence), at: [\(ids)], \(moment))

                    """
            }
        }
        let constants = trees.map { name, tree in
            "private let \(name) = \(SwiftSourceText.jsonLiteral(Self.json(of: tree), indent: "    "))\n"
        }.joined(separator: "\n")
        let recorded = SwiftSourceText.stringLiteral(session.app).replacingOccurrences(of: "\n", with: " ")
        // In the order swift-format keeps, once each.
        let imports = Set(["Foundation", "Testing", "XTree", app.module]).sorted().map { "import \($0)" }
        return """
            // Made by `\(command)` from a session recorded from \(recorded):
            // \(app), built as at launch, applies the session's \(links) link\(links == 1 ? "" : "s") again with
            // its own handler; the test checks the path each reached and the tree after each event.
            \(imports.joined(separator: "\n"))

            @MainActor
            @Test func \(name)() async throws {
                let root = \(type).makeRoot()
                try expectTree(of: root, equals: start, "at the start")
            \(body)}

            /// Expects the tree under `root` to be the recorded one and, for a link, the path to
            /// what it reached to have the recorded ids.
            @MainActor
            private func expectTree(
                of root: any DeepLinkable, equals json: String, reaching reached: (any DeepLinkable)? = nil,
                at ids: [String] = [], _ moment: String, sourceLocation: SourceLocation = #_sourceLocation
            ) throws {
                let recorded = try TreeSnapshot(json: Data(json.utf8))
                let (tree, path) = reached.map { TreeSnapshot.locating($0, from: root) } ?? (TreeSnapshot(of: root), [])
                let diff = TreeDiff(from: recorded, to: tree)
                #expect(diff.isEmpty, "the tree \\(moment), recorded (-) against now (+):\\n\\(diff)", sourceLocation: sourceLocation)
                if reached != nil {
                    #expect(path.map { tree.nodes[$0].id } == ids, "the path reached \\(moment)", sourceLocation: sourceLocation)
                }
            }

            /// Waits up to 2 seconds for the tree under `root` to become the recorded one, then
            /// expects it to be.
            @MainActor
            private func expectTreeSettles(
                of root: any DeepLinkable, to json: String, _ moment: String,
                sourceLocation: SourceLocation = #_sourceLocation
            ) async throws {
                let recorded = try TreeSnapshot(json: Data(json.utf8))
                for _ in 0..<100 where !TreeDiff(from: recorded, to: TreeSnapshot(of: root)).isEmpty {
                    try await Task.sleep(nanoseconds: 20_000_000)
                }
                try expectTree(of: root, equals: json, moment, sourceLocation: sourceLocation)
            }

            // The recorded trees, in the snapshot file format.

            \(constants)
            """
    }

    /// A snapshot as the snapshot file format writes it.
    private static func json(of tree: TreeSnapshot) -> String {
        var text = ""
        JSONRenderer().render(tree, to: &text)
        return text.trimmingCharacters(in: .newlines)
    }
}
