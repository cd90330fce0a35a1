import Foundation
import XTree
import XTreePlatform
import XTreeSupport

/// Keeps the app's last links in a file of its own that outlives a crash: turned on in one
/// line, cheap enough for release builds.
///
/// ```swift
/// let recorder = try FlightRecorder.start(for: RecipesApp.self)
/// if let last = recorder.lastRun, !last.endedCleanly {
///     for line in last.breadcrumbs { crashReporter.addBreadcrumb(line) }
/// }
/// ```
///
/// Each link the app applies through its inspector (`Inspector.serve`, `Inspector.journaling`)
/// or through ``recording(link:_:)`` is written before it is applied, with its number and
/// time, and its outcome once known, into a ring of fixed slots in a memory-mapped file: a
/// write is a copy into the file's pages, which the system keeps when the process dies, so
/// no system call is made per link. The links are redacted first (``LinkRedaction``).
///
/// What survives: every link written before a crash, a trap, `abort` or `SIGKILL`; a link
/// being written as the process died is left out, and one being applied is read as
/// incomplete. Against power loss, only what was written before the last `msync`: pass
/// `durable: true` to make one per link (a few milliseconds each on most storage).
public final class FlightRecorder: @unchecked Sendable {
    /// The file it records in: the one asked for, or, while another live instance of the app
    /// records there, `NAME.PID.flightrecord` beside it.
    public let path: String
    /// What the file held when the recorder started: the last run, or `nil` if there was no
    /// readable record of this app (``lastRunProblem`` says why, if one was there). It is the
    /// newest record of the app that no live instance holds: the file's, or a
    /// `NAME.PID.flightrecord` beside it that a second instance left.
    public let lastRun: FlightRecord?
    /// Why a file that was there could not be read as the last run, if it could not.
    public let lastRunProblem: String?
    /// Why this recorder records nothing, if it does not: its file could not be made, locked
    /// or mapped. An app runs on without a record.
    public let problem: String?
    /// The mapped file, while it records.
    private let start: UnsafeMutableRawPointer?
    /// The file, open for the recorder's life: its advisory lock says a live instance writes
    /// it (one writer a file), and Darwin's `F_FULLFSYNC` needs it for `durable`.
    private let descriptor: Int32
    private let size: Int
    private let slotSize: Int
    private let slotCount: Int
    private let durable: Bool
    /// The last sequence number given, and whether the header says the run ended cleanly.
    private let state = Locked((sequence: UInt64(0), clean: false))

    /// The recorder the inspector writes to: the last one started.
    public static var current: FlightRecorder? { started.withLock { $0 } }
    private static let started = Locked<FlightRecorder?>(nil)
    private static let marksAtExit: Void = Terminal.atExit { FlightRecorder.current?.markEndedCleanly() }

    /// The variable that sends a recorder's file to another folder: `xtree-cli` sets it for
    /// the apps it launches (`--launch`, `crash`, `fuzz`, `check`) to their private folder, so
    /// that they never write over the record of the app's own runs.
    public static let folderVariable = "XTREE_FLIGHTRECORD_DIR"

    /// The file a recorder of `app` keeps by default: `XTree/APP.flightrecord` in the user's
    /// Application Support directory (on Linux, `~/.local/share`).
    public static func defaultPath<App: DeepLinkableApp>(for app: App.Type) -> String {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first?.path
            ?? NSTemporaryDirectory()
        return base + "/XTree/" + String(reflecting: app) + ".flightrecord"
    }

