import Foundation
import XTree

/// A recorded session as a test: what `xtree-cli export-test` writes.
extension RecordedSession {
    /// The source of a Swift Testing test that rebuilds `app` as at launch, applies the
    /// session's links again with its own handler, and checks the path each reached and the
    /// tree after each event (`steps`, this session's); for `app`, whose names are plain
    /// identifiers, as `xtree-cli export-test` writes it.
    package func testSource(steps: [Step], app: AppTypeName, name: String, command: String) -> String {
        precondition(app.problem == nil, "names checked before they are written")
        let type = app.type
        let links = steps.filter { $0.event.link != nil }.count
        var body = ""
        // Each distinct tree once: a step that leaves the tree as it was names the constant
        // already written.
        var trees = [("start", start)]
        var names = [start: "start"]
        func constant(_ tree: TreeSnapshot, _ name: String) -> String {
            if let known = names[tree] { return known }
            names[tree] = name
            trees.append((name, tree))
            return name
        }
        for step in steps {
            let event = step.event
            let name = "tree\(event.sequence)"
            let moment = SwiftSourceText.stringLiteral("after event #\(event.sequence)")
            let link: JournalEvent.Link
            switch event.kind {
            case .outlived, .restore:
                // Objects outliving their place change no tree, and their lifetimes are the
                // app's own; a session with a restore is refused before its test is written.
                continue
            case .change:
                let tree = constant(step.tree, name)
                body += """

                        // #\(event.sequence): a change the app made by itself.
                        try await expectTreeSettles(of: root, to: \(tree), \(moment))

                    """
                continue
            case .link(let recorded):
                link = recorded
            }
            let tree = constant(step.tree, name)
            // A long link is a constant of its own, in pieces a line holds.
            let (declaration, url) = Self.literal(link.url, named: "link\(event.sequence)")
            if link.error != nil {
                body += "\n    // #\(event.sequence): a link that failed.\n" + declaration
                body += """
                        await #expect(throws: (any Error).self) {
                            _ = try await \(type).open(\(url), in: root)
                        }
                        try expectTree(of: root, equals: \(tree), \(moment))

                    """
            } else {
                let ids = link.reached.map { SwiftSourceText.stringLiteral($0.id) }.joined(separator: ", ")
                // The app's own navigation call ends where it navigated, as the inspector judged it;
                // a link of an app whose links land later, once the tree has settled.
                let navigates = if case .navigation = Entry(link.url) { true } else { false }
                let later = navigates ? "true" : "\(type).linkLanding != .whenOpenReturns"
                let what = navigates ? "the app's own navigation call, as an entry" : "a link"
                body += "\n    // #\(event.sequence): \(what).\n" + declaration
                body += """
                        let reached\(event.sequence) = try await \(type).open(\(url), in: root)
                        try await expectLanding(
                            of: root, equals: \(tree), reaching: reached\(event.sequence), at: [\(ids)],
                            later: \(later), \(moment))

                    """
            }
        }
        let constants = trees.map { name, tree in
            "private let \(name) = \(SwiftSourceText.jsonLiteral(Self.json(of: tree), indent: "    "))\n"
        }.joined(separator: "\n")
        let recorded = SwiftSourceText.stringLiteral(self.app).replacingOccurrences(of: "\n", with: " ")
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

            /// Expects a link to have reached the recorded path: the object `open` returned or,
            /// for one that lands `later`, the recorded ids in the tree once it has become the
            /// recorded one (waited for up to 5 seconds).
            @MainActor
            private func expectLanding(
                of root: any DeepLinkable, equals json: String, reaching reached: any DeepLinkable, at ids: [String],
                later: Bool, _ moment: String, sourceLocation: SourceLocation = #_sourceLocation
            ) async throws {
                guard later else {
                    return try expectTree(
                        of: root, equals: json, reaching: reached, at: ids, moment, sourceLocation: sourceLocation)
                }
                try await expectTreeSettles(of: root, to: json, moment, within: 250, sourceLocation: sourceLocation)
                let tree = TreeSnapshot(of: root)
                let end = tree.nodes.firstIndex { $0.id == ids.last }
                let path = end.map { tree.path(to: $0).map { tree.nodes[$0].id } }
                #expect(path == ids, "the path reached \\(moment)", sourceLocation: sourceLocation)
            }

            /// Waits up to `within` times 20 ms for the tree under `root` to become the recorded
            /// one, then expects it to be.
            @MainActor
            private func expectTreeSettles(
                of root: any DeepLinkable, to json: String, _ moment: String, within tries: Int = 100,
                sourceLocation: SourceLocation = #_sourceLocation
            ) async throws {
                let recorded = try TreeSnapshot(json: Data(json.utf8))
                for _ in 0..<tries where !TreeDiff(from: recorded, to: TreeSnapshot(of: root)).isEmpty {
                    try await Task.sleep(nanoseconds: 20_000_000)
                }
                try expectTree(of: root, equals: json, moment, sourceLocation: sourceLocation)
            }

            // The recorded trees, in the snapshot file format.

            \(constants)
            """
    }

    /// `text` as a string literal where it is short, else a constant `name` declared in pieces
    /// whose literals hold at most 80 characters (each escaped on its own, so no escape is
    /// cut), and its name.
    private static func literal(_ text: String, named name: String) -> (declaration: String, expression: String) {
        let whole = SwiftSourceText.stringLiteral(text)
        guard whole.count > 82 else { return ("", whole) }
        var pieces: [String] = []
        var (piece, length) = ("", 0)
        for character in text {
            let escaped = SwiftSourceText.stringLiteral(String(character)).count - 2
            if length + escaped > 80, !piece.isEmpty {
                pieces.append(SwiftSourceText.stringLiteral(piece))
                (piece, length) = ("", 0)
            }
            piece.append(character)
            length += escaped
        }
        pieces.append(SwiftSourceText.stringLiteral(piece))
        return ("    let \(name) =\n        " + pieces.joined(separator: "\n        + ") + "\n", name)
    }

    /// A snapshot as the snapshot file format writes it.
    private static func json(of tree: TreeSnapshot) -> String {
        var text = ""
        JSONRenderer().render(tree, to: &text)
        return text.trimmingCharacters(in: .newlines)
    }
}
