import TileRaceEngine
import TileRaceProtocol

/// Fills an empty leaderboard with real bot games, recorded like
/// submissions so they can be watched and checked. Never touches a
/// non-empty leaderboard.
public enum LeaderboardDemo {
    /// One finished game to put on the board.
    public struct PlayedGame: Hashable, Sendable {
        public var seed: Seed
        public var log: GameLog
        /// How long it took, in milliseconds (its official time).
        public var milliseconds: Int

        public init(seed: Seed, log: GameLog, milliseconds: Int) {
            self.seed = seed
            self.log = log
            self.milliseconds = milliseconds
        }
    }

    /// Names people pick.
    public static let nicknames = [
        "ana", "bo", "chen", "dmitri", "eve", "fay", "gus", "hal", "ivy", "jo", "kai", "lena", "mira", "nils", "omar", "pia",
        "quinn", "rosa", "sam", "tariq", "uma", "vic", "wen", "xena", "yuki", "zoe", "tilefan", "merger", "slider", "corner_k",
        "two048", "luckyfour", "nightowl", "bigtile", "swipe", "ada", "linus", "grace", "alan", "tux",
    ]

    /// Checks that the store has no entry and no claim, before games are played for it.
    /// - Throws: `notEmpty` otherwise.
    public static func requireEmpty(_ store: LeaderboardStore) throws(StoreError) {
        guard store.leaderboard.isEmpty else { throw .notEmpty(directory: store.directory ?? "memory") }
    }

    /// Records `games` on the all-time board of an empty store (only the best
    /// 100 stay).
    /// - Returns: the number of entries on the board afterwards.
    /// - Throws: `notEmpty` if the store has any entry or claim; `io` on write failure.
    @discardableResult
    public static func fill(_ store: LeaderboardStore, games: [PlayedGame], random: RandomSource, date: String) throws(StoreError) -> Int {
        try requireEmpty(store)
        var used: Set<String> = []
        var records: [LeaderboardRecord] = []
        let firstSequence = store.leaderboard.lastSequence + 1
        for played in games {
            var nickname = ""
            // Once every name is taken, they get numbers as people's do (`mira7`).
            repeat {
                let fresh = nicknames.filter { !used.contains($0) }
                nickname =
                    fresh.isEmpty
                    ? nicknames[Int(random.next() % UInt64(nicknames.count))] + String(random.next() % 100)
                    : fresh[Int(random.next() % UInt64(fresh.count))]
            } while !used.insert(nickname).inserted
            let game = Replay.run(seed: played.seed, config: .standard, log: played.log).game
            let result = GameResult(
                score: game.score, largestTile: game.board.largestValue, moves: game.moveCount, milliseconds: played.milliseconds,
                size: game.config.size, target: game.config.target, assists: game.assistCount, seed: played.seed.text)
            let entry = BoardEntry(
                sequence: firstSequence + records.count, nickname: nickname, result: result, date: date, log: played.log.description)
            records.append(.entry(.allTime, entry))
        }
        try store.commit(records)
        return store.leaderboard.entries(on: .allTime).count
    }
}
