import TileRaceProtocol

extension Update {
    static func leaderboardKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        guard var board = model.leaderboard else { return [] }
        let page = LeaderboardState.visibleRows(forHeight: model.size.height)
        var wantsAll = false
        var refreshes = false
        switch key {
        case .up, .character("k"), .character("w"): board.select(board.selected - 1, page: page)
        case .down, .character("j"), .character("s"): board.select(board.selected + 1, page: page)
        case .pageUp, .pageDown, .character(" "):
            // The rows shown move a page with the cursor.
            let step = key == .pageUp ? -page : page
            board.scroll += step
            board.select(board.selected + step, page: page)
        case .home: board.select(0, page: page)
        case .character("g"), .enter:
            model.leaderboard = board
            guard board.status == .loaded, board.board != .rating, board.entries.indices.contains(board.selected) else { return [] }
            guard model.connection.isConnected else {
                model.show("no server connected: records live on the server", .warning)
                return []
            }
            let entry = board.entries[board.selected]
            let query = board.recordQuery(for: entry, today: model.today)
            return key == .enter ? watchEntry(entry, query: query, model: &model) : askGhost(query, model: &model)
        case .end, .character("G"):
            board.select(max(board.total, board.received) - 1, page: page)
            wantsAll = true
        case .character("1"), .character("2"), .character("3"):
            if case .character(let digit) = key, let number = digit.wholeNumberValue, let column = LeaderboardColumn(rawValue: number) {
                board.sort(by: column)
                refreshes = true
            }
        case .character("d"):
            board.show(board.board.otherPeriod)
            refreshes = true
        case .tab, .right, .character("l"), .backTab, .left, .character("h"):
            let steps = key == .tab || key == .right || key == .character("l") ? 1 : -1
            board.show(LeaderboardTab.board(steps, from: board.board, hasRatings: model.network.serverFeatures.contains(.ratings)))
            refreshes = true
        case .character("r"):
            refreshes = true
        case .character("q"), .escape:
            model.screen = .menu
        default:
            break
        }
        model.leaderboard = board
        return refreshes ? leaderboardRefresh(&model) : loadMore(page: page, all: wantsAll, model: &model)
    }

    /// When the rows shown come within a page of the end of those received.
    private static func loadMore(page: Int, all: Bool, model: inout Model) -> [Effect] {
        guard let board = model.leaderboard, model.connection.isConnected, board.status == .loaded, !board.isLoadingMore, board.hasMore,
            board.scroll + 2 * page >= board.received
        else { return [] }
        model.leaderboard?.isLoadingMore = true
        let count = all ? board.total - board.received : max(LeaderboardState.pageSize, board.scroll + page - board.received)
        return [.send(.top(board.query(offset: board.received, count: count, today: model.today)))]
    }

    /// Offline, shows that none is connected.
    static func leaderboardRefresh(_ model: inout Model) -> [Effect] {
        guard var board = model.leaderboard else { return [] }
        defer { model.leaderboard = board }
        guard model.connection.isConnected else {
            board.status = .notConnected
            return []
        }
        board.status = .loading
        board.isLoadingMore = false
        board.scroll = 0
        board.selected = 0
        let page = ClientMessage.top(board.query(offset: 0, today: model.today))
        guard let nickname = model.network.nickname else { return [.send(page)] }
        // The player's own rating line says why it is not listed (protocol.md 5.7); its held games are on no board
        // (10.3: servers that hold games have reports too).
        guard board.board == .rating else {
            return model.network.serverFeatures.contains(.reports) ? [.send(page), .send(.review(id: nil))] : [.send(page)]
        }
        return [.send(page), .send(.top(LeaderboardQuery(board: .rating, limit: 1, nickname: nickname)))]
    }

    // MARK: Replies

    static func leaderboardReplied(
        _ query: LeaderboardQuery, _ result: Result<OkReply, ProtocolError>, items: [ServerMessage], model: inout Model
    ) {
        guard var board = model.leaderboard, board.isCurrent(query) else { return }
        guard case .success(let reply) = result else {
            if case .failure(let error) = result {
                if query.offset == 0 { model.leaderboard?.status = .failed(ScreenText.sanitize(error.message)) }
                model.leaderboard?.isLoadingMore = false
            }
            return
        }
        guard case .top(let summary) = reply else { return }
        let entries = items.compactMap { if case .entry(let entry) = $0 { entry } else { nil } }
        let ratings = items.compactMap { if case .rating(let entry) = $0 { entry } else { nil } }
        if query.offset == 0 {
            board.entries = entries
            board.ratings = ratings
        } else if query.offset == board.received {
            board.entries += entries
            board.ratings += ratings
        }
        board.total = summary.total
        board.unlisted = summary.unlisted ?? 0
        board.date = summary.date
        board.status = .loaded
        board.isLoadingMore = false
        board.scroll = min(board.scroll, max(0, board.received - 1))
        model.leaderboard = board
    }

    /// A server that holds no games, or refuses the request to players, leaves the list empty.
    static func ownHeldReplied(_ result: Result<OkReply, ProtocolError>, items: [ServerMessage], model: inout Model) {
        guard case .success = result, let nickname = model.network.nickname else {
            model.leaderboard?.ownHeld = []
            return
        }
        model.leaderboard?.ownHeld = items.compactMap { item in
            if case .held(let held) = item, Nickname(held.nickname) == Nickname(nickname) { held } else { nil }
        }
    }
}

extension LeaderboardState {
    static func visibleRows(forHeight height: Int) -> Int { max(1, height - 7) }
}
