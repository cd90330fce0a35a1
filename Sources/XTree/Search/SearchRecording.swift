import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot
import XTreeSupport

/// Runs `body` and returns, beside its result, the trace of every search it made.
///
/// Every ``DeepLinkable/firstReceiver(as:where:)``, ``DeepLinkable/receivers(as:where:)`` and
/// ``DeepLinkable/pathToFirstReceiver(as:where:)`` made while `body` runs appends its
/// ``SearchTrace``, in the order the searches ended, whoever makes it: an app's own deep-link
/// handler needs no tracing code of its own.
///
/// ```swift
/// let (outcome, traces) = try await withSearchRecording {
///     try await home.open(link)
/// }
/// for trace in traces { print(trace) }
/// ```
///
/// A recording is a task-local value, so it covers the recording task, its child tasks
/// (`async let`, task groups) and unstructured `Task { }`s created inside it, which copy
/// task-local values. It cannot see searches made on other tasks: in a `Task.detached`, in a
/// Dispatch or notification callback, or in a task that already existed when recording began
/// (a long-lived worker fed through a channel). Recordings nest: an inner recording's
/// searches are also recorded by the outer one.
///
/// Outside a recording a search reads one task-local value and builds no trace.
///
/// - Parameters:
///   - isolation: The actor `body` runs on; the caller's by default.
///   - body: The work whose searches to record.
/// - Returns: What `body` returned, and the traces.
/// - Throws: What `body` throws; the traces are then lost with the result.
public func withSearchRecording<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
) async rethrows -> (result: Result, traces: [SearchTrace]) {
    let log = SearchLog(parent: SearchLog.current)
    let result = try await SearchLog.$current.withValue(log, operation: body, isolation: isolation)
    return (result, log.traces)
}

/// Runs `body` synchronously and returns, beside its result, the trace of every search it made.
///
/// The synchronous form of ``withSearchRecording(isolation:_:)``, with the same coverage.
///
/// - Parameter body: The work whose searches to record.
/// - Returns: What `body` returned, and the traces.
/// - Throws: What `body` throws.
public func withSearchRecording<Result>(_ body: () throws -> Result) rethrows -> (result: Result, traces: [SearchTrace])
{
    let log = SearchLog(parent: SearchLog.current)
    let result = try SearchLog.$current.withValue(log, operation: body)
    return (result, log.traces)
}

/// Runs `body` and returns, beside its result, how many searches it made and how many objects
/// they visited in all, without building their traces: what a journal of links keeps.
///
/// Searches are counted as ``withSearchRecording(isolation:_:)`` records them, with the same
/// coverage. Inside a recording, searches are traced for it and counted here too.
package func withSearchCounting<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
) async rethrows -> (result: Result, searches: Int, visits: Int, misses: [String]) {
    let log = SearchLog(parent: SearchLog.current, tracing: false)
    let result = try await SearchLog.$current.withValue(log, operation: body, isolation: isolation)
    let (searches, visits) = log.counts
    return (result, searches, visits, log.misses)
}

/// The traces of one recording, or only the counts of a counting; searches on any thread of
/// the recording's tasks append to it.
final class SearchLog: Sendable {
    @TaskLocal static var current: SearchLog?

    private let parent: SearchLog?
    /// Whether this log or one it is nested in wants traces; else searches are only counted.
    let isTracing: Bool
    private let recorded = Locked<(traces: [SearchTrace], searches: Int, visits: Int, misses: [String])>(
        ([], 0, 0, []))

    init(parent: SearchLog?, tracing: Bool = true) {
        self.parent = parent
        isTracing = tracing || parent?.isTracing == true
    }

    var traces: [SearchTrace] { recorded.withLock { $0.traces } }

    /// How many searches were made, and how many objects they visited.
    var counts: (searches: Int, visits: Int) { recorded.withLock { ($0.searches, $0.visits) } }

    /// The receiver types of the counted searches that found nothing, in order (at most 16).
    var misses: [String] { recorded.withLock { $0.misses } }

    func append(_ trace: SearchTrace) {
        recorded.withLock {
            $0.traces.append(trace)
            $0.searches += 1
            $0.visits += trace.steps.count
        }
        parent?.append(trace)
    }

    /// Counts a search that was not traced, which visited `visits` objects; `missed` names
    /// its receiver type if it found nothing.
    func count(visits: Int, missed: String? = nil) {
        recorded.withLock {
            $0.searches += 1
            $0.visits += visits
            if let missed, $0.misses.count < 16 { $0.misses.append(missed) }
        }
        parent?.count(visits: visits, missed: missed)
    }
}
