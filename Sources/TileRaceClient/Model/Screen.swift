/// The screen the client shows, carrying the state that only it has.
/// What outlives a screen (the session, the room, the race, the lobby's
/// list, the leaderboard's cache) stays in `Model`.
indirect enum Screen: Hashable, Sendable {
    /// The splash animation and the main menu.
    case menu
    /// A board: practice, daily challenge or race (`Model.race` says which).
    case game
    case leaderboard
    /// The colours: themes and the colour editor.
    case colours
    /// The list of rooms on the server, with the create and join forms.
    case lobby
    /// One room between races: who is in it, who is ready, the countdown.
    case room
    /// A race watched as a spectator: every racer's board.
    case spectate
    /// The games this player finished on this machine.
    case statistics
    /// A recorded game played back (a leaderboard entry's, or a local record).
    case watch(WatchState)
    /// Waiting in the quick race queue.
    case quickRace(QuickRaceState)
}

extension Model {
    /// The record played back, on the watch screen.
    var watch: WatchState? {
        if case .watch(let watch) = screen { watch } else { nil }
    }

    /// The queue's facts, on the quick race screen.
    var quickRace: QuickRaceState? {
        if case .quickRace(let state) = screen { state } else { nil }
    }
}
