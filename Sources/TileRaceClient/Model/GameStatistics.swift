struct FinishedGameSummary: Codable, Hashable, Sendable {
    var size: Int
    var target: Int
    var score: Int
    var largestTile: Int
    /// Net of undos.
    var moves: Int
    /// UTC, `YYYY-MM-DD`.
    var date: String
}

/// `statistics.json`: `gamesPlayed` and bests count every game; medians, share and histogram
/// use the last `maximumGames`, so the file stays small (about 100 KB at most).
struct GameStatistics: Codable, Hashable, Sendable {
    static let maximumGames = 1000

    struct Best: Codable, Hashable, Sendable {
        var size: Int
        var score: Int
        var games: Int
    }

    var gamesPlayed = 0
    /// By board size.
    var bests: [Best] = []
    /// Oldest first.
    var games: [FinishedGameSummary] = []

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

    /// Takes back a game counted too early (a race our board ended that the server's copy went on with).
    mutating func withdraw(_ game: FinishedGameSummary) {
        guard let kept = games.lastIndex(of: game), let index = bests.firstIndex(where: { $0.size == game.size }) else { return }
        games.remove(at: kept)
        gamesPlayed -= 1
        bests[index].games -= 1
        if bests[index].games == 0 {
            bests.remove(at: index)
        } else if bests[index].score == game.score {
            bests[index].score = games.filter { $0.size == game.size }.map(\.score).max() ?? 0
        }
    }

    /// Nil without kept games of that size.
    func medianScore(size: Int) -> Int? {
        let scores = games.filter { $0.size == size }.map(\.score).sorted()
        guard !scores.isEmpty else { return nil }
        let middle = scores.count / 2
        return scores.count % 2 == 1 ? scores[middle] : (scores[middle - 1] + scores[middle]) / 2
    }

    /// From 0 to 1.
    var shareReaching2048: Double { games.isEmpty ? 0 : Double(games.filter { $0.largestTile >= 2048 }.count) / Double(games.count) }

    struct ScoreBin: Hashable, Sendable {
        var from: Int
        /// Included.
        var to: Int
        var count: Int

        /// `0-199`, `20 000-24 999`, or one score (`0`).
        var label: String { from == to ? Format.grouped(from) : "\(Format.grouped(from))-\(Format.grouped(to))" }
    }

    /// At most `bins` equal ranges of a round width, from 0 up to the best kept score.
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
