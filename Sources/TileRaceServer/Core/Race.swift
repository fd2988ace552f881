import TileRaceEngine
import TileRaceProtocol

/// A race under way in a room. Owned by its shard's queue.
final class Race {
    final class Racer {
        // Fields every move and `PROGRESS` reads come before the game's 550
        // bytes, in the racer's first cache line (Swift keeps declared order).
        let id: ConnectionID
        var isProgressPending = false
        var finish: (reason: FinishReason, milliseconds: Int, order: Int)?
        /// Kept for the standings after it leaves.
        let isBot: Bool
        let nickname: String
        /// Its own clock: the room's limit, halved by an arena's berserk; 0: none.
        var timeLimitMilliseconds = 0
        var liveGame: LiveGame

        init(id: ConnectionID, nickname: String, isBot: Bool, liveGame: LiveGame) {
            self.id = id
            self.nickname = nickname
            self.isBot = isBot
            self.liveGame = liveGame
        }

        var isRacing: Bool { finish == nil }
    }

    /// Unique on the server.
    let id: Int
    let seedText: String
    let dailyDate: String?
    /// Monotonic ms.
    let startedAt: Int
    let racers: [Racer]
    /// Searched side by side, not through each racer object, for speed.
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
