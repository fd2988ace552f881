enum Screen: Hashable, Sendable {
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
    case watch
    /// Waiting in the quick race queue (`Model.quickRace`).
    case quickRace
}
