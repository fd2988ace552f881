import TileRaceEngine
import TileRaceProtocol

/// A race under way in a room: the racers' games on one seed, the official
/// clock, and the finishes so far.
///
/// Owned by `ServerCore`, and so by its shard's queue (`ServerShard.queue`).
final class Race {
    /// One racer: the server's copy of their game and how they finished.
    final class Racer {
        let id: ConnectionID
        let nickname: String
        /// Whether the racer said it is a bot (`HELLO ... bot=yes`), kept
        /// for the standings after it leaves.
        let isBot: Bool
        /// The server's copy of the racer's game, replayed entry by entry.
        var liveGame: LiveGame
        /// Set once the racer finished.
        var finish: (reason: FinishReason, milliseconds: Int, order: Int)?
        /// Whether a newer state waits to be sent.
        var isProgressPending = false

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
    /// Finishes so far.
    var finishCount = 0

    init(id: Int, seedText: String, dailyDate: String?, startedAt: Int, racers: [Racer]) {
        self.id = id
        self.seedText = seedText
        self.dailyDate = dailyDate
        self.startedAt = startedAt
        self.racers = racers
    }

    /// The racer playing on a connection.
    func racer(_ id: ConnectionID) -> Racer? {
        racers.first { $0.id == id }
    }

    /// Whether every racer finished.
    var isOver: Bool { racers.allSatisfy { !$0.isRacing } }
}
