/// The parameters of one game: board size and target tile.
public struct GameConfig: Hashable, Sendable, CustomStringConvertible {
    /// The board sizes the rules allow.
    public static let sizeRange = 3...8
    /// The targets the rules allow (each must also be a power of two).
    public static let targetRange = 8...(1 << 20)
    /// A 4x4 board played to 2048.
    public static let standard = GameConfig(validatedSize: 4, target: 2048)

    /// The number of rows and of columns.
    public let size: Int
    /// The tile value that wins the game.
    public let target: Int
    /// `target` as a power of two: `target == 1 << targetExponent`.
    public let targetExponent: Int

    /// Creates a configuration, refusing a size or target the rules do not allow.
    public init(size: Int = 4, target: Int = 2048) throws(EngineError) {
        guard GameConfig.sizeRange.contains(size) else { throw .invalidSize(size) }
        guard GameConfig.targetRange.contains(target), target.nonzeroBitCount == 1 else {
            throw .invalidTarget(target)
        }
        self.init(validatedSize: size, target: target)
    }

    private init(validatedSize size: Int, target: Int) {
        self.size = size
        self.target = target
        self.targetExponent = target.trailingZeroBitCount
    }

    public var description: String { "\(size)x\(size) to \(target)" }
}
