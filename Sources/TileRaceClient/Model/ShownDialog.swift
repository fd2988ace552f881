/// The one dialog on screen, if any: dialogs are never drawn over each
/// other. An overlay comes first: it takes the keys, so the dialog drawn is
/// always the one that answers them (a lost connection over a finished
/// game asks its question first; the end-of-game dialog and its chart come
/// back once it is answered). Then the game's own: the race's standings,
/// then the end of a game.
enum ShownDialog: Hashable, Sendable, CaseIterable {
    case help
    case confirm
    /// The nickname needed before racing.
    case nicknamePrompt
    /// The server could not be reached, or was lost.
    case connectionProblem
    case botStrength
    case standings
    /// Practice: the target is reached; keep going or finish here?
    case targetReached
    /// The end of a game: the figures, then submitting them.
    case endOfGame

    /// How long a dialog that opened by itself (or in answer to a move)
    /// ignores keys: long enough for a key already on its way to the
    /// board, short enough not to be noticed.
    static let guardMilliseconds = 300

    /// The dialog the model shows, if any.
    init?(_ model: Model) {
        if let overlay = model.overlay {
            switch overlay {
            case .help: self = .help
            case .confirm: self = .confirm
            case .nickname: self = .nicknamePrompt
            case .connectionProblem: self = .connectionProblem
            case .botStrength: self = .botStrength
            }
            return
        }
        switch model.screen {
        case .game:
            guard let session = model.session else { return nil }
            if let race = model.race, race.isOver, session.end.map({ $0.isHidden || $0.isClosed }) ?? true {
                self = .standings
            } else if let end = session.end, !end.isHidden {
                self = end.stage == .reachedTarget ? .targetReached : .endOfGame
            } else {
                return nil
            }
        case .spectate:
            guard model.race?.isOver == true else { return nil }
            self = .standings
        case .menu, .leaderboard, .colours, .lobby, .room, .statistics, .watch, .quickRace:
            return nil
        }
    }
}
