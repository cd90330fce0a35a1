import Foundation
import XTree
import XTreeArgumentParser
import XTreeInspector
import XTreeJournal
import XTreeTargets

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
    @Flag(
        name: "allow-later-start",
        help: "Write the test of a session that began after the app had applied links (it fails at its start).")
    var allowLaterStart: Bool

    func validate() throws(CLIError) {
        try Self.validate(name: name)
    }

    /// Refuses a test function's name that is not a plain Swift identifier.
    static func validate(name: String?) throws(CLIError) {
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
        if let links = session.linksBefore, links > 0, !allowLaterStart {
            throw .failure(
                "\(file) was recorded after the app had applied \(links) link\(links == 1 ? "" : "s"): its test would "
                    + "build the app as at launch and fail at its first check. Record from launch (start the app "
                    + "again, then record), or give --allow-later-start to write it anyway")
        }
        guard let app = session.appType else {
            throw .failure(
                "\(file) names no app type to rebuild: \(Self.noAppType). Give the app's Inspector its "
                    + "DeepLinkableApp type, Inspector(name:app:root:), then record again")
        }
        if let problem = app.problem {
            throw .failure("\(file) names an app type that cannot be written as Swift: \(problem)")
        }
        let source = session.testSource(
            steps: steps, app: app, name: name ?? "recordedSession", command: "xtree-cli export-test")
        if let output, !output.isStandardStream {
            try context.write(Data(source.utf8), to: output, what: "test")
        } else {
            context.console.out(source)
        }
    }

    /// Why a session cannot become a test, said where a user meets it.
    static let noAppType = "the app's inspector was given no DeepLinkableApp type"
}
