/// The one dialog on screen; dialogs never stack. An overlay comes first since it takes the keys,
/// so the dialog drawn is the one answering them; then the standings, then the end of a game.
enum ShownDialog: Hashable, Sendable, CaseIterable {
    case help
    case confirm
    case nicknamePrompt
    case connectionProblem
    case botStrength
    case standings
    case targetReached
    case endOfGame

    /// Long enough for a key already on its way to the board, short enough not to be noticed.
    static let guardMilliseconds = 300

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
        case .menu, .leaderboard, .colours, .lobby, .room, .statistics, .watch, .quickRace, .arenas, .arena:
            return nil
        }
    }
}
