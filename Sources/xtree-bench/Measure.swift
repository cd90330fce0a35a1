import Foundation
import XTree
import XTreePlatform

/// Runs `body` repeatedly and returns the median duration of one run, in nanoseconds.
///
/// `minimumTime` is in seconds.
///
/// At least `minimumRuns` runs, and more until `minimumTime` has passed (up to `maximumRuns`),
/// so that fast operations are measured many times and slow ones a few.
@MainActor
func medianNanoseconds(
    minimumRuns: Int,
    maximumRuns: Int = 101,
    minimumTime: Double,
    _ body: () async -> Void
) async -> Double {
    // DispatchTime, not ContinuousClock: a monotonic clock on every platform the package supports.
    func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    var samples: [Double] = []
    let started = now()
    while samples.count < minimumRuns
        || (samples.count < maximumRuns && Double(now() - started) < minimumTime * 1e9)
    {
        let start = now()
        await body()
        samples.append(Double(now() - start))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Whether this system says how much memory a process holds: Linux's `/proc/self/status`.
/// Elsewhere (macOS) the memory columns show `-`, not a figure.
let measuresMemory = FileManager.default.isReadableFile(atPath: "/proc/self/status")

/// This process's resident set size now and at its peak, in bytes, from `/proc/self/status`;
/// 0 where there is none (see `measuresMemory`).
func residentBytes() -> (current: Int, peak: Int) {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
    func field(_ name: String) -> Int {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
    return (field("VmRSS"), field("VmHWM"))
}

/// The bytes the heap holds now, as the allocator reports them (glibc's `malloc_info`), or the
/// resident set size where it does not say. Not the resident size where there is a report:
/// pages the allocator keeps or gives back between two readings made differences of it
/// negative.
func heldBytes() -> Int {
    Memory.heapBytesInUse() ?? residentBytes().current
}

/// Resets the peak resident set size to the current one (Linux 4.0 and later), so that the
/// next peak measures what comes after, not the building of the tree.
func resetPeakResidentBytes() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// Keeps a value from being optimised away.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// A `TextOutputStream` that counts what it is given and keeps nothing.
struct DiscardingStream: TextOutputStream {
    var bytes = 0
    mutating func write(_ string: String) { bytes &+= string.utf8.count }
}

/// How many bytes `renderer` writes for `snapshot` as the CLI writes them: as UTF-8, with
/// no strings made.
func utf8Bytes(of snapshot: TreeSnapshot, _ renderer: some TreeRenderer) -> Int {
    var bytes = 0
    renderer.render(snapshot, toUTF8: { bytes &+= $0.count })
    return bytes
}
