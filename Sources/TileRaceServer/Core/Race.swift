import TileRaceEngine
import TileRaceProtocol

/// A race under way in a room. Owned by its shard's queue.
final class Race {
    /// One racer: the server's copy of their game and how they finished.
    final class Racer {
        // Fields every move and `PROGRESS` reads come before the game's 550
        // bytes, in the racer's first cache line (Swift keeps declared order).
        let id: ConnectionID
        /// Whether a newer state waits to be sent.
        var isProgressPending = false
        /// Set once the racer finished.
        var finish: (reason: FinishReason, milliseconds: Int, order: Int)?
        /// Whether the racer said it is a bot (`HELLO ... bot=yes`), kept
        /// for the standings after it leaves.
        let isBot: Bool
        let nickname: String
        /// The server's copy of the racer's game, replayed entry by entry.
        var liveGame: LiveGame

        init(id: ConnectionID, nickname: String, isBot: Bool, liveGame: LiveGame) {
            self.id = id
            self.nickname = nickname
            self.isBot = isBot
            self.liveGame = liveGame
        }

        var isRacing: Bool { finish == nil }
    }

    /// The number unique on the server.
    let id: Int
    /// The seed text all racers got.
    let seedText: String
    /// The daily board's date for a race of the `daily` room.
    let dailyDate: String?
    /// When `START` was sent (monotonic milliseconds).
    let startedAt: Int
    /// The racers in the room's order.
    let racers: [Racer]
    /// Their connections, in the same order: `racer(_:)` looks through these
    /// side by side, not through each racer's object.
    private let racerIDs: [ConnectionID]
    var finishCount = 0

    init(id: Int, seedText: String, dailyDate: String?, startedAt: Int, racers: [Racer]) {
        self.id = id
        self.seedText = seedText
        self.dailyDate = dailyDate
        self.startedAt = startedAt
        self.racers = racers
        self.racerIDs = racers.map(\.id)
    }

    func racer(_ id: ConnectionID) -> Racer? {
        racerIDs.firstIndex(of: id).map { racers[$0] }
    }

    var isOver: Bool { racers.allSatisfy { !$0.isRacing } }
}
