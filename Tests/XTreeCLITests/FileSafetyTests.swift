import Foundation
import Testing
import XTreeConsole
import XTreePlatform

/// Runs `script` with `sh -c`, the built `xtree-cli` as `$0` and the scratch folder as the
/// working directory: for arguments that are not UTF-8 (made with `printf`), standard input
/// from devices, and limits on memory. On Linux, without ThreadSanitizer (which reserves far
/// more address space), the CLI may map at most 2 GB, so a reader that does not stop fails
/// fast instead of filling the machine (macOS takes `ulimit -v` but does not apply it, so
/// there the run is bounded by time alone); every run is killed after 60 seconds.
func cliScript(
    _ script: String, in folder: ScratchFolder, input: String? = nil, environment: [String: String] = [:]
) async throws -> CLIResult {
    #if os(Linux)
        let limit = isThreadSanitized ? "" : "ulimit -v 2000000; "
    #else
        let limit = ""
    #endif
    return try await cliProcess(
        [
            "-c", "cd \"$1\" && \(limit)exec sh -c '\(script)' \"$0\"",
            productsDirectory.appendingPathComponent("xtree-cli").path, folder.url.path,
        ],
        input: input.map { Data($0.utf8) }, executable: URL(fileURLWithPath: "/bin/sh"), environment: environment,
        killAfter: 60)
}

/// Whether this process runs under ThreadSanitizer.
let isThreadSanitized = Terminal.isLoaded("__tsan_init")

/// What is at `path`, without following a link, or `nil`.
func fileType(_ path: String) -> FileKind? {
    (try? Files.status(at: path, followingLinks: false))?.kind
}

@Suite struct FileSafetyTests {
    enum Kind: String, CaseIterable {
        case fifo, socket, directory, device, linkToFIFO, linkToNothing, linkToDirectory
    }

    /// Makes a thing of `kind` at `path`; what the error says it is.
    func make(_ kind: Kind, at path: String, in folder: ScratchFolder) throws -> String {
        let files = FileManager.default
        switch kind {
        case .fifo:
            try Files.makeFIFO(path, permissions: 0o644)
            return "a FIFO"
        case .socket:
            let descriptor = try Sockets.makeStreamSocket(for: .local(path))
            defer { Files.close(descriptor) }
            try Sockets.bind(descriptor, to: .local(path))
            return "a socket"
        case .directory:
            try files.createDirectory(atPath: path, withIntermediateDirectories: false)
            return "a directory"
        case .device:
            // As root, a device of our own (the null device's numbers on Linux); otherwise a
            // link to the system's, which a user cannot replace even if the CLI tried.
            if Files.userID == 0 {
                try Files.makeCharacterDevice(path, permissions: 0o666, major: 1, minor: 3)
                return "a character device"
            }
            try files.createSymbolicLink(atPath: path, withDestinationPath: "/dev/null")
            return "a symbolic link to a character device"
        case .linkToFIFO:
            try Files.makeFIFO(folder.path("target-fifo"), permissions: 0o644)
            try files.createSymbolicLink(atPath: path, withDestinationPath: folder.path("target-fifo"))
            return "a symbolic link to a FIFO"
        case .linkToNothing:
            try files.createSymbolicLink(atPath: path, withDestinationPath: folder.path("missing"))
            return "a symbolic link to nothing"
        case .linkToDirectory:
            try files.createDirectory(atPath: folder.path("target-dir"), withIntermediateDirectories: false)
            try files.createSymbolicLink(atPath: path, withDestinationPath: folder.path("target-dir"))
            return "a symbolic link to a directory"
        }
    }

    @Test(arguments: Kind.allCases)
    func onlyRegularFilesAreWrittenAnythingElseIsRefusedAndLeftAsItWas(kind: Kind) async throws {
        let folder = try ScratchFolder()
        let path = folder.path("out")
        let what = try make(kind, at: path, in: folder)
        let before = fileType(path)
        let link = kind.rawValue.hasPrefix("link") || (kind == .device && Files.userID != 0)
        let target = link ? try FileManager.default.destinationOfSymbolicLink(atPath: path) : nil
        let result = try await cli("tree", "--save-state", path)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: cannot write state \(path): it is \(what), not a regular file; only regular files are written\n"
        )
        #expect(fileType(path) == before)
        if let target { #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == target) }
        // Nothing was left beside it.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(left.isEmpty)
    }

    @Test func aRegularFileIsReplacedKeepingItsModeAndOwner() async throws {
        let folder = try ScratchFolder()
        let path = try folder.write("state.json", "old")
        try Files.changePermissions(at: path, to: 0o640)
        // As root the owner can be another user's, and must stay so; otherwise it is ours.
        let owner: (UInt32, UInt32) = Files.userID == 0 ? (1234, 2345) : (Files.userID, Files.groupID)
        if Files.userID == 0 { try Files.changeOwner(at: path, owner: owner.0, group: owner.1) }
        let result = try await cli("tree", "--save-state", path)
        #expect(result.status == 0, "\(result.stderr)")
        let status = try Files.status(at: path, followingLinks: false)
        #expect(status.kind == .regular)
        #expect(status.permissions == 0o640)
        #expect((status.owner, status.group) == owner)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""tab" : "meat""#))
    }

