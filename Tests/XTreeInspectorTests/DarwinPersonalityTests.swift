#if XTREE_DARWIN_PERSONALITY
    import Foundation
    import Glibc
    import Testing
    import XTreePlatform

    /// The Darwin personality does what Darwin does, where Darwin and Linux differ on the
    /// package's paths. Compiled only into its own build (`Scripts/darwin-personality.sh`).
    @Suite struct DarwinPersonalityTests {
        /// A listener on a fresh local path with a queue of `backlog`.
        func listener(backlog: Int32) throws -> (descriptor: Int32, path: String) {
            let path = NSTemporaryDirectory() + "/p-\(UInt32.random(in: 0...UInt32.max)).sock"
            let descriptor = try Sockets.makeStreamSocket(for: .local(path))
            try Sockets.bind(descriptor, to: .local(path))
            try Sockets.listen(descriptor, backlog: backlog)
            return (descriptor, path)
        }

        @Test func aConnectIsRefusedWhenTheListenersQueueIsFull() throws {
            let (listening, path) = try listener(backlog: 1)
            defer {
                close(listening)
                unlink(path)
            }
            var made: [Int32] = []
            defer { for descriptor in made { close(descriptor) } }
            var refused: SystemError?
            for _ in 0..<8 where refused == nil {
                let descriptor = try Sockets.makeStreamSocket(for: .local(path))
                made.append(descriptor)
                do {
                    try Sockets.connect(descriptor, to: .local(path))
                } catch {
                    refused = error
                }
            }
            #expect(refused?.is(.connectionRefused) == true)
        }

        @Test func aWriterWhosePeerWentAwayHearsHangUpAlone() throws {
            let (mine, theirs) = try Sockets.makeSocketPair()
            defer { close(mine) }
            close(theirs)
            var entries = [PollEntry(mine, wanted: .writable)]
            _ = try Sockets.poll(&entries, milliseconds: 1_000)
            #expect(entries[0].happened == .hangUp)
        }

        @Test func aDeviceThatIsNotAPtyCannotBePolledButAPtyCan() throws {
            let null = open("/dev/null", O_RDONLY)
            defer { close(null) }
            var entries = [PollEntry(null, wanted: .readable)]
            let count = try Sockets.poll(&entries, milliseconds: -1)
            #expect(count == 1)
            #expect(entries[0].happened == .failed)

            let (master, terminal) = try #require(pseudoTerminal())
            defer {
                close(master)
                close(terminal)
            }
            var ptyEntries = [PollEntry(terminal, wanted: .writable)]
            _ = try Sockets.poll(&ptyEntries, milliseconds: 1_000)
            #expect(ptyEntries[0].happened == PollEvents.writable)
        }

        @Test func acceptingAPeerThatClosedIsInvalidAndAnAcceptedSocketInheritsNonBlocking() throws {
            let (listening, path) = try listener(backlog: 4)
            defer {
                close(listening)
                unlink(path)
            }
            try Sockets.setNonBlocking(listening)
            let gone = try Sockets.makeStreamSocket(for: .local(path))
            try Sockets.connect(gone, to: .local(path))
            close(gone)
            #expect(throws: SystemError(EINVAL)) { try Sockets.accept(listening) }

            let staying = try Sockets.makeStreamSocket(for: .local(path))
            defer { close(staying) }
            try Sockets.connect(staying, to: .local(path))
            let accepted = try Sockets.accept(listening)
            defer { close(accepted) }
            #expect(fcntl(accepted, F_GETFL) & O_NONBLOCK != 0)
        }

        /// A pty's two ends, made as `openpty` does: `/dev/ptmx`, unlocked (`TIOCSPTLCK`), and the
        /// terminal it numbers (`TIOCGPTN`); the requests' numbers are Linux's.
        func pseudoTerminal() -> (master: Int32, terminal: Int32)? {
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
                return nil
            }
            let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            return terminal >= 0 ? (master, terminal) : nil
        }

        /// Whether `send` on `socket`, whose peer is gone, raised `SIGPIPE` on this thread
        /// (blocked here, so it waits to be taken instead of ending the process).
        func raisesBrokenPipe(_ socket: Int32) -> Bool {
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            _ = try? [UInt8](repeating: 1, count: 8).withUnsafeBytes { try Sockets.send(socket, $0) }
            var pending = sigset_t()
            sigpending(&pending)
            guard sigismember(&pending, SIGPIPE) == 1 else { return false }
            var timeout = timespec()
            _ = sigtimedwait(&pipeSignal, nil, &timeout)
            return true
        }

        @Test func onlyASocketWithoutNoSigPipeRaisesSIGPIPE() throws {
            let (kept, keptPeer) = try Sockets.makeSocketPair()
            defer { close(kept) }
            close(keptPeer)
            #expect(!raisesBrokenPipe(kept))

            var ends: [Int32] = [-1, -1]
            #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
            defer { close(ends[0]) }
            close(ends[1])
            #expect(raisesBrokenPipe(ends[0]))
        }

        @Test func aLocalPathOfMoreThan103BytesDoesNotFit() throws {
            let descriptor = try Sockets.makeStreamSocket(for: .local("/tmp/x"))
            defer { close(descriptor) }
            let long = "/tmp/" + String(repeating: "a", count: 99)
            #expect(throws: SystemError(.nameTooLong)) { try Sockets.bind(descriptor, to: .local(long)) }
            #expect(Sockets.maximumLocalPathBytes == 103)
        }

        @Test func localSocketsHaveSmallBuffers() throws {
            let (first, second) = try Sockets.makeSocketPair()
            defer {
                close(first)
                close(second)
            }
            var size: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(first, SOL_SOCKET, SO_SNDBUF, &size, &length)
            // Linux doubles what it is given.
            #expect(size <= 16 * 1024)
        }

        @Test func aDefunctListenerRefusesConnectsAndPollNeverSaysSo() throws {
            let (listening, path) = try listener(backlog: 4)
            defer {
                close(listening)
                unlink(path)
            }
            DarwinPersonality.makeDefunct(listening)
            let client = try Sockets.makeStreamSocket(for: .local(path))
            defer { close(client) }
            #expect(throws: SystemError(.connectionRefused)) { try Sockets.connect(client, to: .local(path)) }
            var entries = [PollEntry(listening, wanted: .readable)]
            #expect(try Sockets.poll(&entries, milliseconds: 100) == 0)
            #expect(entries[0].happened.isEmpty)
        }

        @Test func aNameThatIsNotUTF8IsRefused() throws {
            var name = Array((NSTemporaryDirectory() + "/bad-").utf8CString.dropLast())
            name += [CChar(bitPattern: 0xFF), 0]
            #expect(throws: SystemError(.illegalByteSequence)) {
                try Files.open(name, [.writeOnly, .create, .exclusive], mode: 0o600)
            }
            #expect(throws: SystemError(.illegalByteSequence)) { try Files.makeDirectory(name, permissions: 0o700) }
        }
    }
#endif
