extension Update {
    /// How many entries the leaderboard asks for at once.
    static let leaderboardPage = 100

    static func leaderboardKey(_ key: Key, model: inout Model) -> [Effect] {
        var board = model.leaderboard
        let page = LeaderboardState.visibleRows(forHeight: model.size.height)
        let lastStart = max(0, board.entries.count - page)
        switch key {
        case .up, .character("k"), .character("w"): board.scroll -= 1
        case .down, .character("j"), .character("s"): board.scroll += 1
        case .pageUp: board.scroll -= page
        case .pageDown, .character(" "): board.scroll += page
        case .home, .character("g"): board.scroll = 0
        case .end, .character("G"): board.scroll = lastStart
        case .character("1"), .character("2"), .character("3"):
            if case .character(let digit) = key, let number = digit.wholeNumberValue,
               let column = LeaderboardColumn(rawValue: number) {
                board.sort(by: column)
            }
        case .character("d"):
            board.scope = board.scope == .allTime ? .daily : .allTime
            board.scroll = 0
            model.leaderboard = board
            return leaderboardRefresh(&model)
        case .character("r"):
            model.leaderboard = board
            return leaderboardRefresh(&model)
        case .character("t"):
            return nextTheme(&model)
        case .character("?"):
            model.overlay = .help
        case .character("q"), .escape:
            model.screen = .menu
        default:
            break
        }
        board.scroll = min(max(0, board.scroll), lastStart)
        model.leaderboard = board
        return []
    }

    /// Asks the server for the leaderboard; offline, shows that none is connected.
    static func leaderboardRefresh(_ model: inout Model) -> [Effect] {
        guard model.connection.isConnected else {
            model.leaderboard.status = .notConnected
            return []
        }
        model.leaderboard.status = .loading
        let board = model.leaderboard
        return [.send(.queryLeaderboard(LeaderboardQuery(
            scope: board.scope, column: board.column, isAscending: board.isAscending, offset: 0,
            limit: leaderboardPage)))]
    }
}

extension LeaderboardState {
    /// The rows of entries that fit on a screen `height` rows tall.
    static func visibleRows(forHeight height: Int) -> Int {
        max(1, height - 7)
    }
}
