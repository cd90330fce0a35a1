import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `script` with `sh -c`, the built `xtree-cli` as `$0` and the scratch folder as the
/// working directory: for arguments that are not UTF-8 (made with `printf`), standard input
/// from devices, and limits on memory. Without ThreadSanitizer (which reserves far more
/// address space), the CLI may map at most 2 GB, so a reader that does not stop fails fast
/// instead of filling the machine; every run is killed after 60 seconds.
func cliScript(_ script: String, in folder: ScratchFolder, environment: [String: String] = [:]) throws -> CLIResult {
    let limit = isThreadSanitized ? "" : "ulimit -v 2000000; "
    return try cliProcess(
        [
            "-c", "cd \"$1\" && \(limit)exec timeout -s KILL 60 sh -c '\(script)' \"$0\"",
            productsDirectory.appendingPathComponent("xtree-cli").path, folder.url.path,
        ],
        executable: URL(fileURLWithPath: "/bin/sh"), environment: environment)
}

/// Whether this process runs under ThreadSanitizer.
let isThreadSanitized = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

/// What is at `path`, without following a link: its type bits, or `nil`.
func fileType(_ path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
}

@Suite struct FileSafetyTests {
    enum Kind: String, CaseIterable {
        case fifo, socket, directory, device, linkToFIFO, linkToNothing, linkToDirectory
    }

    /// Makes a thing of `kind` at `path`; what the error says it is.
    func make(_ kind: Kind, at path: String, in folder: ScratchFolder) throws -> String {
        switch kind {
        case .fifo:
            mkfifo(path, 0o644)
            return "a FIFO"
        case .socket:
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw.copyBytes(from: Array(path.utf8) + [0])
            }
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            close(descriptor)
            return "a socket"
        case .directory:
            mkdir(path, 0o755)
            return "a directory"
        case .device:
            // As root, a device of our own (the null device's numbers); otherwise a link to
            // the system's, which a user cannot replace even if the CLI tried.
            if getuid() == 0 {
                mknod(path, S_IFCHR | 0o666, dev_t(0x103))
                return "a character device"
            }
            symlink("/dev/null", path)
            return "a symbolic link to a character device"
        case .linkToFIFO:
            mkfifo(folder.path("target-fifo"), 0o644)
            symlink(folder.path("target-fifo"), path)
            return "a symbolic link to a FIFO"
        case .linkToNothing:
            symlink(folder.path("missing"), path)
            return "a symbolic link to nothing"
        case .linkToDirectory:
            mkdir(folder.path("target-dir"), 0o755)
            symlink(folder.path("target-dir"), path)
            return "a symbolic link to a directory"
        }
    }

    @Test(arguments: Kind.allCases)
    func onlyRegularFilesAreWrittenAnythingElseIsRefusedAndLeftAsItWas(kind: Kind) async throws {
        let folder = try ScratchFolder()
        let path = folder.path("out")
        let what = try make(kind, at: path, in: folder)
        let before = fileType(path)
        let link = kind.rawValue.hasPrefix("link") || (kind == .device && getuid() != 0)
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
        chmod(path, 0o640)
        // As root the owner can be another user's, and must stay so; otherwise it is ours.
        let owner: (uid_t, gid_t) = getuid() == 0 ? (1234, 2345) : (getuid(), getgid())
        if getuid() == 0 { chown(path, owner.0, owner.1) }
        let result = try await cli("tree", "--save-state", path)
        #expect(result.status == 0, "\(result.stderr)")
        var status = stat()
        lstat(path, &status)
        #expect(status.st_mode & S_IFMT == S_IFREG)
        #expect(status.st_mode & 0o7777 == 0o640)
        #expect((status.st_uid, status.st_gid) == owner)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""tab" : "meat""#))
    }

    @Test func aLinkToARegularFileWritesItsTargetAndANewFileTakesTheUmask() throws {
        let folder = try ScratchFolder()
        let target = try folder.write("target.json", "old")
        chmod(target, 0o600)
        symlink(target, folder.path("link.json"))
        let result = try cliScript(
            #"umask 027; "$0" tree --save-state link.json >/dev/null && exec "$0" tree --save-state new.json >/dev/null"#,
            in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fileType(folder.path("link.json")) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains(#""tab" : "meat""#))
        var status = stat()
        lstat(target, &status)
        #expect(status.st_mode & 0o777 == 0o600)
        lstat(folder.path("new.json"), &status)
        #expect(status.st_mode & 0o777 == 0o640)
    }

    @Test func pathsThatAreNotUTF8NameTheirOwnFiles() throws {
        let folder = try ScratchFolder()
        let result = try cliScript(
            #"name=$(printf "caf\351.json"); "$0" tree --save-state "$name" >/dev/null && test -f "$name" && ! test -e "caf\357\277\275.json" && "$0" tree --restore "$name" --format json > "$name.snapshot" && "$0" tree --snapshot "$name.snapshot" | tail -n 1 && "$0" tree --snapshot "$(printf "missing\351.json")""#,
            in: folder)
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
    func endlessInputsFailAtTheirFirstImpossibleByte(command: String, message: String) throws {
        let folder = try ScratchFolder()
        let result = try cliScript("exec \"$0\" \(command)", in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == message)
    }

    @Test func randomBytesFailWithinTheFirstFewBytes() throws {
        let folder = try ScratchFolder()
        for command in ["tree --catalog /dev/urandom", "tree --snapshot /dev/urandom", "diff /dev/urandom -"] {
            let result = try cliScript("exec \"$0\" \(command) < /dev/urandom", in: folder)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.contains("not valid JSON at line "), "\(command): \(result.stderr)")
        }
    }

    @Test func everyInputIsHeldToTheLimitTheEnvironmentSets() async throws {
        let folder = try ScratchFolder()
        let snapshot = try await cli("tree", "--format", "json").stdout
        _ = try folder.write("s.json", snapshot)
        let limit = ["XTREE_MAX_INPUT_BYTES": "1K"]
        let file = try cliScript(#"exec "$0" tree --snapshot s.json"#, in: folder, environment: limit)
        let piped = try cliScript(
            #"cat s.json | exec "$0" diff - s.json"#, in: folder,
            environment: ["XTREE_MAX_INPUT_BYTES": "\(snapshot.utf8.count - 1)"])
        let exact = try cliScript(
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
