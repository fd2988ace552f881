import TileRaceEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The measurements behind `tilerace bench engine`: random play on 4x4 and
/// replays of a long logged game. Pure computation; the command prints.
struct EngineBenchmark {
    /// Valid moves (each with its spawn) to time in random play.
    var steps: Int
    /// Timed replays of the logged game.
    var replayRuns: Int
    /// Entries in the logged game.
    var logLength: Int

    /// What random play measured.
    struct RandomPlay {
        /// Valid moves made, each followed by its spawn.
        var steps: Int
        /// Games played (a new one starts whenever one is over).
        var games: Int
        /// Wall-clock time.
        var seconds: Double
        /// CPU time of the thread (less disturbed by other programs).
        var cpuSeconds: Double

        /// Steps per second of wall-clock time.
        var stepsPerSecond: Double { Double(steps) / seconds }
        /// Steps per second of the thread's CPU time.
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

/// The CPU time the calling thread has used, in seconds.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

extension Duration {
    /// The duration in seconds.
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
