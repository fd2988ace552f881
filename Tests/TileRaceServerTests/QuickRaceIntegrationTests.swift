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
        let today = UTCTime.date(epochMilliseconds: SystemClock().wallMilliseconds)
        let day = try #require(UTCTime.dayNumber(of: today))
        var leaderboard = Leaderboard()
        let ratings: [(String, Double)] = [("ana", 1500), ("bo", 1550), ("cy", 1590)]
        // Tokens as SUBMIT makes them: 32 hexadecimal characters.
        let tokens = [
            "ana": "3f9a0c1e5b7d2a4f6e8c0b1d3a5f7e9c", "bo": "8d2e4f6a0b1c3d5e7f9a1b3c5d7e9f0a", "cy": "0b1c3d5e7f9a1b3c5d7e9f0a8d2e4f6a",
        ]
        func token(_ nickname: String) -> String { tokens[nickname] ?? "" }
        for (index, (nickname, rating)) in ratings.enumerated() {
            leaderboard.apply(.claim(NicknameClaim(sequence: 2 * index + 1, nickname: nickname, token: token(nickname), date: today)))
            leaderboard.apply(
                .rating(
                    PlayerRating(
                        sequence: 2 * index + 2, nickname: nickname, rating: .init(rating: rating, deviation: 60, volatility: 0.06),
                        day: day, races: 12)))
        }
        let seeded = leaderboard
        let server = try TestServer(makeStore: { LeaderboardStore.inMemory(seeded) }, shards: 2)
        let clients = try ratings.map { try server.client($0.0) }
        for (client, (nickname, _)) in zip(clients, ratings) {
            #expect(try client.ask("QUEUE token=\(token(nickname))").hasPrefix("OK QUEUE waiting="))
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
}
