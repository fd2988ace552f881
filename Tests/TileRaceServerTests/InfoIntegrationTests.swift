import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// `INFO` over a real socket, on a server of several shards with its data directory.
struct InfoIntegrationTests {
    @Test func aRealServerAnswersForAllItsShards() throws {
        let directory = TemporaryDirectory()
        let server = try TestServer(dataDirectory: directory.path, shards: 3)
        defer { server.stop() }
        let ana = try server.client("ana")
        let bo = try server.client("bo")
        #expect(try ana.ask("CREATE one").hasPrefix("OK CREATE"))
        #expect(try bo.ask("PRACTICE seed=5").hasPrefix("OK PRACTICE"))
        let line = try bo.ask("INFO")
        guard case .ok(.info(let info)) = try ServerMessage.parse(line) else {
            Issue.record("not OK INFO: \(line)")
            return
        }
        #expect(info.version == TileRaceVersion.current)
        #expect((info.players, info.rooms, info.races) == (2, 2, 0))
        #expect(info.store == .file && info.isStoreUp)
        #expect(!line.contains("127.0.0.1"))
    }
}
