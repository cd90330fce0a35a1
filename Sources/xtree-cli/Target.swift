import Foundation
import RecipesDomain
import XTree
import XTreeInspector

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
        return .snapshot(try snapshot(from: source ?? "-"))
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
    func snapshot(from source: String) throws(CLIError) -> TreeSnapshot {
        let data = try read(source, what: "snapshot")
        do {
            return try TreeSnapshot(json: data)
        } catch {
            throw .failure("invalid snapshot \(sourceName(source)): \(error.description)")
        }
    }

    private func sourceName(_ source: String) -> String {
        source == "-" ? "(standard input)" : source
    }

    /// Reads what a user named: `-` for standard input, a regular file, a pipe, a FIFO or a
    /// device, with errors in our own words.
    func read(_ source: String, what: String) throws(CLIError) -> Data {
        if source == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        let descriptor = open(source, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason =
                switch errno {
                case ENOENT: "no such file"
                case EACCES: "permission denied"
                case ELOOP: "a loop of symbolic links"
                case ENOTDIR: "a part of the path is not a directory"
                case ENAMETOOLONG: "the path is too long"
                default: String(cString: strerror(errno))
                }
            throw .failure("cannot read \(what) \(source): \(reason)")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw .failure("cannot read \(what) \(source): it is a directory, not a file")
        }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw .failure("cannot read \(what) \(source): \(error.localizedDescription)")
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
