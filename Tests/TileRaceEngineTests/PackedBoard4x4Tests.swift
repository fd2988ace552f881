import Testing

@testable import TileRaceEngine

/// The packed 4x4 fast path against the plain `Board` and `LineSlide`.
struct PackedBoard4x4Tests {
    @Test func tablesAgreeWithTheLineRuleForEveryRow() {
        let table = PackedRowTable4x4.shared
        for row in 0..<(1 << 16) {
            let exponents = (0..<4).map { (row >> (4 * $0)) & 0xF }
            let values = exponents.map { $0 == 0 ? 0 : 1 << $0 }
            let left = LineSlide.slide(values: values)
            let right = LineSlide.slide(values: values.reversed())
            let entry = table.points[row]
            if left.line.contains(where: { $0 > 1 << 15 }) {
                #expect(entry & (0xF << 24) == PackedRowTable4x4.outgrowFlag, "row \(row)")
                continue
            }
            func unpack(_ bits: UInt64) -> [Int] {
                (0..<4).map {
                    let exponent = Int((bits >> UInt64(4 * $0)) & 0xF)
                    return exponent == 0 ? 0 : 1 << exponent
                }
            }
            #expect(unpack(UInt64(table.slid[row] & 0xFFFF)) == left.line, "row \(row)")
            #expect(unpack(UInt64(table.slid[row] >> 16)) == Array(right.line.reversed()), "row \(row)")
            #expect(Int(entry & 0xFF_FFFF) == left.points && left.points == right.points, "row \(row)")
            let merges = values.filter { $0 != 0 }.count - left.line.filter { $0 != 0 }.count
            #expect(Int(entry >> PackedRowTable4x4.mergeShift) == merges, "row \(row)")
            // The column tables hold the same lines spread into column shape.
            for index in 0..<4 {
                let upCell: UInt64 = (table.slidUp[row] >> UInt64(16 * index)) & 0xFFFF
                let downCell: UInt64 = (table.slidDown[row] >> UInt64(16 * index)) & 0xFFFF
                let leftCell = UInt64((table.slid[row] >> UInt32(4 * index)) & 0xF)
                let rightCell = UInt64((table.slid[row] >> UInt32(16 + 4 * index)) & 0xF)
                #expect(upCell == leftCell && downCell == rightCell, "row \(row)")
            }
        }
    }

    @Test func transposeSwapsRowsAndColumns() {
        var random = SplitMix64(seed: 1)
        for _ in 0..<1000 {
            let bits = random.next()
            let transposed = PackedBoard4x4.transposed(bits)
            for row in 0..<4 {
                for column in 0..<4 {
                    #expect((transposed >> UInt64(4 * (column * 4 + row))) & 0xF == (bits >> UInt64(4 * (row * 4 + column))) & 0xF)
                }
            }
            #expect(PackedBoard4x4.transposed(transposed) == bits)
        }
    }

    /// A random 4x4 board: each cell empty with probability `emptiness`.
    static func randomBoard(_ random: inout SplitMix64, emptiness: UInt64, maxExponent: UInt64 = 15) -> PackedBoard4x4 {
        var bits: UInt64 = 0
        for index in 0..<16 where random.next() % 100 >= emptiness {
            bits |= (1 + random.next() % maxExponent) << UInt64(4 * index)
        }
        return PackedBoard4x4(bits: bits)
    }

    @Test func movesAgreeWithThePlainBoard() {
        var random = SplitMix64(seed: 2)
        for trial in 0..<20_000 {
            let packed = PackedBoardTestsSupport.randomBoard(
                &random, emptiness: [0, 10, 40, 80, 100][trial % 5], maxExponent: trial % 2 == 0 ? 4 : 15)
            for direction in Direction.allCases {
                var plain = packed.board
                let expected = plain.slide(direction)
                let slide = packed.slid(direction)
                if expected.map({ $0.largestMergedExponent > 15 }) == true {
                    #expect(slide.outgrows)
                    continue
                }
                #expect(!slide.outgrows)
                #expect(PackedBoard4x4(bits: slide.bits).board == plain)
                #expect(slide.points == (expected?.points ?? 0))
                #expect((slide.bits == packed.bits) == (expected == nil))
                #expect(packed.board.emptyCount + slide.merges == plain.emptyCount)
            }
            #expect(packed.canMove == packed.board.canMove)
            #expect(packed.emptyCount == packed.board.emptyCount)
        }
    }

    @Test func spawnsAgreeWithThePlainRule() {
        var random = SplitMix64(seed: 3)
        for trial in 0..<20_000 {
            var packed = PackedBoardTestsSupport.randomBoard(&random, emptiness: [5, 30, 60, 95, 100][trial % 5])
            var state = Game.State(board: packed.board, random: SplitMix64(seed: random.next()), score: 0, moveCount: 0, hasWon: false)
            var packedRandom = state.random
            let expected = Game.spawn(in: &state)
            let spawned = packed.spawn(using: &packedRandom, emptyCount: packed.emptyCount)
            #expect(spawned.map { Spawn(cell: Cell(row: $0.index >> 2, column: $0.index & 3), value: 1 << $0.exponent) } == expected)
            #expect(packed.board == state.board)
            #expect(packedRandom == state.random)
        }
    }

    @Test func packsOnlyWhatFits() throws {
        #expect(PackedBoard4x4(try Board(rows: [[32768, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]])) != nil)
        #expect(PackedBoard4x4(try Board(rows: [[65536, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]])) == nil)
        #expect(PackedBoard4x4(Board(size: 5)) == nil)
    }

