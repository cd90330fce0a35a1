import Testing
import XTree

// A three-step flow of plain screens: a number, a word, then a confirmation; a number of 5
// skips the word. Each closure writes what it ran with into `log`, so a test sees which
// closures ran again after going back.

@MainActor
final class NumberScreen: ObservableObject, FlowScreen {
    let outlet = FlowOutlet<Int>()
    var nodeAttributes: [(key: String, value: String)] { [("step", "number")] }
}

@MainActor
final class WordScreen: ObservableObject, FlowScreen {
    let number: Int
    let outlet = FlowOutlet<String>()
    init(number: Int) { self.number = number }
    var nodeAttributes: [(key: String, value: String)] { [("step", "word"), ("number", "\(number)")] }
}

@MainActor
final class ConfirmScreen: ObservableObject, FlowScreen {
    let summary: String
    let outlet = FlowOutlet<Void>()
    init(summary: String) { self.summary = summary }
    var nodeLabel: String { summary }
}

@MainActor
final class Log {
    var lines: [String] = []
}

@MainActor
func numberFlow(_ flow: FlowNavigator, log: Log) async throws -> String {
    try await flow.present(NumberScreen()).then { number in
        log.lines.append("after number \(number)")
        if number == 5 {
            return try await confirm("\(number)", flow, log: log)
        }
        return try await flow.present(WordScreen(number: number)).then { word in
            log.lines.append("after word \(word)")
            return try await confirm("\(number) \(word)", flow, log: log)
        }
    }
}

@MainActor
func confirm(_ summary: String, _ flow: FlowNavigator, log: Log) async throws -> String {
    try await flow.present(ConfirmScreen(summary: summary)).then {
        log.lines.append("confirmed \(summary)")
        return summary
    }
}

/// The flow's screens as the tree shows them: type and attributes, bottom first.
@MainActor
private func screens(_ flow: FlowNavigator) -> [String] {
    TreeSnapshot(of: flow).nodes.dropFirst().map { node in
        ([node.type] + node.attributes.map { "\($0.key)=\($0.value)" }).joined(separator: " ")
    }
}

@MainActor
@Suite
struct FlowTests {
    @Test func theFlowWaitsAtEachScreenAndReturnsWhatTheLastOneConfirmed() async throws {
        let flow = FlowNavigator(name: "numbers")
        let log = Log()
        let task = flow.run { try await numberFlow($0, log: log) }
        await flow.idle()
        #expect(screens(flow) == ["NumberScreen step=number"])
        #expect(flow.state == .running)

        try #require(flow.firstReceiver(as: NumberScreen.self)).outlet.submit(3)
        await flow.idle()
        #expect(screens(flow) == ["NumberScreen step=number", "WordScreen step=word number=3"])

        try #require(flow.firstReceiver(as: WordScreen.self)).outlet.submit("tea")
        await flow.idle()
        #expect(screens(flow) == ["NumberScreen step=number", "WordScreen step=word number=3", "ConfirmScreen"])
        #expect(flow.firstReceiver(as: ConfirmScreen.self)?.summary == "3 tea")

        flow.firstReceiver(as: ConfirmScreen.self)?.outlet.submit(())
        #expect(try await task.value == "3 tea")
        await flow.idle()
        #expect(screens(flow).isEmpty)
        #expect(flow.state == .finished)
        #expect(log.lines == ["after number 3", "after word tea", "confirmed 3 tea"])
    }

