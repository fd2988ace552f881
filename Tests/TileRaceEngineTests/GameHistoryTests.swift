import Testing

@testable import TileRaceEngine

/// The packed history (segments of up to 32 moves, replayed on undo) against
/// the plain one (every state stored whole).
struct GameHistoryTests {
    /// Runs of moves longer than a segment, deep undos, removals in between,
    /// and undo all the way back, compared with a plain game after each step.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func deepUndoAcrossSegmentsAndRemovals(seed: UInt64) throws {
        var packed = Game(config: .standard, seed: Seed(seed), usesPackedBoard: true)
        var plain = Game(config: .standard, seed: Seed(seed), usesPackedBoard: false)
        var chooser = SplitMix64(seed: seed)
        func step(_ entry: GameLog.Entry) {
            let packedError = Result { () throws(EngineError) in try packed.apply(entry) }.error
            let plainError = Result { () throws(EngineError) in try plain.apply(entry) }.error
            #expect(packedError == plainError, "\(entry)")
            #expect(packed.state == plain.state && packed.historyDepth == plain.historyDepth, "\(entry)")
        }
        func moves(_ count: Int) {
            var made = 0
            var attempts = 0
            while made < count, attempts < count * 20, !packed.isOver {
                attempts += 1
                let before = packed.historyDepth
                step(.move(Direction.allCases[Int(chooser.next() % 4)]))
                if packed.historyDepth > before { made += 1 }
            }
        }
        func removal() {
            let board = packed.board
            let occupied = (0..<16).filter { board[$0 / 4, $0 % 4] != 0 }
            guard let index = occupied.first else { return }
            step(.remove(Cell(row: index / 4, column: index % 4)))
        }
        moves(100)
        for _ in 0..<40 { step(.undo) }
        removal()
        moves(70)
        removal()
        removal()
        moves(33)
        for _ in 0..<5 { step(.undo) }
        moves(64)
        #expect(packed == plain)
        while packed.historyDepth > 0, !packed.isOver { step(.undo) }
        #expect(packed == plain)
        if !packed.isOver {
            #expect(packed.state == Game(seed: Seed(seed)).state)
            moves(50)
            #expect(packed == plain)
        }
    }

    @Test func historyDepthCountsEveryEntry() throws {
        var game = Game(seed: Seed(42))
        var made = 0
        var chooser = SplitMix64(seed: 1)
        while made < 70 {
            if game.moveIfValid(Direction.allCases[Int(chooser.next() % 4)]) != nil { made += 1 }
        }
        #expect(game.historyDepth == 70)
        let occupied = (0..<16).first { game.board[$0 / 4, $0 % 4] != 0 } ?? 0
        try game.removeTile(at: Cell(row: occupied / 4, column: occupied % 4))
        #expect(game.historyDepth == 71)
        try game.undo()
        try game.undo()
        #expect(game.historyDepth == 69)
    }
}
