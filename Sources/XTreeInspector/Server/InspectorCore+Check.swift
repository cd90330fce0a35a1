import XTreeEventLoop
import XTreeSupport

/// The app's own reachability check, run inside the app for one connection at a time: the
/// client asks for the results after those it has, and is answered once there are more or
/// the run has ended. A connection that closes stops its run after the link under way.
extension InspectorCore {
    /// A run under way, or ended: its report so far, which the check's progress fills on the
    /// main actor and requests read from their tasks.
    final class CheckRun: Sendable {
        let state = Locked<(progress: SelfCheck.Progress?, ended: Bool)>((nil, false))
        let stopped = Locked(false)
    }

    func respondToCheck(after: Int, id: Int, connection: Connection) async -> Answer {
        guard let check = definition?.check else {
            return Answer(
                reply: reject(id, "this app declares no check of its own (CheckedApp); check its link examples"))
        }
        let run: CheckRun
        if after == 0 {
            run = CheckRun()
            checkRuns.withLock { $0[connection.id] }?.stopped.withLock { $0 = true }
            checkRuns.withLock { $0[connection.id] = run }
            Task { @MainActor in
                let progress = await check.run({ run.stopped.withLock { $0 } }) { progress in
                    run.state.withLock { $0.progress = progress }
                }
                run.state.withLock { $0 = (progress, true) }
            }
        } else {
            guard after > 0, let existing = checkRuns.withLock({ $0[connection.id] }) else {
                return Answer(reply: reject(id, "no check is under way on this connection: ask from 0"))
            }
            run = existing
        }
        // Answered once there is more than the client has, or the end: polled, as a row takes
        // at least a fresh app's making.
        while true {
            if run.stopped.withLock({ $0 }) { return Answer(reply: reject(id, "the check was started again")) }
            // The first progress comes once the run has its frame (after its audit).
            let (progress, ended) = run.state.withLock { $0 }
            if let progress, ended || progress.count > after || after == 0 {
                var reply = InspectorReply(id: id)
                reply.checked = progress.part(after, ended)
                return Answer(reply: reply)
            }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    /// Stops the run of a connection that closed.
    func stopCheck(of id: EventLoop.ID) {
        checkRuns.withLock { $0.removeValue(forKey: id) }?.stopped.withLock { $0 = true }
    }
}
