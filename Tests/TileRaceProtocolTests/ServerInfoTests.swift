import Testing

@testable import TileRaceProtocol

/// `OK INFO`: printed and read back, and its figures checked.
struct ServerInfoTests {
    @Test func printsAndReadsBack() throws {
        let info = ServerInfo(
            version: "0.9.0", uptimeSeconds: 3600, players: 12, rooms: 3, races: 1, tenthsOfMovesPerSecond: 42, store: .redis,
            isStoreUp: false)
        let line = ServerMessage.ok(.info(info)).line
        #expect(line == "OK INFO version=0.9.0 uptime=3600 players=12 rooms=3 races=1 moves-per-second=4.2 store=redis store-up=no")
        #expect(try ServerMessage.parse(line) == .ok(.info(info)))
        // A later server may add fields: they are skipped.
        #expect(try ServerMessage.parse(line + " shards=4") == .ok(.info(info)))
        #expect(ClientMessage.info.line == "INFO")
        #expect(try ClientMessage.parse("info") == .info)
    }

    @Test(arguments: [
        ("moves-per-second=4", "moves-per-second= must be a number with one decimal (4.2), not '4'"),
        ("moves-per-second=4.25", "moves-per-second= must be a number with one decimal (4.2), not '4.25'"),
        ("moves-per-second=-1.0", "moves-per-second= must be a number with one decimal (4.2), not '-1.0'"),
        ("store=disk", "store=disk must be one of file, redis, memory"),
        ("players=-1", "players=-1 is out of range 0 to 2147483647"),
    ])
    func refusesBadFields(replacement: String, message: String) {
        let good = "version=0.9.0 uptime=1 players=1 rooms=1 races=0 moves-per-second=0.0 store=file store-up=yes"
        let key = replacement.prefix { $0 != "=" }
        let words = good.split(separator: " ").map { $0.hasPrefix(key + "=") ? Substring(replacement) : $0 }
        #expect(throws: ProtocolError(.badArguments, message)) { _ = try ServerInfo(fields: Fields(words: words)) }
    }

    @Test(arguments: [(0, 0), (2, 0), (3, 1), (60, 10), (252, 42), (6000, 1000)])
    func movesPerSecondIsTheLastMinutesMovesOverSixtyRounded(moves: Int, tenths: Int) {
        #expect(ServerInfo.tenthsPerSecond(movesInLastMinute: moves) == tenths)
    }
}
