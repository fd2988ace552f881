/// The screen shown, with state only it has; what outlives a screen stays in `Model`.
indirect enum Screen: Hashable, Sendable {
    /// Also the splash.
    case menu
    /// Practice, daily challenge or race (`Model.race` says which).
    case game
    case leaderboard
    case colours
    case lobby
    case room
    case spectate
    case statistics
    /// A leaderboard entry's record, or a local one.
    case watch(WatchState)
    case quickRace(QuickRaceState)
}

extension Model {
    var watch: WatchState? {
        if case .watch(let watch) = screen { watch } else { nil }
    }

    var quickRace: QuickRaceState? {
        if case .quickRace(let state) = screen { state } else { nil }
    }
}
