/// `x` is seconds or moves; `y` a score.
struct ChartPoint: Hashable, Sendable {
    var x: Double
    var y: Double
}

/// E.g. a finish or a tile's first appearance.
struct ChartMark: Hashable, Sendable {
    var point: ChartPoint
    /// `◆`, `★`, `128`.
    var text: String
    /// ASCII, for charts without colour (`#`, `@`, `128`).
    var plainText: String
}

/// The value holds between points (a score changes only with a move).
struct ChartSeries: Hashable, Sendable {
    /// Beyond it every other point is dropped, so a long line keeps its shape in bounded memory.
    static let maximumPoints = 1024

    var label: String
    /// Increasing `x`.
    var points: [ChartPoint] = []
    var marks: [ChartMark] = []
    /// Drawn last, on top.
    var isYou = false

    /// A point at the same `x` as the last replaces it.
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

    /// The last point's at or before `x`; nil outside the line.
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
