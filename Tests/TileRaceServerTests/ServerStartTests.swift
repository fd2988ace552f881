import Testing
import TileRaceProtocol

@testable import TileRaceServer
@testable import TileRaceTransport

/// Starting, restarting and embedding the server.
struct ServerStartTests {
    private func configuration(port: Int, data: String? = nil) -> RaceServer.Configuration {
        var configuration = RaceServer.Configuration()
        configuration.bindAddress = "127.0.0.1"
        configuration.port = port
        configuration.dataDirectory = data
        configuration.log = .silent
        return configuration
    }

    @Test func aPortInUseIsAClearErrorOrTheNextPortWhenAllowed() throws {
        let first = RaceServer(configuration: configuration(port: 0))
        let port = try first.start()
        defer { first.stop() }
        let second = RaceServer(configuration: configuration(port: port))
        #expect(throws: ServerError.addressInUse(address: "127.0.0.1", ports: port...port)) { try second.start() }
        #expect(ServerError.addressInUse(address: "127.0.0.1", ports: 2048...2048).message == "port 2048 on 127.0.0.1 is already in use")
        var searching = configuration(port: port)
        searching.additionalPortAttempts = 20
        let third = RaceServer(configuration: searching)
        let other = try third.start()
        defer { third.stop() }
        #expect(other > port && other <= port + 20)
        #expect(third.port == other)
        _ = try TestClient(port: other, nickname: "ana")
    }

    @Test func theGreetingNamesTheServerWithTheOneVersion() throws {
        let server = RaceServer(configuration: configuration(port: 0))
        let port = try server.start()
        defer { server.stop() }
        let client = try LineClient(host: "127.0.0.1", port: port)
        let greeting =
            "HELLO tilerace 1 server=tilerace-\(TileRaceVersion.current) line=1024 idle=120 features=resync,ratings,queue,strength,via,reports,arena"
        #expect(try client.readLine() == greeting)
    }

    @Test func aBadBindAddressIsRefused() {
        var bad = configuration(port: 0)
        bad.bindAddress = "not-an-address"
        #expect(throws: ServerError.invalidAddress("not-an-address")) { try RaceServer(configuration: bad).start() }
    }

    @Test func listensOnIPv6AndIPv4WithDoubleColon() throws {
        var configuration = configuration(port: 0)
        configuration.bindAddress = "::"
        let server = RaceServer(configuration: configuration)
        let port = try server.start()
        defer { server.stop() }
        _ = try TestClient(port: port, nickname: "four")
        if let six = try? LineClient(host: "::1", port: port) {
            #expect(try six.readLine()?.hasPrefix("HELLO tilerace 1") == true)
        }
    }

    @Test func theLeaderboardAndClaimsSurviveARestart() throws {
        let directory = TemporaryDirectory()
        let token: String
        do {
            let server = try TestServer(dataDirectory: directory.path)
            let ana = try server.client("ana")
            _ = try ana.ask("PRACTICE seed=7")
            _ = try ana.ask("RESIGN")
            let receipt = try ana.ask("SUBMIT ana")
            token = try #require(receipt.field("token"))
            server.stop()
        }
        let server = try TestServer(dataDirectory: directory.path)
        defer { server.stop() }
        let bo = try server.client("bo")
        #expect(try bo.request("TOP").first?.hasPrefix("ENTRY rank=1 nick=ana score=0 max=") == true)
        _ = try bo.ask("PRACTICE seed=7")
        _ = try bo.ask("RESIGN")
        #expect(try bo.ask("SUBMIT ana").errorCode == "bad-token")
        #expect(try bo.ask("SUBMIT Ana token=\(token)") == "OK SUBMIT nick=ana board=all score=0 rank=1 best=0 improved=no")
    }

    @Test func aDamagedJournalStopsTheStartWithFileAndLine() throws {
        let directory = TemporaryDirectory()
        do {
            let store = try LeaderboardStore.open(directory: directory.path, compactionThreshold: .max)
            for nickname in ["a", "b"] {
                let submission = try store.leaderboard.submission(
                    of: GameResult(score: 1, largestTile: 4, moves: 1, milliseconds: 1, size: 4, target: 2048, assists: 0, seed: "1"),
                    date: "2026-11-22", dailyDate: nil, nickname: nickname, token: nil
                ) { "t" }
                try store.commit(submission.records)
            }
            store.close()
        }
        let journal = try directory.read("leaderboard.journal")
        try directory.write("leaderboard.journal", journal.replacingOccurrences(of: "nick=a ", with: "nick=x "))
        let server = RaceServer(configuration: configuration(port: 0, data: directory.path))
        #expect {
            try server.start()
        } throws: { error in
            guard let error = error as? ServerError, case .leaderboard(.corrupt(_, let line, _)) = error else { return false }
            return line == 2 && error.message.contains("leaderboard.journal line 2: checksum mismatch")
        }
        #expect(try directory.read("leaderboard.journal").contains("nick=x "))
    }
}
