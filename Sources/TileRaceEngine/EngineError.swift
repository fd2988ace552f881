/// Everything the engine can refuse, each with a stable code and a message for people.
public enum EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A seed was given as empty text.
    case emptySeed
    /// A board size outside `GameConfig.sizeRange`.
    case invalidSize(Int)
    /// A target that is not a power of two in `GameConfig.targetRange`.
    case invalidTarget(Int)
    /// A move that would change nothing.
    case moveChangesNothing(Direction)
    /// Undo with an empty history.
    case nothingToUndo
    /// Removing a tile from an empty cell.
    case emptyCell(row: Int, column: Int)
    /// A cell outside the board.
    case offBoard(row: Int, column: Int, size: Int)
    /// Any action after the game is over (no move is possible).
    case gameOver
    /// A game record that does not follow the notation; `position` counts from 1.
    case malformedLog(position: Int, detail: String)
    /// A tile value that is neither 0 nor a power of two from 2 up.
    case invalidTileValue(Int)
    /// Board rows that do not form a square of a valid size.
    case invalidBoardShape

    /// A short stable identifier, for programs and tests.
    public var code: String {
        switch self {
        case .emptySeed: "empty-seed"
        case .invalidSize: "invalid-size"
        case .invalidTarget: "invalid-target"
        case .moveChangesNothing: "move-changes-nothing"
        case .nothingToUndo: "nothing-to-undo"
        case .emptyCell: "empty-cell"
        case .offBoard: "off-board"
        case .gameOver: "game-over"
        case .malformedLog: "malformed-log"
        case .invalidTileValue: "invalid-tile-value"
        case .invalidBoardShape: "invalid-board-shape"
        }
    }

    /// A one-line explanation for people.
    public var message: String {
        switch self {
        case .emptySeed:
            "the seed is empty; give digits or any text, e.g. 42 or friday"
        case .invalidSize(let size):
            "board size \(size) is not allowed; use \(GameConfig.sizeRange.lowerBound) to \(GameConfig.sizeRange.upperBound)"
        case .invalidTarget(let target):
            "target \(target) is not allowed; use a power of two from \(GameConfig.targetRange.lowerBound) to \(GameConfig.targetRange.upperBound)"
        case .moveChangesNothing(let direction):
            "move \(direction.letter) changes nothing"
        case .nothingToUndo:
            "nothing to undo"
        case .emptyCell(let row, let column):
            "cell row \(row) column \(column) is empty"
        case .offBoard(let row, let column, let size):
            "cell row \(row) column \(column) is off the \(size)x\(size) board"
        case .gameOver:
            "the game is over: no move is possible"
        case .malformedLog(let position, let detail):
            "game record, position \(position): \(detail)"
        case .invalidTileValue(let value):
            "tile value \(value) is not 0 or a power of two from 2"
        case .invalidBoardShape:
            "the board rows do not form a square of size \(GameConfig.sizeRange.lowerBound) to \(GameConfig.sizeRange.upperBound)"
        }
    }

    public var description: String { message }
}
