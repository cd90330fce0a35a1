import Dispatch
import XTree

/// The check of an app's link examples where the app runs in another process (attached or
/// launched, `xtree-cli check --attach/--launch`): each example passes when it is applied
/// without error and ends on an object in the app's tree. The report is the kit's, so text,
/// JSON, JUnit XML and coverage read the same.
package struct ExampleCheck {
    /// What an example reached: the path to the object it ended on, and the types in the tree
    /// it left; or why it failed.
    package enum Outcome {
        case reached(path: [NodeReference], types: Set<String>)
        case failed(String)
    }

    package let name: String
    package let links: [String]
    package let applier: String

    package init(name: String, links: [String], applier: String) {
        self.name = name
        self.links = links
        self.applier = applier
    }

    /// What every example must reach.
    package static let expectation = "an object in the app's tree"

    /// Applies each link with `apply`, in order, calling `progress` after each.
    @MainActor
    package func run(
        apply: (String) async -> Outcome, progress: (ReachabilityReport) -> Void = { _ in }
    ) async -> ReachabilityReport {
        var report = ReachabilityReport(
            name: name, links: links.count, appliers: [applier],
            linkWidth: links.map { TerminalText.escaped($0).count }.max() ?? 0)
        progress(report)
        for link in links {
            if Task.isCancelled { break }
            let start = DispatchTime.now().uptimeNanoseconds
            var result = ReachabilityReport.Result(
                link: link, applier: applier, expected: Self.expectation, reached: [], traces: [], failure: nil,
                seconds: 0)
            switch await apply(link) {
            case .reached(let path, let types):
                result.reached = path
                report.typesSeen.formUnion(types)
                if path.isEmpty { result.failure = "the handler returned nothing in the tree" }
            case .failed(let reason):
                result.failure = reason
            }
            result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            report.results.append(result)
            progress(report)
        }
        return report
    }
}
