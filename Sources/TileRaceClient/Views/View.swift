/// Draws the whole screen for a model: the current screen, then overlays
/// (help, questions), or a "too small" message. Pure.
func view(_ model: Model, size: TerminalSize, theme: Theme) -> Frame {
    var frame = Frame(width: size.width, height: size.height, filling: FrameCell(character: " ", style: theme.base))
    let minimum = View.minimumSize(for: model, theme: theme)
    guard size.covers(minimum) else {
        TooSmallView.draw(needed: minimum, size: size, theme: theme, into: &frame)
        return frame
    }
    // Each screen returns its footer's hints; the status and the footer are drawn over it. The menu draws its own.
    var hints: [Chrome.Hint]?
    switch model.screen {
    case .menu: MenuView.draw(model, theme: theme, into: &frame)
    case .game: hints = GameView.draw(model, theme: theme, into: &frame)
    case .leaderboard: hints = LeaderboardView.draw(model, theme: theme, into: &frame)
    case .colours: hints = ColoursView.draw(model, theme: theme, into: &frame)
    case .lobby: hints = LobbyView.draw(model, theme: theme, into: &frame)
    case .room: hints = RoomView.draw(model, theme: theme, into: &frame)
    case .spectate: hints = SpectateView.draw(model, theme: theme, into: &frame)
    case .watch: hints = WatchView.draw(model, theme: theme, into: &frame)
    case .statistics: hints = StatisticsView.draw(model, theme: theme, into: &frame)
    case .quickRace: hints = QuickRaceView.draw(model, theme: theme, into: &frame)
    case .arenas: hints = ArenaListView.draw(model, theme: theme, into: &frame)
    case .arena: hints = ArenaView.draw(model, theme: theme, into: &frame)
    }
    if let hints {
        Chrome.status(model, theme: theme, into: &frame)
        Chrome.footer(hints, theme: theme, into: &frame)
    }
    switch model.overlay {
    case .help: HelpView.draw(model, theme: theme, into: &frame)
    case .confirm(let confirmation):
        Dialog.draw(
            [
                Dialog.Line(text: confirmation.question, style: theme.base.bold), .blank,
                Dialog.Line(text: "y yes    n no", style: theme.muted),
            ], in: frame.bounds, theme: theme, into: &frame)
    case .nickname(let prompt): NicknamePromptView.draw(prompt, theme: theme, into: &frame)
    case .connectionProblem(let problem): ConnectionProblemView.draw(problem, model: model, theme: theme, into: &frame)
    case .botStrength: BotStrengthView.draw(theme: theme, into: &frame)
    case nil: break
    }
    return frame
}

enum View {
    /// The smallest terminal any screen is drawn in.
    static let minimumSize = TerminalSize(width: 60, height: 18)
    /// The narrowest side panel next to a board.
    static let minimumPanelWidth = 34

    /// The smallest terminal the model's screen can be drawn in.
    static func minimumSize(for model: Model, theme: Theme) -> TerminalSize {
        let boardSize: Int
        if model.screen == .game, let session = model.session {
            boardSize = session.game.config.size
        } else if let game = model.watch?.game {
            boardSize = game.config.size
        } else {
            return minimumSize
        }
        let board = BoardLayout.smallest(boardSize: boardSize, isOutlined: !theme.usesColour)
        return TerminalSize(
            width: max(minimumSize.width, board.width + minimumPanelWidth + 3),
            height: max(minimumSize.height, board.height + 3))
    }
}

/// The message shown when the terminal is too small.
enum TooSmallView {
    /// Draws "terminal too small: needs at least WxH", centred and wrapped to fit.
    static func draw(needed: TerminalSize, size: TerminalSize, theme: Theme, into frame: inout Frame) {
        let message = "terminal too small: needs at least \(needed.width)x\(needed.height)"
        var lines = message.count <= size.width ? [message] : ["terminal too small:", "needs at least \(needed)"]
        lines += ["(now \(size))", "Ctrl-C quits"]
        let top = max(0, (size.height - lines.count) / 2)
        for (index, line) in lines.enumerated() {
            frame.centeredText(line, in: frame.bounds, y: top + index, style: index == 0 ? theme.warned : theme.muted)
        }
    }
}
