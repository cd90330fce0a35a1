import Foundation
import Testing
import XTreePlatform

/// `doctor` says why an app cannot be seen or attached, for each rule that hides one.
@Suite struct DoctorTests {
    /// An inspector directory of the test's own, and the environment that names it.
    static func directory() throws -> (ScratchFolder, String, [String: String]) {
        let folder = try ScratchFolder()
        let directory = folder.path("inspectors")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try Files.changePermissions(at: directory, to: 0o700)
        return (folder, directory, ["XTREE_INSPECTOR_DIR": directory])
    }

    /// A discovery file for this test process (alive), as an app of protocol `version` writes it.
    static func announce(in directory: String, version: Int) throws -> Int32 {
        let pid = Terminal.processID
        let json = #"{"address":"unix:/nowhere.sock","name":"Old","pid":\#(pid),"token":"t","version":\#(version)}"#
        let file = directory + "/\(pid).json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: file))
        try Files.changePermissions(at: file, to: 0o600)
        return pid
    }

    @Test func anEmptyDirectoryIsSaidToBeEmptyAndListPointsToDoctor() async throws {
        let (folder, directory, environment) = try Self.directory()
        defer { withExtendedLifetime(folder) {} }
        let doctor = try await cliProcess(["doctor"], environment: environment)
        #expect(doctor.status == 0)
        #expect(
            doctor.stdout == "this xtree-cli speaks inspector protocol 7; it looks in:\n"
                + "  \(directory): no app has announced itself here\n")
        let list = try await cliProcess(["list"], environment: environment)
        #expect(list.stdout.contains("'xtree-cli doctor' says where apps are looked for"))
    }

    @Test func anAppOfAnotherProtocolVersionIsNamedWithBothVersions() async throws {
        let (folder, directory, environment) = try Self.directory()
        defer { withExtendedLifetime(folder) {} }
        let pid = try Self.announce(in: directory, version: 6)
        let doctor = try await cliProcess(["doctor"], environment: environment)
        #expect(doctor.status == 1)
        #expect(
            doctor.stdout.contains(
                "\"Old\" (pid \(pid)): speaks protocol 6, this xtree-cli 7: use the xtree-cli of the XTree version"),
            "\(doctor.stdout)")
        #expect(doctor.stderr == "error: 1 discovery file found whose app cannot be attached\n")
    }

    @Test(.enabled(if: Files.userID == 0, "skipped: giving a file to another user needs the super-user"))
    func aDiscoveryFileOfAnotherOwnerIsNotBelieved() async throws {
        let (folder, directory, environment) = try Self.directory()
        defer { withExtendedLifetime(folder) {} }
        let pid = try Self.announce(in: directory, version: 7)
        try Files.changeOwner(at: directory + "/\(pid).json", owner: 65_534, group: 65_534)
        let doctor = try await cliProcess(["doctor"], environment: environment)
        #expect(doctor.status == 1)
        #expect(
            doctor.stdout.contains("\(pid).json: it belongs to user 65534, not to you: not believed"),
            "\(doctor.stdout)")
    }
}
