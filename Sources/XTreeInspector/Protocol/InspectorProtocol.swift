import Foundation

/// The inspector protocol: its version, limits, and the messages both sides exchange.
///
/// Documented in `Docs/InspectorProtocol.md`. Each message is one line of JSON (UTF-8, no
/// line break inside, `\n` at the end). A snapshot travels as the lines
/// ``JSONRenderer`` writes, announced by the reply before them.
public enum InspectorProtocol {
    /// The protocol version this build speaks; the handshake refuses any other.
    public static let version = 7
    /// The longest request line the app reads, its `\n` included.
    public static let maximumRequestBytes = 1 << 20
    /// The longest hello, the first request, its `\n` included.
    public static let maximumHelloBytes = 4096
    /// The longest reply, event or snapshot line a client reads.
    public static let maximumReplyLineBytes = 64 << 20
    /// The most link examples, and sample values, a hello reply carries.
    public static let maximumExamples = 64
    /// The longest link example's form or link, or sample value, a hello reply carries.
    public static let maximumExampleBytes = 2048
    /// The most events a following client keeps while it waits for a reply: an app that sends
    /// more before it answers is refused, not buffered.
    public static let maximumBufferedEvents = 1_000
    /// The most bytes of event lines a following client reads while it waits for one reply.
    public static let maximumBufferedEventBytes = 8 << 20
}
