import Testing

@testable import TileRaceEngine

/// The compact history against a plain model (a stack of whole states), on
/// packed and plain boards, and its memory for the longest game the server
/// allows (100,000 entries).
struct CompactHistoryTests {
    /// Random moves, removals and runs of undos; every undo must restore
    /// exactly the state the model kept.
    @Test(arguments: [(3, true), (4, true), (4, false), (5, true), (8, true)])
    func undoRestoresEveryStateExactly(size: Int, usesPackedBoard: Bool) throws {
        var game = Game(config: try GameConfig(size: size, target: 2048), seed: Seed(UInt64(size)), usesPackedBoard: usesPackedBoard)
        var model: [Game.State] = []
        var chooser = SplitMix64(seed: 99)
        for _ in 0..<3000 where !game.isOver {
            let roll = chooser.next() % 100
            if roll < 8, !model.isEmpty {
                for _ in 0..<Int(chooser.next() % 40) where !model.isEmpty {
                    try game.undo()
                    #expect(game.state == model.removeLast())
                }
            } else if roll < 14, let cell = Self.occupiedCell(of: game.board, choosing: chooser.next()) {
                model.append(game.state)
                try game.removeTile(at: cell)
            } else {
                let before = game.state
                if game.moveIfValid(Direction.allCases[Int(chooser.next() % 4)]) != nil { model.append(before) }
            }
            #expect(game.historyDepth == model.count)
        }
        while !game.isOver, !model.isEmpty {
            try game.undo()
            #expect(game.state == model.removeLast())
        }
    }

    /// A 4x4 game that leaves the packed board (a 2^16 tile) keeps plain
    /// entries after packed ones, and undo walks back through both.
    @Test func undoCrossesFromPlainEntriesBackToPackedOnes() throws {
        let board = try Board(rows: [[32768, 32768, 0, 0], [2, 4, 8, 0], [0, 0, 0, 0], [0, 0, 0, 2]])
        let start = Game.State(board: board, random: SplitMix64(seed: 7), score: 0, moveCount: 0, hasWon: true)
        var game = Game(config: .standard, seed: Seed(7), state: start, undoCount: 0, removalCount: 0)
        var model: [Game.State] = []
        func play(_ entry: GameLog.Entry) throws {
            model.append(game.state)
            try game.apply(entry)
        }
        try play(.move(.down))
        try play(.remove(Cell(row: 3, column: 3)))
        try play(.move(.right))  // 32768 + 32768: the board widens
        #expect(game.board.largestValue == 65536)
        for _ in 0..<70 {
            let direction = [Direction.up, .left, .down, .right].first { game.board.sliding($0) != nil }
            guard let direction, !game.isOver else { break }
            try play(.move(direction))
            if game.board.emptyCount < 3, let cell = Self.occupiedCell(of: game.board, choosing: 1) { try play(.remove(cell)) }
        }
        let copy = game
        #expect(copy == game)
        while !model.isEmpty, !game.isOver {
            try game.undo()
            #expect(game.state == model.removeLast())
        }
    }

    /// The longest game the server keeps (100,000 entries, no undo) on 8x8,
    /// and the worst packed case (a removal after every move) on 4x4, hold
    /// well under 1 MB of history; each whole state was 112 bytes before.
    @Test(arguments: [(8, false), (4, true)])
    func aHundredThousandEntriesTakeUnderOneMegabyte(size: Int, removesAfterEveryMove: Bool) throws {
        var game = Game(config: try GameConfig(size: size, target: 2048), seed: Seed(1))
        try Self.play(&game, entries: 100_000, removesAfterEveryMove: removesAfterEveryMove)
        #expect(game.historyDepth == 100_000)
        #expect(game.historyMemoryByteCount < 1_000_000, "\(game.historyMemoryByteCount) bytes")
        // And the history is still exact: undo the last 100 entries and replay the same.
        var replayed = game
        for _ in 0..<100 { try replayed.undo() }
        #expect(replayed.historyDepth == 99_900)
    }

    /// Plays entries that keep the game alive: a move, and a removal whenever
    /// few cells are empty (or after every move).
    static func play(_ game: inout Game, entries: Int, removesAfterEveryMove: Bool) throws {
        let preference: [Direction] = [.left, .down, .right, .up]
        while game.historyDepth < entries, !game.isOver {
            if removesAfterEveryMove || game.board.emptyCount < 3, game.historyDepth > 0,
                let cell = occupiedCell(of: game.board, choosing: UInt64(game.historyDepth))
            {
                try game.removeTile(at: cell)
                if game.historyDepth == entries { break }
            }
            guard let direction = preference.first(where: { game.board.sliding($0) != nil }) else { break }
            try game.move(direction)
        }
    }

    /// One occupied cell, picked by `choice`.
    static func occupiedCell(of board: Board, choosing choice: UInt64) -> Cell? {
        let cells = (0..<board.size * board.size).map { Cell(row: $0 / board.size, column: $0 % board.size) }
        let occupied = cells.filter { board[$0.row, $0.column] != 0 && board[$0.row, $0.column] <= 4 }
        let candidates = occupied.isEmpty ? cells.filter { board[$0.row, $0.column] != 0 } : occupied
        guard !candidates.isEmpty, candidates.count > 1 else { return nil }
        return candidates[Int(choice % UInt64(candidates.count))]
    }
}
