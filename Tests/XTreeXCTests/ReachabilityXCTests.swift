import XCTest
import XTree

@testable import ShopDomain
@testable import XTreeTesting

/// The reachability kit and link fuzzing from XCTest, as a suite not yet on Swift Testing runs
/// them: the same checks as `ShopTests`, and a failure of each seen as an XCTest failure.
final class ReachabilityXCTests: XCTestCase {
    @MainActor func testEveryShopLinkIsReachableAndNoChildIsForgotten() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let report = await ShopCoordinator.reachabilityCheck().assertReachable()
        XCTAssertEqual(report.results.count, 7)
    }

    @MainActor func testLinksNobodyWroteKeepTheirProperties() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let report = await LinkFuzzing(ShopApp.self, budget: 100).assertNoFindings()
        XCTAssertGreaterThanOrEqual(report.links, 100)
    }

    /// A link that fails is one XCTest failure, with the kit's explanation.
    @MainActor func testAFailingLinkIsOneFailureWithItsExplanation() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        var check = ShopCoordinator.reachabilityCheck()
        check.expect("shop://checkout", reaches: .receiver(XCTestCase.self))
        let messages = await check.run(audits: false).failureMessages
        XCTAssertEqual(messages.count, 1)
        XCTAssertTrue(messages.first?.contains("expected a XCTestCase") == true, messages.first ?? "")
    }
}