    /// Starts recording the links of `app` in `path`, after reading what the last run left
    /// there (``lastRun``), and makes it ``current``. A file that cannot be recorded in never
    /// keeps the app from running: the recorder says why on standard error and in
    /// ``problem``, and records nothing.
    ///
    /// - Parameters:
    ///   - app: The app's type, whose name the record holds: a record another type wrote is
    ///     not taken for the last run.
    ///   - path: The file; ``defaultPath(for:)`` if `nil`. Its directory is made if missing.
    ///     Where ``folderVariable`` names a folder, the file of that name there instead.
    ///   - slots: How many links are kept: the last `slots`.
    ///   - slotSize: The bytes each link has, a multiple of 8 from 128: a link longer than
    ///     `slotSize - 100` bytes is kept cut, and says so.
    ///   - durable: Whether each link is written to storage (`msync`, and on Darwin
    ///     `F_FULLFSYNC`, which asks the drive too) before it is applied.
    /// - Throws: ``FlightRecordError`` if `slots` or `slotSize` is out of bounds.
    @discardableResult
    public static func start<App: DeepLinkableApp>(
        for app: App.Type, at path: String? = nil, slots: Int = 256, slotSize: Int = 512, durable: Bool = false
    ) throws(FlightRecordError) -> FlightRecorder {
        var path = path ?? defaultPath(for: app)
        if let folder = ProcessInfo.processInfo.environment[folderVariable], folder.hasPrefix("/") {
            path = folder + "/" + (path as NSString).lastPathComponent
        }
        let recorder = try FlightRecorder(
            app: String(reflecting: app), path: path, slots: slots, slotSize: slotSize, durable: durable)
        if let problem = recorder.problem {
            FileHandle.standardError.write(Data("XTree: not recording links: \(problem)\n".utf8))
        } else if recorder.path != path {
            FileHandle.standardError.write(
                Data("XTree: another instance records in \(path); this one records in \(recorder.path)\n".utf8))
        }
        started.withLock { $0 = recorder }
        return recorder
    }

    init(app: String, path: String, slots: Int, slotSize: Int, durable: Bool) throws(FlightRecordError) {
        guard RecordLayout.slotCounts.contains(slots), RecordLayout.slotSizes.contains(slotSize), slotSize % 8 == 0
        else {
            throw FlightRecordError(
                "a flight recorder has 1 to 100,000 slots of 128 to 65,536 bytes, a multiple of 8: not \(slots) of \(slotSize)"
            )
        }
        self.slotSize = slotSize
        self.slotCount = slots
        self.durable = durable
        size = RecordLayout.headerSize + slots * slotSize
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let claim = RecordFiles.claim(path)
        self.path = claim.path
        descriptor = claim.descriptor ?? -1
        let last = RecordFiles.lastRun(of: app, at: path, claimed: claim)
        (lastRun, lastRunProblem) = (last.record, last.problem)
        guard let descriptor = claim.descriptor else {
            (start, problem) = (nil, claim.problem)
            return
        }
        do throws(SystemError) {
            // Only this recorder maps a file it holds the lock of: its size may change, and
            // the mapping is cleared rather than the file cut.
            if try Files.status(of: descriptor).size != Int64(size) {
                try Files.setSize(of: descriptor, to: Int64(size))
            }
            let mapped = try Memory.mapShared(descriptor, size: size)
            mapped.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            (start, problem) = (mapped, nil)
        } catch {
            (start, problem) = (nil, "cannot record links in \(claim.path): \(error)")
            return
        }
        writeHeader(app: app)
    }

    deinit {
        if let start { Memory.unmap(start, size: size) }
        if descriptor >= 0 { Files.close(descriptor) }
    }

    private func writeHeader(app: String) {
        guard let start else { return }
        typealias H = RecordLayout.Header
        start.initializeMemory(as: UInt8.self, repeating: 0, count: RecordLayout.headerSize)
        RecordLayout.magic.withUnsafeBytes { start.copyMemory(from: $0.baseAddress!, byteCount: 8) }
        store(RecordLayout.version, at: H.version)
        store(UInt32(slotSize), at: H.slotSize)
        store(UInt32(slotCount), at: H.slotCount)
        store(RecordLayout.running, at: H.state)
        store(Date().timeIntervalSince1970.bitPattern, at: H.started)
        store(UInt32(bitPattern: ProcessInfo.processInfo.processIdentifier), at: H.process)
        var name = app
        name.withUTF8 { bytes in
            let count = RecordLayout.keptCount(
                of: UnsafeRawBufferPointer(bytes), capacity: RecordLayout.maximumAppBytes)
            store(UInt16(count), at: H.appLength)
            (start + H.app).copyMemory(from: bytes.baseAddress!, byteCount: count)
        }
        _ = Self.marksAtExit
        synchronizeIfDurable()
    }

