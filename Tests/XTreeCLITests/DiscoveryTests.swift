import Foundation
import Testing
import XTreeInspector
import XTreePlatform

/// Discovery when another local user made the inspector directory's name first in the shared
/// temporary folder: refused, as it must be, and passed over for the user's home.
@Suite struct DiscoveryTests {
    /// A temporary folder anyone may write in, a home folder, and the environment that names
    /// them with no inspector directory of its own.
    struct Places {
        let folder: ScratchFolder
        let temporary: String
        let home: String
        var environment: [String: String] {
            ["XTREE_INSPECTOR_DIR": "", "XDG_RUNTIME_DIR": "", "TMPDIR": temporary, "HOME": home]
        }

        init() throws {
            folder = try ScratchFolder()
            temporary = folder.path("tmp")
            home = folder.path("home")
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
            try Files.changePermissions(at: temporary, to: 0o1777)
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
            try Files.changePermissions(at: home, to: 0o700)
        }

        /// `xtree-UID` made in the temporary folder as another user would leave it: open to
        /// others, and (when the tests run as root) that user's.
        func squat() throws -> String {
            let squatted = temporary + "/xtree-\(Files.userID)"
            try FileManager.default.createDirectory(atPath: squatted, withIntermediateDirectories: false)
            try Files.changePermissions(at: squatted, to: 0o777)
            if Files.userID == 0 { try Files.changeOwner(at: squatted, owner: 65_534, group: 65_534) }
            return squatted
        }
    }

    @Test func theHomeFolderIsTriedWhenTheTemporaryOneIsSquatted() throws {
        let places = try Places()
        let candidates = InspectorDirectory.defaultPaths(environment: places.environment, userID: Files.userID)
        #expect(candidates == [places.temporary + "/xtree-\(Files.userID)", places.home + "/.xtree-inspector"])
        let squatted = try places.squat()
        #expect(try InspectorDirectory.firstSafe(candidates) == places.home + "/.xtree-inspector")
        // With the home folder's place refused too, the error names both.
        try Files.changePermissions(at: places.home + "/.xtree-inspector", to: 0o755)
        do {
            _ = try InspectorDirectory.firstSafe(candidates)
            Issue.record("both places are refused")
        } catch {
            #expect(error.description.hasPrefix("the inspector directory \(squatted) is refused, and so is every"))
            #expect(error.description.contains(places.home + "/.xtree-inspector is open to other users"))
        }
    }

    @Test func anAppAndListGoOnToTheHomeFolder() async throws {
        let places = try Places()
        _ = try places.squat()
        let app = try await ServedApp(name: "Squatted", environment: places.environment)
        let announced = places.home + "/.xtree-inspector/\(app.pid).json"
        #expect(FileManager.default.fileExists(atPath: announced))
        let list = try await app.cli("list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Squatted"), "\(list.stdout)")
    }
}
