import TileRaceEngine
import TileRaceProtocol

extension Update {
    static func menuKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        let items = MenuItem.shown(offered: model.network.serverFeatures)
        let index = items.firstIndex(of: model.menu.selection) ?? 0
        switch key {
        case .up, .character("k"), .character("w"), .backTab:
            model.menu.selection = items[(index + items.count - 1) % items.count]
        case .down, .character("j"), .character("s"), .tab:
            model.menu.selection = items[(index + 1) % items.count]
        case .home:
            model.menu.selection = items[0]
        case .end:
            model.menu.selection = items[items.count - 1]
        case .enter, .character(" "):
            return select(model.menu.selection, model: &model)
        case .escape:
            break
        case .character(let character):
            if let item = items.first(where: { $0.hotKey == character }) {
                model.menu.selection = item
                return select(item, model: &model)
            }
        default:
            break
        }
        return []
    }

    static func select(_ item: MenuItem, model: inout Model) -> [Effect] {
        switch item {
        case .race:
            guard model.connection.isConnected else {
                notConnected(model: &model)
                return []
            }
            return pursue(.openLobby, model: &model)
        case .quickRace:
            return startQuickRace(&model)
        case .arena:
            return openArenas(&model)
        case .practice:
            return startPractice(&model)
        case .daily:
            if model.connection.isConnected {
                // Chosen here: leaving the daily room comes back here.
                model.leavesRoomToMenu = true
                return pursue(.joinDaily, model: &model)
            }
            startDaily(&model)
        case .leaderboard:
            model.screen = .leaderboard(LeaderboardState())
            return leaderboardRefresh(&model)
        case .statistics:
            model.screen = .statistics
        case .colours:
            model.screen = .colours(ColourEditorState())
        case .quit:
            let others = model.otherHostedPlayers
            guard others == 0 else {
                model.overlay = .confirm(.quitWhileHosting(players: others))
                return []
            }
            return quit(&model)
        }
        return []
    }

    /// Offers to reconnect, or says why not.
    /// Connected to a server that offers `feature`; else false, with the line that says why not
    /// (`olderServer` for a server without it).
    static func isOffered(_ feature: ServerFeature, olderServer: String, model: inout Model) -> Bool {
        guard model.connection.isConnected else {
            notConnected(model: &model)
            return false
        }
        guard model.network.serverFeatures.contains(feature) else {
            model.show(olderServer, .warning)
            return false
        }
        return true
    }

    static func notConnected(model: inout Model) {
        switch model.connection {
        case .connecting(let endpoint):
            model.show("connecting to \(endpoint)… try again in a moment")
        case .lost(let reason) where model.network.endpoint != nil:
            model.overlay = .connectionProblem(ConnectionProblem(message: reason, wasRacing: false))
        default:
            model.show("offline: racing needs a server (tilerace play --host H); try Practice or the Daily challenge", .warning)
        }
    }

    /// The `--seed` given, else one the server deals when connected, else one drawn here.
    @discardableResult
    static func startPractice(_ model: inout Model) -> [Effect] {
        let config: GameConfig
        do {
            // Checked when the options were read.
            config = try GameConfig(size: model.options.size, target: model.options.target)
        } catch {
            model.show("cannot start practice: \(error.message)", .warning)
            return []
        }
        let chosen = model.pendingPracticeSeed.flatMap { try? Seed(parsing: $0) }
        if chosen != nil { model.pendingPracticeSeed = nil }
        model.session = PlaySession(mode: .practice, game: Game(config: config, seed: chosen ?? model.nextPracticeSeed()))
        model.race = nil
        model.screen = .game
        // A notice about the menu is not about this game.
        if model.notice?.kind != .warning || model.notice?.expiresAt != nil { model.notice = nil }
        // The seed drawn here is the fallback should the server not deal.
        if chosen == nil, dealsFromServer(model) { return askServerToDeal(&model) }
        // Dealt here: its clock starts now, as a dealt one's does with the server's answer, and the server's with it.
        return model.changeSessionReadingModel { session, model in
            session.clock.start(at: model.now)
            return dealsFromServer(model) ? mirrorPractice(&session, model: model) : []
        } ?? []
    }

    static func startDaily(_ model: inout Model) {
        guard let seed = try? Seed(parsing: model.today) else {
            model.show("cannot start the daily challenge: \(model.today) is not a date", .warning)
            return
        }
        model.session = PlaySession(mode: .daily(date: model.today), game: Game(config: .standard, seed: seed))
        model.race = nil
        model.screen = .game
        model.notice = nil
        if !model.connection.isConnected {
            model.show("daily challenge \(model.today), played offline: scores cannot be submitted", .info)
        }
    }

    /// The statistics screen: `x` resets them (asking first), `q` goes back.
    static func statisticsKey(_ key: Key, model: inout Model) -> [Effect] {
        if let effects = sharedKey(key, model: &model) { return effects }
        switch key {
        case .character("x"), .character("X"):
            if model.statistics.isEmpty {
                model.show("nothing to reset: no game finished here yet")
            } else {
                model.overlay = .confirm(.resetStatistics(games: model.statistics.gamesPlayed))
            }
        case .character("q"), .escape:
            model.screen = .menu
        default:
            break
        }
        return []
    }
}
