/// The C library's fast loops over bytes in memory, which the readers of lines and snapshots
/// run over every byte they read.
package protocol MemoryCalls {
    /// Where `byte` first is in `bytes`, if it is.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int?
    /// Whether `count` bytes at `first` and at `second` are the same.
    static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool
    /// How many bytes the allocator has handed out and not had back, where it says (the
    /// benchmark's memory figures).
    static func heapBytesInUse() -> Int?
    /// Maps the first `size` bytes of the open file `descriptor` for reading and writing, shared:
    /// what is written reaches the file's pages, which outlive the process (a crash loses none
    /// of it; power loss may, until ``synchronize(_:size:)``).
    static func mapShared(_ descriptor: Int32, size: Int) throws(SystemError) -> UnsafeMutableRawPointer
    /// Ends a mapping made by ``mapShared(_:size:)``.
    static func unmap(_ start: UnsafeMutableRawPointer, size: Int)
    /// Writes a mapping's changed pages to the file and waits (`msync(MS_SYNC)`).
    static func synchronize(_ start: UnsafeMutableRawPointer, size: Int) throws(SystemError)
}
