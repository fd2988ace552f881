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
    public var code: String { codeAndMessage.code }

    /// A one-line explanation for people.
    public var message: String { codeAndMessage.message }

    public var description: String { message }

    private var codeAndMessage: (code: String, message: String) {
        let sizes = "\(GameConfig.sizeRange.lowerBound) to \(GameConfig.sizeRange.upperBound)"
        let targets = "\(GameConfig.targetRange.lowerBound) to \(GameConfig.targetRange.upperBound)"
        return switch self {
        case .emptySeed: ("empty-seed", "the seed is empty; give digits or any text, e.g. 42 or friday")
        case .invalidSize(let size): ("invalid-size", "board size \(size) is not allowed; use \(sizes)")
        case .invalidTarget(let target): ("invalid-target", "target \(target) is not allowed; use a power of two from \(targets)")
        case .moveChangesNothing(let direction): ("move-changes-nothing", "move \(direction.letter) changes nothing")
        case .nothingToUndo: ("nothing-to-undo", "nothing to undo")
        case .emptyCell(let row, let column): ("empty-cell", "cell row \(row) column \(column) is empty")
        case .offBoard(let row, let column, let size): ("off-board", "cell row \(row) column \(column) is off the \(size)x\(size) board")
        case .gameOver: ("game-over", "the game is over: no move is possible")
        case .malformedLog(let position, let detail): ("malformed-log", "game record, position \(position): \(detail)")
        case .invalidTileValue(let value): ("invalid-tile-value", "tile value \(value) is not 0 or a power of two from 2")
        case .invalidBoardShape: ("invalid-board-shape", "the board rows do not form a square of size \(sizes)")
        }
    }
}
