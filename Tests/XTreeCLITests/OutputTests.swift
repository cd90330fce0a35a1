import Foundation
import Testing

/// The CLI never claims success that did not happen, and a reader that goes away is not an error.
@Suite struct OutputTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "/dev/full is Linux's, not macOS's"))
    func aFailedWriteIsStatus1WithAnError() throws {
        // /dev/full fails every write with ENOSPC.
        let result = try shell("'\(binary)' tree --format json > /dev/full")
        #expect(result.status == 1)
        #expect(result.output == "error: cannot write to standard output: No space left on device\n")
    }

    @Test func aClosedPipeEndsQuietlyWithStatus0() throws {
        let folder = try ScratchFolder()
        var recipes: [String] = []
        for index in 0..<3_000 {
            recipes.append(
                #"{"id":"r\#(index)","title":"T","ingredients":[],"steps":[],"isVegetarian":true,"ratings":[]}"#)
        }
        let catalog = try folder.write("big.json", #"{"recipes":[\#(recipes.joined(separator: ","))]}"#)
        // More output than a pipe buffers: the CLI meets the closed pipe while still writing.
        let result = try shell("'\(binary)' check --catalog '\(catalog)' | head -1; echo \"status ${PIPESTATUS[0]}\"")
        #expect(result.output.hasPrefix("children audit: "))
        #expect(result.output.hasSuffix("status 0\n"))
    }

    @Test func savingStateThroughALinkWritesTheTargetAndKeepsItsMode() async throws {
        let folder = try ScratchFolder()
        let target = try folder.write("state.json", "{}")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        let link = folder.path("link.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = try await cli("tree", "--open", "recipes://recipes/irish-stew", "--save-state", link)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("irish-stew"))
    }

    private var binary: String { productsDirectory.appendingPathComponent("xtree-cli").path }

    private func shell(_ script: String) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}
