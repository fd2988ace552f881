/// One point of a chart: `x` (seconds, or moves) and `y` (a score).
struct ChartPoint: Hashable, Sendable {
    var x: Double
    var y: Double
}

/// A marked moment on a chart line, e.g. a finish or a tile's first appearance.
struct ChartMark: Hashable, Sendable {
    var point: ChartPoint
    /// What is drawn there (`◆`, `★`, `128`).
    var text: String
    /// The same in ASCII, for charts without colour (`#`, `@`, `128`).
    var plainText: String
}

/// One line of a chart: a racer's score over time, or a game's over moves.
/// Between points the value holds (a score changes only with a move).
struct ChartSeries: Hashable, Sendable {
    /// The most points kept: beyond it every other point is dropped, so a
    /// long game's line keeps its shape in bounded memory.
    static let maximumPoints = 1024

    var label: String
    /// The points, in increasing `x`.
    var points: [ChartPoint] = []
    var marks: [ChartMark] = []
    /// Whether this is the player's own line (drawn last, on top).
    var isYou = false

    /// Adds a point (a point at the same `x` as the last replaces it).
    mutating func append(_ point: ChartPoint) {
        if let last = points.last, last.x >= point.x {
            points[points.count - 1].y = point.y
            return
        }
        points.append(point)
        if points.count > ChartSeries.maximumPoints {
            let last = points[points.count - 1]
            points = stride(from: 0, to: points.count - 1, by: 2).map { points[$0] } + [last]
        }
    }

    /// The value at `x`: the last point's at or before it (nil before the first, or after the last).
    func value(at x: Double) -> Double? {
        guard let first = points.first, let last = points.last, x >= first.x, x <= last.x else { return nil }
        var low = 0
        var high = points.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if points[middle].x <= x { low = middle } else { high = middle - 1 }
        }
        return points[low].y
    }
}
