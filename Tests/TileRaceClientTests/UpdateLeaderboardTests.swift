import Testing
import TileRaceProtocol

@testable import TileRaceClient

@Suite struct UpdateLeaderboardTests {
    private func loaded(height: Int = 24, total: Int = 20) -> Model {
        var model = Fixtures.connected(Fixtures.model(size: TerminalSize(width: 80, height: height)))
        model.screen = .leaderboard(LeaderboardState())
        model.leaderboard?.entries = Fixtures.entries
        model.leaderboard?.total = total
        model.leaderboard?.status = .loaded
        return model
    }

    @Test func openingAsksForTheFirstPageByRank() {
        var model = Fixtures.connected(Fixtures.model())
        let effects = update(&model, .key(.character("l")))
        #expect(effects == [.send(.top(LeaderboardQuery(board: .all, sort: .rank, order: .asc, offset: 0, limit: 50)))])
        #expect(model.leaderboard?.status == .loading)
        let query = LeaderboardQuery(board: .all, sort: .rank, order: .asc, offset: 0, limit: 50)
        Fixtures.reply(
            &model, to: .top(query), .top(TopSummary(board: .all, date: nil, total: 20, offset: 0, count: 20)),
            items: Fixtures.entries.map { .entry($0) })
        #expect(model.leaderboard?.status == .loaded)
        #expect(model.leaderboard?.entries.map(\.rank) == Array(1...20))
    }

    @Test func sortKeysAskTheServerAndFlip() {
        var model = loaded()
        let expected: [(Character, LeaderboardQuery.SortKey, LeaderboardQuery.Order)] = [
            ("1", .rank, .desc), ("3", .score, .desc), ("3", .score, .asc), ("2", .nickname, .asc), ("2", .nickname, .desc),
        ]
        for (key, sort, order) in expected {
            let effects = update(&model, .key(.character(key)))
            #expect(effects == [.send(.top(LeaderboardQuery(board: .all, sort: sort, order: order, offset: 0, limit: 50)))], "after \(key)")
        }
        // A late page in the old order is not shown.
        let stale = LeaderboardQuery(board: .all, sort: .score, order: .asc, offset: 0, limit: 50)
        Fixtures.reply(
            &model, to: .top(stale), .top(TopSummary(board: .all, date: nil, total: 1, offset: 0, count: 1)),
            items: [.entry(Fixtures.entries[0])])
        #expect(model.leaderboard?.status == .loading)
    }

    @Test func scrollingStaysInRange() {
        var model = loaded(height: 18)
        let page = LeaderboardState.visibleRows(forHeight: 18)
        #expect(page == 11)
        // The chosen entry moves; the rows shown follow it.
        let steps: [(Key, selected: Int, scroll: Int)] = [
            // A page moves the rows shown by a page too (issue 44: they moved by one).
            (.up, 0, 0), (.down, 1, 0), (.character("j"), 2, 0), (.pageUp, 0, 0), (.pageDown, 11, 9), (.pageDown, 19, 9),
            (.home, 0, 0), (.end, 19, 9), (.character("k"), 18, 9), (.pageUp, 7, 0),
        ]
        for (key, selected, scroll) in steps {
            _ = update(&model, .key(key))
            #expect(model.leaderboard?.selected == selected, "after \(key)")
            #expect(model.leaderboard?.scroll == scroll, "after \(key)")
        }
    }

