import Testing
import TileRaceProtocol
import TileRaceRedisProcess
import TileRaceTestSupport

@testable import TileRaceServer

/// `INFO` on a Redis store: `store=redis`, up while Redis answers, down
/// (at once, without waiting on Redis) while it does not.
@Suite struct RedisInfoTests {
    private func info(_ client: TestClient) throws -> ServerInfo? {
        let line = try client.ask("INFO")
        guard case .ok(.info(let info)) = try ServerMessage.parse(line) else {
            Issue.record("not OK INFO: \(line)")
            return nil
        }
        return info
    }

    @Test(.requiresRedis) func saysWhetherRedisAnswers() throws {
        let redis = try RedisForTests.start()
        let server = try TestServer(redis: redis.address)
        defer { server.stop() }
        let ana = try server.client("ana")
        let up = try #require(try info(ana))
        #expect(up.store == .redis && up.isStoreUp)
        redis.pause()
        // A request waits for the store's deadline (2 s) and takes it down.
        #expect(try ana.ask("TOP").hasPrefix("ERR unavailable "))
        #expect(try info(ana)?.isStoreUp == false)
        redis.resume()
        #expect(server.logs.awaitLine(containing: "reachable again", seconds: 10))
        #expect(try info(ana)?.isStoreUp == true)
    }
}
