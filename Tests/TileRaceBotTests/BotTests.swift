import Testing
import TileRaceEngine

@testable import TileRaceBot

/// The bot on fixed boards: it merges when it obviously should, avoids a
/// move that loses for sure, is deterministic, and never looks at the random state.
struct BotTests {
    /// Two 1024s side by side; down is valid too but pulls them apart.
    static let obviousMerge = try! Board(rows: [
        [1024, 1024, 2, 4], [2, 4, 8, 16], [4, 8, 16, 32], [8, 0, 32, 64],
    ])
    /// Left fills the board with no merge left whatever spawns; every other move survives whatever spawns.
    static let oneLosingMove = try! Board(rows: [
        [2, 0, 16, 8], [16, 128, 4, 8], [2, 8, 64, 32], [4, 32, 16, 128],
    ])

    /// Boards from a game played by strength 2, a few moves apart, for comparisons.
    static let playedBoards: [Board] = {
        let bot = try! Bot(strength: 2)
        var game = Game(config: .standard, seed: Seed(42))
        var boards: [Board] = []
        while let direction = bot.bestMove(for: game), boards.count < 12 {
            _ = game.moveIfValid(direction)
            if game.moveCount % 25 == 0 { boards.append(game.board) }
        }
        return boards
    }()

    @Test func refusesAStrengthOutOfRange() {
        #expect(throws: BotError.invalidStrength(0)) { try Bot(strength: 0) }
        #expect(throws: BotError.invalidStrength(6)) { try Bot(strength: 6) }
        #expect(BotError.invalidStrength(6).message == "bot strength 6 is out of range: expected 1 to 5")
        #expect(BotError.invalidStrength(6).code == "invalid-strength")
    }

    @Test(arguments: 2...5)
    func takesTheObviousMerge(strength: Int) throws {
        let move = try Bot(strength: strength).bestMove(on: BotTests.obviousMerge)
        #expect(move == .left || move == .right)
    }

    @Test(arguments: 3...5)
    func avoidsTheMoveThatLoses(strength: Int) throws {
        let bot = try Bot(strength: strength)
        let move = bot.bestMove(on: BotTests.oneLosingMove)
        #expect(move != nil && move != .left)
        let values = bot.moveValues(on: BotTests.oneLosingMove, usesPackedBoard: true)
        #expect(values[0] == 0)  // left: lost after every spawn
        #expect(values.dropFirst().allSatisfy { $0 != nil && $0! > 0 })
    }

    @Test(arguments: 1...5)
    func noMoveOnABoardThatCannotMove(strength: Int) throws {
        let stuck = try Board(rows: [[2, 4, 2], [4, 2, 4], [2, 4, 2]])
        #expect(try Bot(strength: strength).bestMove(on: stuck) == nil)
    }

    @Test(arguments: 1...5)
    func theSameBoardGetsTheSameMove(strength: Int) throws {
        let bot = try Bot(strength: strength)
        for board in BotTests.playedBoards.prefix(strength == 5 ? 4 : 12) {
            let first = bot.bestMove(on: board)
            #expect(first != nil && board.sliding(first!) != nil)
            #expect(bot.bestMove(on: board) == first)
        }
    }

    @Test(arguments: 1...5)
    func neverReadsTheRandomState(strength: Int) throws {
        let bot = try Bot(strength: strength)
        let board = BotTests.playedBoards[3]
        var moves: Set<Direction?> = []
        for randomSeed in [UInt64(1), 99, 12345] {
            let state = Game.State(board: board, random: SplitMix64(seed: randomSeed), score: 0, moveCount: 0, hasWon: false)
            let game = Game(config: .standard, seed: Seed(randomSeed), state: state, undoCount: 0, removalCount: 0)
            moves.insert(bot.bestMove(for: game))
        }
        #expect(moves == [bot.bestMove(on: board)])
    }

    @Test func strengthOneDrawsDifferentMovesOnDifferentBoards() throws {
        let bot = try Bot(strength: 1)
        let moves = Set(BotTests.playedBoards.compactMap { bot.randomMove(on: $0) })
        #expect(moves.count > 1)
    }

    @Test(arguments: 2...4)
    func packedAndPlainSearchesAgree(strength: Int) throws {
        let bot = try Bot(strength: strength)
        for board in BotTests.playedBoards.prefix(strength == 4 ? 3 : 12) {
            #expect(bot.moveValues(on: board, usesPackedBoard: true) == bot.moveValues(on: board, usesPackedBoard: false))
        }
        #expect(
            bot.moveValues(on: BotTests.oneLosingMove, usesPackedBoard: true)
                == bot.moveValues(on: BotTests.oneLosingMove, usesPackedBoard: false))
    }

    @Test func theStrongestAgreesOnBothPathsOnACrowdedBoard() {
        let bot = Bot.strongest
        #expect(
            bot.moveValues(on: BotTests.oneLosingMove, usesPackedBoard: true)
                == bot.moveValues(on: BotTests.oneLosingMove, usesPackedBoard: false))
    }

    @Test func playsOtherSizesOnThePlainBoard() throws {
        let bot = try Bot(strength: 3)
        var game = Game(config: try GameConfig(size: 5, target: 2048), seed: Seed(5))
        for _ in 0..<30 {
            guard let move = bot.bestMove(for: game) else { break }
            #expect(game.moveIfValid(move) != nil)
        }
        #expect(game.moveCount > 0)
    }
}