    /// Plays the same entries on a packed game and a plain-only game and
    /// compares everything after every entry.
    static func playBoth(_ packed: inout Game, _ plain: inout Game, entries: Int, random: inout SplitMix64) {
        for _ in 0..<entries {
            let roll = random.next() % 100
            let entry: GameLog.Entry
            if roll < 8 {
                entry = .undo
            } else if roll < 14 {
                entry = .remove(Cell(row: Int(random.next() % 5), column: Int(random.next() % 5)))
            } else {
                entry = .move(Direction.allCases[Int(random.next() % 4)])
            }
            let packedResult = Result { () throws(EngineError) in try packed.apply(entry) }
            let plainResult = Result { () throws(EngineError) in try plain.apply(entry) }
            #expect(packedResult.error == plainResult.error, "\(entry)")
            let same =
                packed.state == plain.state && packed.isOver == plain.isOver && packed.lastSpawn == plain.lastSpawn
                && packed.undoCount == plain.undoCount && packed.removalCount == plain.removalCount
                && packed.historyDepth == plain.historyDepth
                && packed.largestTile == plain.board.largestValue && plain.largestTile == plain.board.largestValue
                && packed.boardValues == plain.board.values && plain.boardValues == plain.board.values
            #expect(same, "\(entry)")
            if !same { return }
        }
        // Everything, the whole history included.
        #expect(packed == plain)
    }

    @Test func packedGamesAgreeWithPlainGames() {
        var random = SplitMix64(seed: 4)
        for _ in 0..<300 {
            let seed = Seed(random.next())
            var packed = Game(config: .standard, seed: seed, usesPackedBoard: true)
            var plain = Game(config: .standard, seed: seed, usesPackedBoard: false)
            #expect(packed.isPacked && !plain.isPacked)
            #expect(packed == plain)
            PackedBoard4x4Tests.playBoth(&packed, &plain, entries: Int(100 + random.next() % 1000), random: &random)
        }
    }

    /// Boards full of big tiles: merges often outgrow 4 bits, so the packed
    /// game moves to the plain board mid-game (and undo can bring it back).
    @Test func packedGamesAgreeWhenTilesOutgrowTheirCells() throws {
        var random = SplitMix64(seed: 5)
        var widened = 0
        for _ in 0..<500 {
            let board = PackedBoardTestsSupport.randomBoard(&random, emptiness: 30, maxExponent: 15).board
            let big = Game.State(board: board, random: SplitMix64(seed: random.next()), score: 0, moveCount: 0, hasWon: false)
            let config = try GameConfig(target: 1 << Int(12 + random.next() % 9))
            var packed = Game(config: config, seed: Seed(1), state: big, undoCount: 0, removalCount: 0)
            var plain = packed
            plain.forcePlain()
            PackedBoard4x4Tests.playBoth(&packed, &plain, entries: 60, random: &random)
            if !packed.isPacked { widened += 1 }
        }
        #expect(widened > 20)
    }

    @Test func largestValueReadsThePackedCells() throws {
        #expect(PackedBoard4x4(bits: 0).largestValue == 0)
        let rows = [[0, 0, 0, 0], [0, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 32768]]
        let packed = try #require(PackedBoard4x4(try Board(rows: rows)))
        #expect(packed.largestValue == 32768 && packed.board.largestValue == 32768)
        #expect(PackedBoard4x4(bits: 1).largestValue == 2)
    }

    /// The halving search agrees with reading every cell, on boards of
    /// random exponents (each cell 0 to 15, so every largest is met).
    @Test func largestValueAgreesWithEveryCell() {
        var random = SplitMix64(seed: 23)
        for _ in 0..<20_000 {
            var bits: UInt64 = 0
            let ceiling = random.next() % 16
            for cell in 0..<16 { bits |= (random.next() % (ceiling + 1)) << UInt64(4 * cell) }
            let largest = (0..<16).map { (bits >> UInt64(4 * $0)) & 0xF }.max() ?? 0
            #expect(PackedBoard4x4(bits: bits).largestValue == (largest == 0 ? 0 : 1 << largest), "bits \(bits)")
        }
        for exponent in 1..<16 {
            for cell in 0..<16 {
                let bits = UInt64(exponent) << UInt64(4 * cell)
                #expect(PackedBoard4x4(bits: bits).largestValue == 1 << exponent)
            }
        }
    }

    @Test func widensAndComesBackByUndo() throws {
        let rows = [[32768, 32768, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
        let state = Game.State(board: try Board(rows: rows), random: SplitMix64(seed: 9), score: 100, moveCount: 7, hasWon: false)
        var game = Game(config: try GameConfig(target: 65536), seed: Seed(9), state: state, undoCount: 0, removalCount: 0)
        #expect(game.isPacked)
        let report = try game.move(.left)
        #expect(!game.isPacked)
        #expect(game.board[0, 0] == 65536 && game.board.largestValue == 65536)
        #expect(report.points == 65536 && report.reachedTarget && game.hasWon)
        #expect(game.score == 100 + 65536 && game.moveCount == 8)
        try game.move(.right)
        try game.undo()
        try game.undo()
        #expect(game.isPacked)
        #expect(game.state == state)
    }
}

/// Shared helpers.
enum PackedBoardTestsSupport {
    static func randomBoard(_ random: inout SplitMix64, emptiness: UInt64, maxExponent: UInt64 = 15) -> PackedBoard4x4 {
        PackedBoard4x4Tests.randomBoard(&random, emptiness: emptiness, maxExponent: maxExponent)
    }
}

extension Game {
    /// Moves the current state to the plain board and keeps it there (tests only).
    mutating func forcePlain() {
        self = Game(config: config, seed: seed, state: state, undoCount: undoCount, removalCount: removalCount, usesPackedBoard: false)
    }
}

extension Result {
    /// The error, or nil on success.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
