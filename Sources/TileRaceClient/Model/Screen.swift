/// The screen shown, with state only it has; what outlives a screen stays in `Model`
/// (the menu's cursor, the game, the room and its race).
indirect enum Screen: Hashable, Sendable {
    /// Also the splash.
    case menu
    /// Practice, daily challenge or race (`Model.race` says which).
    case game
    case leaderboard(LeaderboardState)
    case colours(ColourEditorState)
    case lobby(LobbyState)
    case room
    case spectate
    case statistics
    /// A leaderboard entry's record, or a local one.
    case watch(WatchState)
    case quickRace(QuickRaceState)
    /// The arenas to join.
    case arenas(ArenaListState)
    /// The arena we are in, between its races, and its final standings (`Model.arena`).
    case arena
}

/// Each screen's state, nil on any other screen; setting it elsewhere changes nothing.
extension Model {
    var leaderboard: LeaderboardState? {
        get { if case .leaderboard(let state) = screen { state } else { nil } }
        set { if let newValue, case .leaderboard = screen { screen = .leaderboard(newValue) } }
    }

    var lobby: LobbyState? {
        get { if case .lobby(let state) = screen { state } else { nil } }
        set { if let newValue, case .lobby = screen { screen = .lobby(newValue) } }
    }

    var colours: ColourEditorState? {
        get { if case .colours(let state) = screen { state } else { nil } }
        set { if let newValue, case .colours = screen { screen = .colours(newValue) } }
    }

    var watch: WatchState? {
        get { if case .watch(let state) = screen { state } else { nil } }
        set { if let newValue, case .watch = screen { screen = .watch(newValue) } }
    }

    var arenaList: ArenaListState? {
        get { if case .arenas(let state) = screen { state } else { nil } }
        set { if let newValue, case .arenas = screen { screen = .arenas(newValue) } }
    }

    var quickRace: QuickRaceState? {
        get { if case .quickRace(let state) = screen { state } else { nil } }
        set { if let newValue, case .quickRace = screen { screen = .quickRace(newValue) } }
    }
}
