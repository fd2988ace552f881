import TileRaceEngine

/// The watch screen: a recorded game played back on the board, with the
/// figures, the position in the record, the speed and whether the replay
/// ends with the leaderboard entry's figures.
enum WatchView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) -> [Chrome.Hint]? {
        guard let watch = model.watch else { return nil }
        let right = watch.status == .ready ? "entry \(Format.grouped(watch.position)) of \(Format.grouped(watch.entries.count))" : ""
        Chrome.header("WATCH · \(watch.title)", right: right, theme: theme, into: &frame)
        let area = Rect(x: 0, y: 1, width: frame.width, height: frame.height - 3)
        switch watch.status {
        case .loading:
            frame.centeredText("fetching the record…", in: area, y: area.y + area.height / 2, style: theme.muted)
        case .failed(let message):
            Dialog.draw(
                [
                    Dialog.Line(text: "Cannot play this game", style: theme.warned), .blank,
                    Dialog.Line(text: ScreenText.sanitize(message), style: theme.base),
                ], in: area, theme: theme, into: &frame)
        case .ready:
            if let game = watch.game { drawBoard(model, watch: watch, game: game, in: area, theme: theme, into: &frame) }
        }
        return hints(watch)
    }

    static func hints(_ watch: WatchState) -> [Chrome.Hint] {
        let back: Chrome.Hint = ("Esc", watch.returnScreen == nil ? "quit" : "back")
        guard watch.status == .ready else { return [back] }
        let play = watch.isAtEnd ? "again" : watch.isPaused ? "play" : "pause"
        return [("Space", play), ("+ -", "speed"), ("← →", "step"), ("Home End", "start, end"), back]
    }

    private static func drawBoard(_ model: Model, watch: WatchState, game: Game, in area: Rect, theme: Theme, into frame: inout Frame) {
        let isOutlined = !theme.usesColour
        let size = game.config.size
        let layout =
            BoardLayout.best(
                boardSize: size, maxWidth: frame.width - View.minimumPanelWidth - 3, maxHeight: area.height, isOutlined: isOutlined)
            ?? BoardLayout.smallest(boardSize: size, isOutlined: isOutlined)
        let panelWidth = min(frame.width - layout.width - 4, 44)
        let boardX = max(1, (frame.width - layout.width - 3 - panelWidth) / 2)
        let boardY = area.y + (area.height - layout.height) / 2
        var decorations = BoardView.Decorations()
        if let animation = watch.animation { decorations.animation = (animation, animation.progress(at: model.now)) }
        BoardView.draw(game.board, layout: layout, x: boardX, y: boardY, theme: theme, decorations: decorations, into: &frame)
        drawPanel(
            watch, game: game, in: Rect(x: boardX + layout.width + 3, y: area.y, width: panelWidth, height: area.height),
            theme: theme, into: &frame)
    }

    private static func drawPanel(_ watch: WatchState, game: Game, in rect: Rect, theme: Theme, into frame: inout Frame) {
        let width = min(rect.width, 32)
        var y = rect.y + 1
        var figures: [PanelFigures.Row] = [
            ("SCORE", Format.grouped(game.score), nil),
            ("BEST TILE", String(game.board.largestValue), nil),
            ("MOVES", Format.grouped(game.moveCount), nil),
            ("ASSISTS", String(game.assistCount), nil),
            ("ENTRY", "\(Format.grouped(watch.position)) / \(Format.grouped(watch.entries.count))", nil),
            watch.isTimed
                ? ("SPEED", watch.speed == 1 ? "real pace" : "\(watch.speed)x real pace", nil)
                : ("SPEED", watch.speed == WatchState.speeds.last ? "fastest" : "\(watch.speed) per second", nil),
        ]
        if watch.isTimed { figures.append(("TIME", Format.clock(milliseconds: watch.runningTime), nil)) }
        PanelFigures.draw(figures, x: rect.x, width: width, y: &y, theme: theme, into: &frame)
        y += 1
        let barWidth = width
        let filled = watch.entries.isEmpty ? barWidth : watch.position * barWidth / watch.entries.count
        let (full, empty) = theme.usesColour ? ("█", "░") : ("#", "-")
        frame.text(String(repeating: full, count: filled), x: rect.x, y: y, style: theme.accented)
        frame.text(String(repeating: empty, count: barWidth - filled), x: rect.x + filled, y: y, style: theme.muted)
        y += 2
        let state: (String, CellStyle) =
            watch.isAtEnd
            ? ("end of the record", theme.base.bold) : watch.isPaused ? ("paused", theme.warned) : ("playing", theme.succeeded)
        frame.text(state.0, x: rect.x, y: y, style: state.1)
        y += 1
        if watch.skipped > 0 {
            frame.line("\(watch.skipped) entries did not apply", x: rect.x, y: &y, width: rect.width, style: theme.muted)
        }
        y += 1
        guard watch.expected != nil else { return }
        if watch.differences.isEmpty {
            frame.line("✓ ends with the entry's figures", x: rect.x, y: &y, width: rect.width, style: theme.succeeded)
            return
        }
        frame.line("✗ does not end with the entry's", x: rect.x, y: &y, width: rect.width, style: theme.warned)
        for difference in watch.differences where y < rect.maxY {
            frame.line(difference, x: rect.x, y: &y, width: rect.width, style: theme.warned)
        }
    }
}