    private func store<Value: FixedWidthInteger>(_ value: Value, at offset: Int) {
        start?.storeBytes(of: value.littleEndian, toByteOffset: offset, as: Value.self)
    }

    /// A link begun: what ``end(_:reached:)``, ``end(_:typeNamed:)`` and ``end(_:failed:)`` take.
    public struct Ticket: Sendable {
        /// The link's number in this run.
        public let sequence: UInt64
        let began: Double
        let link: String
        let kept: String
    }

    /// Writes `link`, redacted, before it is applied.
    public func begin(_ link: String) -> Ticket {
        typealias S = RecordLayout.Slot
        let kept = LinkRedaction.current(link)
        let now = Date().timeIntervalSince1970
        guard let start else { return Ticket(sequence: 0, began: now, link: link, kept: kept) }
        let sequence = state.withLock { state in
            state.sequence += 1
            if state.clean {
                store(RecordLayout.running, at: RecordLayout.Header.state)
                state.clean = false
            }
            let slot = start + RecordLayout.headerSize + Int((state.sequence - 1) % UInt64(slotCount)) * slotSize
            slot.initializeMemory(as: UInt8.self, repeating: 0, count: S.link)
            (slot + S.outcome(slotSize)).initializeMemory(as: UInt8.self, repeating: 0, count: S.outcomeSize)
            slot.storeBytes(of: state.sequence.littleEndian, toByteOffset: S.sequence, as: UInt64.self)
            slot.storeBytes(of: now.bitPattern.littleEndian, toByteOffset: S.time, as: UInt64.self)
            var text = kept
            let count = text.withUTF8 { bytes in
                let count = RecordLayout.keptCount(
                    of: UnsafeRawBufferPointer(bytes), capacity: S.linkCapacity(slotSize))
                if count > 0 { (slot + S.link).copyMemory(from: bytes.baseAddress!, byteCount: count) }
                if count < bytes.count {
                    slot.storeBytes(of: RecordLayout.truncatedFlag, toByteOffset: S.flags, as: UInt8.self)
                }
                return count
            }
            slot.storeBytes(of: UInt16(count).littleEndian, toByteOffset: S.linkLength, as: UInt16.self)
            let checksum = RecordLayout.checksum(slot, count: S.link + count)
            slot.storeBytes(of: checksum.littleEndian, toByteOffset: S.checksum(slotSize), as: UInt64.self)
            return state.sequence
        }
        synchronizeIfDurable()
        return Ticket(sequence: sequence, began: now, link: link, kept: kept)
    }

    /// Writes that the link of `ticket` ended on an object of the type named `receiver`.
    public func end(_ ticket: Ticket, typeNamed receiver: String) {
        end(ticket, kind: RecordLayout.reachedKind, text: receiver)
    }

    /// Writes that the link of `ticket` ended on `object` (`nil`: on nothing); its type's name
    /// is made once per type.
    public func end(_ ticket: Ticket, reached object: (any DeepLinkable)?) {
        guard let object else { return end(ticket, typeNamed: "nothing") }
        let type = type(of: object)
        let name = typeNames.withLock { names in
            if let name = names[ObjectIdentifier(type)] { return name }
            let name = String(describing: type)
            names[ObjectIdentifier(type)] = name
            return name
        }
        end(ticket, kind: RecordLayout.reachedKind, text: name)
    }

    private let typeNames = Locked<[ObjectIdentifier: String]>([:])

