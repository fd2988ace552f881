import TileRaceCLI
import TileRaceEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The measurements behind `tilerace-bench engine`: random play on 4x4 and
/// replays of a long logged game. Pure computation; the command prints.
struct EngineBenchmark {
    /// Valid moves (each with its spawn) to time in random play.
    var steps: Int
    var replayRuns: Int
    var logLength: Int

    /// What random play measured.
    struct RandomPlay {
        /// Valid moves made, each followed by its spawn.
        var steps: Int
        /// Games played (a new one starts whenever one is over).
        var games: Int
        var seconds: Double
        /// CPU time of the thread (less disturbed by other programs).
        var cpuSeconds: Double

        var stepsPerSecond: Double { Double(steps) / seconds }
        var stepsPerCPUSecond: Double { Double(steps) / cpuSeconds }
    }

    /// Plays random moves on 4x4 games until `steps` valid moves are made,
    /// restarting `game` with the next seed whenever it is over (which reuses
    /// its history's memory). Directions come from a separate SplitMix64, so
    /// a run from a fresh game is the same every time.
    static func randomPlay(_ game: inout Game, steps: Int) -> RandomPlay {
        var player = SplitMix64(seed: 0x5EED)
        var made = 0
        var games = 1
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = threadCPUSeconds()
        let directions = Direction.allCases
        while made < steps {
            // A table look-up, not a switch: a random 4-way branch would be
            // mispredicted most of the time and charge the engine for it.
            let direction = directions[Int(truncatingIfNeeded: player.next() >> 62)]
            if game.moveIfValid(direction) != nil {
                made &+= 1
            } else if game.isOver {
                games &+= 1
                game.restart(seed: Seed(game.seed.value &+ 1))
            }
        }
        let seconds = (clock.now - start).seconds
        let cpuSeconds = threadCPUSeconds() - cpuStart
        blackHole(game)
        return RandomPlay(steps: made, games: games, seconds: seconds, cpuSeconds: cpuSeconds)
    }

    /// A logged 4x4 game of exactly `length` entries that all apply, played
    /// by a small bot: each move looks two moves ahead (spawns are known: the
    /// random state is part of the game) and keeps big tiles in a snake from
    /// the bottom-left corner; an undo now and then; and a removal of the
    /// smallest tile when every move would end the game, so the game can run
    /// for as long as asked.
    static func loggedGame(length: Int, seed: Seed = Seed(2048)) -> GameLog {
        var game = Game(config: .standard, seed: seed)
        var chooser = SplitMix64(seed: 0x10C)
        var entries: [GameLog.Entry] = []
        entries.reserveCapacity(length)
        while entries.count < length {
            if game.canUndo, chooser.next() % 50 == 0 {
                try? game.undo()
                entries.append(.undo)
                continue
            }
            if let direction = bestMove(game) {
                _ = game.moveIfValid(direction)
                entries.append(.move(direction))
            } else {
                let cell = bestRemoval(game)
                try? game.removeTile(at: cell)
                entries.append(.remove(cell))
            }
        }
        return GameLog(entries)
    }

    /// The tile whose removal lets the best move score highest (the smallest
    /// tile if no removal helps).
    private static func bestRemoval(_ game: Game) -> Cell {
        var best: (cell: Cell, score: Int) = (smallestTile(of: game.board), Int.min)
        for row in 0..<game.config.size {
            for column in 0..<game.config.size where game.board[row, column] != 0 {
                let cell = Cell(row: row, column: column)
                var removed = Game(config: game.config, seed: game.seed, state: game.state, undoCount: 0, removalCount: 0)
                try? removed.removeTile(at: cell)
                for direction in Direction.allCases {
                    var moved = removed
                    if moved.moveIfValid(direction) != nil, !moved.isOver {
                        let score = snakeScore(moved.board) - (game.board[row, column] << 18)
                        if score > best.score { best = (cell, score) }
                    }
                }
            }
        }
        return best.cell
    }

    /// The move whose best follow-up scores highest, never one that ends the game.
    private static func bestMove(_ game: Game) -> Direction? {
        var best: (direction: Direction, score: Int)?
        for first in Direction.allCases {
            // Games without history: trying moves must not copy the whole history.
            var once = Game(config: game.config, seed: game.seed, state: game.state, undoCount: 0, removalCount: 0)
            guard once.moveIfValid(first) != nil, !once.isOver else { continue }
            var score = snakeScore(once.board)
            for second in Direction.allCases {
                var twice = once
                if twice.moveIfValid(second) != nil { score = max(score, snakeScore(twice.board)) }
            }
            if best == nil || score > best!.score { best = (first, score) }
        }
        return best?.direction
    }

    /// Tiles weighted along a snake from the bottom-left corner, plus empty cells.
    private static func snakeScore(_ board: Board) -> Int {
        var score = board.emptyCount << 20
        var weight = 16
        for row in stride(from: board.size - 1, through: 0, by: -1) {
            let leftToRight = (board.size - 1 - row) % 2 == 0
            for step in 0..<board.size {
                let column = leftToRight ? step : board.size - 1 - step
                score += board[row, column] << weight
                weight -= 1
            }
        }
        return score
    }

    /// The first cell, in row-major order, holding the smallest tile.
    private static func smallestTile(of board: Board) -> Cell {
        var best = Cell(row: 0, column: 0)
        var bestExponent = Int.max
        for row in 0..<board.size {
            for column in 0..<board.size {
                let exponent = board.exponent(row: row, column: column)
                if exponent != 0, exponent < bestExponent {
                    best = Cell(row: row, column: column)
                    bestExponent = exponent
                }
            }
        }
        return best
    }

