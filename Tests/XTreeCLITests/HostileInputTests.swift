import Foundation
import RecipesDomain
import Testing

/// The CLI under hostile input: each case ends with a clear error and the right status,
/// and none hangs or crashes.
@Suite struct HostileInputTests {
    @Test func overlongLinkArgumentIsRejected() async throws {
        // A single argument is limited to 128 KiB by Linux; 1 MB links are fed to `watch`.
        let link = "recipes://recipes/" + String(repeating: "a", count: 100_000)
        let result = try await cli("open", link)
        #expect(result.status == 1)
        #expect(result.stderr == "error: link is 100018 bytes long; links are at most 2048 bytes\n")
    }

    @Test func controlCharactersInArgumentsAreEscaped() async throws {
        let result = try await cli("open", "recipes://tab/\u{1B}[2Jveg")
        #expect(result.status == 1)
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stderr.hasPrefix("error: "))
    }

    /// In a process of its own: loading and printing 100,000 recipes would hold the test
    /// runner's main actor for seconds, and the inspector tests need it to answer.
    @Test func catalogOfOneHundredThousandRecipesLoads() async throws {
        let scratch = try ScratchFolder()
        let path = scratch.path("big.json")
        var json = #"{"recipes":["#
        for index in 0..<100_000 {
            if index > 0 { json += "," }
            json += #"{"id":"recipe-\#(index)","title":"Recipe \#(index)","ingredients":["x"],"steps":["y"],"#
            json +=
                #""isVegetarian":\#(index % 2 == 0),"ratings":[{"author":"a","value":\#(index % 5 + 1),"comment":""}]}"#
        }
        json += "]}"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let result = try await cliProcess("tree", "--catalog", path, "--open", "recipes://recipes/recipe-99999/ratings")
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""Vegetarian" recipes=50000"#))
        #expect(result.stdout.contains(#""Recipe 99999" recipe=recipe-99999 ratings=1 mean=5.0 ◀"#))
        let duplicate = try scratch.write(
            "dup.json", json.replacingOccurrences(of: "\"recipe-99999\"", with: "\"recipe-5\""))
        let failed = try await cliProcess("tree", "--catalog", duplicate)
        #expect(failed.status == 1)
        #expect(
            failed.stderr
                == "error: cannot load \(duplicate): catalog recipe 100000 ('recipe-5'): id is also the id of recipe 6; ids and slugs must be unique\n"
        )
    }

    @Test func emptyAndBinaryFilesAreRejected() async throws {
        let scratch = try ScratchFolder()
        let empty = try scratch.write("empty.json", "")
        let binary = scratch.path("binary.json")
        try Data([0x00, 0xFF, 0x7B, 0x0A]).write(to: URL(fileURLWithPath: binary))
        #expect(
            try await cli("diff", empty, empty).stderr
                == "error: invalid snapshot \(empty): not valid JSON at line 1, column 1: the document ends early\n")
        let result = try await cli("check", "--catalog", binary)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: cannot load \(binary): catalog is not valid JSON at line 1, column 1: expected a value but found byte 0x00\n"
        )
    }

    @Test func aPlantedDiscoveryFileMakesListRemoveNothingItNames() async throws {
        let scratch = try ScratchFolder()
        let directory = scratch.path("inspectors")
        mkdir(directory, 0o700)
        let victim = try scratch.write("victim.txt", "precious")
        let planted = #"{"address":"unix:\#(victim)","name":"Planted","pid":999999,"token":"t","version":1}"#
        _ = try scratch.write("inspectors/999999.json", planted)
        let result = try await cli(["list"], environment: ["XTREE_INSPECTOR_DIR": directory])
        #expect(result.stdout.hasPrefix("no inspectable apps are running;"))
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    }

    @Test func echoedNamesAreShortenedAsDisplaysShortenThem() async throws {
        let name = String(repeating: "A", count: 100_000)
        let result = try await cli("find", name)
        #expect(result.status == 1)
        let shown = String(repeating: "A", count: 100) + "…(+99900)"
        #expect(result.stdout.hasPrefix("search for \(shown): no match among 6 visited"))
        #expect(result.stderr == "error: nothing matched \(shown) among 6 visited nodes\n")
        let command = try await cli(name)
        #expect(command.status == 64)
        #expect(command.stderr.hasPrefix("error: unknown command '\(shown)'; commands: "))
    }

    @Test func versionTakesNoOtherArguments() async throws {
        #expect(try await cli("--version").stdout == "xtree-cli 0.1.0\n")
        let extra = try await cli("--version", "extra")
        #expect(extra.status == 64)
        #expect(
            extra.stderr == "error: --version takes no other arguments, got 'extra'\nhint: see 'xtree-cli --help'\n")
    }
}