    @Test func scrollingPastTheEntriesAsksForTheNextPage() {
        var model = loaded(height: 24, total: 75)
        #expect(
            update(&model, .key(.pageDown)) == [
                .send(.top(LeaderboardQuery(board: .all, sort: .rank, order: .asc, offset: 20, limit: 50)))
            ])
        #expect(model.leaderboard?.isLoadingMore == true)
        #expect(update(&model, .key(.pageDown)).isEmpty)
        let more = (21...70).map { rank in
            LeaderboardEntry(
                rank: rank, nickname: "p\(rank)",
                result: GameResult(
                    score: 100 - rank, largestTile: 8, moves: 9, milliseconds: 1000, size: 4, target: 2048, assists: 0, seed: "1"),
                date: "2026-11-22")
        }
        Fixtures.reply(
            &model, to: .top(LeaderboardQuery(board: .all, sort: .rank, order: .asc, offset: 20, limit: 50)),
            .top(TopSummary(board: .all, date: nil, total: 75, offset: 20, count: 50)), items: more.map { .entry($0) })
        #expect(model.leaderboard?.entries.count == 70)
        #expect(model.leaderboard?.isLoadingMore == false)
        #expect(
            update(&model, .key(.end)) == [
                .send(.top(LeaderboardQuery(board: .all, sort: .rank, order: .asc, offset: 70, limit: 5)))
            ])
        #expect(model.leaderboard?.scroll == 75 - 17)
    }

    @Test func keysAreIgnoredWhileTheTerminalIsTooSmall() {
        var model = loaded(height: 12)
        #expect(update(&model, .key(.down)).isEmpty)
        #expect(model.leaderboard?.scroll == 0)
        _ = update(&model, .key(.character("q")))
        #expect(model.leaderboard != nil)
        #expect(update(&model, .key(.control("c"))) == [.send(.quit), .quit])
    }

    @Test func dailyToggleAsksForTodaysBoard() {
        var model = loaded()
        let effects = update(&model, .key(.character("d")))
        #expect(model.leaderboard?.board == .daily)
        #expect(model.leaderboard?.status == .loading)
        #expect(
            effects == [.send(.top(LeaderboardQuery(board: .daily, date: Fixtures.today, sort: .rank, order: .asc, offset: 0, limit: 50)))])
        var offline = loaded()
        offline.connection = .offline(reason: "test")
        #expect(update(&offline, .key(.character("d"))).isEmpty)
        #expect(offline.leaderboard?.status == .notConnected)
    }

    @Test func qGoesBack() {
        var model = loaded()
        _ = update(&model, .key(.character("q")))
        #expect(model.screen == .menu)
    }
}

/// A game held for review is on no board, not even to its player (protocol.md 10.3): the player sees it as its own under the board.
@Suite struct LeaderboardHeldTests {
    @Test func theOwnHeldGamesShowUnderTheBoardsTheyWouldBeOn() {
        var model = Fixtures.connected(Fixtures.model())
        model.network.serverFeatures = [.reports]
        model.screen = .leaderboard(LeaderboardState())
        let page = ClientMessage.top(LeaderboardQuery(board: .all, sort: .rank, order: .asc, offset: 0, limit: 50))
        #expect(Update.leaderboardRefresh(&model) == [.send(page), .send(.review(id: nil))])
        Fixtures.reply(
            &model, to: page, .top(TopSummary(board: .all, date: nil, total: 20, offset: 0, count: 20)),
            items: Fixtures.entries.map { .entry($0) })
        let game = GameResult(
            score: 20532, largestTile: 2048, moves: 943, milliseconds: 31, size: 4, target: 2048, assists: 0, seed: "7")
        let held = HeldInfo(id: 17, nickname: "ana", rule: "rate", date: "2026-11-22", dailyDate: nil, sprintTime: 30, result: game)
        Fixtures.reply(&model, to: .review(id: nil), .review(count: 1), items: [.held(held)])
        #expect(model.leaderboard?.heldShown == [held])
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 18)] {
            model.size = size
            let text = view(model, size: size, theme: .classic).plainText
            #expect(text.contains("held for review: your 20 532, on no board until approved"), "\(size)\n\(text)")
        }
        // Not a daily game: the daily board does not show it; a refusal (an older server's) shows none.
        model.leaderboard?.board = .daily
        #expect(model.leaderboard?.heldShown == [])
        model.leaderboard?.board = .sprint
        Fixtures.refuse(&model, .review(id: nil), .notOperator)
        #expect(model.leaderboard?.heldShown == [])
    }
}
