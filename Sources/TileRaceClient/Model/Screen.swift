/// The screen the client shows.
enum Screen: Hashable, Sendable {
    /// The splash animation and the main menu.
    case menu
    /// A board: practice, daily challenge or race (`Model.race` says which).
    case game
    /// The leaderboard.
    case leaderboard
    /// The colours: themes and the colour editor.
    case colours
    /// The list of rooms on the server, with the create and join forms.
    case lobby
    /// One room before its race: who is in it and who is ready.
    case room
}