    /// Writes that the link of `ticket` failed with `error`; what the link's redaction hid is
    /// hidden in its message too (``LinkRedaction``). A link still held when its tool stopped
    /// waiting (`HeldLinkError.notDelivered`) is written as held, by its
    /// holder.
    public func end(_ ticket: Ticket, failed error: any Error) {
        if case .notDelivered(_, let holder, _) = error as? HeldLinkError {
            return end(ticket, kind: RecordLayout.heldKind, text: holder)
        }
        let message = LinkRedaction.current.message(String(describing: error), of: ticket.link, kept: ticket.kept)
        end(ticket, kind: RecordLayout.failedKind, text: message)
    }

    private func end(_ ticket: Ticket, kind: UInt8, text: String) {
        typealias S = RecordLayout.Slot
        guard let start, ticket.sequence > 0 else { return }
        let seconds = Float(max(0, Date().timeIntervalSince1970 - ticket.began))
        state.withLock { state in
            // A ring that went round since the link began holds another link in its slot.
            guard state.sequence - ticket.sequence < UInt64(slotCount) else { return }
            let slot = start + RecordLayout.headerSize + Int((ticket.sequence - 1) % UInt64(slotCount)) * slotSize
            let outcome = slot + S.outcome(slotSize)
            var text = text
            let count = text.withUTF8 { bytes in
                let count = RecordLayout.keptCount(of: UnsafeRawBufferPointer(bytes), capacity: S.maximumOutcomeText)
                if count > 0 { (outcome + 8).copyMemory(from: bytes.baseAddress!, byteCount: count) }
                return count
            }
            outcome.storeBytes(of: kind, toByteOffset: 0, as: UInt8.self)
            outcome.storeBytes(of: UInt8(count), toByteOffset: 1, as: UInt8.self)
            outcome.storeBytes(of: seconds.bitPattern.littleEndian, toByteOffset: 4, as: UInt32.self)
            let checksum = RecordLayout.outcomeChecksum(sequence: ticket.sequence, outcome, textCount: count)
            outcome.storeBytes(of: checksum.littleEndian, toByteOffset: 64, as: UInt64.self)
        }
        synchronizeIfDurable()
    }

    /// Applies a link the app received itself with `handler`, recording it before and its
    /// outcome after.
    ///
    /// - Returns: What `handler` returned.
    /// - Throws: What `handler` throws, once its failure is recorded.
    @MainActor
    @discardableResult
    public func recording(
        link: String, _ handler: @MainActor () async throws -> (any DeepLinkable)?
    ) async throws -> (any DeepLinkable)? {
        let ticket = begin(link)
        do {
            let reached = try await handler()
            end(ticket, reached: reached)
            return reached
        } catch {
            end(ticket, failed: error)
            throw error
        }
    }

    /// Marks the run as ended cleanly, until the next link: call it where the app may be
    /// ended without a crash (iOS's `sceneDidEnterBackground`), since the system ends a
    /// suspended app without a word. A normal `exit` marks it too.
    public func markEndedCleanly() {
        state.withLock { state in
            guard !state.clean else { return }
            store(RecordLayout.endedCleanly, at: RecordLayout.Header.state)
            state.clean = true
        }
        synchronizeIfDurable()
    }

    /// Stops being ``current``, if it is: the inspector writes to it no more. The file stays.
    public func stopRecording() {
        Self.started.withLock { current in
            if current === self { current = nil }
        }
    }

    /// What the file holds now.
    public func read() throws(FlightRecordError) -> FlightRecord {
        guard let start else { throw FlightRecordError(problem ?? "not recording") }
        let bytes = state.withLock { _ in Data(bytes: start, count: size) }
        return try FlightRecord(bytes: bytes)
    }

    private func synchronizeIfDurable() {
        guard durable, let start else { return }
        try? Memory.synchronize(start, size: size)
        // msync writes to the device; only F_FULLFSYNC on Darwin asks the drive to keep it.
        try? Files.synchronize(descriptor)
    }
}
