/// The C library's fast loops over bytes in memory, which the readers of lines and snapshots
/// run over every byte they read.
package protocol MemoryCalls {
    /// Where `byte` first is in `bytes`, if it is.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int?
    /// Whether `count` bytes at `first` and at `second` are the same.
    static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool
    /// Gives the allocator's free pages back to the system where it has a call for that, so
    /// that the resident set size measures what is held (the benchmark's memory figures).
    static func releaseFreeMemory()
}
