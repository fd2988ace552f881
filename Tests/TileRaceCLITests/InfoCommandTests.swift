import Foundation
import Testing
import TileRaceProtocol
import TileRaceServer
import TileRaceTestSupport

@testable import TileRaceCLI

/// `tilerace info`: a real server's `INFO` over a socket, printed readably.
struct InfoCommandTests {
    @Test func printsARunningServersFigures() throws {
        var configuration = RaceServer.Configuration()
        configuration.bindAddress = "127.0.0.1"
        configuration.port = 0
        configuration.shards = 2
        configuration.log = .silent
        let server = RaceServer(configuration: configuration)
        let port = try server.start()
        defer { server.stop() }
        let run = TestConsole.run(["info", "--host", "127.0.0.1", "--port", String(port)])
        #expect(run.status == 0)
        #expect(run.error == "")
        // The command's own connection is the one player; `daily` the one room.
        #expect(
            run.output == """
                TileRace server at 127.0.0.1:\(port)
                  version           \(TileRaceVersion.current)
                  uptime            0 s
                  players online    1
                  rooms             1
                  races running     0
                  moves per second  0.0 (over the last minute)
                  store             memory, up

                """)
    }

    @Test func anUnreachableServerIsOneLineAndExitOne() throws {
        // A port bound but not listening: connections are refused.
        let (fd, port) = try #require(TestSockets.boundButNotListening())
        defer { close(fd) }
        let run = TestConsole.run(["info", "--port", String(port)])
        #expect(run.status == 1)
        #expect(
            run.error == "tilerace info: cannot reach 127.0.0.1:\(port): connection refused (is `tilerace serve` running there?)\n")
    }

    @Test func badOptionsAreUsageErrors() {
        let run = TestConsole.run(["info", "--port", "0"])
        #expect(run.status == 2)
        #expect(
            run.error
                == "tilerace info: invalid value '0' for --port: expected a whole number from 1 to 65535\nRun 'tilerace help info' for usage.\n"
        )
        #expect(TestConsole.run(["info", "extra"]).status == 2)
    }

    @Test(arguments: [(0, "0 s"), (12, "12 s"), (61, "1 min 1 s"), (3600, "1 h 0 min"), (7322, "2 h 2 min"), (90_061, "1 d 1 h")])
    func uptimeShowsItsTwoLargestUnits(seconds: Int, text: String) {
        #expect(InfoCommand.duration(seconds: seconds) == text)
    }

    @Test func aDownStoreIsSaidLoudly() {
        let info = ServerInfo(
            version: "0.9.0", uptimeSeconds: 3700, players: 12, rooms: 3, races: 1, tenthsOfMovesPerSecond: 42, store: .redis,
            isStoreUp: false)
        #expect(InfoCommand.render(info, endpoint: "h:2048").hasSuffix("\n  store             redis, DOWN"))
    }
}
