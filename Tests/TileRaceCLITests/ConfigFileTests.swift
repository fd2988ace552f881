import Foundation
import Testing
import TileRaceServer

@testable import TileRaceCLI

/// `tilerace serve --config FILE`: the file's syntax, its errors with file
/// and line, the command line over the file, and the example file.
struct ConfigFileTests {
    private let serve = ServeCommand()

    private func parse(_ text: String) throws(CommandLineError) -> ConfigFile {
        try ConfigFile(parsing: text, path: "t.conf", options: serve.options, excluded: ["--config"])
    }

    /// Writes `text` to a new file; returns its path.
    private func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tilerace-\(UUID().uuidString).conf").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The serve settings for these command-line words.
    private func settings(_ words: [String]) throws(CommandLineError) -> ServeCommand.Settings {
        try serve.settings(Arguments(parsing: words, options: serve.options), environment: ["HOME": "/home/test"])
    }

    @Test func readsKeysValuesCommentsBlanksAndQuotes() throws {
        let file = try parse(
            """
            # a comment

               port   3000   \t
            \tbind 127.0.0.1  # this machine only
            data "/srv/tile race/#1"   # quoted: spaces and a hash
            advertise "a\\"b\\\\c"
            quiet yes
            exempt-loopback no
            store-durability relaxed#not a comment without a space before it
            countdown 10\r
            """)
        #expect(
            file.settings == [
                .init(option: "--port", value: "3000", line: 3),
                .init(option: "--bind", value: "127.0.0.1", line: 4),
                .init(option: "--data", value: "/srv/tile race/#1", line: 5),
                .init(option: "--advertise", value: "a\"b\\c", line: 6),
                .init(option: "--quiet", value: "yes", line: 7),
                .init(option: "--exempt-loopback", value: nil, line: 8),
                .init(option: "--store-durability", value: "relaxed#not a comment without a space before it", line: 9),
                .init(option: "--countdown", value: "10", line: 10),
            ])
        let arguments = try file.arguments
        #expect(arguments.value("--port") == "3000")
        #expect(arguments.has("--quiet"))
        #expect(!arguments.has("--exempt-loopback"))
        #expect(file.location(of: "--data") == "t.conf:5")
        #expect(file.location(of: "--verbose") == nil)
    }

    @Test(arguments: [
        ("prot 2048", "t.conf:1: unknown setting 'prot'; the settings are: "),
        ("port 1\n\nport 2", "t.conf:3: port is set twice (first on line 1); set it once"),
        ("quiet", "t.conf:1: quiet needs yes or no"),
        ("quiet true", "t.conf:1: quiet takes yes or no, not 'true'"),
        ("port", "t.conf:1: port needs a value: port N"),
        ("port   # the default", "t.conf:1: port needs a value: port N"),
        ("--port 2048", "t.conf:1: write the setting without dashes: port, not --port"),
        ("port=2048", "t.conf:1: write the setting and its value with a space: port 2048"),
        ("data \"/srv", "t.conf:1: the quote is not closed"),
        ("data \"/srv\" x", "t.conf:1: text after the closing quote: 'x'"),
        ("data \"/s\\rv\"", "t.conf:1: only \\\" and \\\\ may follow a backslash in quotes"),
        ("config other.conf", "t.conf:1: config cannot be set in a config file"),
        ("# fine\nbind 1.2.3.4\u{1B}[2J", "t.conf:2: a control character (U+1B) is not allowed"),
    ])
    func refusesABadLineWithItsFileAndLine(text: String, message: String) {
        #expect {
            _ = try parse(text)
        } throws: { error in
            guard let error = error as? CommandLineError else { return false }
            return message.hasSuffix(": ") ? error.message.hasPrefix(message) : error.message == message
        }
    }

    @Test func anUnknownSettingListsTheKnownOnes() {
        #expect(throws: CommandLineError.self) { _ = try parse("prot 2048") }
        do {
            _ = try parse("prot 2048")
        } catch {
            #expect(error.message.contains("port, bind, data, store, "))
            #expect(!error.message.contains("config"))
        }
    }

    @Test func aBadValueNamesTheFileAndLine() throws {
        let path = try write("# settings\nport 3000\ncountdown soon\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: CommandLineError("\(path):3: invalid value 'soon' for --countdown: expected a whole number from 0 to 60000")) {
            _ = try settings(["--config", path])
        }
        // The same value on the command line is the command line's mistake.
        let commandLineMistake = CommandLineError(
            "invalid value 'soon' for --countdown: expected a whole number from 0 to 60000", option: "--countdown")
        #expect(throws: commandLineMistake) { _ = try settings(["--config", path, "--countdown", "soon"]) }
        let store = try write("store-durability sloppy\n")
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(throws: CommandLineError("\(store):1: --store-durability must be strict or relaxed, not sloppy")) {
            _ = try settings(["--config", store])
        }
        let format = try write("\nlog-format xml\n")
        defer { try? FileManager.default.removeItem(atPath: format) }
        #expect(throws: CommandLineError("\(format):2: invalid value 'xml' for --log-format: expected one of text, json")) {
            _ = try settings(["--config", format])
        }
        #expect(try settings(["--config", format, "--log-format", "json"]).logFormat == .json)
        let both = try write("quiet yes\nverbose yes\n")
        defer { try? FileManager.default.removeItem(atPath: both) }
        #expect(throws: CommandLineError("\(both):2: --quiet and --verbose cannot be used together")) {
            _ = try settings(["--config", both])
        }
    }

    @Test func theCommandLineWinsOverTheFile() throws {
        let path = try write("port 3000\nbind 127.0.0.1\ndata /srv/tilerace\nquiet yes\ncountdown 500\nexempt-loopback yes\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromFile = try settings(["--config", path])
        #expect(fromFile.configuration.port == 3000)
        #expect(fromFile.configuration.bindAddress == "127.0.0.1")
        #expect(fromFile.configuration.dataDirectory == "/srv/tilerace")
        #expect(fromFile.configuration.limits.countdownMilliseconds == 500)
        #expect(fromFile.configuration.limits.exemptsLoopback)
        #expect(fromFile.logLevel == .error)

        let overridden = try settings(["--port", "4000", "--config", path, "--verbose", "--store", "file:/tmp/other"])
        #expect(overridden.configuration.port == 4000)
        #expect(overridden.configuration.bindAddress == "127.0.0.1")
        // --verbose drops the file's `quiet yes`, --store its `data`.
        #expect(overridden.logLevel == .debug)
        #expect(overridden.configuration.dataDirectory == "/tmp/other")
        #expect(overridden.configuration.limits.countdownMilliseconds == 500)
    }

    @Test func theRoomLimitIsASetting() throws {
        #expect(try settings([]).configuration.limits.maximumRooms == ServerLimits.standard.maximumRooms)
        let path = try write("max-connections 5000\nmax-rooms 1000\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try settings(["--config", path]).configuration.limits.maximumRooms == 1000)
        #expect(try settings(["--config", path, "--max-rooms", "700"]).configuration.limits.maximumRooms == 700)
        #expect(
            throws: CommandLineError("invalid value '0' for --max-rooms: expected a whole number from 1 to 1000000", option: "--max-rooms")
        ) {
            _ = try settings(["--max-rooms", "0"])
        }
    }

    @Test func theProgressWaitIsASetting() throws {
        #expect(try settings([]).configuration.limits.progressWaitMilliseconds == ServerLimits.standard.progressWaitMilliseconds)
        let path = try write("progress-wait 20\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try settings(["--config", path]).configuration.limits.progressWaitMilliseconds == 20)
        #expect(try settings(["--config", path, "--progress-wait", "0"]).configuration.limits.progressWaitMilliseconds == 0)
        // Longer than the room's interval, news would wait for the next news.
        #expect(
            throws: CommandLineError(
                "invalid value '101' for --progress-wait: expected a whole number from 0 to 100", option: "--progress-wait")
        ) {
            _ = try settings(["--progress-wait", "101"])
        }
    }

    @Test func aMissingOrUnreadableFileStopsTheStart() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString).conf").path
        let run = TestConsole.run(["serve", "--config", missing])
        #expect(run.status == 2)
        #expect(run.error == "tilerace serve: cannot read '\(missing)': No such file or directory\nRun 'tilerace help serve' for usage.\n")

        let binary = try write("")
        defer { try? FileManager.default.removeItem(atPath: binary) }
        try Data([0x70, 0x6F, 0x72, 0x74, 0x20, 0xFF]).write(to: URL(fileURLWithPath: binary))
        let notText = TestConsole.run(["serve", "--config", binary])
        #expect(notText.status == 2)
        #expect(notText.error.hasPrefix("tilerace serve: \(binary): not a text file (it is not UTF-8)\n"))

        let bad = try write("port 1\nport 2\n")
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let twice = TestConsole.run(["serve", "--config", bad])
        #expect(twice.status == 2)
        #expect(twice.error.hasPrefix("tilerace serve: \(bad):2: port is set twice (first on line 1); set it once\n"))
    }

    // MARK: The example file

    static var exampleText: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("Deploy/tilerace.conf"), encoding: .utf8)
        }
    }

    @Test func theExampleListsEverySetting() throws {
        let lines = try Self.exampleText.split(separator: "\n").map(String.init)
        for option in serve.options where option.name != "--config" {
            let key = String(option.name.dropFirst(2))
            let isListed = lines.contains { line in
                [key, "#" + key, "#   " + key].contains { line == $0 || line.hasPrefix($0 + " ") }
            }
            #expect(isListed, "Deploy/tilerace.conf does not list \(key)")
        }
    }

    @Test func theExampleParsesAndItsDefaultsAreTheDefaults() throws {
        let text = try Self.exampleText
        let file = try parse(text)
        #expect(file.settings.map(\.option) == ["--data"])
        // `#key value` lines are the defaults: with every one of them set, nothing changes.
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("#") && line.dropFirst().first.map { $0.isLetter } == true ? String(line.dropFirst()) : String(line)
        }.joined(separator: "\n")
        let path = try write(uncommented)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let withDefaults = try settings(["--config", path])
        let plain = try settings(["--data", "/var/lib/tilerace"])
        let (a, b) = (withDefaults.configuration, plain.configuration)
        #expect(try parse(uncommented).settings.count > 10)
        #expect(a.port == b.port && a.bindAddress == b.bindAddress && a.dataDirectory == b.dataDirectory)
        #expect(a.limits == b.limits && a.shards == b.shards)
        #expect(a.acceptsRelaxedStoreDurability == b.acceptsRelaxedStoreDurability)
        #expect(a.acceptsLeaderboardLoss == b.acceptsLeaderboardLoss)
        #expect(a.redisStore == nil && a.advertisedAddress == nil)
        #expect(withDefaults.logLevel == plain.logLevel)
        #expect(withDefaults.logFormat == plain.logFormat)
    }
}
