import Foundation
import XTree
import XTreeEscaping
import XTreeJournal
import XTreePlatform
import XTreeRecorder
import XTreeRendering
import XTreeRoutes
import XTreeSupport

// Entry points a debugger calls with its C expression evaluator, where the Swift one is slow,
// fails, or hangs on a lock another stopped thread holds:
//
//     (lldb) expression --all-threads false -l c -- (int)xtree_command("find RecipeViewModel --where recipe=irish-stew")
//     (gdb) call ((int (*)(const char *))xtree_command)("why recipes://recipes/irish-stew/ratings")
//
// Each writes its answer to the app's standard error (a debugger cuts a returned string short)
// and returns a status: 0 answered, 1 answered no (nothing matches, or the link would not
// land), 2 busy (a lock a stopped thread holds: try again from the main thread), 3 a bad
// argument, 4 no root registered. Scripts/debugger/ has a command file for lldb and for gdb.

/// The status a debugger's call returns.
enum DebuggerStatus: Int32 {
    case answered = 0
    case answeredNo, busy, badArgument, nothingRegistered
}

// The package trait `DebuggerEntryPoints` (on by default) keeps them; an app that depends on the
// package with `traits: []` carries none (`Scripts/release-contents.sh` shows both).
#if DebuggerEntryPoints
    /// `tree`, `find NAME [--where KEY=VALUE]... [--all]`, `why LINK` or `log [COUNT]`: the command
    /// files' one entry point.
    @_cdecl("xtree_command")
    public func xtreeCommand(_ line: UnsafePointer<CChar>?) -> Int32 {
        LastAnswer.begin()
        guard let text = DebuggerCall.argument(line, what: "a command") else {
            return DebuggerStatus.badArgument.rawValue
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        let rest = words.dropFirst().joined(separator: " ")
        switch words.first {
        case "tree": return DebuggerCall.tree().rawValue
        case "find": return DebuggerCall.find(rest).rawValue
        case "why": return DebuggerCall.why(rest).rawValue
        case "log": return DebuggerCall.log(rest.isEmpty ? 20 : Int(rest) ?? -1).rawValue
        default:
            DebuggerCall.say(
                "xtree: unknown command '\(TerminalText.escaped(TerminalText.shortened(String(words.first ?? ""))))'; "
                    + "commands: tree, find NAME [--where KEY=VALUE]... [--all], why LINK, log [COUNT]")
            return DebuggerStatus.badArgument.rawValue
        }
    }

    /// The tree: live on the main thread, else the last one the inspector's live view holds.
    @_cdecl("xtree_tree")
    public func xtreeTree() -> Int32 {
        LastAnswer.begin()
        return DebuggerCall.tree().rawValue
    }

    /// A search, as `xtree-cli find` takes it: `NAME [--where KEY=VALUE]... [--all]`.
    @_cdecl("xtree_find")
    public func xtreeFind(_ query: UnsafePointer<CChar>?) -> Int32 {
        LastAnswer.begin()
        guard let text = DebuggerCall.argument(query, what: "a search") else {
            return DebuggerStatus.badArgument.rawValue
        }
        return DebuggerCall.find(text).rawValue
    }

    /// Where `link` would end, without applying it; for a link of no declared form, what its last
    /// journaled application said.
    @_cdecl("xtree_why")
    public func xtreeWhy(_ link: UnsafePointer<CChar>?) -> Int32 {
        LastAnswer.begin()
        guard let text = DebuggerCall.argument(link, what: "a link") else { return DebuggerStatus.badArgument.rawValue }
        return DebuggerCall.why(text).rawValue
    }

    /// The last `count` journal events (20 if 0).
    @_cdecl("xtree_log")
    public func xtreeLog(_ count: Int32) -> Int32 {
        LastAnswer.begin()
        return DebuggerCall.log(count == 0 ? 20 : Int(count)).rawValue
    }

    /// The last answer of an entry point, as a C string: what it wrote to standard error, which a
    /// debugger's session may not show (`p (char *)xtree_last_answer()`).
    @_cdecl("xtree_last_answer")
    public func xtreeLastAnswer() -> UnsafePointer<CChar> { LastAnswer.text }

    extension DebuggerView {
        /// The entry points, referenced from code that runs, so that a release build's dead
        /// stripping keeps them: a debugger calls them by name, and nothing else does.
        nonisolated(unsafe) static let entryPoints: [UnsafeRawPointer] = [
            unsafeBitCast(xtreeCommand as @convention(c) (UnsafePointer<CChar>?) -> Int32, to: UnsafeRawPointer.self),
            unsafeBitCast(xtreeTree as @convention(c) () -> Int32, to: UnsafeRawPointer.self),
            unsafeBitCast(xtreeFind as @convention(c) (UnsafePointer<CChar>?) -> Int32, to: UnsafeRawPointer.self),
            unsafeBitCast(xtreeWhy as @convention(c) (UnsafePointer<CChar>?) -> Int32, to: UnsafeRawPointer.self),
            unsafeBitCast(xtreeLog as @convention(c) (Int32) -> Int32, to: UnsafeRawPointer.self),
            unsafeBitCast(xtreeLastAnswer as @convention(c) () -> UnsafePointer<CChar>, to: UnsafeRawPointer.self),
        ]
    }
#else
    extension DebuggerView {
        /// None: the package's `DebuggerEntryPoints` trait is off, so the app carries no C entry
        /// point a debugger can call.
        nonisolated(unsafe) static let entryPoints: [UnsafeRawPointer] = []
    }
#endif

/// What the entry points do, off the C boundary.
enum DebuggerCall {
    /// The longest argument read, in bytes: a pointer is read only this far.
    static let maximumArgument = 16_384

    /// The text at `pointer`, read up to its end or ``maximumArgument`` bytes, if it is UTF-8.
    static func argument(_ pointer: UnsafePointer<CChar>?, what: String) -> String? {
        guard let pointer else {
            say("xtree: \(what) is needed, not NULL")
            return nil
        }
        var count = 0
        while count <= maximumArgument, pointer[count] != 0 { count += 1 }
        guard count <= maximumArgument else {
            say("xtree: \(what) of more than \(maximumArgument) bytes; give a shorter one")
            return nil
        }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: count)
        guard let text = String(strictUTF8: bytes) else {
            say("xtree: \(what) that is not UTF-8")
            return nil
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Writes `text` and a line end to standard error, all of it.
    static func say(_ text: String) {
        var bytes = Array((text + "\n").utf8)
        LastAnswer.append(bytes)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                (try? Files.write(Terminal.standardError, UnsafeRawBufferPointer(rebasing: buffer[written...]))) ?? 0
            }
            guard count > 0 else { return }
            written += count
        }
        bytes.removeAll()
    }

    /// The tree to answer from, with a line saying which, or the status that says why none.
    static func currentTree() -> Result<(TreeSnapshot, String?), StatusError> {
        if DebuggerView.isMainActorsThread {
            // The main actor's own thread, stopped by the debugger: its state is this thread's to
            // read. (`MainActor.assumeIsolated` cannot tell, on Linux, once `dispatchMain()` runs
            // the main queue on another thread than the first.)
            let read: @MainActor () -> TreeSnapshot? = {
                DebuggerView.shared.registeredRoot.map { TreeSnapshot(of: $0) }
            }
            guard let snapshot = unsafeBitCast(read, to: (() -> TreeSnapshot?).self)() else {
                say(
                    "xtree: no root is registered: start an Inspector (Inspector.serve, or Inspector(name:root:)) "
                        + "with the app's root, or call Inspector.registerForDebugger(root), in a debug build")
                return .failure(StatusError(status: .nothingRegistered))
            }
            return .success((snapshot, nil))
        }
        guard let kept = DebuggerView.shared.kept.tryWithLock({ $0 }) else {
            say("xtree: busy: the stopped main thread is updating the inspector's view; try again from the main thread")
            return .failure(StatusError(status: .busy))
        }
        guard let (model, time) = kept else {
            say(
                "xtree: off the main thread, only the tree the inspector's live view keeps can be read, and it keeps "
                    + "none now (it stopped, or its journal is off and nobody follows); select the main thread")
            return .failure(StatusError(status: .nothingRegistered))
        }
        let age = String(format: "%.1f", max(0, Date().timeIntervalSince(time)))
        return .success(
            (
                model.snapshot(),
                "xtree: the last tree the inspector's live view holds, \(age) s old (called off the main thread)"
            ))
    }

    struct StatusError: Error {
        let status: DebuggerStatus
    }

    static func tree() -> DebuggerStatus {
        switch currentTree() {
        case .failure(let failure): return failure.status
        case .success(let (snapshot, note)):
            if let note { say(note) }
            var text = ""
            TextRenderer().render(snapshot, to: &text)
            say(text.hasSuffix("\n") ? String(text.dropLast()) : text)
            if note == nil {
                // On the main actor's stopped thread, as the tree was read: the links held now.
                let read: @MainActor () -> [HeldLink] = { LinkHolder.everyHeld }
                for held in unsafeBitCast(read, to: (() -> [HeldLink]).self)() {
                    say(
                        "held by \(TerminalText.escaped(held.holder)): "
                            + TerminalText.escaped(LinkRedaction.current(held.link)))
                }
            }
            return .answered
        }
    }

    static func find(_ query: String) -> DebuggerStatus {
        var words = query.split(separator: " ", omittingEmptySubsequences: true).map(String.init)[...]
        guard let name = words.popFirst(), !name.hasPrefix("-") else {
            say("xtree: find takes NAME [--where KEY=VALUE]... [--all]")
            return .badArgument
        }
        var conditions: [NodeCondition] = []
        var all = false
        while let word = words.popFirst() {
            if word == "--all" {
                all = true
            } else if word == "--where", let text = words.popFirst(), let condition = NodeCondition(text) {
                conditions.append(condition)
            } else {
                say(
                    "xtree: find takes NAME [--where KEY=VALUE]... [--all], each condition \(NodeCondition.forms); "
                        + "got '\(TerminalText.escaped(TerminalText.shortened(word)))'")
                return .badArgument
            }
        }
        switch currentTree() {
        case .failure(let failure): return failure.status
        case .success(let (snapshot, note)):
            if let note { say(note) }
            let trace = snapshot.search(forName: name, all: all) { node in conditions.allSatisfy { $0.matches(node) } }
            return report(trace, name: name, conditions: conditions, in: snapshot)
        }
    }

    /// Prints each match and its path, or the nearest nodes and why none matched.
    static func report(
        _ trace: SearchTrace, name: String, conditions: [NodeCondition], in snapshot: TreeSnapshot
    ) -> DebuggerStatus {
        let matches = trace.steps.filter { $0.verdict == .matched && snapshot.nodes.indices.contains($0.order) }
        guard !matches.isEmpty else {
            let described = conditions.isEmpty ? "" : " where " + conditions.map(\.description).joined(separator: " ")
            say(
                "xtree: nothing matched \(TerminalText.escaped(TerminalText.shortened(name)))"
                    + "\(TerminalText.escaped(described)) among \(trace.steps.count) visited nodes")
            for line in snapshot.explainNoMatch(forName: name, conditions: conditions) { say(line) }
            return .answeredNo
        }
        for match in matches {
            say("\(snapshot.nodes[match.order])")
            say("  path: \(snapshot.pathDescription(snapshot.path(to: match.order)))")
        }
        return .answered
    }

    static func why(_ link: String) -> DebuggerStatus {
        guard !link.isEmpty else {
            say("xtree: why takes a link")
            return .badArgument
        }
        guard let table = DebuggerView.shared.why.tryWithLock({ $0 }) else {
            say("xtree: busy: try again from the main thread")
            return .busy
        }
        // The app's own router first, on the main thread: what it says is what a link does.
        if DebuggerView.isMainActorsThread, let route = DebuggerView.shared.route.tryWithLock({ $0 }) ?? nil {
            let ask: @MainActor () -> (LinkRoute, String?) = {
                let outcome = route(link)
                guard case .handled(_, let handler) = outcome else { return (outcome, nil) }
                return (outcome, "\(NodeReference(handler))")
            }
            let (outcome, handler) = unsafeBitCast(ask, to: (() -> (LinkRoute, String?)).self)()
            if let status = routed(link, outcome, handler: handler) { return status }
        }
        if let table {
            switch currentTree() {
            case .failure(let failure): return failure.status
            case .success(let (snapshot, note)):
                do throws(RouteError) {
                    let explanation = try table(link, snapshot)
                    if let note { say(note) }
                    let condition =
                        explanation.conditions.isEmpty
                        ? "" : " with " + explanation.conditions.map(\.description).joined(separator: " ")
                    say(
                        "xtree: \(TerminalText.escaped(link)) is of the form \(TerminalText.escaped(explanation.form)): "
                            + "it ends on a \(TerminalText.escaped(explanation.receiver))"
                            + "\(TerminalText.escaped(condition)); nothing was applied")
                    return report(
                        explanation.trace, name: explanation.receiver, conditions: explanation.conditions, in: snapshot)
                } catch {
                    say("xtree: \(TerminalText.escaped(error.description))")
                }
            }
        }
        return lastApplication(of: link)
    }

    /// What the app's router said of `link`, said; `nil` when it gives no answer.
    static func routed(_ link: String, _ outcome: LinkRoute, handler: String?) -> DebuggerStatus? {
        let escaped = TerminalText.escaped(link)
        switch outcome {
        case .notGiven: return nil
        case .refused(let reason):
            say("xtree: the app refused: \(TerminalText.escaped(reason))")
            return .answeredNo
        case .held(let form, let holder):
            say(
                "xtree: \(escaped) is the app's route \(TerminalText.escaped(form)): \(TerminalText.escaped(holder)) "
                    + "would hold it until the app can handle it; nothing was applied")
            return .answered
        case .unhandled(let form):
            say("xtree: \(escaped) is the app's route \(TerminalText.escaped(form)): nothing can handle it now")
            return .answeredNo
        case .handled(let form, _):
            say(
                "xtree: \(escaped) is the app's route \(TerminalText.escaped(form)): its router would hand it to "
                    + "\(TerminalText.escaped(handler ?? "its handler")); nothing was applied")
            return .answered
        }
    }

    /// What the journal says of the last time `link` was applied.
    static func lastApplication(of link: String) -> DebuggerStatus {
        guard let journal = DebuggerView.shared.journal.tryWithLock({ $0 }), let events = journal?.lastEvents(1_000)
        else {
            say("xtree: no declared form, and no journal to say how \(TerminalText.escaped(link)) was last applied")
            return .answeredNo
        }
        let kept = LinkRedaction.current(link)
        guard let event = events.last(where: { $0.link?.url == kept }), let applied = event.link else {
            say("xtree: no declared form, and \(TerminalText.escaped(link)) is not among the last journaled links")
            return .answeredNo
        }
        say("xtree: \(TerminalText.escaped(link)) is of no declared form; its last application:")
        say(event.summary)
        for line in applied.explanation ?? [] { say("  " + TerminalText.escaped(line)) }
        return applied.error == nil ? .answered : .answeredNo
    }

    static func log(_ count: Int) -> DebuggerStatus {
        guard (1...1_000).contains(count) else {
            say("xtree: log takes a count of 1 to 1000")
            return .badArgument
        }
        guard let journal = DebuggerView.shared.journal.tryWithLock({ $0 }) else {
            say("xtree: busy: try again from the main thread")
            return .busy
        }
        guard let journal else {
            say("xtree: no journal: the app's inspector keeps none (journalCapacity 0), or none is started")
            return .nothingRegistered
        }
        guard let events = journal.lastEvents(count) else {
            say("xtree: busy: a stopped thread holds the journal; try again from the main thread")
            return .busy
        }
        if events.isEmpty { say("xtree: the journal is empty") }
        for event in events { say(event.summary) }
        return .answered
    }
}
