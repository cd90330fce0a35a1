import Testing
import XTreeSupport

/// The line decoder under the inspector client's connection and standard input's lines: the same
/// events however the bytes are cut into chunks.
@Suite struct LineDecoderTests {
    /// Every event of `input`, fed in chunks of `size` bytes, with what is left at the end.
    func events(_ input: [UInt8], limit: Int, chunk size: Int) -> [LineDecoder.Event] {
        var decoder = LineDecoder(limit: limit)
        var events: [LineDecoder.Event] = []
        var index = 0
        while index < input.count {
            decoder.feed(input[index..<min(index + size, input.count)])
            index += size
            while let event = decoder.next() { events.append(event) }
        }
        if let last = decoder.finish() { events.append(last) }
        return events
    }

    @Test func splitAndJoinedChunksGiveTheSameLines() {
        let text = "hello\n\nwörld \u{1F34A}\nx" + String(repeating: "y", count: 30) + "\nlast"
        let input = Array(text.utf8)
        let expected: [LineDecoder.Event] = [
            .line(Array("hello".utf8)), .line([]), .line(Array("wörld \u{1F34A}".utf8)),
            .tooLong(bytes: 31), .line(Array("last".utf8)),
        ]
        for size in 1...input.count {
            #expect(events(input, limit: 24, chunk: size) == expected, "chunks of \(size)")
        }
    }

    @Test func theLimitCountsTheLineEndToTheByte() {
        let fits = [UInt8](repeating: 0x61, count: 15) + [0x0A]
        let over = [UInt8](repeating: 0x61, count: 16) + [0x0A]
        for size in [1, 7, 16, 17, 64] {
            #expect(
                events(fits + over + fits, limit: 16, chunk: size) == [
                    .line(Array(fits.dropLast())), .tooLong(bytes: 16), .line(Array(fits.dropLast())),
                ])
        }
    }

    @Test func anOverlongLineIsDroppedAsItArrivesAndKnownBeforeItsEnd() {
        var decoder = LineDecoder(limit: 1_000)
        for _ in 0..<1_000 {
            decoder.feed([UInt8](repeating: 0x78, count: 1_000))
            #expect(decoder.next() == nil)
        }
        #expect(decoder.isOverLimit)
        decoder.feed(Array("\nnext\n".utf8))
        #expect(decoder.next() == .tooLong(bytes: 1_000_000))
        #expect(!decoder.isOverLimit)
        #expect(decoder.next() == .line(Array("next".utf8)))
        #expect(decoder.next() == nil)
        #expect(decoder.finish() == nil)
    }

    @Test func theLastLineNeedsNoLineEnd() {
        #expect(events(Array("a\nb".utf8), limit: 8, chunk: 1) == [.line([0x61]), .line([0x62])])
        #expect(events(Array("a\n".utf8), limit: 8, chunk: 1) == [.line([0x61])])
        #expect(events(Array("abcdefghij".utf8), limit: 8, chunk: 3) == [.tooLong(bytes: 10)])
        #expect(events([], limit: 8, chunk: 1) == [])
    }

    /// Lines taken in bulk are the lines `next()` gives, however the bytes arrive; taking
    /// stops at the count, at a line over the limit (which `next()` then reports), and at a
    /// line not yet complete.
    @Test func linesTakenInBulkAreTheLinesNextGives() {
        let text = "alpha\n\nbeta gamma\n" + String(repeating: "z", count: 40) + "\nafter\npartial"
        let input = Array(text.utf8)
        for size in [1, 3, 8, 64, input.count] {
            var decoder = LineDecoder(limit: 100)
            var taken: [[UInt8]] = []
            var index = 0
            while index < input.count {
                decoder.feed(input[index..<min(index + size, input.count)])
                index += size
                let count = decoder.takeLines(
                    upTo: 3 - min(taken.count, 3), limit: { 24 }, each: { taken.append(Array($0)) })
                #expect(count <= 3)
            }
            #expect(taken == ["alpha", "", "beta gamma"].map { Array($0.utf8) }, "chunks of \(size)")
            // The count is reached: the overlong line is next, and next() reports it under
            // the same limit.
            #expect(decoder.takeLines(upTo: 5, limit: { 24 }, each: { taken.append(Array($0)) }) == 0)
            decoder.limit = 24
            #expect(decoder.next() == .tooLong(bytes: 40))
            #expect(decoder.takeLines(upTo: 5, limit: { 24 }, each: { taken.append(Array($0)) }) == 1)
            #expect(taken.last == Array("after".utf8))
            #expect(decoder.finish() == .line(Array("partial".utf8)))
        }
    }
}
