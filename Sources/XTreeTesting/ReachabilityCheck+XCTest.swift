#if canImport(XCTest)
    import XCTest
    import XTree
    import XTreeFuzzing
    import XTreeReachability

    extension ReachabilityCheck {
        /// Runs the check in an XCTest test and fails it once per forgotten child and per
        /// failing link, with the link's forgotten children and search traces: the XCTest form
        /// of `expectReachable()`, for suites not yet on Swift Testing.
        ///
        /// ```swift
        /// @MainActor func testEveryLinkIsReachable() async {
        ///     await Shop.reachabilityCheck.assertReachable()
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - audits: Whether to audit a fresh app's children first.
        ///   - file: Where to attribute the failures; the caller by default.
        ///   - line: The line to attribute them to.
        /// - Returns: The report, for further checks.
        @discardableResult
        public func assertReachable(
            audits: Bool = true, file: StaticString = #filePath, line: UInt = #line
        ) async -> ReachabilityReport {
            let report = await run(audits: audits)
            for message in report.failureMessages { XCTFail(message, file: file, line: line) }
            return report
        }
    }

    extension LinkFuzzing {
        /// Runs the fuzzer in an XCTest test and fails it once per finding: the XCTest form of
        /// `expectNoFindings()`. A crash or a hang ends the test process instead: `xtree-cli
        /// fuzz` finds those, in a child process.
        ///
        /// - Parameters:
        ///   - file: Where to attribute the failures; the caller by default.
        ///   - line: The line to attribute them to.
        /// - Returns: The report, for further checks.
        @discardableResult
        public func assertNoFindings(file: StaticString = #filePath, line: UInt = #line) async -> LinkFuzzReport {
            let report = await run()
            for finding in report.findings { XCTFail(finding.description, file: file, line: line) }
            return report
        }
    }
#endif
