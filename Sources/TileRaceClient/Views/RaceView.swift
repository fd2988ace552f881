import TileRaceEngine

/// The race parts of the board screen, drawn from `RaceState` whatever filled it.
enum RaceView {
    static let miniCellWidth = 4

    static func drawPanel(_ model: Model, session: PlaySession, race: RaceState, in rect: Rect, theme: Theme, into frame: inout Frame) {
        // Reserved whether said or not: a new line moves nothing.
        let chatRows = chatRows(model, height: rect.height)
        let chatArea = Rect(x: rect.x, y: rect.maxY - chatRows, width: rect.width, height: chatRows)
        ChatPane.draw(
            model, hint: "Enter or / to chat · 1-4 quick phrases", hasRule: chatRows > 2, in: chatArea, theme: theme, into: &frame)
        drawFigures(
            model, session: session, race: race, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - chatRows),
            theme: theme, into: &frame)
    }

    /// Two lines (a rule and three on a tall screen); none without chat.
    static func chatRows(_ model: Model, height: Int) -> Int {
        guard model.chatPlace == .room else { return 0 }
        return height >= 34 ? 4 : 2
    }

    private static func drawFigures(
        _ model: Model, session: PlaySession, race: RaceState, in rect: Rect, theme: Theme, into frame: inout Frame
    ) {
        let game = session.game
        let now = model.now
        var y = rect.y + 1
        let you = race.players.first(where: \.isYou)?.nickname ?? model.config.lastNickname ?? "you"
        let label = Format.fit("you (\(ScreenText.sanitize(you)))", min(17, max(4, rect.width / 3))).trimmingTrailingSpaces
        let end = frame.text(label, x: rect.x, y: y, style: theme.accented)
        let figuresX = max(end + 1, min(rect.x + 18, rect.x + rect.width / 3 + 1))
        let figuresWidth = max(0, rect.maxX - figuresX)
        let figures = fitting(
            [
                "score \(Format.grouped(game.score))   moves \(game.moveCount)",
                "score \(Format.grouped(game.score)) moves \(game.moveCount)",
                "\(Format.grouped(game.score)) · \(game.moveCount)m",
            ], width: figuresWidth)
        frame.text(figures, x: figuresX, y: y, style: theme.base.bold)
        y += 1
        let assists = session.assistsAllowed ? "assists \(game.assistCount)" : "assists \(game.assistCount) (off)"
        let shortAssists = session.assistsAllowed ? "assists \(game.assistCount)" : "no assists"
        frame.text(
            fitting(
                [
                    "best tile \(game.board.largestValue)   \(assists)", "best \(game.board.largestValue) \(assists)",
                    "best \(game.board.largestValue) \(shortAssists)", "best \(game.board.largestValue)",
                ], width: figuresWidth),
            x: figuresX, y: y, style: theme.base)
        y += 1
        if race.options.timeLimit > 0 {
            let left = max(0, race.options.timeLimit * 1000 - session.clock.elapsed(at: now))
            frame.text(
                fitting(["time left \(Format.clock(milliseconds: left))", Format.clock(milliseconds: left)], width: figuresWidth),
                x: figuresX, y: y,
                style: left < 30 ? theme.warned : theme.base)
            y += 1
        }
        y += 1
        y = drawRacers(
            race.ranked, model: model, race: race, x: rect.x, y: y, width: rect.width, bottom: rect.maxY, theme: theme, into: &frame)
        y += 1
        let others = race.ranked.filter { !$0.isYou && $0.board != nil }
        let feedRows = min(race.announcements.count, 4)
        if let grid = MiniBoardGrid.best(
            count: others.count, boardSize: game.config.size, width: rect.width, height: rect.maxY - y - feedRows - 1)
        {
            y = drawBoards(
                others, columns: grid.columns, boardWidth: grid.boardWidth, blockHeight: grid.blockHeight, x: rect.x, y: y,
                maxY: rect.maxY - feedRows - 1, model: model, theme: theme, into: &frame
            ) { board, x, y, frame in
                drawMiniBoard(board, x: x, y: y, cellWidth: grid.cellWidth, cellHeight: grid.cellHeight, theme: theme, into: &frame)
            }
        }
        guard feedRows > 0, y < rect.maxY - 1 else { return }
        let available = min(feedRows, rect.maxY - y - 1)
        Chrome.rule("race", x: rect.x, y: y, width: min(rect.width, 56), theme: theme, into: &frame)
        y += 1
        // Oldest first, as the chat under it.
        for announcement in race.announcements.suffix(available) {
            frame.line(announcement.text, x: rect.x, y: &y, width: rect.width, style: theme.base)
        }
    }

    /// Each player's name over their board, `columns` a row, while a whole block fits by `maxY`. Returns the row below.
    static func drawBoards(
        _ players: [RacePlayer], columns: Int, boardWidth: Int, blockHeight: Int, x: Int, y: Int, maxY: Int, model: Model,
        theme: Theme, into frame: inout Frame, board drawBoard: (Board, _ x: Int, _ y: Int, inout Frame) -> Void
    ) -> Int {
        var bottom = y
        for (index, player) in players.enumerated() {
            let left = x + (index % columns) * (boardWidth + 3)
            let top = y + (index / columns) * blockHeight
            guard top + blockHeight - 1 <= maxY else { break }
            let name = BotTag.name(player.nickname, isBot: player.isBot || model.isBot(player.nickname), width: boardWidth)
            frame.text(name.trimmingTrailingSpaces, x: left, y: top, style: theme.base.bold)
            if let board = player.board { drawBoard(board, left, top + 1, &frame) }
            bottom = max(bottom, top + blockHeight)
        }
        return bottom
    }

    /// "offline" on ours while resuming, "away 27s" on another's; nil once finished.
    static func mark(of player: RacePlayer, race: RaceState, model: Model) -> String? {
        guard player.status == .playing else { return nil }
        if player.isYou { return model.network.resuming == nil ? nil : "offline" }
        return race.away.mark(player.nickname, at: model.now)
    }

    /// Heading as a rule, then a row per racer above `bottom`. Returns the row after it.
    @discardableResult
    static func drawRacers(
        _ ranked: [RacePlayer], model: Model, race: RaceState, x: Int, y: Int, width: Int, bottom: Int, theme: Theme,
        into frame: inout Frame
    ) -> Int {
        let rows = ranked.map {
            RacerTable.Row(
                $0, mark: mark(of: $0, race: race, model: model), isBot: $0.isBot || model.isBot($0.nickname),
                rating: model.room?.rating(of: $0.nickname))
        }
        let table = RacerTable.layout(rows, width: width)
        let ruleWidth = min(width, max(56, table.rows.map(\.count).max() ?? 0))
        frame.text(TextTable.rule(table.heading, width: ruleWidth), x: x, y: y, style: theme.muted)
        var y = y + 1
        for (row, line) in zip(rows, table.rows) where y < bottom {
            let player = row.player
            let style = player.isYou ? theme.accented.bold : (player.status == .playing ? theme.base : theme.muted)
            frame.text(line, x: x, y: y, style: style)
            // Unless the row was too narrow to show it whole.
            if let mark = row.mark, let range = line.range(of: mark, options: .backwards) {
                frame.text(mark, x: x + line.distance(from: line.startIndex, to: range.lowerBound), y: y, style: theme.warned)
            }
            y += 1
        }
        return y
    }

    /// Else the last cut with an ellipsis: no word is cut while a shorter wording exists.
    static func fitting(_ candidates: [String], width: Int) -> String {
        guard width > 0 else { return "" }
        if let fit = candidates.first(where: { $0.count <= width }) { return fit }
        return Format.fit(candidates.last ?? "", width).trimmingTrailingSpaces
    }

    /// Coloured (numbers and dots in mono), the value on each cell's middle row.
    static func drawMiniBoard(
        _ board: Board, x: Int, y: Int, cellWidth: Int = miniCellWidth, cellHeight: Int = 1, theme: Theme,
        into frame: inout Frame
    ) {
        for row in 0..<board.size {
            for column in 0..<board.size {
                let exponent = board.exponent(row: row, column: column)
                let rect = Rect(x: x + column * cellWidth, y: y + row * cellHeight, width: cellWidth, height: cellHeight)
                let middle = rect.y + cellHeight / 2
                if theme.usesColour {
                    let style = theme.tileStyle(exponent: exponent)
                    frame.fill(
                        Rect(x: rect.x, y: rect.y, width: cellWidth - (cellWidth > miniCellWidth ? 1 : 0), height: cellHeight),
                        style: style)
                    if exponent > 0 {
                        let label = Format.tile(1 << exponent, width: min(cellWidth, miniCellWidth) - 1)
                        frame.text(label, x: rect.x + (cellWidth - label.count) / 2, y: middle, style: style)
                    }
                } else {
                    let label = exponent == 0 ? "·" : Format.tile(1 << exponent, width: cellWidth - 1)
                    frame.text(
                        Format.fit(label, cellWidth - 1, alignRight: true), x: rect.x, y: middle,
                        style: exponent == 0 ? theme.muted : theme.base)
                }
            }
        }
    }

    static func drawGo(_ race: RaceState, now: Int, over rect: Rect, theme: Theme, into frame: inout Frame) {
        guard case .racing(let startedAt) = race.phase, now - startedAt < 800 else { return }
        let box = rect.centered(width: min(rect.width, 17), height: min(rect.height, 7))
        frame.fill(box, style: CellStyle(foreground: theme.text, background: theme.screenBackground))
        frame.box(box, style: CellStyle(foreground: theme.accent, background: theme.screenBackground), lines: .rounded)
        frame.centeredText("GO!", in: box, y: box.y + box.height / 2, style: theme.accented)
    }

    /// With our submission's fate when there is something to say; `isBot` adds what the race does not know.
    /// After an arena's race, Enter goes back to the arena and `l` leaves it.
    static func drawStandings(
        _ standings: [Standing], race: RaceState, you: String?, note: (String, CellStyle)?, in area: Rect,
        isBot: ((String) -> Bool)? = nil, isArena: Bool = false, theme: Theme, into frame: inout Frame
    ) {
        let others = standings.contains { standing in you.map { standing.nickname.lowercased() != $0.lowercased() } ?? true }
        var lines: [Dialog.Line] = [
            Dialog.Line(text: "Final standings · room \(ScreenText.sanitize(race.room))", style: theme.accented), .blank,
        ]
        let shown = Array(standings.prefix(max(1, area.height - 8 - (note == nil ? 0 : 2))))
        let table = StandingsTable.layout(shown, isBot: isBot ?? race.isBot, you: you, width: max(1, area.width - 6))
        for (standing, row) in zip(shown, table.rows) {
            let isYou = you.map { standing.nickname.lowercased() == $0.lowercased() } ?? false
            let style = standing.nickname == race.picked ? theme.selected : isYou ? theme.base.bold : theme.base
            lines.append(Dialog.Line(text: row, style: style, alignment: .leading))
        }
        if standings.isEmpty {
            lines.append(Dialog.Line(text: "nobody finished", style: theme.muted))
        }
        if let (text, style) = note {
            lines += [.blank, Dialog.Line(text: ScreenText.sanitize(text), style: style)]
        }
        // A racer may save the race (`c`); a spectator has no game of its own. Tab picks another racer, `!` reports them.
        let keys =
            switch (you == nil, others) {
            case (false, false) where isArena: "Enter back to the arena    c save    l leave the arena"
            case (false, true) where isArena: "Enter the arena  c save  Tab pick  ! report  l leave arena"
            case (true, false): "Enter back to the room    q leave the room"
            case (false, false): "Enter back to the room    c save    q leave the room"
            case (true, true): "Enter the room   Tab pick   ! report   q leave"
            case (false, true): "Enter the room  c save  Tab pick  ! report  q leave"
            }
        lines += [.blank, Dialog.Line(text: keys, style: theme.muted)]
        // When there is room for it.
        let chartHeight = area.height - lines.count - 3
        guard race.timeline.series.contains(where: { $0.points.count >= 2 }), chartHeight >= LineChart.minimumSize.height + 1
        else {
            Dialog.draw(lines, in: area, minimumWidth: 56, theme: theme, into: &frame)
            return
        }
        let rect = area.centered(width: min(area.width, 120), height: area.height)
        let background = CellStyle(foreground: theme.text, background: theme.screenBackground)
        frame.fill(rect, style: background)
        frame.box(rect, style: theme.usesColour ? background.with(foreground: theme.accent) : background, lines: .rounded)
        let inner = rect.inset(dx: 2, dy: 1)
        let hint = lines.removeLast()
        lines.removeLast()
        let width = lines.map(\.text.count).max() ?? 0
        let left = inner.x + max(0, (inner.width - width) / 2)
        for (index, line) in lines.enumerated() where !line.text.isEmpty {
            let text = Format.fit(line.text, inner.width).trimmingTrailingSpaces
            if index == 0 {
                frame.centeredText(text, in: inner, y: inner.y, style: line.style)
            } else {
                frame.text(text, x: left, y: inner.y + index, style: line.style)
            }
        }
        let chart = Rect(x: inner.x, y: inner.y + lines.count, width: inner.width, height: inner.height - lines.count - 1)
        let (target, finished) = theme.usesColour ? ("★ target", "◆ finished") : ("@ target", "# finished")
        LineChart.draw(
            race.timeline.series, title: "\(target)  \(finished) · seconds",
            shorterTitles: ["\(target) \(finished) · seconds", "\(finished) · seconds", "seconds"], in: chart, theme: theme,
            into: &frame)
        frame.centeredText(hint.text, in: inner, y: inner.maxY - 1, style: hint.style)
    }

}
