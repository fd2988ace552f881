import TileRaceProtocol

/// Every racer's score from `START` (or when watching began) to `END`, for the standings chart.
struct RaceTimeline: Hashable, Sendable {
    /// In order of first appearance.
    var series: [ChartSeries] = []

    /// A finish is marked.
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
