/// What a stream socket connects: a path in the file system, or a port on 127.0.0.1.
package enum SocketAddress: Sendable, Hashable {
    /// A Unix domain socket at this path.
    case local(String)
    /// 127.0.0.1 at this port (0, when binding: any free port).
    case loopback(port: UInt16)
}

/// What `poll` waits for on a descriptor, and what it found.
package struct PollEvents: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Data (or the peer's end) can be read.
    package static let readable = PollEvents(rawValue: 1)
    /// Data can be written without waiting.
    package static let writable = PollEvents(rawValue: 2)
    /// The peer hung up.
    package static let hangUp = PollEvents(rawValue: 4)
    /// The descriptor failed, or is not open.
    package static let failed = PollEvents(rawValue: 8)
}

/// One descriptor for `poll`: what to wait for, and, after the call, what happened.
package struct PollEntry: Sendable, Hashable {
    package var descriptor: Int32
    package var wanted: PollEvents
    package var happened: PollEvents = []

    package init(_ descriptor: Int32, wanted: PollEvents) {
        self.descriptor = descriptor
        self.wanted = wanted
    }
}

/// The stream sockets the inspector, its client and the web server use, on one platform.
///
/// Every socket made here is closed on `exec` and never raises `SIGPIPE` (a peer that went
/// away is `EPIPE`). Calls interrupted by a signal are made again; failures throw
/// ``SystemError``.
package protocol SocketCalls {
    /// How many bytes a Unix domain socket's path may have, its terminating NUL not counted:
    /// 103 on Darwin (`sun_path` holds 104), 107 on Linux (108).
    static var maximumLocalPathBytes: Int { get }

    /// A new stream socket for `address`'s family.
    static func makeStreamSocket(for address: SocketAddress) throws(SystemError) -> Int32
    /// Binds a socket to `address`; a local path longer than ``maximumLocalPathBytes`` is
    /// `ENAMETOOLONG`.
    static func bind(_ socket: Int32, to address: SocketAddress) throws(SystemError)
    /// Starts accepting connections; the system holds at most `backlog` that have connected
    /// and wait to be accepted (past it, it drops new ones, which then wait to try again).
    static func listen(_ socket: Int32, backlog: Int32) throws(SystemError)
    /// Connects a socket to `address`.
    static func connect(_ socket: Int32, to address: SocketAddress) throws(SystemError)
    /// The port a socket bound to 127.0.0.1 listens on.
    static func boundPort(of socket: Int32) throws(SystemError) -> UInt16
    /// Lets a loopback listener bind a port that connections of an earlier process still hold.
    static func reuseAddress(_ socket: Int32) throws(SystemError)
    /// A connection waiting on a listener, closed on `exec` and never raising `SIGPIPE`.
    static func accept(_ listener: Int32) throws(SystemError) -> Int32
    /// Makes calls on `descriptor` return `wouldBlock` instead of waiting.
    static func setNonBlocking(_ descriptor: Int32) throws(SystemError)
    /// Sends what it can of `bytes`; how many it sent.
    static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int
    /// Receives what has arrived into `buffer`; how many bytes, 0 when the peer closed.
    static func receive(_ socket: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int
    /// Ends both directions of a connection, waking whoever waits on it; errors are ignored.
    static func shutdown(_ socket: Int32)
    /// Ends the sending side only (`SHUT_WR`), as a client does after its request; errors are
    /// ignored.
    static func finishSending(_ socket: Int32)
    /// Waits at most `milliseconds` (-1: for ever) for any entry's events, and fills in what
    /// happened; how many entries have something.
    static func poll(_ entries: inout [PollEntry], milliseconds: Int32) throws(SystemError) -> Int
    /// A pipe whose ends are closed on `exec` and do not block: to wake a thread that polls.
    static func makePipe() throws(SystemError) -> (read: Int32, write: Int32)
    /// Two connected Unix domain stream sockets, closed on `exec` (tests use them).
    static func makeSocketPair() throws(SystemError) -> (Int32, Int32)
}
