import Testing
import TileRaceProtocol

@testable import TileRaceClient

/// The leaderboard's tabs: score, sprint, daily score, daily sprint; Tab and
/// ←/→ go through them, `d` swaps all time and daily; sprint times as m:ss.t.
@Suite struct LeaderboardTabsTests {
    private func loaded(_ board: LeaderboardKind = .all, entries: [LeaderboardEntry] = Fixtures.entries) -> Model {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .leaderboard(LeaderboardState())
        model.leaderboard?.board = board
        model.leaderboard?.entries = entries
        model.leaderboard?.total = entries.count
        model.leaderboard?.status = .loaded
        return model
    }

    private func top(_ board: LeaderboardKind, date: String? = nil) -> Effect {
        .send(.top(LeaderboardQuery(board: board, date: date, sort: .rank, order: .asc, offset: 0, limit: 50)))
    }

    /// Sprint entries: the fixtures with times, fastest first.
    static let sprintEntries: [LeaderboardEntry] = Fixtures.entries.prefix(5).enumerated().map { index, entry in
        var entry = entry
        entry.sprintTime = [83_456, 95_000, 125_399, 600_000, 3_725_100][index]
        return entry
    }

    @Test func theTabsAreTheBoardsInOrderWithRatingsWhereOffered() {
        #expect(LeaderboardTab.all.map(\.board) == [.all, .sprint, .daily, .sprintDaily, .rating])
        #expect(LeaderboardTab.all.map(\.title) == ["score", "sprint", "daily score", "daily sprint", "rating"])
        #expect(LeaderboardTab.tabs(hasRatings: false).map(\.board) == [.all, .sprint, .daily, .sprintDaily])
    }

    /// The rating tab comes after daily sprint only where the server says
    /// `features=ratings`; `d` leaves it where it is (ratings have one period).
    @Test func theRatingTabIsOnlyWhereTheServerRates() {
        var model = loaded(.sprintDaily)
        _ = update(&model, .key(.tab))
        #expect(model.leaderboard?.board == .all, "no rating tab where the server offers no ratings")
        model.network.serverFeatures = [.resync, .ratings]
        model.leaderboard?.board = .sprintDaily
        // With the player's own line, to say why it is not listed where it is not.
        #expect(update(&model, .key(.tab)) == [top(.rating), .send(.top(LeaderboardQuery(board: .rating, limit: 1, nickname: "ana")))])
        #expect(model.leaderboard?.board == .rating)
        _ = update(&model, .key(.character("d")))
        #expect(model.leaderboard?.board == .rating)
        _ = update(&model, .key(.tab))
        #expect(model.leaderboard?.board == .all)
        model.leaderboard?.board = .all
        _ = update(&model, .key(.left))
        #expect(model.leaderboard?.board == .rating)
    }

    @Test func tabAndArrowsGoThroughTheBoardsAndAskForEach() {
        var model = loaded()
        let today = model.today
        let steps: [(Key, LeaderboardKind, String?)] = [
            (.tab, .sprint, nil), (.tab, .daily, today), (.right, .sprintDaily, today), (.tab, .all, nil),
            (.left, .sprintDaily, today), (.backTab, .daily, today), (.left, .sprint, nil),
        ]
        for (key, board, date) in steps {
            model.leaderboard?.selected = 3
            let effects = update(&model, .key(key))
            #expect(model.leaderboard?.board == board, "after \(key)")
            #expect(effects == [top(board, date: date)], "after \(key)")
            #expect(model.leaderboard?.selected == 0, "a new board starts at its top")
            #expect(model.leaderboard?.status == .loading)
        }
    }

    @Test func dSwapsAllTimeAndDailyOfTheSameKind() {
        var model = loaded(.sprint)
        #expect(update(&model, .key(.character("d"))) == [top(.sprintDaily, date: model.today)])
        #expect(update(&model, .key(.character("d"))) == [top(.sprint)])
        model.leaderboard?.board = .all
        #expect(update(&model, .key(.character("d"))) == [top(.daily, date: model.today)])
    }

    @Test func aSprintPageIsShownOnItsTab() {
        var model = loaded(.sprint)
        _ = update(&model, .key(.character("r")))
        let query = LeaderboardQuery(board: .sprint, sort: .rank, order: .asc, offset: 0, limit: 50)
        Fixtures.reply(
            &model, to: .top(query), .top(TopSummary(board: .sprint, date: nil, total: 5, offset: 0, count: 5)),
            items: Self.sprintEntries.map { .entry($0) })
        #expect(model.leaderboard?.status == .loaded)
        #expect(model.leaderboard?.entries.map(\.sprintTime) == Self.sprintEntries.map(\.sprintTime))
    }

    /// As every time the client shows (`Format.clock`): one game, one way of writing its time.
    @Test func sprintTimesReadAsMinutesSecondsAndTenths() {
        #expect(Format.clock(milliseconds: 83_456) == "01:23.4")
        #expect(Format.clock(milliseconds: 9_999) == "00:09.9")
        #expect(Format.clock(milliseconds: 3_725_100) == "62:05.1")
        #expect(Format.margin(milliseconds: 3_250) == "3.2 s")
        #expect(Format.margin(milliseconds: -3_250) == "3.2 s")
        #expect(Format.margin(milliseconds: 61_000) == "01:01.0")
    }

    @Test func snapshots() {
        var model = loaded(.sprint, entries: Self.sprintEntries)
        model.config.lastNickname = "ana"
        let frame = view(model, size: model.size, theme: .classic)
        assertSnapshot(frame.plainText, named: "leaderboard-sprint-tab-80x24-classic")
        #expect(frame.plainText.contains("1:23.4"))
        model.leaderboard?.board = .sprintDaily
        model.leaderboard?.date = "2026-11-25"
        model.size = TerminalSize(width: 60, height: 18)
        assertSnapshot(view(model, size: model.size, theme: .mono).plainText, named: "leaderboard-daily-sprint-tab-60x18-mono")
        model.leaderboard?.board = .daily
        model.leaderboard?.entries = []
        model.leaderboard?.total = 0
        model.size = TerminalSize(width: 120, height: 30)
        assertSnapshot(view(model, size: model.size, theme: .classic).plainText, named: "leaderboard-daily-score-tab-empty-120x30-classic")
    }
}
