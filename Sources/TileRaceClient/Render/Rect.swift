/// A rectangle of screen cells: column `x`, row `y`, both from 0 at the top left.
struct Rect: Hashable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The column just past the right edge.
    var maxX: Int { x + width }
    /// The row just past the bottom edge.
    var maxY: Int { y + height }

    /// A rectangle of the given size centred in this one (rounded to the top left).
    func centered(width: Int, height: Int) -> Rect {
        Rect(x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
    }

    /// This rectangle shrunk by `dx` columns on each side and `dy` rows at top and bottom.
    func inset(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }
}

public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    /// Whether this size is at least `other` in both directions.
    func covers(_ other: TerminalSize) -> Bool {
        width >= other.width && height >= other.height
    }

    public var description: String { "\(width)x\(height)" }
}
