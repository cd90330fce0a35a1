import Foundation
import XTree
import XTreeArgumentParser
import XTreeInspector
import XTreeJournal
import XTreeRecorder
import XTreeSupport

/// The links a crash left behind, read from a flight recorder's file, a session, or breadcrumb
/// lines pasted from a crash report: whichever the bytes are.
package struct CrashLinks {
    /// The links, oldest first.
    package var links: [String]
    /// What the links were read from: `a flight record of Bookshelf.BookshelfApp`.
    package var source: String
    /// The app type that wrote them, where the file says.
    package var app: AppTypeName?
    /// What the reader should know: links cut or left out, a run that ended cleanly.
    package var notes: [String]
    /// When the recorded run started, for links read from a flight record.
    private var recordStarted: Date?

    /// At most this many links are replayed: minimising is quadratic in the worst case.
    package static let maximumLinks = 10_000
    /// At most this many bytes of pasted breadcrumbs are read: far more than 10,000 links' lines.
    package static let maximumBreadcrumbBytes = 16 << 20

    /// The links in `data`.
    ///
    /// - Throws: `CLIError` if they are none of the three forms, or hold no link.
    package init(_ data: Data, name: String) throws(CLIError) {
        notes = []
        if data.starts(with: Array("XTREEFR1".utf8)) {
            let record: FlightRecord
            do {
                record = try FlightRecord(bytes: data)
            } catch {
                throw .failure("cannot read \(name): \(TerminalText.escaped(error.description))")
            }
            app = record.app
            recordStarted = record.started
            source = "a flight record of \(TerminalText.escaped(record.app.description))"
            links = record.links.filter { !$0.truncated }.map(\.link)
            // A cut link cannot be replayed: each is named, for its reader to judge the rest.
            let cut = record.links.filter(\.truncated)
            if !cut.isEmpty {
                let named = cut.prefix(3).map { "#\($0.sequence) \(TerminalText.escaped($0.link))..." }
                notes.append(
                    "\(cut.count) link\(cut.count == 1 ? " was" : "s were") cut to fit the record's slots, and "
                        + "left out, since a cut link cannot be replayed: \(named.joined(separator: ", "))"
                        + (cut.count > 3 ? " and \(cut.count - 3) more" : "")
                        + "; a recorder started with a larger slotSize keeps such links whole")
            }
            if record.endedCleanly { notes.append("the recorded run ended cleanly: it may not have crashed") }
        } else if data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
            let session: RecordedSession
            do {
                session = try RecordedSession(data: data)
            } catch {
                throw .failure("invalid session \(name): \(error.description)")
            }
            app = session.appType
            source = "a session of \(TerminalText.escaped(session.app))"
            links = session.events.compactMap { $0.link?.url }
            if session.events.contains(where: { $0.restore != nil }) {
                notes.append("the session returned the app to an earlier state; its links are replayed in order")
            }
        } else {
            guard data.count <= Self.maximumBreadcrumbBytes else {
                throw .failure(
                    "\(name) is \(data.count) bytes of breadcrumb lines; at most \(Self.maximumBreadcrumbBytes >> 20) MiB "
                        + "are read: paste the part of the report with the app's last links")
            }
            guard let text = String(strictUTF8: data) else {
                throw .failure(
                    "\(name) is not a flight record, a session, or breadcrumb lines: it is not UTF-8 text")
            }
            let found = RecordedLink.links(inBreadcrumbs: text)
            app = nil
            source = "breadcrumbs"
            links = found.links
            if found.cut > 0 {
                notes.append("\(found.cut) breadcrumb\(found.cut == 1 ? "" : "s") held a cut link, and were left out")
            }
        }
        guard !links.isEmpty else {
            throw .failure(
                "no links in \(name): it holds a flight record, a session or breadcrumb lines "
                    + "('xtree link N reached LINK') with none")
        }
        guard links.count <= Self.maximumLinks else {
            throw .failure("\(name) holds \(links.count) links; at most \(Self.maximumLinks) are replayed")
        }
    }
}

extension CrashLinks {
    /// Notes the other records of the app beside the flight record read from `path` (those a
    /// second instance wrote, or the first's): the crash may be in one of them.
    package mutating func noteOtherRecords(beside path: String) {
        guard let started = recordStarted, let app else { return }
        let others = FlightRecord.others(beside: path).filter { $0.record.map { $0.app == app } ?? true }
        guard !others.isEmpty else { return }
        let described = others.prefix(5).map { other in
            let name = TerminalText.escaped((other.path as NSString).lastPathComponent)
            guard let record = other.record else { return "\(name) (a running instance holds it)" }
            let count = record.links.count
            return "\(name) (\(record.started > started ? "newer" : "older"), \(count) link\(count == 1 ? "" : "s")"
                + (record.endedCleanly ? ", ended cleanly)" : ")")
        }
        let more = others.count > 5 ? " and \(others.count - 5) more" : ""
        notes.append(
            "other records of this app are beside it: " + described.joined(separator: ", ") + more
                + "; give one as FILE to replay it")
    }
}

/// Replays links in a launched app, a fresh child for each run: whether and where it crashes.
@MainActor
package struct CrashReplay {
    /// How a run of links ended.
    package enum Outcome: Equatable {
        /// Every link was applied (some perhaps refused by the app), and the app still runs.
        case survived
        /// The app ended during link `index` (from 0).
        case crashed(LaunchedApp.Ending, at: Int)
        /// The app stopped answering during link `index`, and was stopped.
        case hung(at: Int)

        /// Whether this run ended the app as `ending` did, at any link: the same signal or
        /// exit status. A crash of another kind is another crash, never the one shortened.
        package func endsLike(_ ending: LaunchedApp.Ending) -> Bool {
            if case .crashed(ending, _) = self { return true }
            return false
        }
    }

    package let app: LaunchedApp
    /// How many children were run.
    package private(set) var runs = 0

    package init(app: LaunchedApp) {
        self.app = app
    }

    /// Runs `links` in order in a fresh child.
    package mutating func run(_ links: [String]) throws(CLIError) -> Outcome {
        if runs > 0 || app.target == nil { try app.relaunch() }
        runs += 1
        guard let client = app.target?.client else { preconditionFailure("a started app is attached") }
        for (index, link) in links.enumerated() {
            do throws(InspectorError) {
                _ = try client.openAnswer(link)
            } catch {
                if case .refused = error { continue }
                return app.reap(after: error).map { .crashed($0, at: index) } ?? .hung(at: index)
            }
        }
        // A crash just after the last link (a task it started) is seen by the next request.
        do throws(InspectorError) {
            _ = try client.snapshot()
        } catch {
            if case .refused = error { return .survived }
            return app.reap(after: error).map { .crashed($0, at: links.count - 1) } ?? .hung(at: links.count - 1)
        }
        return .survived
    }
}
