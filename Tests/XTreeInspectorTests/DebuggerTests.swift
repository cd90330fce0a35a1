import BrowserFixture
import Foundation
import ShopDomain
import Testing
import XTree
import XTreeJournal
import XTreeSupport

@testable import XTreeDebugger
@testable import XTreeInspector

// The entry points exist where the package trait `DebuggerEntryPoints` is on, as by default.
#if DebuggerEntryPoints
    /// The entry points a debugger calls, called here as a debugger would: statuses, hostile
    /// arguments, and `why` applying nothing. Scripts/debugger-check.sh calls them from lldb and gdb.
    @MainActor
    @Suite(.serialized) struct DebuggerTests {
        @Test func hostileArgumentsGetAStatusNeverACrash() {
            #expect(xtreeFind(nil) == 3)
            #expect(xtreeWhy(nil) == 3)
            #expect(xtreeCommand(nil) == 3)
            let long = String(repeating: "a", count: 1 << 20)
            #expect(long.withCString { xtreeFind($0) } == 3)
            let notUTF8: [CChar] = [-1, -2, 0]
            #expect(notUTF8.withUnsafeBufferPointer { xtreeWhy($0.baseAddress) } == 3)
            #expect(xtreeCommand("find --where") == 3)
            #expect(xtreeCommand("find Name --where novalue") == 3)
            #expect(xtreeCommand("frob") == 3)
            #expect(xtreeLog(5_000) == 3)
            #expect(xtreeLog(-1) == 3)
        }

        /// What an entry point said is kept for `p (char *)xtree_last_answer()`: standard error is
        /// `/dev/null` in an app attached outside Xcode. Each call starts a new answer; a long one
        /// is cut and says so.
        @Test func theLastAnswerIsKeptForADebuggerToPrint() {
            #expect(xtreeCommand("frob") == 3)
            #expect(String(cString: xtreeLastAnswer()).hasPrefix("xtree: unknown command 'frob'"))
            #expect(xtreeLog(-1) == 3)
            #expect(!String(cString: xtreeLastAnswer()).contains("frob"))
            LastAnswer.begin()
            LastAnswer.append(Array(repeating: UInt8(ascii: "a"), count: LastAnswer.capacity * 2))
            let kept = String(cString: xtreeLastAnswer())
            #expect(kept.utf8.count == LastAnswer.capacity && kept.hasSuffix("\n...(cut)\n"))
        }

        @Test func aStoppedInspectorsTreeAndJournalAreForgottenAnothersAreKept() {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let view = DebuggerView()
            let (first, second) = (Journal(capacity: 10), Journal(capacity: 10))
            view.adopt(first)
            view.keep(TreeModel(TreeSnapshot(of: ShopApp.makeRoot())))
            view.forget(ownedBy: second)
            #expect(view.kept.withLock { $0 != nil })
            #expect(view.journal.withLock { $0 === first })
            view.forget(ownedBy: first)
            #expect(view.kept.withLock { $0 == nil })
            #expect(view.journal.withLock { $0 == nil })
            // Another inspector started since: the first one's stop leaves its tree alone.
            view.adopt(second)
            view.keep(TreeModel(TreeSnapshot(of: ShopApp.makeRoot())))
            view.forget(ownedBy: first)
            #expect(view.kept.withLock { $0 != nil })
        }

        @Test func whyOnTheMainThreadSaysWhereALinkWouldLandAndAppliesNothing() async throws {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let folder = try InspectorFolder()
            let shop = ShopApp.makeRoot()
            let inspector = try Inspector(name: "Shop", app: ShopApp.self, root: shop, directory: folder.path)
            defer { inspector.stop() }
            let before = TreeSnapshot(of: shop)
            #expect(xtreeWhy("shop://tab/cart") == 0)
            #expect(xtreeWhy("shop://product/tea") == 1)
            #expect(xtreeWhy("shop://nowhere") == 1)
            #expect(xtreeCommand("find CartScreen") == 0)
            #expect(xtreeTree() == 0)
            // A link applied would change the tree now or once its task ran.
            for _ in 0..<20 { await Task.yield() }
            try await Task.sleep(nanoseconds: 50_000_000)
            #expect(TreeSnapshot(of: shop) == before)
        }

        /// What each entry point says, as `p (char *)xtree_last_answer()` shows it: the match and
        /// its path, a miss with the nodes visited, where a link would land; off the main thread,
        /// the tree the live view keeps, said to be that. (Scripts/debugger-check.sh checks the same
        /// lines from lldb and gdb; these fail without a debugger.)
        @Test func eachAnswerSaysWhatTheDebuggerCheckReads() async throws {
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let folder = try InspectorFolder()
            let shop = ShopApp.makeRoot()
            let inspector = try Inspector(name: "Shop", app: ShopApp.self, root: shop, directory: folder.path)
            defer { inspector.stop() }
            #expect(xtreeCommand("find CartScreen") == 0)
            let found = String(cString: xtreeLastAnswer())
            #expect(found.contains("\n  path: "), "\(found)")
            #expect(xtreeCommand("find CartScreen --where items=nine") == 1)
            let missed = String(cString: xtreeLastAnswer())
            #expect(missed.hasPrefix("xtree: nothing matched CartScreen where items=nine among "), "\(missed)")
            #expect(xtreeWhy("shop://tab/cart") == 0)
            let why = String(cString: xtreeLastAnswer())
            #expect(
                why.hasPrefix(
                    "xtree: shop://tab/cart is of the form shop://tab/<catalog|cart|account>: it ends on a CartScreen"),
                "\(why)")
            #expect(why.contains("nothing was applied"), "\(why)")

            // A link held now is shown after the tree, with its holder, its secrets hidden.
            let holder = LinkHolder(name: "LaunchGate")
            let holding = Task { @MainActor in try? await holder.hold("shop://tab/cart?token=s3cret") }
            while holder.held.isEmpty { await Task.yield() }
            #expect(xtreeTree() == 0)
            let tree = String(cString: xtreeLastAnswer())
            #expect(tree.contains("\nheld by LaunchGate: shop://tab/cart?token=<private>\n"), "\(tree)")
            holder.dropAll(reason: "the test ends")
            _ = await holding.value

            // The view is the process's: another suite's inspector may stop, and forget the tree
            // kept, between the two lines; it is kept again and asked again then.
            var (status, answer) = (Int32(-1), "")
            for _ in 0..<50 where status != 0 {
                DebuggerView.shared.keep(TreeModel(TreeSnapshot(of: ShopApp.makeRoot())))
                (status, answer) = await withCheckedContinuation { continuation in
                    Thread.detachNewThread {
                        let status = xtreeTree()
                        continuation.resume(returning: (status, String(cString: xtreeLastAnswer())))
                    }
                }
            }
            #expect(status == 0)
            #expect(
                answer.hasPrefix("xtree: the last tree the inspector's live view holds, ")
                    && answer.contains(" s old (called off the main thread)\n"), "\(answer)")
        }

        /// `why` in the debugger, on the main thread, answers with the app's own router where the
        /// app gives one: who would hold the link, the handler its search would choose, its refusal.
        @Test func whyAsksTheAppsOwnRouterOnTheMainThread() async {
            let scene = SceneCoordinator()
            // As an inspector does: the main thread is then known to the entry points.
            DebuggerView.shared.register(scene)
            // The process's view: another suite's inspector may set its own between the two lines;
            // set again and asked again then.
            func ask(_ link: String, expecting prefix: String) -> (Int32, String) {
                var (status, answer) = (Int32(-1), "")
                for _ in 0..<20 where !answer.hasPrefix(prefix) {
                    DebuggerView.shared.route.withLock { $0 = { link in BrowserApp.route(link, in: scene) } }
                    status = xtreeWhy(link)
                    answer = String(cString: xtreeLastAnswer())
                }
                return (status, answer)
            }
            let held = ask("browser://search?q=swift", expecting: "xtree: browser://search?q=swift is the app's route")
            #expect(held.0 == 0)
            #expect(held.1.contains(": SceneCoordinator would hold it until the app can handle it"), "\(held.1)")
            await scene.didFinishLaunch()
            let handled = ask(
                "browser://search?q=swift", expecting: "xtree: browser://search?q=swift is the app's route")
            #expect(handled.0 == 0)
            let handedTo = "its router would hand it to BrowserCoordinator; nothing was applied"
            #expect(handled.1.contains(handedTo), "\(handled.1)")
            let refused = ask("browser://nowhere", expecting: "xtree: the app refused")
            #expect(refused.0 == 1)
            #expect(refused.1.hasPrefix("xtree: the app refused: the browser makes no route of browser://nowhere"))
            DebuggerView.shared.route.withLock { $0 = nil }
        }
    }
#endif
