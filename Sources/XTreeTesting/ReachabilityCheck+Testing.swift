#if canImport(Testing)
    import Testing
    @_exported import XTreeReachability
    @_exported import XTreeFuzzing
    import XTree

    extension ReachabilityCheck {
        /// Runs the check in a Swift Testing test and records one issue per forgotten child and
        /// per failing link, with the link's forgotten children and search traces, so a failure
        /// explains itself in the test log.
        ///
        /// ```swift
        /// @Test @MainActor func everyLinkIsReachable() async {
        ///     await Shop.reachabilityCheck.expectReachable()
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - audits: Whether to audit a fresh app's children first.
        ///   - sourceLocation: Where to attribute the issues; the caller by default.
        /// - Returns: The report, for further checks.
        @discardableResult
        public func expectReachable(
            audits: Bool = true,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async -> ReachabilityReport {
            let report = await run(audits: audits)
            for message in report.failureMessages {
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
            return report
        }
    }
#endif

#if canImport(Testing)
    extension LinkFuzzing {
        /// Runs the fuzzer in a Swift Testing test and records one issue per finding, with its
        /// starting links, the link, the property, and what was expected and seen.
        ///
        /// ```swift
        /// @Test @MainActor func linksNobodyWroteKeepTheirProperties() async {
        ///     await LinkFuzzing(Recipes.self, budget: 300).expectNoFindings()
        /// }
        /// ```
        ///
        /// A crash or a hang ends the test process instead: `xtree-cli fuzz` finds those, in a
        /// child process.
        @discardableResult
        public func expectNoFindings(sourceLocation: SourceLocation = #_sourceLocation) async -> LinkFuzzReport {
            let report = await run()
            for finding in report.findings {
                Issue.record(Comment(rawValue: finding.description), sourceLocation: sourceLocation)
            }
            return report
        }
    }
#endif

extension ReachabilityReport {
    /// One message per failure, as a test framework records them: the app that would not
    /// start, each forgotten child, each failing link with its children and traces.
    var failureMessages: [String] {
        (startFailure.map { [$0] } ?? []) + (audit?.problems ?? []).map { "forgotten child: \($0)" }
            + results.compactMap { result in result.explanation.map { "\($0)\n\(result.details)" } }
    }
}