    @Test func goingBackAndSubmittingAgainRerunsTheClosureAfterThatScreenOnly() async throws {
        let flow = FlowNavigator(name: "numbers")
        let log = Log()
        let task = flow.run { try await numberFlow($0, log: log) }
        await flow.idle()
        flow.firstReceiver(as: NumberScreen.self)?.outlet.submit(3)
        await flow.idle()
        let firstWord = try #require(flow.firstReceiver(as: WordScreen.self))
        firstWord.outlet.submit("tea")
        await flow.idle()

        // Back from the confirmation to the word: the word's step is still there.
        flow.screens = Array(flow.screens.prefix(2))
        #expect(screens(flow) == ["NumberScreen step=number", "WordScreen step=word number=3"])
        firstWord.outlet.submit("jam")
        await flow.idle()
        #expect(flow.firstReceiver(as: ConfirmScreen.self)?.summary == "3 jam")
        #expect(log.lines == ["after number 3", "after word tea", "after word jam"])

        // Back to the number, and a different one: the number's closure runs again and builds a
        // new word screen.
        flow.screens = Array(flow.screens.prefix(1))
        flow.firstReceiver(as: NumberScreen.self)?.outlet.submit(4)
        await flow.idle()
        #expect(screens(flow) == ["NumberScreen step=number", "WordScreen step=word number=4"])
        #expect(flow.firstReceiver(as: WordScreen.self) !== firstWord)
        #expect(!firstWord.outlet.isConnected)

        flow.firstReceiver(as: WordScreen.self)?.outlet.submit("pie")
        await flow.idle()
        flow.firstReceiver(as: ConfirmScreen.self)?.outlet.submit(())
        #expect(try await task.value == "4 pie")
        #expect(
            log.lines == [
                "after number 3", "after word tea", "after word jam", "after number 4", "after word pie",
                "confirmed 4 pie",
            ])
    }

    @Test func aSubmissionOnAScreenBelowTheTopReplacesTheScreensAboveIt() async throws {
        let flow = FlowNavigator(name: "numbers")
        let log = Log()
        _ = flow.run { try await numberFlow($0, log: log) }
        await flow.idle()
        let number = try #require(flow.firstReceiver(as: NumberScreen.self))
        number.outlet.submit(2)
        await flow.idle()
        weak let word = flow.firstReceiver(as: WordScreen.self)
        word?.outlet.submit("egg")
        await flow.idle()
        // No going back first: the number submits again while the word and the confirmation
        // are still shown.
        number.outlet.submit(5)
        await flow.idle()
        #expect(screens(flow) == ["NumberScreen step=number", "ConfirmScreen"])
        #expect(flow.firstReceiver(as: ConfirmScreen.self)?.summary == "5")
        // The run that showed the word has ended: nothing holds its screen.
        #expect(word == nil)
        flow.cancel()
    }

    @Test func aBranchTakesItsOwnPath() async throws {
        let flow = FlowNavigator(name: "numbers")
        let log = Log()
        let task = flow.run { try await numberFlow($0, log: log) }
        await flow.idle()
        flow.firstReceiver(as: NumberScreen.self)?.outlet.submit(5)
        await flow.idle()
        #expect(screens(flow) == ["NumberScreen step=number", "ConfirmScreen"])
        #expect(flow.firstReceiver(as: WordScreen.self) == nil)
        flow.firstReceiver(as: ConfirmScreen.self)?.outlet.submit(())
        #expect(try await task.value == "5")
        #expect(log.lines == ["after number 5", "confirmed 5"])
    }

    @Test func leavingTheFlowCancelsItsTaskAndReleasesEveryScreen() async throws {
        let flow = FlowNavigator(name: "numbers")
        let log = Log()
        let task = flow.run { try await numberFlow($0, log: log) }
        await flow.idle()
        weak let number = flow.firstReceiver(as: NumberScreen.self)
        number?.outlet.submit(3)
        await flow.idle()
        weak let word = flow.firstReceiver(as: WordScreen.self)
        #expect(word != nil)

        flow.screens = []  // the user leaves: the stack's root is popped
        #expect(flow.children.isEmpty)
        #expect(flow.state == .cancelled)
        await #expect(throws: CancellationError.self) { try await task.value }
        await flow.idle()
        #expect(flow.isIdle)
        #expect(number == nil)
        #expect(word == nil)
        #expect(log.lines == ["after number 3"])
    }

    @Test func cancellingWhileTheRestWorksEndsThatWorkToo() async throws {
        let flow = FlowNavigator(name: "slow")
        let started = Log()
        let task = flow.run { flow in
            try await flow.present(NumberScreen()).then { number in
                started.lines.append("working with \(number)")
                try await Task.sleep(nanoseconds: 600_000_000_000)
                return number
            }
        }
        await flow.idle()
        flow.firstReceiver(as: NumberScreen.self)?.outlet.submit(1)
        #expect(!flow.isIdle)
        // A new submission cancels the sleeping rest: the flow does not wait ten minutes.
        flow.firstReceiver(as: NumberScreen.self)?.outlet.submit(2)
        await Task.yield()
        flow.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        await flow.idle()
        #expect(flow.children.isEmpty)
    }

    @Test func idleWaitsForWorkBetweenScreens() async throws {
        let flow = FlowNavigator(name: "fetching")
        let task = flow.run { flow in
            try await flow.present(NumberScreen()).then { number in
                try await Task.sleep(nanoseconds: 20_000_000)
                return try await flow.present(WordScreen(number: number)).then { $0 }
            }
        }
        await flow.idle()
        flow.firstReceiver(as: NumberScreen.self)?.outlet.submit(7)
        await flow.idle()
        #expect(screens(flow) == ["NumberScreen step=number", "WordScreen step=word number=7"])
        flow.firstReceiver(as: WordScreen.self)?.outlet.submit("done")
        #expect(try await task.value == "done")
    }

    @Test func anErrorOfTheRestEndsTheFlowAsFailed() async throws {
        struct Refused: Error {}
        let flow = FlowNavigator(name: "failing")
        let task = flow.run { flow in
            try await flow.present(NumberScreen()).then { _ -> Int in throw Refused() }
        }
        await flow.idle()
        flow.firstReceiver(as: NumberScreen.self)?.outlet.submit(1)
        await #expect(throws: Refused.self) { try await task.value }
        #expect(flow.state == .failed("Refused()"))
        #expect(flow.children.isEmpty)
    }

    @Test func aSecondRunCancelsTheFirst() async throws {
        let flow = FlowNavigator(name: "numbers")
        let log = Log()
        let first = flow.run { try await numberFlow($0, log: log) }
        await flow.idle()
        let second = flow.run { try await numberFlow($0, log: log) }
        await #expect(throws: CancellationError.self) { try await first.value }
        await flow.idle()
        #expect(flow.state == .running)
        #expect(screens(flow) == ["NumberScreen step=number"])
        flow.firstReceiver(as: NumberScreen.self)?.outlet.submit(5)
        await flow.idle()
        flow.firstReceiver(as: ConfirmScreen.self)?.outlet.submit(())
        #expect(try await second.value == "5")
    }
}
