import Testing
import TileRaceProtocol
import TileRaceTransport

@testable import TileRaceServer

/// Quick races over real sockets on 127.0.0.1 (protocol.md section 5.8).
@Suite struct QuickRaceIntegrationTests {
    /// Three claimed nicknames with ratings 1500, 1550 and 1590, each within
    /// the others' bands: on a server of two shards, they send `QUEUE` and
    /// are in one rated room, whose countdown starts. (When it starts, one
    /// second after the last `QUEUE`, is pinned on a manual clock in
    /// `CoreQuickRaceTests`: a wall-clock ceiling here would only measure
    /// how loaded the machine is.)
    @Test func threePlayersOfCloseRatingsRaceInOneRatedRoom() throws {
        let ratings: [(String, Double)] = [("ana", 1500), ("bo", 1550), ("cy", 1590)]
        let server = try Self.server(ratings: ratings, shards: 2)
        let clients = try ratings.map { try server.client($0.0) }
        for (client, (nickname, _)) in zip(clients, ratings) {
            #expect(try client.ask("QUEUE token=\(Self.token(nickname))").hasPrefix("OK QUEUE waiting="))
        }
        var rooms: Set<String> = []
        for client in clients {
            let matched = try client.event("MATCHED ")
            #expect(matched.contains(" rated=yes"))
            #expect(matched.contains(" players=3"))
            rooms.insert(matched.split(separator: " ")[1].description)
            try client.event("COUNTDOWN ")
        }
        #expect(rooms.count == 1)
        #expect(rooms.first?.hasPrefix("room=quick-") == true)
        for client in clients { try client.event("START ") }
    }

    /// Two quick races, 400 apart, on a server of three shards: each group
    /// moves from the queue's shard as one, to a shard of its own, and each
    /// player hears the room whole (the other joined, both ready) before the
    /// countdown, then the start.
    @Test func quickRacesRunOnSeveralShardsWithEveryPlayerFromTheStart() throws {
        let ratings: [(String, Double)] = [("ana", 1900), ("cy", 1500), ("bo", 1900), ("di", 1500)]
        let server = try Self.server(ratings: ratings, shards: 3)
        let clients = try ratings.map { try server.client($0.0) }
        for (client, (nickname, _)) in zip(clients, ratings) {
            #expect(try client.ask("QUEUE token=\(Self.token(nickname))").hasPrefix("OK QUEUE waiting="))
        }
        var shards: Set<Int> = []
        for (index, client) in clients.enumerated() {
            let lines = try client.events(until: "COUNTDOWN ")
            let room = try #require(lines.first { $0.hasPrefix("MATCHED ") }?.split(separator: " ")[1].dropFirst("room=".count))
            let other = ratings[index ^ 2].0
            #expect(lines.first?.hasPrefix("MATCHED room=\(room) ") == true)
            #expect(lines.contains("JOINED room=\(room) nick=\(other) role=player"))
            #expect(lines.filter { $0.hasPrefix("READY room=\(room) ") && $0.contains(" ready=yes") }.count == 2)
            shards.insert(try #require(server.server.shard(hostingRoom: String(room))))
        }
        #expect(shards.count == 2)
        for client in clients {
            try client.event("START ")
            #expect(try client.request("WHO").last?.hasSuffix(" count=2") == true)
        }
    }

    /// Tokens as SUBMIT makes them: 32 hexadecimal characters.
    private static let tokens = [
        "ana": "3f9a0c1e5b7d2a4f6e8c0b1d3a5f7e9c", "bo": "8d2e4f6a0b1c3d5e7f9a1b3c5d7e9f0a", "cy": "0b1c3d5e7f9a1b3c5d7e9f0a8d2e4f6a",
        "di": "7e9f0a8d2e4f6a0b1c3d5e7f9a1b3c5d",
    ]

    private static func token(_ nickname: String) -> String { tokens[nickname] ?? "" }

    /// A server whose store has these nicknames claimed (`token(_:)`) with these ratings.
    private static func server(ratings: [(String, Double)], shards: Int) throws -> TestServer {
        let today = UTCTime.date(epochMilliseconds: SystemClock().wallMilliseconds)
        let day = try #require(UTCTime.dayNumber(of: today))
        var leaderboard = Leaderboard()
        for (index, (nickname, rating)) in ratings.enumerated() {
            leaderboard.apply(.claim(NicknameClaim(sequence: 2 * index + 1, nickname: nickname, token: token(nickname), date: today)))
            leaderboard.apply(
                .rating(
                    PlayerRating(
                        sequence: 2 * index + 2, nickname: nickname, rating: .init(rating: rating, deviation: 60, volatility: 0.06),
                        day: day, races: 12)))
        }
        let seeded = leaderboard
        return try TestServer(makeStore: { LeaderboardStore.inMemory(seeded) }, shards: shards)
    }
}
