import Foundation
import Testing
import XTree
import XTreePlatform

@testable import XTreeRecorder

/// The recorder in a process that dies: each test's body runs in a child (an exit test), which
/// records three links, ends two, and dies while the third is applied.
@Suite struct RecorderDeathTests {
    enum Death: String, Sendable, Codable {
        case fatalError, forceUnwrap, indexOutOfRange, abort, kill
    }

    /// Records three links in `path`, ends two, then dies as `death` says.
    static func recordAndDie(_ path: String, _ death: Death) {
        guard let recorder = try? FlightRecorder.start(for: LoggedApp.self, at: path, slots: 16, slotSize: 256) else {
            return
        }
        recorder.end(recorder.begin("app://one"), typeNamed: "One")
        recorder.end(recorder.begin("app://two?token=s3cr3t"), typeNamed: "Two")
        _ = recorder.begin("app://three")
        let nothing = ProcessInfo.processInfo.environment["XTREE_NO_SUCH_VARIABLE"]
        let empty = nothing.map { [$0] } ?? []
        switch death {
        case .fatalError: fatalError("planted")
        case .forceUnwrap: print(nothing!)
        case .indexOutOfRange: print(empty[1])
        case .abort: abort()
        case .kill: _ = Terminal.send(.kill, to: Terminal.processID)
        }
        Thread.sleep(forTimeInterval: 10)
    }

    func expectThreeLinks(in file: ScratchFile) throws {
        let record = try FlightRecord(contentsOf: file.path)
        #expect(!record.endedCleanly)
        #expect(record.links.map(\.link) == ["app://one", "app://two?token=<private>", "app://three"])
        #expect(record.links.map { $0.outcome.isComplete } == [true, true, false])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
        #expect(bytes.range(of: Data("s3cr3t".utf8)) == nil)
    }

    @Test(arguments: [Death.fatalError, .forceUnwrap, .indexOutOfRange, .abort, .kill])
    func theLinksBeforeADeathSurviveIt(_ death: Death) async throws {
        let file = ScratchFile()
        let path = file.path
        await #expect(processExitsWith: .failure) { [path = path as String, death = death as Death] in
            RecorderDeathTests.recordAndDie(path, death)
        }
        try expectThreeLinks(in: file)
    }

    @Test func aNormalExitIsACleanEnd() async throws {
        let file = ScratchFile()
        let path = file.path
        await #expect(processExitsWith: .success) { [path = path as String] in
            let recorder = try? FlightRecorder.start(for: LoggedApp.self, at: path)
            _ = recorder?.begin("app://one")
            Terminal.exit(0)
        }
        #expect(try FlightRecord(contentsOf: path).endedCleanly)
    }

    @Test func aKillFromAnotherThreadMidBurstLeavesAWholeRecord() async throws {
        let file = ScratchFile()
        let path = file.path
        await #expect(processExitsWith: .failure) { [path = path as String] in
            guard let recorder = try? FlightRecorder.start(for: LoggedApp.self, at: path, slots: 64, slotSize: 128)
            else { return }
            // The killer starts once the ring of 64 has filled three times over: a time alone
            // was outrun by a sanitized burst on a loaded machine (32 links written).
            var index = 0
            while true {
                index += 1
                recorder.end(recorder.begin("app://burst/\(index)"), typeNamed: "Burst")
                if index == 200 {
                    Thread.detachNewThread {
                        Thread.sleep(forTimeInterval: 0.005)
                        _ = Terminal.send(.kill, to: Terminal.processID)
                    }
                }
            }
        }
        let record = try FlightRecord(contentsOf: path)
        // The last links in order, each whole; at most the last one without its outcome.
        let numbers = record.links.compactMap { Int($0.link.dropFirst("app://burst/".count)) }
        let first = try #require(numbers.first)
        #expect(record.links.count >= 60)
        #expect(numbers == Array(first..<first + record.links.count))
        #expect(record.links.map { Int($0.sequence) } == numbers)
        #expect(record.links.dropLast().allSatisfy { $0.outcome.isComplete })
    }
}

extension RecordedLink.Outcome {
    var isComplete: Bool { self != .incomplete }
}
