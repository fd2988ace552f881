import TileRaceProtocol

/// Every racer's score over the race, from `START` (or from when a spectator
/// started watching) to `END`: built from the `PROGRESS` and `FINISH` lines
/// and the player's own moves, for the chart with the standings.
struct RaceTimeline: Hashable, Sendable {
    /// One line per racer, in the order they first appeared.
    var series: [ChartSeries] = []

    /// Records a racer's score `milliseconds` into the race; a finish is marked.
    mutating func record(nickname: String, isYou: Bool, milliseconds: Int, score: Int, finish: FinishReason?) {
        let racer = Nickname(nickname)
        let index =
            series.firstIndex { Nickname($0.label) == racer }
            ?? {
                series.append(ChartSeries(label: nickname, isYou: isYou))
                return series.count - 1
            }()
        let point = ChartPoint(x: Double(max(0, milliseconds)) / 1000, y: Double(score))
        guard series[index].marks.isEmpty else { return }
        series[index].append(point)
        if let finish {
            let isTarget = finish == .target
            series[index].marks.append(ChartMark(point: point, text: isTarget ? "★" : "◆", plainText: isTarget ? "@" : "#"))
        }
    }
}
