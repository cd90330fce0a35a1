import Foundation
import XTree
import XTreeEscaping
import XTreeJournal
import XTreePlatform
import XTreeRecorder
import XTreeRoutes
import XTreeSnapshot
import XTreeSupport

/// Requests after the hello: each answered by a task, touching the tree on the main actor
/// only for as long as a snapshot or the app's link handler takes; the answer goes back to
/// the loop, which writes it.
extension InspectorCore {
    /// App text cut to the bytes a reply's sentence may hold, `…` marking a cut.
    static func clipped(_ text: String) -> String {
        guard text.utf8.count > InspectorProtocol.maximumExampleBytes else { return text }
        return String(decoding: text.utf8.prefix(InspectorProtocol.maximumExampleBytes - 3), as: UTF8.self) + "…"
    }

    /// Answers one request of a connection that follows with `outbox`, if it does.
    func respond(to request: InspectorRequest, outbox: Outbox?, connection: Connection) async -> Answer {
        let hub = hub
        switch request.call {
        case .hello:
            return Answer(reply: reject(request.id, "already said hello"))
        case .snapshot:
            let (snapshot, held) = await MainActor.run { (TreeSnapshot(of: hub.root), Self.held(by: hub)) }
            var reply = InspectorReply(id: request.id)
            reply.held = held
            return Self.snapshot(snapshot, reply: reply)
        case .find(let name, let conditions, let all, let answerOnly, let shown):
            guard let name else { return Answer(reply: reject(request.id, "find needs a name")) }
            if answerOnly {
                // The live view searched in place, kept as the app changes: no walk of the app,
                // no snapshot; only the answer goes back. A view that shares objects is
                // searched in a snapshot of it, off the main actor.
                let shown = min(max(shown ?? 20, 0), 1_000_000)
                let (found, known) = await MainActor.run {
                    (
                        hub.find(name: name, conditions: conditions, all: all, shown: shown), SearchableProtocols.names
                    )
                }
                var reply = InspectorReply(id: request.id)
                if let found {
                    reply.found = FoundAnswer(found: found, forName: name, conditions: conditions, knownNames: known)
                    return Answer(reply: reply)
                }
                let snapshot = await MainActor.run { hub.current().snapshot }
                reply.found = FoundAnswer(
                    searching: snapshot, forName: name, conditions: conditions, all: all, shown: shown,
                    knownNames: known)
                return Answer(reply: reply)
            }
            let snapshot = await MainActor.run { TreeSnapshot(of: hub.root) }
            var reply = InspectorReply(id: request.id)
            reply.trace = snapshot.search(forName: name, all: all) { node in
                conditions.allSatisfy { $0.matches(node) }
            }
            return Self.snapshot(snapshot, reply: reply)
        case .open(let link, let traces, let hold, let answerOnly, let types):
            guard let open else { return Answer(reply: reject(request.id, "this app takes no links")) }
            guard let text = link, let url = URL(string: text) else {
                return Answer(reply: reject(request.id, "open needs a URL"))
            }
            // A follower holds the tree: it is sent the link's event, its edit, before the
            // reply, and no tree; anyone else the tree after the link.
            let following = outbox != nil
            // Asked for the answer alone: where it ended, from the live view, and no tree.
            let answering = answerOnly && !following
            // A link the app holds is waited for until its delivery, up to the deadline asked.
            let hold = hold.flatMap { $0.isFinite && $0 >= 0 && $0 <= 86_400 ? $0 : nil } ?? 5
            let outcome = await LinkHolder.$deadline.withValue(hold) {
                await hub.apply(
                    text, source: .inspector, tracing: traces, needsSnapshot: !following && !answering,
                    answeringWithTypes: answering ? types : nil
                ) {
                    try await open(url)
                }
            }
            .applied
            var reply = InspectorReply(id: request.id)
            reply.opened = OpenResult(traces: outcome.traces, error: outcome.error, path: outcome.path)
            reply.opened?.appeared = outcome.appeared
            reply.held = await MainActor.run { Self.held(by: hub) }
            if let answer = outcome.answer {
                reply.opened?.reached = answer.path
                reply.opened?.path = answer.path.map(\.order)
                if types { reply.opened?.types = answer.types }
                return Answer(reply: reply)
            }
            guard following else {
                // Asked for, so given: the tree after the link, with the path in it.
                guard let snapshot = outcome.snapshot else { preconditionFailure("the tree after a link") }
                return Self.snapshot(snapshot, reply: reply)
            }
            // The link's event in the follower's outbox before the reply is written.
            await hub.journal.settled()
            reply.opened?.event = outcome.sequence
            return Answer(reply: reply, eventsFirst: true)
        case .journal(let after, withTree: false):
            let (sequence, events) = await MainActor.run {
                (hub.currentSequence(), hub.journal.events(after: after))
            }
            var reply = InspectorReply(id: request.id)
            reply.journal = .init(events: events.count, capacity: hub.journal.capacity, sequence: sequence)
            return Answer(reply: reply, events: events)
        case .journal(let after, withTree: true):
            // The events, and the tree after the last of them, from which the client finds
            // the tree before each.
            let (sequence, snapshot, events) = await MainActor.run {
                let (sequence, snapshot) = hub.current()
                return (sequence, snapshot, hub.journal.events(after: after))
            }
            var reply = InspectorReply(id: request.id)
            reply.journal = .init(events: events.count, capacity: hub.journal.capacity, sequence: sequence)
            var answer = Self.snapshot(snapshot, reply: reply)
            answer.events = events
            return answer
        case .follow(let after):
            guard outbox == nil else { return Answer(reply: reject(request.id, "already following")) }
            let box = Outbox(connection)
            // Registered on the main actor, with the tree now: no event falls between them.
            let (sequence, snapshot, backlog) = await MainActor.run {
                let (sequence, snapshot) = hub.current()
                return (sequence, snapshot, hub.add(box, backlogAfter: after))
            }
            var reply = InspectorReply(id: request.id)
            reply.journal = .init(events: backlog.count, capacity: hub.journal.capacity, sequence: sequence)
            var answer = Self.snapshot(snapshot, reply: reply)
            answer.events = backlog
            answer.follows = box
            return answer
        case .why(let link, let answerOnly, let shown):
            // The app's own router first: what it says is what `open` does.
            if let route = definition?.route, let link {
                switch await MainActor.run(body: { Self.routed(link, route, root: hub.root) }) {
                case .answer(let result, let trace, let snapshot):
                    var reply = InspectorReply(id: request.id)
                    reply.why = result
                    reply.trace = trace
                    return Self.snapshot(snapshot, reply: reply)
                case .refused(let reason):
                    let message = LinkRedaction.current.message(reason, of: link, kept: LinkRedaction.current(link))
                    return Answer(reply: reject(request.id, message))
                case .notGiven: break
                }
            }
            // A route table's link, asked for the answer alone: the live view searched in place.
            if answerOnly, let ending = definition?.ending, let link {
                return await Self.whyInPlace(link, ending, shown: shown, hub: hub, id: request.id)
            }
            guard let why = definition?.why else {
                return Answer(
                    reply: reject(
                        request.id,
                        "this app declares no route table (RoutedApp), so where a link would go cannot be told "
                            + "without applying it"))
            }
            guard let link else { return Answer(reply: reject(request.id, "why needs a link")) }
            let snapshot = await MainActor.run { TreeSnapshot(of: hub.root) }
            do throws(RouteError) {
                let explanation = try why(link, snapshot)
                var reply = InspectorReply(id: request.id)
                reply.why = WhyResult(
                    form: explanation.form, receiver: explanation.receiver, conditions: explanation.conditions)
                reply.trace = explanation.trace
                return Self.snapshot(snapshot, reply: reply)
            } catch {
                return Answer(reply: reject(request.id, error.description))
            }
        case .action(let name):
            guard let name,
                let action = definition?.actions.first(where: {
                    $0.description.name == name && $0.description.isOffered
                })
            else {
                return Answer(reply: reject(request.id, "this app has no such action; hello lists those it has"))
            }
            // Its changes are journaled as the app's own, as a tap's would be, before the reply:
            // a follower has them when it reads the reply.
            let said = await MainActor.run {
                let said = action.run(hub.root)
                hub.recordChanges()
                return said
            }
            var reply = InspectorReply(id: request.id)
            reply.said = said.map(Self.clipped)
            guard outbox != nil else { return Answer(reply: reply) }
            await hub.journal.settled()
            return Answer(reply: reply, eventsFirst: true)
        case .check(let after):
            return await respondToCheck(after: after, id: request.id, connection: connection)
        case .audit:
            // The children audit of the tree now: what `xtree-cli fuzz` checks after each link.
            let problems = await MainActor.run { hub.root.auditChildren().problems.map(\.description) }
            var reply = InspectorReply(id: request.id)
            reply.audit = Array(
                problems.prefix(InspectorProtocol.maximumExamples).map(Self.clipped))
            return Answer(reply: reply)
        case .restore(let to):
            guard let target = to, target >= 0 else {
                return Answer(reply: reject(request.id, "restore needs the event to return to, 0 or more"))
            }
            // An app whose root the inspector owns starts afresh, and replays its links to a
            // later state; any other restores a captured state.
            let outcome =
                if let definition, let makeRoot = definition.makeRoot {
                    target == 0
                        ? await hub.restart(with: makeRoot)
                        : await hub.replay(to: target, makeRoot: makeRoot, open: definition.open)
                } else {
                    await hub.restore(to: target)
                }
            switch outcome {
            case .refused(let reason):
                return Answer(reply: reject(request.id, reason))
            case .restored(let restored):
                var reply = InspectorReply(id: request.id)
                reply.restored = RestoreResult(
                    to: target, event: restored.event, duration: restored.duration, error: restored.error,
                    difference: TreeDiff(from: restored.recorded, to: restored.after))
                return Self.snapshot(restored.after, reply: reply)
            }
        }
    }

