import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// The chart after a race: built from `START`, `PROGRESS`, `FINISH` and our
/// own moves, drawn with the standings.
@Suite struct RaceChartTests {
    /// A room `friday` with ana (us) and bo, before its race.
    private func room(watching: Bool = false) -> Model {
        var model = Fixtures.connected(Fixtures.model())
        model.config.lastNickname = "ana"
        model.room = WaitingRoom(
            name: "friday", options: RoomOptions(size: 4, target: 2048, allowsAssists: false, timeLimit: 0), isPrivate: false,
            members: [
                RoomMember(nickname: "bo", isReady: true, isYou: false), RoomMember(nickname: "ana", isReady: true, isYou: !watching),
            ])
        model.room?.isWatching = watching
        model.screen = watching ? .spectate : .room
        return model
    }

    private func start(_ model: inout Model) {
        Fixtures.event(
            &model,
            .start(
                RaceStart(
                    room: "friday", race: 1, seed: "42", size: 4, target: 2048, allowsAssists: false, timeLimit: 0, players: ["ana", "bo"]))
        )
    }

    private func progress(_ model: inout Model, _ nickname: String, score: Int, at seconds: Int) {
        _ = update(&model, .tick(Fixtures.now + seconds * 1000))
        Fixtures.event(
            &model, .progress(RacerProgress(room: "friday", nickname: nickname, score: score, largestTile: 8, moves: 3, board: [])))
    }

    @Test func theTimelineHoldsEveryRacersScoreOverTheRace() {
        var model = room()
        start(&model)
        progress(&model, "bo", score: 12, at: 2)
        _ = update(&model, .tick(Fixtures.now + 3000))
        _ = Update.move(.left, model: &model)
        progress(&model, "bo", score: 40, at: 5)
        Fixtures.event(
            &model,
            .finish(RacerFinish(room: "friday", nickname: "bo", reason: .over, score: 48, largestTile: 16, moves: 20, milliseconds: 7000)))
        progress(&model, "bo", score: 999, at: 9)
        let series = model.race?.timeline.series ?? []
        #expect(series.map(\.label) == ["ana", "bo"])
        #expect(series[0].isYou)
        #expect(series[0].points.first == ChartPoint(x: 0, y: 0))
        #expect(series[0].points.count == 2)
        #expect(series[1].points == [ChartPoint(x: 0, y: 0), ChartPoint(x: 2, y: 12), ChartPoint(x: 5, y: 40), ChartPoint(x: 7, y: 48)])
        #expect(series[1].marks == [ChartMark(point: ChartPoint(x: 7, y: 48), text: "◆", plainText: "#")])
    }

    @Test func aSpectatorWhoJoinedMidRaceSeesWhatTheyWatched() {
        var model = room(watching: true)
        model.race = RaceState(
            room: "friday", options: RoomOptions(size: 4, target: 2048, allowsAssists: false, timeLimit: 0),
            phase: .racing(startedAt: Fixtures.now), players: [])
        progress(&model, "bo", score: 500, at: 40)
        progress(&model, "bo", score: 900, at: 50)
        #expect(model.race?.timeline.series.first?.points.first == ChartPoint(x: 40, y: 500))
    }

    @Test func longRacesKeepABoundedNumberOfPoints() {
        var line = ChartSeries(label: "bo")
        for step in 0..<5000 { line.append(ChartPoint(x: Double(step), y: Double(step * 4))) }
        #expect(line.points.count <= ChartSeries.maximumPoints)
        #expect(line.points.first == ChartPoint(x: 0, y: 0))
        #expect(line.points.last == ChartPoint(x: 4999, y: 19996))
        #expect(line.value(at: 2500.5) ?? 0 <= 10_000)
    }

    /// A finished race of three with its chart.
    static func finished(size: TerminalSize) -> Model {
        var model = Fixtures.race(size: size)
        var timeline = RaceTimeline()
        func line(_ nickname: String, isYou: Bool = false, _ points: [(Int, Int)], finish: FinishReason) {
            for (index, (seconds, score)) in points.enumerated() {
                timeline.record(
                    nickname: nickname, isYou: isYou, milliseconds: seconds * 1000, score: score,
                    finish: index == points.count - 1 ? finish : nil)
            }
        }
        line("bo", [(0, 0), (10, 300), (30, 1200), (60, 2900), (90, 6100), (120, 9800), (141, 20116)], finish: .target)
        line("ana", isYou: true, [(0, 0), (12, 250), (35, 1500), (70, 3000), (100, 6400), (140, 9120)], finish: .resigned)
        line("chen", [(0, 0), (20, 400), (50, 1800), (80, 4410)], finish: .over)
        model.race?.timeline = timeline
        model.race?.phase = .finished(standings: [
            Fixtures.standing(1, "bo", score: 20116, largestTile: 2048, moves: 938, reason: .target, milliseconds: 141_000),
            Fixtures.standing(2, "ana", score: 9120, largestTile: 512, moves: 610, reason: .resigned, milliseconds: 140_000),
            Fixtures.standing(3, "chen", score: 4410, largestTile: 256, moves: 420, reason: .over, milliseconds: 80_000),
        ])
        let session = model.session!
        model.session?.end = Update.endOfGame(.resigned, session: session, now: Fixtures.now, stage: .closed(message: nil, kind: .info))
        return model
    }

    @Test func theStandingsShowTheChart() {
        for (name, width, height, isMono) in [
            ("race-chart-80x24-classic", 80, 24, false), ("race-chart-80x24-mono", 80, 24, true),
            ("race-chart-120x40-classic", 120, 40, false), ("race-chart-60x18-classic", 60, 18, false),
        ] {
            let size = TerminalSize(width: width, height: height)
            let frame = view(Self.finished(size: size), size: size, theme: isMono ? .mono : .classic)
            assertSnapshot(frame.plainText, named: name)
        }
    }

    @Test(arguments: [24, 40, 60, 76, 116])
    func theLegendNamesEveryLineOrSaysHowManyAreLeftOut(width: Int) {
        let names = ["bo", "ana", "chen", "ana-bot1", "rob", "dmitri", "eve", "fay"]
        for count in 1...names.count {
            let series = names.prefix(count).enumerated().map { index, name in
                ChartSeries(
                    label: name, points: [ChartPoint(x: 0, y: 0), ChartPoint(x: 10, y: Double(100 * (index + 1)))], isYou: index == 1)
            }
            var frame = Frame(width: width, height: 10)
            LineChart.draw(
                series, title: "★ target  ◆ finished · seconds", shorterTitles: ["◆ finished · seconds", "seconds"],
                in: frame.bounds, theme: .classic, into: &frame)
            let legend = frame.plainText.split(separator: "\n", omittingEmptySubsequences: false)[0]
            let entries = legend.components(separatedBy: "━━").count - 1
            let more =
                legend.range(of: #"\+(\d+) more"#, options: .regularExpression).map { Int(legend[$0].dropFirst().prefix { $0 != " " })! }
                ?? 0
            #expect(entries + more == count, "\(width) columns, \(count) lines: \(legend)")
            #expect(!legend.contains("…"))
        }
        // The five racers of a race fit at 80 columns (the chart is 76 wide), title and all.
        #expect(LineChart.legendCount(["bo", "ana (you)", "chen", "ana-bot1", "rob"], width: 76 - 29, spacing: 1) == 5)
        #expect(LineChart.legendCount(["bo", "ana (you)", "chen", "ana-bot1", "rob"], width: 76 - 29, spacing: 2) == 3)
    }
}
