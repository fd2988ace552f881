/// A short status-line message, e.g. "nothing to undo".
struct Notice: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case info
        case warning
        case success
    }

    /// Unless it is sticky.
    static let lifetimeMilliseconds = 4000
    /// For the operator's notice, which no key clears.
    static let announcementMilliseconds = 30_000

    var text: String
    var kind: Kind
    /// Monotonic milliseconds; nil stays until the next key.
    var expiresAt: Int?
}

enum Overlay: Hashable, Sendable {
    case help
    case confirm(Confirmation)
    /// Needed before racing.
    case nickname(NicknamePrompt)
    /// Reconnect, or play offline.
    case connectionProblem(ConnectionProblem)
    /// 1 to 5.
    case botStrength
}

enum Confirmation: Hashable, Sendable {
    case leaveGame
    /// The room stays, to see the others finish.
    case resignRace
    /// The clock keeps running.
    case restartRace
    /// Throws this one away.
    case newGame
    /// Drops the players connected to us.
    case quitWhileHosting(players: Int)
    case resetStatistics(games: Int)

    /// In a game the server keeps, what it does goes to the server.
    var asksServer: Bool {
        switch self {
        case .leaveGame, .resignRace, .restartRace, .newGame: true
        case .quitWhileHosting, .resetStatistics: false
        }
    }

    var question: String {
        switch self {
        case .leaveGame: "Leave this game? It is not finished."
        case .resignRace: "Resign? Your race ends with your score now."
        case .restartRace: "Restart from the same seed? The race clock keeps running."
        case .newGame: "Throw this game away and start a new one?"
        case .resetStatistics(let games):
            "Forget the statistics of \(games == 1 ? "the 1 game" : "all \(games) games") finished here? This cannot be undone."
        case .quitWhileHosting(let players):
            "\(players == 1 ? "1 player" : "\(players) players") connected: quit anyway? Hosting stops and they are dropped."
        }
    }
}
