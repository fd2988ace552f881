import TileRaceEngine

/// A race watched as a spectator: every racer's figures and board, the feed,
/// and the standings at the end.
enum SpectateView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) {
        guard let race = model.race else { return }
        let options = race.options
        var clock = ""
        if case .racing(let startedAt) = race.phase { clock = Format.clock(milliseconds: model.now - startedAt) }
        Chrome.header(
            "TILE RACE · watching room \(ScreenText.sanitize(race.room)) · \(options.size)x\(options.size) to \(options.target)",
            right: clock, theme: theme, into: &frame)
        let content = Rect(x: 2, y: 2, width: frame.width - 4, height: frame.height - 5)
        Chrome.rule("racers", x: content.x, y: content.y, width: min(content.width, 60), theme: theme, into: &frame)
        var y = content.y + 1
        for (index, player) in race.ranked.enumerated() where y < content.maxY {
            let status =
                switch player.status {
                case .playing:
                    Format.fit(Format.grouped(player.score), 8, alignRight: true) + "  "
                        + Format.fit(String(player.largestTile), 6, alignRight: true) + "  \(player.moves) moves"
                        + (race.away.mark(player.nickname, at: model.now).map { " · " + $0 } ?? "")
                case .finished(let reason):
                    reason == .target
                        ? "finished · \(Format.clock(milliseconds: player.finishedAfter ?? 0))"
                        : "finished · \(reason.title) · \(Format.grouped(player.score))"
                }
            let line =
                Format.fit(String(index + 1), 2, alignRight: true) + " " + BotTag.name(player.nickname, isBot: player.isBot, width: 14)
                + status
            frame.text(Format.fit(line, content.width).trimmingTrailingSpaces, x: content.x, y: y, style: theme.base)
            y += 1
        }
        y += 1
        drawBoards(race, top: y, in: content, theme: theme, into: &frame)
        if case .finished(let standings) = race.phase {
            let area = Rect(x: 0, y: 1, width: frame.width, height: frame.height - 3)
            RaceView.drawStandings(standings, race: race, you: nil, note: nil, in: area, theme: theme, into: &frame)
        }
        Chrome.status(model, theme: theme, into: &frame)
        let hints: [Chrome.Hint] = race.isOver ? [("Enter", "back to the room"), ("q", "leave")] : [("q", "stop watching"), ("?", "help")]
        Chrome.footer(hints, theme: theme, into: &frame)
    }

    /// The racers' boards in a grid, as large as the room allows (mini-boards
    /// when even the smallest layout does not fit), then the feed's last line.
    private static func drawBoards(_ race: RaceState, top: Int, in content: Rect, theme: Theme, into frame: inout Frame) {
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
        var bottom = top
        if let (columns, layout) = chosen {
            for (index, player) in players.enumerated() {
                let x = area.x + (index % columns) * (layout.width + 3)
                let y = area.y + (index / columns) * (layout.height + 2)
                frame.text(
                    BotTag.name(player.nickname, isBot: player.isBot, width: layout.width).trimmingTrailingSpaces, x: x, y: y,
                    style: theme.base.bold)
                BoardView.draw(player.board!, layout: layout, x: x, y: y + 1, theme: theme, into: &frame)
                bottom = max(bottom, y + layout.height + 1)
            }
        } else {
            let size = race.options.size
            let boardWidth = size * RaceView.miniCellWidth
            let columns = max(1, (area.width + 3) / (boardWidth + 3))
            for (index, player) in players.enumerated() {
                let x = area.x + (index % columns) * (boardWidth + 3)
                let y = area.y + (index / columns) * (size + 2)
                guard y + size + 1 <= area.maxY else { break }
                frame.text(
                    BotTag.name(player.nickname, isBot: player.isBot, width: boardWidth).trimmingTrailingSpaces, x: x, y: y,
                    style: theme.base.bold)
                RaceView.drawMiniBoard(player.board!, x: x, y: y + 1, theme: theme, into: &frame)
                bottom = max(bottom, y + size + 2)
            }
        }
        guard let last = race.announcements.last, bottom < content.maxY else { return }
        frame.text(Format.fit(last.text, content.width).trimmingTrailingSpaces, x: content.x, y: bottom, style: theme.muted)
    }
}
