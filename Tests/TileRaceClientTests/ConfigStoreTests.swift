import Foundation
import Testing
import TileRaceTransport

@testable import TileRaceClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Each test's files live under a folder of its own, removed when the test ends.
@Suite final class ConfigStoreTests {
    private let root = NSTemporaryDirectory() + "tilerace-config-tests-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A path under the test's folder, not made yet.
    private func temporaryDirectory() -> String {
        root + "/\(UUID().uuidString)"
    }

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        stat(path, &status)
        return status.st_mode & 0o777
    }

    @Test func aMissingFileGivesTheDefaultsQuietly() {
        let store = ConfigStore(directory: temporaryDirectory())
        let loaded = store.load()
        #expect(loaded.config == ClientConfig())
        #expect(loaded.problem == nil)
        #expect(!loaded.mustPreserveExistingFile)
    }

    @Test func roundTripWithMode0600() throws {
        let directory = temporaryDirectory() + "/nested/tilerace"
        let store = ConfigStore(directory: directory)
        var config = ClientConfig()
        config.themeName = "dark"
        config.colourOverrides = ["dark": ["0": "#102030", "2048": "#ffcc00"]]
        config.lastNickname = "ana"
        config.tokens = ["ana": "s3cret", "bo": "t0ken"]
        #expect(try store.save(config) == nil)
        #expect(store.load().config == config)
        #expect(store.load().problem == nil)
        #expect(mode(store.path) == 0o600)
        #expect(mode(directory) == 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(leftovers == ["config.json"])
    }

    @Test func quickPhrasesAndMutesAreSavedAndABadPhraseIsReportedByNumber() throws {
        let directory = temporaryDirectory()
        let store = ConfigStore(directory: directory)
        var config = ClientConfig()
        config.quickPhrases = ["gl hf", "wow", "gg wp", "rematch?"]
        config.mutedNicknames = ["bo"]
        try store.save(config)
        #expect(store.load().config == config)
        let text = #"{"version": 1, "phrases": ["hi", "", "gg", "again?"], "muted": ["Bo"]}"#
        try text.write(toFile: store.path, atomically: true, encoding: .utf8)
        let loaded = store.load()
        #expect(loaded.config.quickPhrases == ["hi", "nice!", "gg", "again?"])
        #expect(loaded.config.mutedNicknames == ["bo"])
        #expect(
            loaded.problem
                == "\(store.path): quick phrase 2 is not sent: nothing to say: SAY text=<1 to 200 characters>; using \"nice!\"")
        try #"{"version": 1, "phrases": "gg"}"#.write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(store.load().problem?.hasPrefix("\(store.path) is not a valid config (phrases: wrong type)") == true)
    }

    @Test func aCorruptFileGivesDefaultsAndIsKeptAsBackup() throws {
        let directory = temporaryDirectory()
        let store = ConfigStore(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "{ not json".write(toFile: store.path, atomically: true, encoding: .utf8)
        let loaded = store.load()
        #expect(loaded.config == ClientConfig())
        #expect(loaded.mustPreserveExistingFile)
        let problem = try #require(loaded.problem)
        #expect(problem.contains(store.path))
        #expect(problem.contains("not a valid config"))
        #expect(problem.contains("using defaults"))

        let backup = try store.save(ClientConfig(), preservingExisting: true)
        #expect(backup == store.path + ".bak")
        #expect(try String(contentsOfFile: store.path + ".bak", encoding: .utf8) == "{ not json")
        #expect(store.load().problem == nil)

        // A second broken file does not overwrite the first backup.
        try "[]".write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(try store.save(ClientConfig(), preservingExisting: true) == store.path + ".bak.2")
        #expect(try String(contentsOfFile: store.path + ".bak", encoding: .utf8) == "{ not json")
    }

    @Test func badValuesAreDroppedWithAMessage() throws {
        let directory = temporaryDirectory()
        let store = ConfigStore(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let json = ##"{"theme":"neon","colours":{"classic":{"2":"#zzzzzz","4":"#010203","7":"#000000"}},"nickname":"a b"}"##
        try json.write(toFile: store.path, atomically: true, encoding: .utf8)
        let loaded = store.load()
        #expect(loaded.config.themeName == "classic")
        #expect(loaded.config.colourOverrides == ["classic": ["4": "#010203"]])
        #expect(loaded.config.lastNickname == nil)
        #expect(!loaded.mustPreserveExistingFile)
        let problem = try #require(loaded.problem)
        #expect(problem.contains("unknown theme \"neon\""))
        #expect(problem.contains("ignored colour 2"))
        #expect(problem.contains("ignored colour 7"))
    }

    @Test func aNewerVersionIsRefusedNotMisread() throws {
        let directory = temporaryDirectory()
        let store = ConfigStore(directory: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try #"{"version":99}"#.write(toFile: store.path, atomically: true, encoding: .utf8)
        let loaded = store.load()
        #expect(loaded.mustPreserveExistingFile)
        #expect(loaded.problem?.contains("newer") == true)
    }

    @Test func anUnreadableFileIsReportedNotCrashed() throws {
        let directory = temporaryDirectory()
        let store = ConfigStore(directory: directory)
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        let loaded = store.load()
        #expect(loaded.config == ClientConfig())
        #expect(loaded.mustPreserveExistingFile)
        #expect(loaded.problem != nil)
    }

    @Test func aDirectoryThatCannotBeCreatedIsAnError() throws {
        let blocker = temporaryDirectory()
        try "file".write(toFile: blocker, atomically: true, encoding: .utf8)
        let store = ConfigStore(directory: blocker + "/tilerace")
        #expect(throws: ConfigError.self) { try store.save(ClientConfig()) }
        do {
            try store.save(ClientConfig())
        } catch {
            #expect(error.code == "create-directory")
            #expect(error.message.contains(blocker))
        }
    }

    @Test func defaultDirectoryFollowsXDG() {
        #expect(DataPaths.configDirectory(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/a"]) == "/x/cfg/tilerace")
        #expect(
            DataPaths.configDirectory(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.config/tilerace")
        #expect(DataPaths.configDirectory(environment: ["HOME": "/home/a"]) == "/home/a/.config/tilerace")
        #expect(DataPaths.configDirectory(environment: [:]) == nil)
    }
}