    @Test func aLinkToARegularFileWritesItsTargetAndANewFileTakesTheUmask() async throws {
        let folder = try ScratchFolder()
        let target = try folder.write("target.json", "old")
        try Files.changePermissions(at: target, to: 0o600)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.json"), withDestinationPath: target)
        let result = try await cliScript(
            #"umask 027; "$0" tree --save-state link.json >/dev/null && exec "$0" tree --save-state new.json >/dev/null"#,
            in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fileType(folder.path("link.json")) == .symbolicLink)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains(#""tab" : "meat""#))
        #expect(try Files.status(at: target, followingLinks: false).permissions == 0o600)
        #expect(try Files.status(at: folder.path("new.json"), followingLinks: false).permissions == 0o640)
    }

    /// Apple's file systems refuse a name that is not UTF-8 (`EILSEQ`): the message says so.
    @Test func aFileSystemThatRefusesANameThatIsNotUTF8IsNamed() {
        #expect(
            OutputFile.Problem.reason(SystemError(.illegalByteSequence))
                == "the file system takes only names that are UTF-8 (Apple's APFS refuses others)")
        #expect(OutputFile.Problem.system(SystemError(.illegalByteSequence)).description.contains("UTF-8"))
    }

    @Test func pathsThatAreNotUTF8NameTheirOwnFiles() async throws {
        let folder = try ScratchFolder()
        let result = try await cliScript(
            #"name=$(printf "caf\351.json"); "$0" tree --save-state "$name" >/dev/null && test -f "$name" && ! test -e "caf\357\277\275.json" && "$0" tree --restore "$name" --format json > "$name.snapshot" && "$0" tree --snapshot "$name.snapshot" | tail -n 1 && "$0" tree --snapshot "$(printf "missing\351.json")""#,
            in: folder)
        if namesMustBeUTF8 {
            #expect(result.stdout == "")
            #expect(
                result.stderr
                    == "error: cannot write state caf\\x{e9}.json: the file system takes only names that are UTF-8 (Apple's APFS refuses others)\n"
            )
            #expect(result.status == 1)
            return
        }
        #expect(result.stdout == "6 nodes, depth 2, links: 5 child, 0 cycle, 0 shared\n")
        #expect(result.stderr == "error: cannot read snapshot missing\\x{e9}.json: no such file\n")
        #expect(result.status == 1)
    }

    @Test(arguments: [
        (
            "tree --snapshot /dev/zero",
            "error: invalid snapshot /dev/zero: not valid JSON at line 1, column 1: expected a value but found byte 0x00\n"
        ),
        (
            "tree --snapshot - < /dev/zero",
            "error: invalid snapshot (standard input): not valid JSON at line 1, column 1: expected a value but found byte 0x00\n"
        ),
        (
            "diff /dev/zero /dev/zero",
            "error: invalid snapshot /dev/zero: not valid JSON at line 1, column 1: expected a value but found byte 0x00\n"
        ),
        (
            "find Home --snapshot /dev/zero",
            "error: invalid snapshot /dev/zero: not valid JSON at line 1, column 1: expected a value but found byte 0x00\n"
        ),
        (
            "tree --restore /dev/zero",
            "error: invalid state /dev/zero: not valid JSON at line 1, column 1: expected a value but found byte 0x00\n"
        ),
        (
            "check --catalog /dev/zero",
            "error: cannot load /dev/zero: catalog is not valid JSON at line 1, column 1: expected a value but found byte 0x00\n"
        ),
    ])
    func endlessInputsFailAtTheirFirstImpossibleByte(command: String, message: String) async throws {
        let folder = try ScratchFolder()
        let result = try await cliScript("exec \"$0\" \(command)", in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == message)
    }

    @Test func randomBytesFailWithinTheFirstFewBytes() async throws {
        let folder = try ScratchFolder()
        for command in ["tree --catalog /dev/urandom", "tree --snapshot /dev/urandom", "diff /dev/urandom -"] {
            let result = try await cliScript("exec \"$0\" \(command) < /dev/urandom", in: folder)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.contains("not valid JSON at line "), "\(command): \(result.stderr)")
        }
    }

    @Test func everyInputIsHeldToTheLimitTheEnvironmentSets() async throws {
        let folder = try ScratchFolder()
        let snapshot = try await cli("tree", "--format", "json").stdout
        _ = try folder.write("s.json", snapshot)
        let limit = ["XTREE_MAX_INPUT_BYTES": "1K"]
        let file = try await cliScript(#"exec "$0" tree --snapshot s.json"#, in: folder, environment: limit)
        let piped = try await cliScript(
            #"cat s.json | exec "$0" diff - s.json"#, in: folder,
            environment: ["XTREE_MAX_INPUT_BYTES": "\(snapshot.utf8.count - 1)"])
        let exact = try await cliScript(
            #"cat s.json | exec "$0" tree --snapshot -"#, in: folder,
            environment: ["XTREE_MAX_INPUT_BYTES": "\(snapshot.utf8.count)"])
        #expect(file.status == 1)
        #expect(
            file.stderr
                == "error: cannot read snapshot s.json: it is larger than the input limit of 1 KiB; set XTREE_MAX_INPUT_BYTES to read more\n"
        )
        #expect(piped.status == 1)
        #expect(
            piped.stderr
                == "error: cannot read snapshot (standard input): it is larger than the input limit of \(snapshot.utf8.count - 1) bytes; set XTREE_MAX_INPUT_BYTES to read more\n"
        )
        #expect(exact.status == 0)
        for bad in ["", "0", "1x", "-5", "99999999999999999999G", " 1"] where !bad.isEmpty {
            let result = try await cli(["tree"], environment: ["XTREE_MAX_INPUT_BYTES": bad])
            #expect(result.status == 64, "\(bad)")
            #expect(result.stderr.hasPrefix("error: XTREE_MAX_INPUT_BYTES is '\(bad)'; give a whole number of bytes"))
        }
        #expect(try await cli(["tree"], environment: ["XTREE_MAX_INPUT_BYTES": ""]).status == 0)
    }
}
