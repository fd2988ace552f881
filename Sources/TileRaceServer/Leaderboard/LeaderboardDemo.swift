import TileRaceProtocol

/// Fills an empty leaderboard with random entries for demonstrations, as the
/// original app's test button did: scores 0 to 99, nicknames of 1 to 9 random
/// letters. It never touches a leaderboard that has anything in it.
public enum LeaderboardDemo {
    /// Adds `count` random entries to the all-time board of an empty store
    /// (only the best 100 stay, by the usual rules).
    /// - Returns: the number of entries on the board afterwards.
    /// - Throws: `notEmpty` if the store has any entry or claim; `io` on write failure.
    @discardableResult
    public static func fill(_ store: LeaderboardStore, count: Int, random: RandomSource, date: String) throws(StoreError) -> Int {
        guard store.leaderboard.isEmpty else { throw .notEmpty(directory: store.directory ?? "memory") }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var used: Set<String> = []
        var records: [LeaderboardRecord] = []
        let firstSequence = store.leaderboard.lastSequence + 1
        while records.count < count {
            let length = Int(random.next() % 9) + 1
            let nickname = String((0..<length).map { _ in letters[Int(random.next() % 26)] })
            guard used.insert(nickname).inserted else { continue }
            let score = Int(random.next() % 100)
            let largest = score < 4 ? 4 : 1 << (Int.bitWidth - 1 - (score / 2 + 4).leadingZeroBitCount)
            let result = GameResult(
                score: score, largestTile: largest, moves: score / 2 + Int(random.next() % 20),
                milliseconds: 5000 + Int(random.next() % 120_000), size: 4, target: 2048, assists: 0,
                seed: random.seedText())
            let entry = BoardEntry(sequence: firstSequence + records.count, nickname: nickname, result: result, date: date)
            records.append(.entry(.allTime, entry))
        }
        try store.commit(records)
        return store.leaderboard.entries(on: .allTime).count
    }
}
