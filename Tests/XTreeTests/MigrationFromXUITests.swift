import Foundation
import Testing
import XCTest
import XTree
import XTreeReachability

// The listing of "Migrating from XUI": XUI's own deep-link test, ported.

@MainActor final class ParentViewModel: ViewModel, ObservableObject {
    @Published var child: ChildViewModel?
    var children: [any DeepLinkable] { reflectedChildren }
}

@MainActor final class ChildViewModel: ViewModel, ObservableObject {

}

final class DeepLinkTests: XCTestCase {

    func testMirror() {
        MainActor.assumeIsolated {
            let viewModel = ParentViewModel()
            XCTAssertNil(viewModel.firstReceiver(as: ChildViewModel.self))
            viewModel.child = .init()
            XCTAssertNotNil(viewModel.firstReceiver(as: ChildViewModel.self))
            viewModel.child = nil
            XCTAssertNil(viewModel.firstReceiver(as: ChildViewModel.self))
        }
    }

}

// End of the listing.

@MainActor final class ForgetfulParent: ViewModel, ObservableObject {
    @Published var child: ChildViewModel? = ChildViewModel()
}

@Suite struct MigrationArticleTests {
    @Test func theArticleShowsThisFilesPortedTest() throws {
        let article = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/XTree/XTree.docc/MigratingFromXUI.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let listings = article.components(separatedBy: "```swift\n").dropFirst().compactMap {
            $0.components(separatedBy: "```\n").first
        }
        #expect(listings.count >= 2)
        for listing in listings where listing.contains("ParentViewModel") || listing.contains("ForgetfulParent") {
            #expect(source.contains(listing), "the article's listing is not this file's code:\n\(listing)")
        }
    }

    @MainActor @Test func reflectedChildrenListWhatANodeStoresAndTheAuditPointsToThem() {
        let parent = ParentViewModel()
        #expect(parent.children.isEmpty)
        parent.child = ChildViewModel()
        #expect(parent.children.count == 1 && parent.children[0] === parent.child)
        let audit = ForgetfulParent().auditChildren()
        #expect(audit.problems.count == 1)
        #expect(
            "\(audit)".hasSuffix(
                "list each forgotten child in its owner's children, or return reflectedChildren from children "
                    + "to list everything the owner stores\n"))
    }
}
