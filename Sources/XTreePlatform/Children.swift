/// A child process as ``ChildCalls/spawn(_:arguments:environment:)`` starts it.
package struct SpawnedChild: Sendable, Hashable {
    /// Its process id, which is also its process group's.
    package let pid: Int32
    /// The read end of a pipe that its standard output and standard error both write to.
    package let output: Int32
    /// The write end of its standard input: closing it, or the parent's end, gives the
    /// child end-of-file, which tells it the parent is gone.
    package let input: Int32
}

/// How a child ended.
package enum ChildEnding: Sendable, Hashable {
    case exited(Int32)
    case signal(Int32)

    /// From a `waitpid` status: the same encoding on Linux and Darwin (`WIFEXITED` is a low
    /// seven bits of 0, `WEXITSTATUS` the next eight; `WTERMSIG` the low seven).
    package init(waitStatus status: Int32) {
        self = status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signal(status & 0x7f)
    }
}

/// Starting and ending child processes, on one platform.
package protocol ChildCalls {
    /// Starts the executable at `path` with `posix_spawn`: in a process group of its own (so
    /// that it and whatever it starts are signalled together), every signal's action the
    /// default and none blocked (nothing of the parent's ignored `SIGPIPE`), its standard
    /// input a pipe from the parent and its output and errors a pipe to it, and no other
    /// descriptor of the parent's.
    ///
    /// - Parameters:
    ///   - arguments: Its arguments after its name (`argv[0]` is `path`), as bytes: a path
    ///     need not be UTF-8.
    ///   - environment: Its whole environment, `NAME=VALUE` each.
    /// - Throws: ``SystemError``: `ENOENT`, `EACCES`, `ETXTBSY` (Linux only: an executable
    ///   still open for writing), …
    static func spawn(_ path: String, arguments: [[UInt8]], environment: [String]) throws(SystemError) -> SpawnedChild
    /// How the child `pid` ended, reaping it; `nil` if it runs still (and `wait` is false).
    static func ending(of pid: Int32, wait: Bool) throws(SystemError) -> ChildEnding?
    /// Sends `signal` to every process of the group `group`; whether it could.
    static func send(_ signal: SignalName, toGroup group: Int32) -> Bool
}
