import Foundation
import XTreeInspector
import XTreeReachability

extension InspectorClient {
    /// Runs the app's own reachability check (``CheckedApp``) inside the app, a part at a
    /// time: its report, with ``ReachabilityReport/results`` as they complete, and the link
    /// forms the app says it covers. Stops asking once `stopped` says so; the app stops its
    /// run after the link under way when the connection closes.
    ///
    /// - Throws: ``InspectorError/refused(_:)`` if the app runs no check, or sends parts that
    ///   do not make one report.
    package func runCheck(
        stopped: () -> Bool, progress: (ReachabilityReport) -> Void
    ) throws(InspectorError) -> (report: ReachabilityReport, forms: [String]) {
        var part = try checkPart(after: 0)
        var report: ReachabilityReport
        do {
            report = try ReachabilityReport(first: part)
        } catch {
            throw .refused("a check reply of \(error)")
        }
        let forms = Array((part.forms ?? []).prefix(InspectorProtocol.maximumExamples)).filter {
            $0.utf8.count <= InspectorProtocol.maximumExampleBytes
        }
        while true {
            do {
                try report.add(part)
            } catch {
                throw .refused("a check reply of \(error)")
            }
            progress(report)
            if part.done || stopped() { return (report, forms) }
            part = try checkPart(after: report.results.count)
        }
    }

    private func checkPart(after count: Int) throws(InspectorError) -> ReachabilityReport.Part {
        let reply = try exchange(request(.check(after: count)))
        guard let value = reply.checked, let data = try? JSONEncoder().encode(value),
            let part = try? JSONDecoder().decode(ReachabilityReport.Part.self, from: data)
        else { throw .refused("a check reply without its results") }
        // Answered once there is more: a part with nothing new would be asked for again forever.
        guard count == 0 || part.done || !part.results.isEmpty else { throw .refused("a check reply with nothing new") }
        return part
    }
}
