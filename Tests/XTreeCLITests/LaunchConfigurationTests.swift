import Foundation
import Testing
import XTreeArgumentParser
import XTreePlatform

@testable import XTreeTargets

/// `.xtree.json` is obeyed as git obeys a repository: only the user's own file, not writable by
/// others, found between the current directory and the repository's root, naming a program
/// inside its own folder.
@Suite struct LaunchConfigurationTests {
    static let user: UInt32 = 501

    static func status(_ kind: FileKind, _ permissions: UInt32, owner: UInt32 = user) -> FileStatus {
        FileStatus(kind: kind, permissions: permissions, owner: owner, group: 20, size: 10)
    }

    @Test(
        arguments: [
            (status(.regular, 0o644), nil),
            (status(.regular, 0o600), nil),
            (status(.regular, 0o444), nil),
            (status(.regular, 0o664), "others may write it (mode 664); chmod go-w it"),
            (status(.regular, 0o646), "others may write it (mode 646); chmod go-w it"),
            (status(.regular, 0o644, owner: 0), "it belongs to user 0, not to you (501)"),
            (status(.regular, 0o644, owner: 502), "it belongs to user 502, not to you (501)"),
            (status(.fifo, 0o644), "it is a FIFO, not a regular file"),
            (status(.symbolicLink, 0o777), "it is a symbolic link, not a regular file"),
        ] as [(FileStatus, String?)])
    func aFileIsObeyedOnlyIfItIsTheUsersAndNoOneElseMayWriteIt(status: FileStatus, reason: String?) {
        #expect(LaunchConfiguration.distrust(status, user: Self.user) == reason)
    }

    /// A file system of folders with their owners and the names in them.
    static func folders(
        from directory: String, home: String? = "/home/me", _ tree: [String: UInt32], files: Set<String> = []
    ) -> [String] {
        LaunchConfiguration.searchedFolders(from: directory, home: home, user: user) { path in
            if let owner = tree[path] { return status(.directory, 0o755, owner: owner) }
            return files.contains(path) ? status(.regular, 0o644) : nil
        }
    }

    @Test func theSearchGoesUpToTheRepositorysRootAndNoFurther() {
        let tree: [String: UInt32] = [
            "/": 0, "/home": 0, "/home/me": Self.user, "/home/me/app": Self.user, "/home/me/app/Sources": Self.user,
            "/home/me/app/Sources/Feature": Self.user,
        ]
        #expect(
            Self.folders(from: "/home/me/app/Sources/Feature", tree, files: ["/home/me/app/.git"])
                == ["/home/me/app/Sources/Feature", "/home/me/app/Sources", "/home/me/app"])
        #expect(
            Self.folders(from: "/home/me/app/Sources", tree, files: ["/home/me/app/Package.swift"])
                == ["/home/me/app/Sources", "/home/me/app"])
        // No root below home: the current directory alone, never home or above.
        #expect(Self.folders(from: "/home/me/app/Sources", tree) == ["/home/me/app/Sources"])
        // A root in home itself is found; nothing above home is looked at.
        #expect(
            Self.folders(from: "/home/me/app", tree, files: ["/home/me/.git", "/.git"]) == ["/home/me/app", "/home/me"])
    }

    @Test func theSearchNeverEntersAFolderTheUserDoesNotOwn() {
        // A shared, world-writable /tmp/project of another user's, with a repository above it.
        let tree: [String: UInt32] = ["/": 0, "/tmp": 0, "/tmp/project": 502, "/tmp/project/mine": Self.user]
        #expect(
            Self.folders(from: "/tmp/project/mine", home: nil, tree, files: ["/tmp/project/.git"]) == [
                "/tmp/project/mine"
            ])
        #expect(Self.folders(from: "/tmp/project/mine", home: nil, tree, files: ["/tmp/.git"]) == ["/tmp/project/mine"])
    }

    /// A repository with `.xtree.json` and a launch script in it, and a folder below.
    struct Repository {
        let folder = try! ScratchFolder()
        let root: String

        init(_ json: String = #"{"launch": {"app": "launch.sh"}}"#) throws {
            try FileManager.default.createDirectory(atPath: folder.path(".git"), withIntermediateDirectories: false)
            try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: false)
            let script = try folder.write("launch.sh", "#!/bin/sh\n")
            try Files.changePermissions(at: script, to: 0o700)
            try Files.changePermissions(at: try folder.write(".xtree.json", json), to: 0o644)
            root = try #require(try? String(decoding: Files.resolvedPath(folder.path("")), as: UTF8.self))
        }

        func command(_ name: String = "app") throws(CLIError) -> LaunchConfiguration.Command {
            try LaunchConfiguration.command(for: name, from: folder.path("sub"), home: nil)
        }
    }

    @Test func aNameRunsTheProgramItNamesInsideTheFilesFolder() throws {
        let repository = try Repository()
        #expect(
            try repository.command()
                == .init(
                    path: repository.root + "/launch.sh", arguments: [], file: repository.folder.path(".xtree.json")))
    }

    @Test func aFileOthersMayWriteIsNotObeyed() throws {
        let repository = try Repository()
        try Files.changePermissions(at: repository.folder.path(".xtree.json"), to: 0o666)
        let error = #expect(throws: CLIError.self) { try repository.command() }
        #expect(error?.message.hasSuffix(".xtree.json: others may write it (mode 666); chmod go-w it") == true)
    }

    @Test func aProgramOutsideTheFilesFolderIsRefusedWithItsResolvedPath() throws {
        let outside = try Repository(#"{"launch": {"app": "../elsewhere.sh", "shell": "/bin/sh"}}"#)
        let beside = URL(fileURLWithPath: outside.root).deletingLastPathComponent().path + "/elsewhere.sh"
        #expect(FileManager.default.createFile(atPath: beside, contents: Data("#!/bin/sh\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: beside) }
        let shell = String(decoding: try Files.resolvedPath("/bin/sh"), as: UTF8.self)
        for (name, resolved) in [("app", beside), ("shell", shell)] {
            let error = #expect(throws: CLIError.self) { try outside.command(name) }
            #expect(
                error?.message.contains("as \(resolved), outside the file's folder") == true, "\(error?.message ?? "")")
        }
        // A path on the command line is the user's own choice and always runs.
        #expect(try outside.command("/bin/sh").path == "/bin/sh")
    }

    @Test(.enabled(if: Files.userID == 0, "skipped: giving a file to another user needs the super-user"))
    func anotherUsersFileIsNotObeyedEndToEnd() async throws {
        let repository = try Repository()
        try Files.changeOwner(at: repository.folder.path(".xtree.json"), owner: 4242, group: 4242)
        let result = try await cliScript(#"cd sub && "$0" tree --launch app"#, in: repository.folder)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: not obeying \(repository.folder.path(".xtree.json")): it belongs to user 4242, not to you (0)\n"
        )
    }
}
