#if XTREE_DARWIN_PERSONALITY
    import Foundation
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
                Files.close(listening)
                try? Files.remove(path)
            }
            var made: [Int32] = []
            defer { for descriptor in made { Files.close(descriptor) } }
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

        @Test func acceptingAPeerThatClosedIsInvalidAndAnAcceptedSocketInheritsNonBlocking() throws {
            let (listening, path) = try listener(backlog: 4)
            defer {
                Files.close(listening)
                try? Files.remove(path)
            }
            try Sockets.setNonBlocking(listening)
            let gone = try Sockets.makeStreamSocket(for: .local(path))
            try Sockets.connect(gone, to: .local(path))
            Files.close(gone)
            #expect(throws: SystemError(EINVAL)) { try Sockets.accept(listening) }

            let staying = try Sockets.makeStreamSocket(for: .local(path))
            defer { Files.close(staying) }
            try Sockets.connect(staying, to: .local(path))
            let accepted = try Sockets.accept(listening)
            defer { Files.close(accepted) }
            #expect(DarwinPersonality.isNonBlocking(accepted))
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

        @Test func aDefunctListenerRefusesConnectsAndPollNeverSaysSo() throws {
            let (listening, path) = try listener(backlog: 4)
            defer {
                Files.close(listening)
                try? Files.remove(path)
            }
            DarwinPersonality.makeDefunct(listening)
            let client = try Sockets.makeStreamSocket(for: .local(path))
            defer { Files.close(client) }
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
