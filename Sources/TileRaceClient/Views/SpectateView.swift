import TileRaceEngine

/// A race watched as a spectator: every racer's figures and board, the feed,
/// and the standings at the end.
enum SpectateView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) -> [Chrome.Hint]? {
        guard let race = model.race else { return nil }
        let options = race.options
        var clock = ""
        if case .racing(let startedAt) = race.phase { clock = Format.clock(milliseconds: model.now - startedAt) }
        Chrome.header(
            "TILE RACE · watching room \(ScreenText.sanitize(race.room)) · \(options.size)x\(options.size) to \(options.target)",
            right: clock, theme: theme, into: &frame)
        // The chat's rows at the bottom are the chat's, said or not: a new line moves no board.
        let chatRows = RaceView.chatRows(model, height: frame.height - 3)
        let content = Rect(x: 2, y: 2, width: frame.width - 4, height: frame.height - 5 - max(0, chatRows - 1))
        ChatPane.draw(
            model, hint: "Enter or / to chat · 1-4 quick phrases", hasRule: chatRows > 2,
            in: Rect(x: 2, y: content.maxY, width: content.width, height: chatRows),
            theme: theme, into: &frame)
        var y = RaceView.drawRacers(
            race.ranked, model: model, race: race, x: content.x, y: content.y, width: content.width, bottom: content.maxY, theme: theme,
            into: &frame)
        y += 1
        drawBoards(race, model: model, top: y, in: content, theme: theme, into: &frame)
        if case .finished(let standings) = race.phase {
            // The chat stays in view under the standings.
            let area = Rect(x: 0, y: 1, width: frame.width, height: chatRows == 0 ? frame.height - 3 : content.maxY - 1)
            RaceView.drawStandings(standings, race: race, you: nil, note: nil, in: area, isBot: model.isBot, theme: theme, into: &frame)
        }
        return model.chat.isTyping
            ? ChatPane.typingHints
            : race.isOver ? [("Enter", "back to the room"), ("q", "leave")] : [("q", "stop watching"), ("?", "help")]
    }

    /// The racers' boards in a grid, as large as the room allows (mini-boards
    /// when even the smallest layout does not fit), then the feed's last line.
    private static func drawBoards(_ race: RaceState, model: Model, top: Int, in content: Rect, theme: Theme, into frame: inout Frame) {
        let players = race.ranked.filter { $0.board != nil }
        guard !players.isEmpty else { return }
        let area = Rect(x: content.x, y: top, width: content.width, height: content.maxY - top - 2)
        let isOutlined = !theme.usesColour
        var chosen: (columns: Int, layout: BoardLayout)?
        for columns in 1...players.count {
            let rows = (players.count + columns - 1) / columns
            let cellWidth = (area.width - (columns - 1) * 3) / columns
            let cellHeight = area.height / rows - 2
            guard
                let layout = BoardLayout.best(
                    boardSize: race.options.size, maxWidth: cellWidth, maxHeight: cellHeight,
                    isOutlined: isOutlined)
            else { continue }
            if chosen == nil || layout.tileWidth > chosen!.layout.tileWidth { chosen = (columns, layout) }
        }
        var bottom: Int
        if let (columns, layout) = chosen {
            bottom =
                RaceView.drawBoards(
                    players, columns: columns, boardWidth: layout.width, blockHeight: layout.height + 2, x: area.x, y: area.y,
                    maxY: area.maxY, model: model, theme: theme, into: &frame
                ) { board, x, y, frame in BoardView.draw(board, layout: layout, x: x, y: y, theme: theme, into: &frame) } - 1
        } else {
            let size = race.options.size
            let boardWidth = size * RaceView.miniCellWidth
            bottom = RaceView.drawBoards(
                players, columns: max(1, (area.width + 3) / (boardWidth + 3)), boardWidth: boardWidth, blockHeight: size + 2,
                x: area.x, y: area.y, maxY: area.maxY, model: model, theme: theme, into: &frame
            ) { board, x, y, frame in RaceView.drawMiniBoard(board, x: x, y: y, theme: theme, into: &frame) }
        }
        guard let last = race.announcements.last, bottom < content.maxY else { return }
        frame.text(Format.fit(last.text, content.width).trimmingTrailingSpaces, x: content.x, y: bottom, style: theme.muted)
    }
}
