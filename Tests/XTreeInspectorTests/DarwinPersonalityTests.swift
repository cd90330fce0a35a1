#if XTREE_DARWIN_PERSONALITY
    import Foundation
    import Testing
    import XTreePlatform

    /// The Darwin personality does what Darwin does, where Darwin and Linux differ on the
    /// package's paths. Compiled only into its own build (`Scripts/darwin-personality.sh`).
    @Suite(.serialized) struct DarwinPersonalityTests {
        /// A listener on a fresh local path with a queue of `backlog`.
        func listener(backlog: Int32) throws -> (descriptor: Int32, path: String) {
            let path = NSTemporaryDirectory() + "/p-\(UInt32.random(in: 0...UInt32.max)).sock"
            let descriptor = try Sockets.makeStreamSocket(for: .local(path))
            try Sockets.bind(descriptor, to: .local(path))
            try Sockets.listen(descriptor, backlog: backlog)
            return (descriptor, path)
        }

        /// How many connects a listener of `backlog` admits before one is refused (at most 200).
        func admitted(backlog: Int32) throws -> Int {
            let (listening, path) = try listener(backlog: backlog)
            defer {
                Files.close(listening)
                try? Files.remove(path)
            }
            var made: [Int32] = []
            defer { for descriptor in made { Files.close(descriptor) } }
            while made.count < 200 {
                let descriptor = try Sockets.makeStreamSocket(for: .local(path))
                made.append(descriptor)
                do {
                    try Sockets.connect(descriptor, to: .local(path))
                } catch {
                    #expect(error.is(.connectionRefused))
                    return made.count - 1
                }
            }
            return made.count
        }

        /// Darwin refuses once the queue holds the backlog (`soqlimitcompat` is 1), and makes a
        /// backlog below 1 or over 128 128.
        @Test(arguments: [(1, 1), (4, 4), (16, 16), (0, 128), (-1, 128), (256, 128)] as [(Int32, Int)])
        func aConnectIsRefusedOnceTheQueueHoldsTheBacklog(backlog: Int32, admits: Int) throws {
            #expect(try admitted(backlog: backlog) == admits)
        }

        @Test func aWriterWhosePeerWentAwayHearsHangUpAlone() throws {
            let (mine, theirs) = try Sockets.makeSocketPair()
            defer { Files.close(mine) }
            Files.close(theirs)
            var entries = [PollEntry(mine, wanted: .writable)]
            _ = try Sockets.poll(&entries, milliseconds: 1_000)
            #expect(entries[0].happened == .hangUp)
        }

        @Test func aDeviceThatIsNotAPtyCannotBePolledButAPtyCan() throws {
            let null = try Files.open("/dev/null", [], mode: 0)
            defer { Files.close(null) }
            var entries = [PollEntry(null, wanted: .readable)]
            let count = try Sockets.poll(&entries, milliseconds: -1)
            #expect(count == 1)
            #expect(entries[0].happened == .failed)

            let (master, path) = try #require(Terminal.openPseudoTerminal())
            let terminal = try Files.open(path, [.writeOnly], mode: 0)
            defer {
                Files.close(master)
                Files.close(terminal)
            }
            var ptyEntries = [PollEntry(terminal, wanted: .writable)]
            _ = try Sockets.poll(&ptyEntries, milliseconds: 1_000)
            #expect(ptyEntries[0].happened == PollEvents.writable)
        }

        /// An accepted socket inherits the listener's `O_NONBLOCK` and `SO_NOSIGPIPE`, so a peer
        /// that closed before the accept is accepted (nothing is set on it that could fail).
        @Test func anAcceptedSocketInheritsNonBlockingAndNoSigPipeEvenFromAPeerThatClosed() throws {
            let (listening, path) = try listener(backlog: 4)
            defer {
                Files.close(listening)
                try? Files.remove(path)
            }
            try Sockets.setNonBlocking(listening)
            let gone = try Sockets.makeStreamSocket(for: .local(path))
            try Sockets.connect(gone, to: .local(path))
            Files.close(gone)
            let accepted = try Sockets.accept(listening)
            defer { Files.close(accepted) }
            #expect(DarwinPersonality.isNonBlocking(accepted))
            #expect(!DarwinPersonality.raisesBrokenPipe(sendingOn: accepted))
        }

        @Test func onlyASocketWithoutNoSigPipeRaisesSIGPIPE() throws {
            let (kept, keptPeer) = try Sockets.makeSocketPair()
            defer { Files.close(kept) }
            Files.close(keptPeer)
            #expect(!DarwinPersonality.raisesBrokenPipe(sendingOn: kept))

            let (unprotected, peer) = try #require(DarwinPersonality.unprotectedSocketPair())
            defer { Files.close(unprotected) }
            Files.close(peer)
            #expect(DarwinPersonality.raisesBrokenPipe(sendingOn: unprotected))
        }

        @Test func aLocalPathOfMoreThan103BytesDoesNotFit() throws {
            let descriptor = try Sockets.makeStreamSocket(for: .local("/tmp/x"))
            defer { Files.close(descriptor) }
            let long = "/tmp/" + String(repeating: "a", count: 99)
            #expect(throws: SystemError(.nameTooLong)) { try Sockets.bind(descriptor, to: .local(long)) }
            #expect(Sockets.maximumLocalPathBytes == 103)
        }

        @Test func localSocketsHaveSmallBuffers() throws {
            let (first, second) = try Sockets.makeSocketPair()
            defer {
                Files.close(first)
                Files.close(second)
            }
            // Linux doubles what it is given.
            #expect((1...16 * 1024).contains(DarwinPersonality.sendBufferSize(first)))
        }

        /// A defunct listener (iOS suspension) takes connects, which then hang; it becomes
        /// readable; its first accept fails with EBADF, and later ones give dead sockets.
        @Test func aDefunctListenerTakesConnectsAndFailsItsFirstAcceptWithEBADF() throws {
            let (listening, path) = try listener(backlog: 4)
            defer {
                Files.close(listening)
                try? Files.remove(path)
            }
            DarwinPersonality.makeDefunct(listening)
            var clients: [Int32] = []
            defer { for client in clients { Files.close(client) } }
            for _ in 0..<2 {
                let client = try Sockets.makeStreamSocket(for: .local(path))
                clients.append(client)
                try Sockets.connect(client, to: .local(path))
            }
            var entries = [PollEntry(listening, wanted: .readable)]
            #expect(try Sockets.poll(&entries, milliseconds: 100) == 1)
            #expect(entries[0].happened == .readable)
            #expect(throws: SystemError(.badDescriptor)) { try Sockets.accept(listening) }
            let dead = try Sockets.accept(listening)
            defer { Files.close(dead) }
            var byte = [UInt8](repeating: 0, count: 1)
            #expect(throws: SystemError(.badDescriptor)) {
                _ = try byte.withUnsafeMutableBytes { bytes throws(SystemError) in
                    try Sockets.receive(dead, into: bytes)
                }
            }
        }

        /// A peer that shut its sending side: Darwin's read side says POLLHUP with POLLIN, the
        /// data still there to read.
        @Test func aPeerThatShutItsSendingSideIsAHangUpWithDataToRead() throws {
            let (mine, theirs) = try Sockets.makeSocketPair()
            defer {
                Files.close(mine)
                Files.close(theirs)
            }
            _ = try [UInt8]("GET /\n".utf8).withUnsafeBytes { bytes throws(SystemError) in
                try Sockets.send(theirs, bytes)
            }
            Sockets.finishSending(theirs)
            var entries = [PollEntry(mine, wanted: .readable)]
            _ = try Sockets.poll(&entries, milliseconds: 1_000)
            #expect(entries[0].happened == [.readable, .hangUp])
        }

        /// An entry that asks for nothing is never answered, though its peer is gone.
        @Test func anEntryAskingForNothingGetsNoAnswer() throws {
            let (mine, theirs) = try Sockets.makeSocketPair()
            defer { Files.close(mine) }
            Files.close(theirs)
            var entries = [PollEntry(mine, wanted: [])]
            #expect(try Sockets.poll(&entries, milliseconds: 50) == 0)
            #expect(entries[0].happened.isEmpty)
        }

        /// There is always a per-user temporary directory: `TMPDIR`, else `/var/tmp/`.
        @Test func thereIsAlwaysATemporaryDirectory() {
            #expect(Files.userTemporaryDirectory != nil)
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
