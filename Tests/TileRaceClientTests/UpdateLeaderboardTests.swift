import Testing
@testable import TileRaceClient

@Suite struct UpdateLeaderboardTests {
    private func loaded(height: Int = 24) -> Model {
        var model = Fixtures.model(size: TerminalSize(width: 80, height: height))
        model.screen = .leaderboard
        model.leaderboard.entries = Fixtures.entries.shuffledDeterministically()
        model.leaderboard.status = .loaded
        return model
    }

    @Test func defaultOrderIsByRank() {
        let model = loaded()
        #expect(model.leaderboard.sortedEntries.map(\.rank) == Array(1...20))
    }

    @Test func sortKeysAndFlipping() {
        var model = loaded()
        _ = update(&model, .key(.character("1")))
        #expect(model.leaderboard.column == .rank)
        #expect(!model.leaderboard.isAscending)
        #expect(model.leaderboard.sortedEntries.first?.rank == 20)
        _ = update(&model, .key(.character("3")))
        #expect(model.leaderboard.column == .score)
        #expect(!model.leaderboard.isAscending)
        #expect(model.leaderboard.sortedEntries.first?.nickname == "bo")
        _ = update(&model, .key(.character("3")))
        #expect(model.leaderboard.isAscending)
        #expect(model.leaderboard.sortedEntries.first?.nickname == "sol")
        _ = update(&model, .key(.character("2")))
        #expect(model.leaderboard.column == .nickname)
        #expect(model.leaderboard.isAscending)
        #expect(model.leaderboard.sortedEntries.prefix(3).map(\.nickname) == ["ana", "bo", "chen"])
        #expect(model.leaderboard.sortedEntries.last?.nickname == "Zed")
        _ = update(&model, .key(.character("2")))
        #expect(model.leaderboard.sortedEntries.first?.nickname == "Zed")
    }

    @Test func scrollingStaysInRange() {
        var model = loaded(height: 18)
        let page = LeaderboardState.visibleRows(forHeight: 18)
        #expect(page == 11)
        let steps: [(Key, Int)] = [
            (.up, 0), (.down, 1), (.character("j"), 2), (.pageUp, 0), (.pageDown, 9), (.pageDown, 9), (.home, 0),
            (.end, 9), (.character("k"), 8), (.pageUp, 0),
        ]
        for (key, scroll) in steps {
            _ = update(&model, .key(key))
            #expect(model.leaderboard.scroll == scroll, "after \(key)")
        }
    }

    @Test func keysAreIgnoredWhileTheTerminalIsTooSmall() {
        var model = loaded(height: 12)
        #expect(update(&model, .key(.down)).isEmpty)
        #expect(model.leaderboard.scroll == 0)
        _ = update(&model, .key(.character("q")))
        #expect(model.screen == .leaderboard)
        #expect(update(&model, .key(.control("c"))) == [.quit])
    }

    @Test func scopeToggleQueriesWhenConnected() {
        var model = loaded()
        model.connection = .connected(host: "h", port: 1)
        let effects = update(&model, .key(.character("d")))
        #expect(model.leaderboard.scope == .daily)
        #expect(model.leaderboard.status == .loading)
        #expect(effects == [.send(.queryLeaderboard(LeaderboardQuery(scope: .daily, column: .rank, isAscending: true, offset: 0, limit: 100)))])
        var offline = loaded()
        #expect(update(&offline, .key(.character("d"))).isEmpty)
        #expect(offline.leaderboard.status == .notConnected)
    }

    @Test func qGoesBack() {
        var model = loaded()
        _ = update(&model, .key(.character("q")))
        #expect(model.screen == .menu)
    }
}

extension Array {
    /// A fixed reordering, so sorting is really tested.
    func shuffledDeterministically() -> [Element] {
        enumerated().sorted { ($0.offset * 7) % 20 < ($1.offset * 7) % 20 }.map(\.element)
    }
}
