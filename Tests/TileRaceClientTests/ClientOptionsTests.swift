import Testing
import TileRaceProtocol

@testable import TileRaceClient

@Suite struct ClientOptionsTests {
    @Test func defaults() throws {
        let options = try ClientOptions.parse(values: [:], flags: [])
        #expect(options == ClientOptions())
        #expect(options.port == 2048)
        #expect(options.animationsEnabled)
    }

    @Test func seedSizeOrTargetOpenPracticeDirectly() throws {
        #expect(!(try ClientOptions.parse(values: [:], flags: [])).opensPracticeDirectly)
        #expect(try ClientOptions.parse(values: ["--seed": "x"], flags: []).opensPracticeDirectly)
        #expect(try ClientOptions.parse(values: ["--size": "5"], flags: []).opensPracticeDirectly)
        #expect(try ClientOptions.parse(values: ["--target": "4096"], flags: []).opensPracticeDirectly)
    }

    @Test func ghostNamesAnEntryOnABoard() throws {
        let options = try ClientOptions.parse(values: ["--ghost": "ana", "--board": "sprint-daily", "--host": "h"], flags: [])
        #expect(options.ghost == RecordQuery(nickname: "ana", board: .sprintDaily))
        #expect(try ClientOptions.parse(values: ["--ghost": "bo"], flags: []).ghost == RecordQuery(nickname: "bo", board: .all))
        #expect(!options.opensPracticeDirectly)
    }

    @Test func everyOption() throws {
        let options = try ClientOptions.parse(
            values: [
                "--host": "[::1]", "--port": "4000", "--nick": "ana", "--room": "friday", "--size": "5",
                "--target": "512", "--seed": "2026-11-22", "--via": "::ffff:203.0.113.9",
            ],
            flags: ["--no-anim"])
        #expect(options.host == "::1")
        #expect(options.port == 4000)
        #expect(options.nickname == "ana")
        #expect(options.room == "friday")
        #expect(options.size == 5)
        #expect(options.target == 512)
        #expect(options.seed == "2026-11-22")
        #expect(options.via == "203.0.113.9")
        #expect(!options.animationsEnabled)
    }

    static let bad: [(values: [String: String], flags: Set<String>, message: String)] = [
        (["--port": "0"], [], "invalid value '0' for --port: expected a whole number from 1 to 65535"),
        (["--port": "http"], [], "invalid value 'http' for --port: expected a whole number from 1 to 65535"),
        (["--size": "9"], [], "invalid value '9' for --size: expected a whole number from 3 to 8"),
        (["--target": "1000"], [], "invalid value '1000' for --target: expected a power of two from 8 to 1048576"),
        (["--target": "4"], [], "invalid value '4' for --target: expected a power of two from 8 to 1048576"),
        (["--nick": "ana!"], [], "invalid value 'ana!' for --nick: expected 1-16 letters, digits, _ or -"),
        (["--room": ""], [], "invalid value '' for --room: expected 1-16 letters, digits, _ or -"),
        (["--host": "a b"], [], "invalid value 'a b' for --host: expected a host name or an IP address"),
        (["--host": "evil\u{1B}[2J"], [], "invalid value 'evil[2J' for --host: expected a host name or an IP address"),
        (["--via": "somewhere"], [], "invalid value 'somewhere' for --via: expected an IPv4 or IPv6 address"),
        (["--seed": ""], [], "invalid value '' for --seed: expected 1-64 visible ASCII characters, e.g. 42 or friday"),
        (["--host": "h"], ["--offline"], "--offline and --host cannot be used together"),
        (["--host": "h"], ["--local"], "--local is for the embedded server; it cannot be used with --host"),
        (["--room": "fri"], ["--offline"], "--room needs a server; it cannot be used with --offline"),
    ]

    @Test(arguments: bad.indices)
    func badValues(_ index: Int) {
        let (values, flags, message) = Self.bad[index]
        #expect(throws: ClientOptionError(message)) { try ClientOptions.parse(values: values, flags: flags) }
    }
}