    /// Where a link of the app's route table would end, and the answer of a search for it in the
    /// live view (in a snapshot of it where the view shares objects); no tree sent.
    private static func whyInPlace(
        _ link: String, _ ending: (String) throws(RouteError) -> WhyResult, shown: Int?, hub: WatchHub, id: Int
    ) async -> Answer {
        var reply = InspectorReply(id: id)
        let result: WhyResult
        do throws(RouteError) {
            result = try ending(link)
        } catch {
            return Answer(reply: InspectorReply(id: id, ok: false, error: error.description))
        }
        let (conditions, shown) = (result.conditions, min(max(shown ?? 20, 0), 1_000_000))
        // The receiver is the app's own declaration, never a slip to suggest a name for.
        let (found, known) = await MainActor.run {
            (
                hub.find(name: result.receiver, conditions: conditions, all: false, shown: shown),
                SearchableProtocols.names + [result.receiver]
            )
        }
        reply.why = result
        if let found {
            reply.found = FoundAnswer(found: found, forName: result.receiver, conditions: conditions, knownNames: known)
        } else {
            let snapshot = await MainActor.run { hub.current().snapshot }
            reply.found = FoundAnswer(
                searching: snapshot, forName: result.receiver, conditions: conditions, all: false, shown: shown,
                knownNames: known)
        }
        return Answer(reply: reply)
    }

