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

    /// An app in a container, whose temporary directory is its own: the CLI, outside, lists it
    /// and attaches to it. `container` is the app's temporary directory under the scratch folder
    /// (`home` standing for the scratch home), `appHome` its home, and `cliTemporary` the CLI's
    /// `TMPDIR`, if not the scratch one.
    func listsAnAppIn(
        container: [String], appHome: String? = nil, cliTemporary: String? = nil, name: String
    ) async throws {
        let places = try Places()
        var path = places.folder.url.path
        for component in container {
            path += "/" + component
            if !FileManager.default.fileExists(atPath: path) {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
            try Files.changePermissions(at: path, to: 0o700)
        }
        // The app's home is its container's, as the sandbox and the simulator set it.
        let app = try await ServedApp(
            name: name,
            environment: [
                "XTREE_INSPECTOR_DIR": "", "XDG_RUNTIME_DIR": "", "TMPDIR": path,
                "HOME": appHome.map { places.folder.url.path + "/" + $0 } ?? String(path.dropLast("/tmp".count)),
            ])
        #expect(FileManager.default.fileExists(atPath: path + "/xtree-\(Files.userID)/\(app.pid).json"))
        var environment = places.environment
        if let cliTemporary { environment["TMPDIR"] = places.folder.url.path + "/" + cliTemporary }
        let list = try await cliProcess(["list"], environment: environment)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains(name), "\(list.stdout)")
        let tree = try await cliProcess(["tree", "--attach", name, "--depth", "0"], environment: environment)
        #expect(tree.stdout.hasPrefix("0 DefaultHomeCoordinator"), "\(tree.stderr)")
    }

    /// A sandboxed Mac app's temporary directory is a folder of its own in the user's
    /// `/var/folders/…/T/`, outside its container and the home folder: the CLI, whose `TMPDIR`
    /// is that `T`, lists it without opening any container.
    @Test func listFindsASandboxedMacAppBesideItsTemporaryDirectory() async throws {
        try await listsAnAppIn(
            container: ["var", "folders", "x7", "q3v9k2ld5bn1c0000gn", "T", "com.example.Recipes"],
            appHome: "home", cliTemporary: "var/folders/x7/q3v9k2ld5bn1c0000gn/T", name: "Sandboxed")
    }

    /// A simulator app's temporary directory is too long for a socket's path: it listens on
    /// loopback TCP, and its discovery file says so.
    @Test func listFindsASimulatorAppInItsContainer() async throws {
        let device = "3F2A1B4C-5D6E-4F70-8192-A3B4C5D6E7F8"
        let app = "9E8D7C6B-5A49-4382-9170-6F5E4D3C2B1A"
        try await listsAnAppIn(
            container: [
                "home", "Library", "Developer", "CoreSimulator", "Devices", device, "data", "Containers", "Data",
                "Application",
                app, "tmp",
            ], name: "Simulated")
    }

    #if XTREE_DARWIN_PERSONALITY
        /// Without `TMPDIR`, an app announces itself in Darwin's per-user temporary directory,
        /// which for a simulator app is `tmp/` in its container: too long for a socket's path,
        /// so it listens on loopback TCP, and `list`, outside, finds it there.
        @Test func withoutTMPDIRASimulatorAppServesFromItsContainersTemporaryDirectory() async throws {
            let places = try Places()
            var data = places.home
            for component in [
                "Library", "Developer", "CoreSimulator", "Devices", "0C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F", "data",
                "Containers", "Data", "Application", "F4E3D2C1-B0A9-4887-9665-5A4B3C2D1E0F",
            ] {
                data += "/" + component
                try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
                try Files.changePermissions(at: data, to: 0o700)
            }
            try FileManager.default.createDirectory(atPath: data + "/tmp", withIntermediateDirectories: false)
            let app = try await ServedApp(
                name: "Contained",
                environment: ["XTREE_INSPECTOR_DIR": "", "XDG_RUNTIME_DIR": "", "TMPDIR": "", "HOME": data])
            let announced = data + "/tmp/xtree-\(Files.userID)/\(app.pid).json"
            #expect(try String(contentsOfFile: announced, encoding: .utf8).contains("tcp:127.0.0.1:"))
            let list = try await cliProcess(["list"], environment: places.environment)
            #expect(list.stdout.contains("Contained"), "\(list.stderr)")
        }
    #endif

    /// A place in a container that is not the user's alone is not believed; containers in the
    /// home folder are not looked in (macOS 14 would ask the user first).
    @Test func aContainerPlaceOpenToOthersIsPassedOver() throws {
        let places = try Places()
        let temporary = places.folder.path("var/folders/x7/q3v9/T")
        let place = temporary + "/com.example.Open/xtree-\(Files.userID)"
        try FileManager.default.createDirectory(atPath: place, withIntermediateDirectories: true)
        let contained = places.home + "/Library/Containers/com.example.Open/Data/tmp/xtree-\(Files.userID)"
        try FileManager.default.createDirectory(atPath: contained, withIntermediateDirectories: true)
        #expect(
            InspectorDirectory.containerPaths(home: places.home, temporary: temporary + "/", userID: Files.userID)
                == [place])
        #expect(
            InspectorDirectory.containerPaths(home: places.home, temporary: places.temporary, userID: Files.userID)
                == [])
        try Files.changePermissions(at: place, to: 0o777)
        try Data(#"{"pid":1}"#.utf8).write(to: URL(fileURLWithPath: place + "/1.json"))
        #expect(throws: InspectorError.self) { try InspectorDirectory.runningApps(in: place) }
    }
}
