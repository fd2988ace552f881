/// A short message on the status line, e.g. "nothing to undo".
struct Notice: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case info
        /// Something refused or failed.
        case warning
        case success
    }

    /// How long a notice stays unless it is sticky.
    static let lifetimeMilliseconds = 4000
    /// How long the server operator's notice stays (no key clears it).
    static let announcementMilliseconds = 30_000

    var text: String
    var kind: Kind
    /// When it goes away (monotonic milliseconds); nil stays until the next key.
    var expiresAt: Int?
}

/// Something drawn over the current screen that takes the keys first.
enum Overlay: Hashable, Sendable {
    case help
    case confirm(Confirmation)
    /// The nickname the server needs before racing.
    case nickname(NicknamePrompt)
    /// The server could not be reached or was lost: reconnect, or play offline.
    case connectionProblem(ConnectionProblem)
    /// Asking the strength of a bot to add to the room (1 to 5).
    case botStrength
}

/// What a yes/no question is about.
enum Confirmation: Hashable, Sendable {
    case leaveGame
    /// Give up the race (the room stays, to see the others finish).
    case resignRace
    /// Restart the race's board from its seed (the clock keeps running).
    case restartRace
    /// Start a new practice game, throwing this one away.
    case newGame
    /// Quit while hosting, which drops the players connected to us.
    case quitWhileHosting(players: Int)
    /// Forget the statistics of every game finished on this machine.
    case resetStatistics(games: Int)

    var question: String {
        switch self {
        case .leaveGame: "Leave this game? It is not finished."
        case .resignRace: "Resign? Your race ends with your score now."
        case .restartRace: "Restart from the same seed? The race clock keeps running."
        case .newGame: "Throw this game away and start a new one?"
        case .resetStatistics(let games):
            "Forget the statistics of \(games == 1 ? "the 1 game" : "all \(games) games") finished here? This cannot be undone."
        case .quitWhileHosting(let players):
            players == 1
                ? "1 player connected: quit anyway? Hosting stops and they are dropped."
                : "\(players) players connected: quit anyway? Hosting stops and they are dropped."
        }
    }
}
