import Testing
import TileRaceProtocol
import TileRaceTestSupport

@testable import TileRaceServer
@testable import TileRaceTransport

/// Where the operator's secret comes from: made in the data directory at
/// the first start, a file the operator names, or none (requests off).
@Suite struct OperatorSecretTests {
    @Test func madeOnceAndKept() throws {
        let directory = TemporaryDirectory()
        let (secret, isNew) = try OperatorSecret.loadOrCreate(inDataDirectory: directory.path + "/data")
        #expect(isNew && secret.count == 64 && secret.allSatisfy(\.isHexDigit))
        #expect(filePermissions(directory.path + "/data/operator.secret") == 0o600)
        let again = try OperatorSecret.loadOrCreate(inDataDirectory: directory.path + "/data")
        #expect(again.secret == secret && !again.isNew)
    }

    @Test func aFileMustHoldOneUsableLine() throws {
        let directory = TemporaryDirectory()
        try FileSystem.makeDirectories(directory.path)
        try directory.write("good", "  correct-horse-battery  \nsecond line ignored\n")
        #expect(try OperatorSecret.read(path: directory.file("good")) == "correct-horse-battery")
        try directory.write("short", "tooshort\n")
        let rule = "must hold one line of at least 16 printable characters without spaces"
        #expect(throws: OperatorSecretError(message: "the operator secret file \(directory.file("short")) \(rule)")) {
            try OperatorSecret.read(path: directory.file("short"))
        }
        #expect(throws: OperatorSecretError(message: "the operator secret file \(directory.file("none")) does not exist")) {
            try OperatorSecret.read(path: directory.file("none"))
        }
    }

    @Test func aServerWithoutADataDirectoryHasOperatorRequestsOff() throws {
        let server = try TestServer()
        #expect(server.logs.lines.contains { $0.contains("operator requests are off: no data directory") })
        let client = try server.client("ana")
        #expect(
            try client.ask("AUTH 0123456789abcdef") == "ERR not-operator this server has no operator secret, so operator requests are off")
    }

    @Test func aServerReadsTheFileItIsGivenAndNeverLogsTheSecret() throws {
        let directory = TemporaryDirectory()
        try FileSystem.makeDirectories(directory.path)
        try directory.write("secret", "0123456789abcdef-from-a-file\n")
        var configuration = RaceServer.Configuration()
        configuration.bindAddress = "127.0.0.1"
        configuration.port = 0
        configuration.operatorSecretFile = directory.file("secret")
        let logs = LogCapture()
        configuration.log = logs.log
        let server = RaceServer(configuration: configuration)
        let port = try server.start()
        defer { server.stop() }
        let client = try TestClient(port: port)
        #expect(try client.ask("AUTH 0123456789abcdef-from-a-file") == "OK AUTH operator=yes")
        #expect(logs.lines.contains { $0.contains("AUTH (secret not logged)") })
        #expect(!logs.lines.contains { $0.contains("from-a-file") })
        var missing = configuration
        missing.operatorSecretFile = directory.file("missing")
        #expect(throws: ServerError.self) { try RaceServer(configuration: missing).start() }
    }
}