    /// The time of each of `runs` replays of `log`, in seconds, sorted.
    static func replayTimes(of log: GameLog, seed: Seed = Seed(2048), runs: Int) -> [Double] {
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(runs)
        for _ in 0..<runs {
            let start = clock.now
            let result = Replay.run(seed: seed, log: log)
            times.append((clock.now - start).seconds)
            blackHole(result)
        }
        return times.sorted()
    }

    /// The time of each of `runs` parses-and-replays of the record's text, sorted.
    static func parseAndReplayTimes(of text: String, seed: Seed = Seed(2048), runs: Int) -> [Double] {
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(runs)
        for _ in 0..<runs {
            let start = clock.now
            let result = try? Replay.run(seedText: seed.text, log: text)
            times.append((clock.now - start).seconds)
            blackHole(result)
        }
        return times.sorted()
    }
}

extension EngineBenchmark {
    /// Timed rounds of random play.
    private static let roundCount = 5

    static func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        let steps = try arguments.integer("--steps", in: 1...1_000_000_000, default: 50_000_000)
        let runs = try arguments.integer("--runs", in: 1...100_000, default: 500)
        BenchCommand.noteDebugBuild(console)
        let benchmark = EngineBenchmark(steps: steps, replayRuns: runs, logLength: 10_000)
        var warmUp = Game(config: .standard, seed: Seed(1))
        _ = EngineBenchmark.randomPlay(&warmUp, steps: min(steps, 1_000_000))  // tables, caches, history memory
        // Five rounds, each from a fresh game with the same seeds: on a shared
        // machine single runs vary a lot, so the median is the figure.
        var rounds: [EngineBenchmark.RandomPlay] = []
        for _ in 0..<roundCount {
            var game = Game(config: .standard, seed: Seed(1))
            rounds.append(EngineBenchmark.randomPlay(&game, steps: max(1, steps / roundCount)))
        }
        let wall = rounds.map(\.stepsPerSecond).sorted()
        let cpu = rounds.map(\.stepsPerCPUSecond).sorted()
        console.print(
            "random play 4x4: \(format(wall.median / 1e6, digits: 1)) M steps/s, median of \(rounds.count) rounds "
                + "(range \(format(wall[0] / 1e6, digits: 1)) to \(format(wall[wall.count - 1] / 1e6, digits: 1)); "
                + "by the thread's CPU time \(format(cpu.median / 1e6, digits: 1)) M/s; "
                + "\(rounds[0].steps) moves with spawn and \(rounds[0].games) games per round, 1 thread)")

        let log = EngineBenchmark.loggedGame(length: benchmark.logLength)
        let replay = Replay.run(seed: Seed(2048), log: log)
        let times = EngineBenchmark.replayTimes(of: log, runs: benchmark.replayRuns)
        let textTimes = EngineBenchmark.parseAndReplayTimes(of: log.description, runs: benchmark.replayRuns)
        console.print(
            "replay of a \(log.entries.count)-step game: median \(format(times.median * 1e3, digits: 3)) ms "
                + "over \(times.count) runs (min \(format(times[0] * 1e3, digits: 3)) ms); "
                + "with parsing the text: \(format(textTimes.median * 1e3, digits: 3)) ms")
        console.print(
            "  the game: \(replay.game.moveCount) moves net, score \(replay.game.score), max tile \(replay.game.board.largestValue), "
                + "\(replay.game.undoCount) undos, \(replay.game.removalCount) removals, \(replay.invalidCount) invalid")

        let histories = [(8, false), (4, true), (4, false)].map { HistoryMemoryBenchmark.measure(size: $0, removesAfterEveryMove: $1) }
        let historyTexts = histories.map { measurement in
            "\(measurement.size)x\(measurement.size)\(measurement.removesAfterEveryMove ? " with a removal after every move" : ""): "
                + "\(format(Double(measurement.bytes) / 1000, digits: 1)) kB for \(measurement.depth) entries"
        }
        console.print("undo history of a \(HistoryMemoryBenchmark.entries)-entry game: " + historyTexts.joined(separator: "; "))

        guard AllocationCounter.threadCount == 1 else {
            console.print("allocations: not counted (the runtime hook is only safe with a single thread; this process has others)")
            return CLI.success
        }
        guard AllocationCounter.isWorking else {
            console.print("allocations: not measurable here (no _swift_allocObject hook in this Swift runtime)")
            return CLI.success
        }
        // Counted on the warmed-up game: its history already has room, as in a
        // long-running server; the growth of a fresh history is not per step.
        let countedSteps = min(steps, 1_000_000)
        var playResult: EngineBenchmark.RandomPlay?
        let playAllocations = AllocationCounter.count { playResult = EngineBenchmark.randomPlay(&warmUp, steps: countedSteps) } ?? 0
        let replayAllocations = AllocationCounter.count { blackHole(Replay.run(seed: Seed(2048), log: log)) } ?? 0
        let perStep = Double(playAllocations) / Double(countedSteps)
        console.print(
            "allocations: \(format(perStep, digits: 4)) per step in random play "
                + "(\(playAllocations) in \(countedSteps) steps, \(playResult?.games ?? 0) games); "
                + "\(replayAllocations) per replay of \(log.entries.count) steps (the game's history and result, not per step)")
        return CLI.success
    }

    private static func format(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }
}

/// The CPU time the calling thread has used, in seconds.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}

extension Array where Element == Double {
    /// The middle value of a sorted array (the mean of the two middle ones when even).
    var median: Double {
        guard !isEmpty else { return 0 }
        return count % 2 == 1 ? self[count / 2] : (self[count / 2 - 1] + self[count / 2]) / 2
    }
}
