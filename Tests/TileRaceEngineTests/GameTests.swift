import Testing

@testable import TileRaceEngine

/// Games: spawns, moves, undo, removal, winning and the end.
struct GameTests {
    /// Seed 0 on 4x4: the first draw 0xE220A8397B1DCDAF % 16 = 15 puts the
    /// first tile in cell (3, 3), and 0x6E789E6AA1B965F4 % 10 = 0 makes it a 4;
    /// then 0x06C45D188009454F % 15 = 4 picks the fifth empty cell in
    /// row-major order, (1, 0), and 0xF88BB8A8724C81EC % 10 = 4 makes it a 2.
    @Test func spawnsFollowTheRulesForSeedZero() {
        let game = Game(seed: Seed(0))
        #expect(game.board.rows == [[0, 0, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 4]])
        #expect(game.lastSpawn == Spawn(cell: Cell(row: 1, column: 0), value: 2))
        #expect(game.state.random.state == 4 &* 0x9E37_79B9_7F4A_7C15)
        #expect(game.score == 0 && game.moveCount == 0 && !game.hasWon && !game.isOver)
    }

    /// Starting boards of other seeds and sizes, from the independent
    /// reference (Scripts/reference_replay.py).
    @Test(arguments: [
        ("1", 4, [[2, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]),
        ("42", 4, [[0, 0, 0, 2], [0, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]),
        ("friday", 4, [[2, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]),
        ("0", 3, [[0, 0, 0], [0, 0, 0], [0, 4, 2]]),
        ("7", 3, [[0, 0, 2], [2, 0, 0], [0, 0, 0]]),
    ])
    func startingBoards(seed: String, size: Int, rows: [[Int]]) throws {
        let game = Game(config: try GameConfig(size: size), seed: try Seed(parsing: seed))
        #expect(game.board.rows == rows)
    }

    @Test func eightByEightStart() throws {
        let game = Game(config: try GameConfig(size: 8), seed: Seed(42))
        #expect(game.board[0, 0] == 2 && game.board[2, 5] == 2)
        #expect(game.board.emptyCount == 62)
    }

    @Test func aValidMoveScoresAndSpawnsOnce() throws {
        // Seed 1 starts with [2, 2, 0, 0] in row 0.
        var game = Game(seed: Seed(1))
        let report = try game.move(.left)
        #expect(report.points == 4)
        #expect(game.score == 4)
        #expect(game.moveCount == 1)
        #expect(game.board[0, 0] == 4)
        #expect(game.board.emptyCount == 14)  // 2 tiles, 1 merge, 1 spawn
        #expect(report.spawn != nil && report.spawn == game.lastSpawn)
        #expect(game.state.random.state == 1 &+ 6 &* 0x9E37_79B9_7F4A_7C15)  // two draws per spawn
        #expect(game.historyDepth == 1)
    }

    @Test func aMoveThatChangesNothingChangesNothing() {
        // Seed 1: both tiles in row 0, so up changes nothing.
        var game = Game(seed: Seed(1))
        let before = game
        #expect(throws: EngineError.moveChangesNothing(.up)) { try game.move(.up) }
        #expect(game == before)
        #expect(game.moveIfValid(.up) == nil)
        #expect(game == before)
        #expect(game.historyDepth == 0)
    }

    @Test func undoGoesBackToTheStartAndForwardAgain() throws {
        var game = Game(seed: Seed(42))
        let start = game
        var chooser = SplitMix64(seed: 99)
        var moves: [Direction] = []
        var spawns: [Spawn?] = []
        var states: [Game.State] = []
        while moves.count < 40 {
            let direction = Direction.allCases[Int(chooser.next() % 4)]
            let before = game.state
            guard let report = game.moveIfValid(direction) else { continue }
            states.append(before)
            moves.append(direction)
            spawns.append(report.spawn)
        }
        let end = game.state
        for expected in states.reversed() {
            try game.undo()
            #expect(game.state == expected)
            #expect(game.lastSpawn == nil)
        }
        #expect(game.state == start.state)
        #expect(game.historyDepth == 0)
        #expect(game.undoCount == 40)
        #expect(throws: EngineError.nothingToUndo) { try game.undo() }
        #expect(game.undoCount == 40)
        for (direction, spawn) in zip(moves, spawns) {
            #expect(try game.move(direction).spawn == spawn)
        }
        #expect(game.state == end)
        #expect(game.undoCount == 40)  // never rolled back
    }

    @Test func undoRestoresTheRandomState() throws {
        var game = Game(seed: Seed(1))
        let first = try game.move(.left)
        try game.undo()
        let again = try game.move(.left)
        #expect(first == again)
    }

    @Test func removeEmptiesOneCell() throws {
        var game = Game(seed: Seed(1))  // [2, 2, 0, 0] in row 0
        let random = game.state.random
        try game.removeTile(at: Cell(row: 0, column: 1))
        #expect(game.board.rows[0] == [2, 0, 0, 0])
        #expect(game.removalCount == 1 && game.moveCount == 0 && game.assistCount == 1)
        #expect(game.state.random == random)  // no spawn
        #expect(game.lastSpawn == nil)
        try game.undo()
        #expect(game.board.rows[0] == [2, 2, 0, 0])
        #expect(game.removalCount == 1 && game.undoCount == 1 && game.assistCount == 2)
    }

    @Test func removeRefusesEmptyAndOffBoardCells() {
        var game = Game(seed: Seed(1))
        let before = game
        #expect(throws: EngineError.emptyCell(row: 3, column: 3)) { try game.removeTile(at: Cell(row: 3, column: 3)) }
        #expect(throws: EngineError.offBoard(row: 4, column: 0, size: 4)) { try game.removeTile(at: Cell(row: 4, column: 0)) }
        #expect(throws: EngineError.offBoard(row: 0, column: 9, size: 4)) { try game.removeTile(at: Cell(row: 0, column: 9)) }
        #expect(throws: EngineError.offBoard(row: -1, column: 0, size: 4)) { try game.removeTile(at: Cell(row: -1, column: 0)) }
        #expect(game == before)
    }

    @Test func removingEveryTileEndsTheGame() throws {
        var game = Game(seed: Seed(1))
        try game.removeTile(at: Cell(row: 0, column: 0))
        #expect(!game.isOver)
        try game.removeTile(at: Cell(row: 0, column: 1))
        #expect(game.isOver)  // an empty board: no move is valid
        #expect(throws: EngineError.gameOver) { try game.undo() }
    }

    /// A 4x4 state one move from the end: left slides row 3 to [16, 2, 8, _],
    /// the spawn fills the last cell, and no two neighbours are equal.
    static let nearlyOver = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 16], [0, 16, 2, 8]]

    @Test func theGameEndsWhenNoMoveIsValidAndRefusesEverything() throws {
        let state = Game.State(
            board: try Board(rows: GameTests.nearlyOver), random: SplitMix64(seed: 3), score: 0, moveCount: 0, hasWon: false)
        var game = Game(config: .standard, seed: Seed(3), state: state, undoCount: 0, removalCount: 0)
        #expect(!game.isOver)
        try game.move(.left)
        #expect(game.isOver)
        #expect(!game.board.canMove)
        #expect(!game.canUndo)
        let over = game
        #expect(throws: EngineError.gameOver) { try game.move(.right) }
        #expect(throws: EngineError.gameOver) { try game.undo() }
        #expect(throws: EngineError.gameOver) { try game.removeTile(at: Cell(row: 0, column: 0)) }
        #expect(game.moveIfValid(.up) == nil)
        #expect(game == over)
    }

    @Test func theTargetIsReachedOnce() throws {
        let config = try GameConfig(size: 4, target: 8)
        let rows = [[4, 4, 0, 0], [4, 4, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0]]
        let state = Game.State(board: try Board(rows: rows), random: SplitMix64(seed: 11), score: 0, moveCount: 0, hasWon: false)
        var game = Game(config: config, seed: Seed(11), state: state, undoCount: 0, removalCount: 0)
        let first = try game.move(.left)  // two 8s at once: reached once
        #expect(first.reachedTarget && game.hasWon)
        #expect(first.points == 16)
        // Another 8 or 16 later is not "reached" again.
        var later: [MoveReport] = []
        for direction in [Direction.up, .down, .left, .right, .up, .down] {
            if let report = game.moveIfValid(direction) { later.append(report) }
        }
        #expect(later.allSatisfy { !$0.reachedTarget })
        #expect(game.hasWon)
        // Undo back past it: not won any more, and reaching it again counts.
        while game.historyDepth > 0 { try game.undo() }
        #expect(!game.hasWon)
        #expect(try game.move(.left).reachedTarget)
    }

    @Test func keepsPlayingAfterTheTarget() throws {
        let config = try GameConfig(size: 3, target: 8)
        let state = Game.State(
            board: try Board(rows: [[4, 4, 0], [0, 0, 0], [0, 0, 0]]), random: SplitMix64(seed: 1), score: 0, moveCount: 0, hasWon: false)
        var game = Game(config: config, seed: Seed(1), state: state, undoCount: 0, removalCount: 0)
        try game.move(.left)
        #expect(game.hasWon && !game.isOver)
        #expect(game.moveIfValid(.right) != nil || game.moveIfValid(.down) != nil)
    }

    @Test func restartIsANewGame() throws {
        var game = Game(seed: Seed(5))
        _ = game.moveIfValid(.left)
        _ = game.moveIfValid(.up)
        try? game.removeTile(at: Cell(row: 3, column: 3))
        game.restart(seed: Seed(77))
        #expect(game == Game(seed: Seed(77)))
        #expect(game.undoCount == 0 && game.removalCount == 0 && game.historyDepth == 0)
    }

    @Test func resumingKeepsStateAndCounts() throws {
        var played = Game(config: try GameConfig(size: 5), seed: Seed(8))
        for direction in [Direction.left, .up, .right, .down, .left] { _ = played.moveIfValid(direction) }
        let resumed = Game(config: played.config, seed: played.seed, state: played.state, undoCount: 3, removalCount: 2)
        #expect(resumed.state == played.state)
        #expect(resumed.undoCount == 3 && resumed.removalCount == 2)
        #expect(resumed.historyDepth == 0 && !resumed.canUndo)
    }

    @Test func appliesRecordEntries() throws {
        var game = Game(seed: Seed(1))
        try game.apply(.move(.left))
        try game.apply(.undo)
        try game.apply(.remove(Cell(row: 0, column: 0)))
        #expect(game.undoCount == 1 && game.removalCount == 1)
        #expect(throws: EngineError.nothingToUndo) {
            var fresh = Game(seed: Seed(1))
            try fresh.apply(.undo)
        }
    }
}
