import Foundation
import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// The statistics of the games finished on this machine: counting, the
/// file, the screen and its reset.
@Suite struct StatisticsTests {
    private func game(_ score: Int, size: Int = 4, tile: Int = 256) -> FinishedGameSummary {
        FinishedGameSummary(size: size, target: 2048, score: score, largestTile: tile, moves: score / 10, date: "2026-11-22")
    }

    /// Statistics of a few games on two board sizes.
    static func sample() -> GameStatistics {
        var statistics = GameStatistics()
        for (score, size, tile) in [
            (2448, 4, 256), (20116, 4, 2048), (7012, 4, 512), (3100, 4, 256), (912, 3, 64), (15800, 4, 1024), (1500, 3, 128),
            (5200, 5, 512), (24800, 4, 2048), (640, 4, 64),
        ] {
            statistics.add(FinishedGameSummary(size: size, target: 2048, score: score, largestTile: tile, moves: 100, date: "2026-11-22"))
        }
        return statistics
    }

    @Test func figuresPerBoardSize() {
        let statistics = Self.sample()
        #expect(statistics.gamesPlayed == 10)
        #expect(statistics.bests.map(\.size) == [3, 4, 5])
        #expect(statistics.bests.map(\.score) == [1500, 24800, 5200])
        #expect(statistics.bests.map(\.games) == [2, 7, 1])
        #expect(statistics.medianScore(size: 4) == 7012)
        #expect(statistics.medianScore(size: 3) == 1206)
        #expect(statistics.medianScore(size: 8) == nil)
        #expect(statistics.shareReaching2048 == 0.2)
        let histogram = statistics.histogram(bins: 5)
        #expect(histogram.map(\.from) == [0, 5000, 10000, 15000, 20000])
        #expect(histogram.map(\.count) == [5, 2, 0, 1, 2])
    }

    /// A game taken back leaves the figures as if it had never been counted: the best falls back to the next.
    @Test func aWithdrawnGameIsUncounted() {
        var statistics = Self.sample()
        statistics.withdraw(FinishedGameSummary(size: 4, target: 2048, score: 24800, largestTile: 2048, moves: 100, date: "2026-11-22"))
        statistics.withdraw(FinishedGameSummary(size: 5, target: 2048, score: 5200, largestTile: 512, moves: 100, date: "2026-11-22"))
        #expect(statistics.gamesPlayed == 8)
        #expect(statistics.bests.map(\.size) == [3, 4] && statistics.bests.map(\.score) == [1500, 20116])
        #expect(statistics.bests.map(\.games) == [2, 6])
        // One never counted changes nothing.
        let before = statistics
        statistics.withdraw(game(999))
        #expect(statistics == before)
    }

    /// Scores: one game, equal games, a wide range, nothing but zeros.
    static let scoreSets: [[Int]] = [
        [152], [500, 500, 500], [4, 100_000, 2048], [0], [0, 0, 8], [3, 7, 1],
        [2448, 20116, 7012, 3100, 912, 15800, 1500, 5200, 24800, 640],
    ]

    @Test(arguments: scoreSets)
    func everyRangeHoldsTheScoresCountedInIt(scores: [Int]) {
        var statistics = GameStatistics()
        for score in scores { statistics.add(game(score)) }
        for bins in 1...12 {
            let histogram = statistics.histogram(bins: bins)
            #expect(!histogram.isEmpty && histogram.count <= bins)
            #expect(histogram.first?.from == 0)
            #expect(zip(histogram, histogram.dropFirst()).allSatisfy { $0.to + 1 == $1.from })
            #expect(histogram.allSatisfy { $0.from <= $0.to })
            for bin in histogram {
                #expect(bin.count == scores.filter { (bin.from...bin.to).contains($0) }.count, "\(scores) \(bins): \(bin.label)")
            }
            // None is empty past the best score.
            #expect(histogram.last.map { ($0.from...$0.to).contains(scores.max()!) } == true)
        }
    }

    @Test func aSingleGameIsInItsRangeAndSaysSo() {
        var statistics = GameStatistics()
        statistics.add(game(152))
        #expect(statistics.histogram(bins: 1).map(\.label) == ["0-199"])
        #expect(statistics.histogram(bins: 1).map(\.count) == [1])
        var zero = GameStatistics()
        zero.add(game(0))
        #expect(zero.histogram(bins: 1).map(\.label) == ["0"])
        var model = Fixtures.model()
        model.screen = .statistics
        model.statistics = statistics
        assertSnapshot(view(model, size: model.size, theme: .classic).plainText, named: "statistics-one-game-80x24-classic")
    }

