/// One game this player finished on this machine, as the statistics keep it.
struct FinishedGameSummary: Codable, Hashable, Sendable {
    var size: Int
    var target: Int
    var score: Int
    var largestTile: Int
    /// Moves, net of undos.
    var moves: Int
    /// The UTC date it finished, `YYYY-MM-DD`.
    var date: String
}

/// The games this player finished on this machine (`statistics.json` in the
/// data directory): every game counts in `gamesPlayed` and the best scores;
/// the medians, the share reaching 2048 and the histogram come from the last
/// `maximumGames` kept, so the file stays small (about 100 KB at most).
struct GameStatistics: Codable, Hashable, Sendable {
    /// The most games kept one by one.
    static let maximumGames = 1000

    struct Best: Codable, Hashable, Sendable {
        var size: Int
        var score: Int
        var games: Int
    }

    /// Games finished, all of them.
    var gamesPlayed = 0
    /// The best score and game count per board size, by size.
    var bests: [Best] = []
    /// The last games, oldest first.
    var games: [FinishedGameSummary] = []

    /// Whether nothing was played yet.
    var isEmpty: Bool { gamesPlayed == 0 }

    mutating func add(_ game: FinishedGameSummary) {
        gamesPlayed += 1
        if let index = bests.firstIndex(where: { $0.size == game.size }) {
            bests[index].score = max(bests[index].score, game.score)
            bests[index].games += 1
        } else {
            bests.append(Best(size: game.size, score: game.score, games: 1))
            bests.sort { $0.size < $1.size }
        }
        games.append(game)
        if games.count > GameStatistics.maximumGames { games.removeFirst(games.count - GameStatistics.maximumGames) }
    }

    /// The median score of the kept games of a board size, nil without any.
    func medianScore(size: Int) -> Int? {
        let scores = games.filter { $0.size == size }.map(\.score).sorted()
        guard !scores.isEmpty else { return nil }
        let middle = scores.count / 2
        return scores.count % 2 == 1 ? scores[middle] : (scores[middle - 1] + scores[middle]) / 2
    }

    /// The share of the kept games whose largest tile reached 2048, from 0 to 1.
    var shareReaching2048: Double {
        games.isEmpty ? 0 : Double(games.filter { $0.largestTile >= 2048 }.count) / Double(games.count)
    }

    /// One range of scores in the histogram and the kept games in it.
    struct ScoreBin: Hashable, Sendable {
        /// The lowest score of the range.
        var from: Int
        /// The highest score of the range (included).
        var to: Int
        /// The kept games scoring in it.
        var count: Int

        /// The range in words: `0-199`, `20 000-24 999`, or one score (`0`).
        var label: String {
            from == to ? Format.grouped(from) : "\(Format.grouped(from))-\(Format.grouped(to))"
        }
    }

    /// The kept games counted by score in at most `bins` equal ranges of a
    /// round width, from 0 up to the range holding the best kept score
    /// (none is empty past it): each range with its bounds and count.
    func histogram(bins: Int) -> [ScoreBin] {
        guard bins > 0, !games.isEmpty else { return [] }
        let top = games.map(\.score).max() ?? 0
        let width = max(1, Int(LineChart.niceCeiling(Double(top + 1) / Double(bins)).rounded(.up)))
        var counts = [Int](repeating: 0, count: min(bins, top / width + 1))
        for game in games { counts[min(counts.count - 1, max(0, game.score) / width)] += 1 }
        return counts.enumerated().map { index, count in
            ScoreBin(from: index * width, to: top == 0 ? 0 : (index + 1) * width - 1, count: count)
        }
    }
}
