import Foundation
import Testing
import TileRaceClient
import TileRaceServer
import TileRaceServerTestSupport
import TileRaceTestSupport

@testable import TileRaceCLI

@Suite struct EmbeddedHostTests {
    @Test func theBestAddressForFriends() {
        #expect(EmbeddedHost.bestAddress(among: ["10.0.0.5", "172.17.0.1", "192.168.1.20"]) == "192.168.1.20")
        #expect(EmbeddedHost.bestAddress(among: ["172.17.0.1", "172.20.1.2", "10.1.1.1"]) == "10.1.1.1")
        #expect(EmbeddedHost.bestAddress(among: ["172.17.0.1", "172.20.1.2"]) == "172.20.1.2")
        #expect(EmbeddedHost.bestAddress(among: ["169.254.3.3", "172.17.0.1"]) == "172.17.0.1")
        #expect(EmbeddedHost.bestAddress(among: ["169.254.3.3", "203.0.113.9"]) == "203.0.113.9")
        #expect(EmbeddedHost.bestAddress(among: []) == nil)
    }

    @Test func hostingTellsFriendsHowToJoin() {
        var options = ClientOptions()
        let plan = EmbeddedHost.hosting(port: 2049, options: options, addresses: ["192.168.1.20"], notice: nil)
        #expect(plan.endpoint == ServerEndpoint(host: "127.0.0.1", port: 2049))
        #expect(plan.hostingInfo == ["Hosting on port 2049 — friends join with:", "tilerace play --host 192.168.1.20 --port 2049"])
        options.isLocalOnly = true
        #expect(
            EmbeddedHost.hosting(port: 2048, options: options, addresses: ["192.168.1.20"], notice: nil).hostingInfo == [
                "Hosting on port 2048, this machine only (--local); join with:",
                "tilerace play --host 127.0.0.1 --port 2048",
            ])
        options.isLocalOnly = false
        #expect(
            EmbeddedHost.hosting(port: 2048, options: options, addresses: [], notice: nil).hostingInfo.last
                == "tilerace play --host 127.0.0.1 --port 2048")
    }

    @Test func aSecondTileraceJoinsTheFirstThenHostsInMemoryWhenNobodyAnswers() throws {
        let directory = NSTemporaryDirectory() + "tilerace-host-tests-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = ClientOptions()
        options.isLocalOnly = true
        options.port = 0
        let first = EmbeddedHost.start(options: options, dataDirectory: directory, addresses: [])
        let server = try #require(first.server)
        defer { server.stop() }
        let port = try #require(first.plan.endpoint?.port)
        #expect(first.plan.notice == nil)
        #expect(FileManager.default.fileExists(atPath: directory + "/leaderboard.lock"))

        // The data directory is locked: the one answering on the first port is joined.
        options.port = port
        let second = EmbeddedHost.start(options: options, dataDirectory: directory, addresses: [])
        #expect(second.server == nil)
        #expect(second.plan.endpoint == ServerEndpoint(host: "127.0.0.1", port: port))
        #expect(second.plan.notice == "another tilerace on this machine is hosting on port \(port): joined it")
        #expect(second.plan.hostingInfo.isEmpty)

        // Nobody answers: host anyway, with the leaderboard in memory.
        let third = EmbeddedHost.start(options: options, dataDirectory: directory, addresses: [], probe: { _ in false })
        let memory = try #require(third.server)
        defer { memory.stop() }
        #expect(memory.configuration.dataDirectory == nil)
        #expect(third.plan.endpoint?.port != port)
        #expect(
            third.plan.notice == "the leaderboard in \(directory) is in use by another program: this session keeps scores in memory only")
    }

    @Test func theProbeKnowsATileraceServerFromAnythingElse() throws {
        let host = try TestHost()
        #expect(EmbeddedHost.isTileRace(port: host.port))
        let fake = try #require(FakeServer(sending: "SSH-2.0-OpenSSH_9.6\r\n"))
        #expect(!EmbeddedHost.isTileRace(port: fake.port))
        let (fd, port) = try #require(TestSockets.boundButNotListening())
        defer { close(fd) }
        #expect(!EmbeddedHost.isTileRace(port: port))
        #expect([port, host.port].first(where: EmbeddedHost.isTileRace) == host.port)
    }
}