    @Test func onlyTheLastGamesAreKeptButEveryGameCounts() {
        var statistics = GameStatistics()
        for score in 0..<(GameStatistics.maximumGames + 50) { statistics.add(game(score)) }
        #expect(statistics.gamesPlayed == GameStatistics.maximumGames + 50)
        #expect(statistics.games.count == GameStatistics.maximumGames)
        #expect(statistics.games.first?.score == 50)
        #expect(statistics.bests.first?.games == GameStatistics.maximumGames + 50)
    }

    @Test func theFileKeepsThemAndABrokenOneStartsAfresh() throws {
        let root = NSTemporaryDirectory() + "tilerace-statistics-" + UUID().uuidString
        let directory = root + "/data"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = StatisticsStore(directory: directory)
        #expect(store.load().statistics == GameStatistics())
        #expect(store.load().problem == nil)
        try store.save(Self.sample())
        #expect(store.load().statistics == Self.sample())
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        try Data("{\"gamesPlayed\": \"many\"}".utf8).write(to: URL(fileURLWithPath: store.path))
        let broken = store.load()
        #expect(broken.statistics == GameStatistics())
        #expect(broken.problem == "\(store.path) is not valid statistics: they start afresh")
    }

    @Test func aFinishedGameCountsOnce() {
        var model = Fixtures.practice(moves: [])
        var saves = 0
        var turn = 0
        while model.session?.end == nil, turn < 10_000 {
            let keys: [Key] = turn % 2 == 0 ? [.left, .down, .right, .up] : [.down, .left, .right, .up]
            let key = keys.first { key in
                guard let board = model.session?.game.board, let direction = Update.direction(for: key) else { return false }
                return board.sliding(direction) != nil
            }
            guard let key else { break }
            saves += update(&model, .key(key)).filter { $0 == .saveStatistics }.count
            turn += 1
        }
        #expect(model.session?.end != nil)
        #expect(saves == 1)
        #expect(model.statistics.gamesPlayed == 1)
        #expect(model.statistics.games.last?.score == model.session?.end?.score)
        #expect(model.statistics.games.last?.date == Fixtures.today)
        // Keys on the end dialog do not count it again.
        #expect(!update(&model, .key(.escape)).contains(.saveStatistics))
        #expect(model.statistics.gamesPlayed == 1)
    }

    @Test func theMenuOpensThemAndXResetsAfterAsking() {
        var model = Fixtures.model()
        model.statistics = Self.sample()
        _ = update(&model, .key(.character("i")))
        #expect(model.screen == .statistics)
        #expect(update(&model, .key(.character("x"))).isEmpty)
        #expect(model.overlay == .confirm(.resetStatistics(games: 10)))
        #expect(update(&model, .key(.character("n"))).isEmpty)
        #expect(model.statistics == Self.sample())
        _ = update(&model, .key(.character("x")))
        #expect(update(&model, .key(.character("y"))) == [.saveStatistics])
        #expect(model.statistics.isEmpty)
        _ = update(&model, .key(.character("x")))
        #expect(model.overlay == nil)
        _ = update(&model, .key(.escape))
        #expect(model.screen == .menu)
    }

    @Test func theScreen() {
        var model = Fixtures.model()
        model.screen = .statistics
        assertSnapshot(view(model, size: model.size, theme: .classic).plainText, named: "statistics-empty-80x24-classic")
        model.statistics = Self.sample()
        assertSnapshot(view(model, size: model.size, theme: .classic).plainText, named: "statistics-80x24-classic")
        assertSnapshot(view(model, size: model.size, theme: .mono).plainText, named: "statistics-80x24-mono")
        let large = TerminalSize(width: 120, height: 40)
        model.size = large
        assertSnapshot(view(model, size: large, theme: .classic).plainText, named: "statistics-120x40-classic")
        model.size = TerminalSize(width: 60, height: 18)
        assertSnapshot(view(model, size: model.size, theme: .classic).plainText, named: "statistics-60x18-classic")
    }
}
