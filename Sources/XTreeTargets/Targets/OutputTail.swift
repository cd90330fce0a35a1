import Foundation
import XTreePlatform
import XTreeSupport

/// The end of what a child prints, kept in a bounded buffer by a thread that reads its
/// output pipe to the end: a child that prints without end costs 64 KiB, never a file that
/// grows, and never blocks on a full pipe.
final class OutputTail: Sendable {
    /// The most bytes kept.
    static let capacity = 64 * 1024
    private let kept = Locked<(bytes: [UInt8], ended: Bool)>(([], false))

    /// Starts reading `descriptor`, which it closes at the end.
    init(reading descriptor: Int32) {
        let kept = self.kept
        Thread {
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { (try? Files.read(descriptor, into: $0)) ?? 0 }
                guard count > 0 else { break }
                kept.withLock { kept in
                    kept.bytes.append(contentsOf: chunk[..<count])
                    if kept.bytes.count > 2 * Self.capacity { kept.bytes.removeFirst(kept.bytes.count - Self.capacity) }
                }
            }
            Files.close(descriptor)
            kept.withLock { $0.ended = true }
        }.start()
    }

    /// The last `count` bytes of what was printed, waiting up to `seconds` for the output
    /// to end (a child that ended may have printed what the reader has not read yet).
    func last(_ count: Int, waiting seconds: Double = 0) -> [UInt8] {
        let deadline = Date().addingTimeInterval(seconds)
        while !kept.withLock({ $0.ended }), Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        return kept.withLock { Array($0.bytes.suffix(min(count, Self.capacity))) }
    }
}
