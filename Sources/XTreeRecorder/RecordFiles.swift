import Foundation
import XTreePlatform

/// The files of an app's records: one writer a file, held by an advisory lock for the
/// writer's life; a second live instance writes `NAME.PID.flightrecord` beside the first's.
/// Nothing here ever cuts or replaces a file another process may have mapped, and every file
/// is opened without following a last link and without waiting (a FIFO there never hangs an
/// app at launch).
enum RecordFiles {
    /// The file a recorder writes, open and locked; or why there is none.
    struct Claim {
        let path: String
        let descriptor: Int32?
        let problem: String?
    }

    /// Takes `path`, or while a live instance holds it, this process's own file beside it.
    static func claim(_ path: String) -> Claim {
        for candidate in [path, instancePath(path, process: ProcessInfo.processInfo.processIdentifier)] {
            switch open(candidate, forWriting: true) {
            case .success(let descriptor?): return Claim(path: candidate, descriptor: descriptor, problem: nil)
            case .success(nil): continue
            case .failure(let problem): return Claim(path: candidate, descriptor: nil, problem: problem.description)
            }
        }
        return Claim(path: path, descriptor: nil, problem: "\(path) and this process's own file beside it are held")
    }

    /// `NAME.PID.flightrecord` beside `NAME.flightrecord`.
    static func instancePath(_ path: String, process: Int32) -> String {
        let stem = path.hasSuffix(".flightrecord") ? String(path.dropLast(".flightrecord".count)) : path
        return "\(stem).\(process).flightrecord"
    }

    /// A regular file at `path`, opened and locked: `nil` if a live instance holds its lock.
    /// Made (mode 0600) if missing when `forWriting`.
    static func open(_ path: String, forWriting: Bool) -> Result<Int32?, FlightRecordError> {
        do {
            let options: OpenOptions =
                forWriting ? [.readWrite, .create, .noFollow, .nonBlocking] : [.noFollow, .nonBlocking]
            let descriptor = try Files.open(path, options, mode: 0o600)
            let status = try Files.status(of: descriptor)
            guard status.kind == .regular else {
                Files.close(descriptor)
                return .failure(FlightRecordError("\(path) is \(status.kind.described), not a regular file"))
            }
            guard try Files.lock(descriptor) else {
                Files.close(descriptor)
                return .success(nil)
            }
            return .success(descriptor)
        } catch {
            return .failure(FlightRecordError("cannot open \(path): \(error)"))
        }
    }

    /// The newest record of `app` that no live instance holds: what the claimed file held,
    /// or a `NAME.PID.flightrecord` beside `path` whose instance is gone. The other such files
    /// of ended instances are removed, so that they do not pile up.
    static func lastRun(of app: String, at path: String, claimed: Claim) -> (record: FlightRecord?, problem: String?) {
        // Only this file's own instances': a configured `NAME.2024.flightrecord` is no instance.
        let stem = path.hasSuffix(".flightrecord") ? String(path.dropLast(".flightrecord".count)) : path
        let siblings = family(of: path).filter { $0 != path && $0.hasPrefix(stem + ".") }
        var found: [(path: String, record: FlightRecord)] = []
        var problem: String?
        for candidate in [path] + siblings {
            let bytes: Data?
            if candidate == claimed.path {
                bytes = claimed.descriptor.flatMap(read)
            } else if case .success(let descriptor?) = open(candidate, forWriting: false) {
                bytes = read(descriptor)
                Files.close(descriptor)
            } else {
                bytes = nil
            }
            guard let bytes, !bytes.isEmpty else { continue }
            do throws(FlightRecordError) {
                let record = try FlightRecord(bytes: bytes)
                if record.app.description == app {
                    found.append((candidate, record))
                } else if candidate == path {
                    problem = "it was written by \(record.app)"
                }
            } catch {
                if candidate == path { problem = error.description }
            }
        }
        let newest = found.max { $0.record.started < $1.record.started }
        for (candidate, _) in found where candidate != newest?.path && candidate != path && candidate != claimed.path {
            try? Files.remove(candidate)
        }
        guard let newest else { return (nil, problem) }
        return (newest.record, nil)
    }

    /// The record files named as `path` is, in its folder: `NAME.flightrecord` and each
    /// `NAME.PID.flightrecord`, whichever of the two `path` names; `path` itself first.
    static func family(of path: String) -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        var stem = (path as NSString).lastPathComponent
        if stem.hasSuffix(".flightrecord") { stem.removeLast(".flightrecord".count) }
        if let dot = stem.lastIndex(of: "."), isProcessNumber(stem[stem.index(after: dot)...]) {
            stem = String(stem[..<dot])
        }
        let named = ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []).filter
        { file in
            guard file.hasPrefix(stem + "."), file.hasSuffix(".flightrecord") else { return false }
            let middle = file.dropFirst(stem.count + 1).dropLast(".flightrecord".count)
            return middle.isEmpty || isProcessNumber(middle)
        }
        let paths = named.sorted().map { (folder.isEmpty ? "" : folder + "/") + $0 }
        return [path] + paths.filter { $0 != path }
    }

    private static func isProcessNumber(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 10 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The bytes of an open record, from its start, at most the largest record's.
    private static func read(_ descriptor: Int32) -> Data? {
        guard Files.rewind(descriptor) else { return nil }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while data.count <= RecordLayout.maximumFileSize {
            let count = chunk.withUnsafeMutableBytes { (try? Files.read(descriptor, into: $0)) ?? -1 }
            if count < 0 { return nil }
            if count == 0 { break }
            data.append(contentsOf: chunk[..<count])
        }
        return data.count <= RecordLayout.maximumFileSize ? data : nil
    }
}

extension FlightRecord {
    /// The other record files beside the one at `path` that share its name: `NAME.flightrecord`
    /// and each `NAME.PID.flightrecord` a second instance wrote. Each with its record, or
    /// `nil` while a live instance holds the file; files that are no record are left out.
    public static func others(beside path: String) -> [(path: String, record: FlightRecord?)] {
        RecordFiles.family(of: path).dropFirst().compactMap { other in
            switch RecordFiles.open(other, forWriting: false) {
            case .success(nil): return (other, nil)
            case .success(let descriptor?):
                defer { Files.close(descriptor) }
                return (try? FlightRecord(contentsOf: other)).map { (other, $0) }
            case .failure: return nil
            }
        }
    }
}
