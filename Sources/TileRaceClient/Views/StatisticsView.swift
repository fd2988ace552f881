/// The statistics of the games finished on this machine: per board size the
/// games, best and median score; the share that reached 2048; a histogram
/// of scores (bars of `█`, `#` without colour).
enum StatisticsView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) -> [Chrome.Hint]? {
        let statistics = model.statistics
        Chrome.header(
            "STATISTICS · games finished on this machine",
            right: statistics.gamesPlayed == 1 ? "1 game" : "\(Format.grouped(statistics.gamesPlayed)) games", theme: theme,
            into: &frame)
        let area = Rect(x: 0, y: 1, width: frame.width, height: frame.height - 3)
        let hints: [Chrome.Hint] = [("x", "reset"), ("q", "back")]
        guard !statistics.isEmpty else {
            frame.centeredText("no game finished yet: play one, and it counts here", in: area, y: area.y + 2, style: theme.muted)
            return hints
        }
        let width = min(area.width - 4, 96)
        let x = (frame.width - width) / 2
        var y = area.y + 1
        frame.text("board    games        best      median", x: x, y: y, style: theme.base.bold)
        y += 1
        for best in statistics.bests where y < area.maxY - 6 {
            let median = statistics.medianScore(size: best.size).map(Format.grouped) ?? "-"
            let line =
                Format.fit("\(best.size)x\(best.size)", 6) + Format.fit(Format.grouped(best.games), 8, alignRight: true)
                + Format.fit(Format.grouped(best.score), 12, alignRight: true) + Format.fit(median, 12, alignRight: true)
            frame.text(line, x: x, y: y, style: theme.base)
            y += 1
        }
        let kept = statistics.games.count
        let share = Int((statistics.shareReaching2048 * 100).rounded())
        let scope = kept < statistics.gamesPlayed ? " of the last \(Format.grouped(kept))" : ""
        y += 1
        frame.text("reached 2048 in \(share)%\(scope) · medians\(scope.isEmpty ? " of all games" : scope)", x: x, y: y, style: theme.muted)
        y += 2
        let rows = area.maxY - y - 1
        guard rows >= 3 else { return hints }
        frame.text("scores", x: x, y: y, style: theme.base.bold)
        drawHistogram(
            statistics.histogram(bins: min(rows - 1, 12, max(1, statistics.games.count))),
            in: Rect(x: x, y: y + 1, width: width, height: rows - 1), theme: theme,
            into: &frame)
        return hints
    }

    /// One bar per score range, labelled with the range, longest scaled to the width.
    static func drawHistogram(_ bins: [GameStatistics.ScoreBin], in rect: Rect, theme: Theme, into frame: inout Frame) {
        let labels = bins.map(\.label)
        let labelWidth = labels.map(\.count).max() ?? 0
        let largest = max(1, bins.map(\.count).max() ?? 1)
        let countWidth = String(largest).count
        let barWidth = max(1, rect.width - labelWidth - countWidth - 4)
        let (block, style) = theme.usesColour ? ("█", theme.accented) : ("#", theme.base)
        for (index, bin) in bins.enumerated() where index < rect.height {
            let y = rect.y + index
            frame.text(Format.fit(labels[index], labelWidth, alignRight: true), x: rect.x, y: y, style: theme.muted)
            let length = bin.count == 0 ? 0 : max(1, bin.count * barWidth / largest)
            frame.text(String(repeating: block, count: length), x: rect.x + labelWidth + 2, y: y, style: style)
            frame.text(String(bin.count), x: rect.x + labelWidth + 3 + length, y: y, style: theme.base)
        }
    }
}