    /// What the app's router says of a link: an answer, with its search's trace and the tree
    /// it searched; a refusal in the app's words; or nothing.
    enum Routed {
        case answer(WhyResult, SearchTrace, TreeSnapshot)
        case refused(String)
        case notGiven
    }

    @MainActor private static func routed(
        _ link: String, _ route: (String, any DeepLinkable) -> LinkRoute, root: any DeepLinkable
    ) -> Routed {
        let (outcome, traces) = withSearchRecording { route(link, root) }
        var result = WhyResult(form: "", receiver: "", conditions: [])
        result.router = true
        switch outcome {
        case .notGiven: return .notGiven
        case .refused(let reason): return .refused(reason)
        case .held(let form, let holder):
            (result.form, result.heldBy) = (form, holder)
            let none = SearchTrace(receiverType: holder, steps: [], path: [], largestFrontier: 0)
            return .answer(result, none, TreeSnapshot(of: root))
        case .unhandled(let form):
            let trace = traces.last ?? SearchTrace(receiverType: "handler", steps: [], path: [], largestFrontier: 0)
            (result.form, result.receiver) = (form, trace.receiverType)
            return .answer(result, trace, TreeSnapshot(of: root))
        case .handled(let form, let handler):
            let (snapshot, path) = TreeSnapshot.locating(handler, from: root)
            // The router's own search, if it searched through XTree; else the handler's path.
            let trace =
                traces.last { $0.path == path && !path.isEmpty }
                ?? SearchTrace(
                    receiverType: path.last.map { snapshot.nodes[$0].type } ?? "handler",
                    steps: path.enumerated().map { index, order in
                        let node = snapshot.nodes[order]
                        return SearchTrace.Step(
                            order: order, depth: index, parentOrder: index == 0 ? nil : path[index - 1],
                            type: node.type, label: node.label,
                            verdict: index == path.count - 1 ? .matched : .wrongType)
                    }, path: path, largestFrontier: 1)
            (result.form, result.receiver) = (form, trace.receiverType)
            return .answer(result, trace, snapshot)
        }
    }

    /// The links the app's holders hold now that this inspector applied or no inspector did,
    /// redacted as the journal keeps links; `nil` for none.
    @MainActor private static func held(by hub: WatchHub) -> [HeldLink]? {
        let held = LinkHolder.held(appliedBy: ObjectIdentifier(hub)).prefix(InspectorProtocol.maximumExamples)
        return held.isEmpty ? nil : held.map { HeldLink(link: LinkRedaction.current($0.link), holder: $0.holder) }
    }

    /// The reply announcing `snapshot`, whose lines follow it as the codec writes them.
    private static func snapshot(_ snapshot: TreeSnapshot, reply: InspectorReply) -> Answer {
        var reply = reply
        reply.snapshot = .init(lines: SnapshotCodec.lineCount(of: snapshot))
        return Answer(reply: reply, snapshot: snapshot)
    }
}
