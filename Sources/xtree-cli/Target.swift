import Foundation
import RecipesDomain
import XTree
import XTreeInspector
import XTreeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command works on, resolved once per invocation: the embedded recipes app, a
/// snapshot read from a file or standard input, or a running app attached over a socket.
@MainActor
enum Target {
    /// The recipes app, started in this process and configured by the app options.
    case app(DefaultHomeCoordinator)
    /// A snapshot written by any app.
    case snapshot(TreeSnapshot)
    /// A running app's inspector.
    case attached(InspectorClient)

    /// The options that configure the embedded app; they mean nothing for another target.
    static let appOptions = ["catalog", "open", "restore", "save-state", "approach"]
}

extension Context {
    /// The target of a command: `--attach APP`, `--snapshot SOURCE`, or the app started over
    /// `--catalog`. Applying `--restore` and `--open` is the command's part.
    func target(of arguments: ParsedArguments) throws(CLIError) -> Target {
        let attach = arguments.value("attach")
        let source = arguments.value("snapshot")
        if attach != nil, source != nil {
            throw .usage("--attach and --snapshot name two different trees; give one", command: arguments.command)
        }
        guard attach != nil || source != nil else { return .app(startApp(catalog: try catalog())) }
        let given = Target.appOptions.filter { arguments.values[$0] != nil }
        guard given.isEmpty else {
            let names = given.map { "--\($0)" }.joined(separator: ", ")
            throw .usage(
                "\(names) configure\(given.count == 1 ? "s" : "") the embedded app and cannot be used with "
                    + (attach != nil ? "--attach" : "--snapshot"),
                command: arguments.command
            )
        }
        if let attach { return .attached(try self.attach(attach)) }
        return .snapshot(try snapshot(from: arguments.path("snapshot") ?? RawPath("-")))
    }

    /// Connects to the running app that `target` names.
    func attach(_ target: String) throws(CLIError) -> InspectorClient {
        do {
            return try InspectorClient(InspectorClient.resolve(target))
        } catch {
            throw .failure("cannot attach to \(target): \(error.description)")
        }
    }

    /// A snapshot from a file, a pipe or `-` (standard input), validated.
    func snapshot(from source: RawPath) throws(CLIError) -> TreeSnapshot {
        let data = try read(source, what: "snapshot")
        do {
            return try TreeSnapshot(json: data)
        } catch {
            throw .failure("invalid snapshot \(sourceName(source)): \(error.description)")
        }
    }

    private func sourceName(_ source: RawPath) -> String {
        source.isStandardStream ? "(standard input)" : source.description
    }

    /// Reads the JSON document a user named: `-` for standard input, a regular file, a pipe,
    /// a FIFO or a device, held to the input limit and given up at the first byte that cannot
    /// be JSON, with errors in our own words.
    func read(_ source: RawPath, what: String) throws(CLIError) -> Data {
        var descriptor = STDIN_FILENO
        if !source.isStandardStream {
            descriptor = source.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else {
                throw .failure("cannot read \(what) \(source): \(OutputFile.Problem.reason(errno, reading: true))")
            }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw .failure("cannot read \(what) \(sourceName(source)): it is a directory, not a file")
        }
        do {
            return try JSONInput.read(descriptor: descriptor, limit: inputLimit)
        } catch {
            throw .failure("cannot read \(what) \(sourceName(source)): \(error)")
        }
    }
}

/// Runs a request to an attached app, with its failure in the CLI's words: an app that went
/// away mid-command is status 1 with the reason.
func live<Value>(_ body: () throws(InspectorError) -> Value) throws(CLIError) -> Value {
    do {
        return try body()
    } catch {
        throw .failure(error.description)
    }
}
