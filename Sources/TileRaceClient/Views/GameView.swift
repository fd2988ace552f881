import TileRaceEngine
import TileRaceProtocol

/// The board screen of practice, the daily challenge and races, with the dialogs over it.
enum GameView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) -> [Chrome.Hint]? {
        guard let session = model.session else { return nil }
        let now = model.now
        let config = session.game.config
        Chrome.header(title(session), right: Format.clock(milliseconds: session.milliseconds(at: now)), theme: theme, into: &frame)

        let availableHeight = frame.height - 3
        // A race's panel gets more room when it can.
        let ghostRace = session.ghost.map { ghostRaceState($0, session: session, model: model) }
        let race = model.race ?? ghostRace
        let preferredPanel = race == nil ? View.minimumPanelWidth : frame.width >= 150 ? 64 : 46
        let isOutlined = !theme.usesColour
        let layout =
            BoardLayout.best(
                boardSize: config.size, maxWidth: frame.width - preferredPanel - 3, maxHeight: availableHeight, isOutlined: isOutlined)
            ?? BoardLayout.best(
                boardSize: config.size, maxWidth: frame.width - View.minimumPanelWidth - 3, maxHeight: availableHeight,
                isOutlined: isOutlined)
            ?? BoardLayout.smallest(boardSize: config.size, isOutlined: isOutlined)
        let panelWidth = min(frame.width - layout.width - 4, race != nil ? 120 : 56)
        let contentWidth = layout.width + 3 + panelWidth
        let boardX = max(1, (frame.width - contentWidth) / 2)
        let boardY = 1 + (availableHeight - layout.height) / 2
        let boardRect = Rect(x: boardX, y: boardY, width: layout.width, height: layout.height)
        let panel = Rect(x: boardRect.maxX + 3, y: 1, width: panelWidth, height: availableHeight)

        if session.isPaused {
            drawCovered(boardRect, title: "PAUSED", line: "p resumes", theme: theme, into: &frame)
        } else if session.isDealing {
            drawCovered(boardRect, title: "DEALING…", line: "the server draws the seed", theme: theme, into: &frame)
        } else {
            var decorations = BoardView.Decorations()
            decorations.cursor = session.removalCursor
            decorations.hint = session.currentHint?.direction
            if let animation = session.animation {
                decorations.animation = (animation, animation.progress(at: now))
            }
            BoardView.draw(session.game.board, layout: layout, x: boardX, y: boardY, theme: theme, decorations: decorations, into: &frame)
        }

        if let race = model.race {
            RaceView.drawPanel(model, session: session, race: race, in: panel, theme: theme, into: &frame)
            RaceView.drawGo(race, now: now, over: boardRect, theme: theme, into: &frame)
        } else if let ghostRace {
            // Drawn as a live racer is.
            RaceView.drawPanel(model, session: session, race: ghostRace, in: panel, theme: theme, into: &frame)
        } else {
            drawPanel(model, session: session, in: panel, theme: theme, into: &frame)
        }

        // One dialog at a time (`ShownDialog`): an overlay hides these until answered.
        let dialogArea = Rect(x: 0, y: 1, width: frame.width, height: frame.height - 3)
        switch ShownDialog(model) {
        case .standings:
            if let race = model.race, case .finished(let standings) = race.phase {
                var note: (String, CellStyle)?
                if let end = session.end, case .closed(let message?, let kind) = end.stage {
                    note = (message, kind == .warning ? theme.warned : kind == .success ? theme.succeeded : theme.muted)
                }
                // The chat stays in view under the standings where that leaves a row for every racer.
                let chatRows = RaceView.chatRows(model, height: availableHeight)
                let fitsAboveChat = standings.count + (note == nil ? 8 : 10) <= frame.height - 3 - chatRows
                let dialogArea = Rect(x: 0, y: 1, width: frame.width, height: frame.height - 3 - (fitsAboveChat ? chatRows : 0))
                let you = race.players.first(where: \.isYou)?.nickname
                RaceView.drawStandings(
                    standings, race: race, you: you, note: note, in: dialogArea, isArena: model.arena != nil, theme: theme, into: &frame)
            }
        case .targetReached, .endOfGame:
            if let end = session.end {
                EndOfGameView.draw(end, model: model, session: session, in: dialogArea, theme: theme, into: &frame)
            }
        case .help, .confirm, .nicknamePrompt, .connectionProblem, .botStrength, nil:
            break
        }
        return hints(model, session: session)
    }

    static func title(_ session: PlaySession) -> String {
        let config = session.game.config
        switch session.mode {
        case .practice where session.ghost != nil:
            let ghost = session.ghost.map { "\(ScreenText.sanitize($0.name)) · \($0.source)" } ?? ""
            return "TILE RACE · ghost race vs \(ghost) · \(config) · seed \(ScreenText.sanitize(session.game.seed.text))"
        case .practice:
            // The race lost with the connection: the board goes on here.
            if let room = session.lostRaceRoom {
                let race = room.lowercased() == "daily" ? "daily challenge \(session.game.seed.text)" : "room \(room)"
                return "TILE RACE · \(ScreenText.sanitize(race)) · \(config) · offline"
            }
            if session.isDealing { return "TILE RACE · practice · \(config) · dealing…" }
            return "TILE RACE · practice · \(config) · seed \(ScreenText.sanitize(session.game.seed.text))"
        case .daily(let date):
            return "TILE RACE · daily challenge \(date) · \(config)"
        case .race(let room) where room.lowercased() == "daily":
            return "TILE RACE · daily challenge \(ScreenText.sanitize(session.game.seed.text)) · \(config)"
        case .race(let room):
            return "TILE RACE · room \(ScreenText.sanitize(room)) · \(config)"
        }
    }

    /// The player and the ghost as racers (the ghost with its mini-board); its finish in the feed.
    static func ghostRaceState(_ ghost: GhostRace, session: PlaySession, model: Model) -> RaceState {
        let game = session.game
        // Cut off by the ghost's finish, the player's row keeps their moves.
        var status = RacerStatus.playing
        if let end = session.end, end.outcome != .lostToGhost { status = .finished(end.outcome == .won ? .target : .over) }
        let you = RacePlayer(
            nickname: model.config.lastNickname ?? model.network.nickname ?? "you", score: game.score,
            largestTile: game.board.largestValue, moves: game.moveCount, status: status, isYou: true,
            finishedAfter: session.end?.outcome == .won ? session.end?.time : nil)
        var race = RaceState(
            room: "ghost", options: RoomOptions(size: game.config.size, target: ghost.target, allowsAssists: true),
            phase: .racing(startedAt: model.now - session.clock.elapsed(at: model.now)), players: [you, ghost.racer])
        if ghost.hasReachedTarget, let time = ghost.targetTime {
            race.announce(
                "\(ScreenText.sanitize(ghost.name))'s ghost reached \(ghost.target) after \(Format.clock(milliseconds: time))", at: 0)
        } else if ghost.isAtEnd, !ghost.entries.isEmpty {
            race.announce("\(ScreenText.sanitize(ghost.name))'s ghost: its record ends here", at: 0)
        }
        if !session.clock.hasStarted {
            race.announce("the ghost starts with your first move", at: 0)
        }
        return race
    }

    /// A title and a line in its middle.
    private static func drawCovered(_ rect: Rect, title: String, line: String, theme: Theme, into frame: inout Frame) {
        let style = theme.usesColour ? CellStyle(foreground: theme.lightTileText, background: theme.boardBackground) : theme.base
        frame.fill(rect, style: style)
        if !theme.usesColour { frame.box(rect, style: theme.muted, lines: .light) }
        let middle = rect.y + rect.height / 2
        frame.centeredText(title, in: rect, y: middle - 1, style: style.bold)
        frame.centeredText(line, in: rect, y: middle + 1, style: style)
    }

    private static func drawPanel(_ model: Model, session: PlaySession, in rect: Rect, theme: Theme, into frame: inout Frame) {
        let game = session.game
        let elapsed = session.milliseconds(at: model.now)
        let width = min(rect.width, 32)
        var y = rect.y + 1
        let clock = Format.clock(milliseconds: elapsed)
        if rect.height >= 18, BigDigits.width(of: clock) <= rect.width {
            BigDigits.draw(clock, x: rect.x, y: y, style: theme.base.bold, into: &frame)
            y += BigDigits.height + 1
        }
        let figures: [PanelFigures.Row] = [
            ("SCORE", Format.grouped(game.score), nil),
            ("BEST TILE", String(game.board.largestValue), nil),
            ("MOVES", Format.grouped(game.moveCount), nil),
            ("TARGET", (game.hasWon ? "✓ " : "") + String(game.config.target), game.hasWon ? theme.succeeded : nil),
            ("TIME", Format.clock(milliseconds: elapsed), nil),
            ("ASSISTS", String(game.assistCount), nil),
        ]
        PanelFigures.draw(figures, x: rect.x, width: width, y: &y, theme: theme, into: &frame)
        frame.text("undo \(game.undoCount) · removed \(game.removalCount)", x: rect.x + 2, y: y, style: theme.muted)
        y += 2
        let status: (String, CellStyle)? =
            if session.isPaused {
                ("paused: the clock is stopped", theme.warned)
            } else if session.isDealing {
                ("waiting for the server's seed", theme.muted)
            } else if let direction = session.currentHint?.direction {
                ("hint: \(direction.arrow) \(direction.name)", theme.accented)
            } else if game.isOver {
                ("no moves left", theme.warned)
            } else if session.isPlayingOn {
                ("past \(game.config.target): keep going!", theme.succeeded)
            } else if !session.clock.hasStarted {
                ("the clock starts with your first move", theme.muted)
            } else {
                nil
            }
        // Beside a large board the panel is narrow: the status wraps.
        if let (text, style) = status {
            for row in ConnectionProblemView.wrap(text, width: rect.width) {
                frame.line(row, x: rect.x, y: &y, width: rect.width, style: style)
            }
        }
        if session.hasShownHint, y < rect.maxY - 1 {
            frame.line("hint used: not for the leaderboard", x: rect.x, y: &y, width: rect.width, style: theme.muted)
        }
        if case .daily = session.mode, y < rect.maxY - 1 {
            frame.line("same board for everyone today", x: rect.x, y: &y, width: rect.width, style: theme.muted)
        }
        // Tall terminals have room for the keys as well.
        let keys = HelpView.keys(for: model)
        guard rect.maxY - y >= keys.count + 3 else { return }
        y = rect.maxY - keys.count - 1
        Chrome.rule("keys", x: rect.x, y: y - 1, width: width, theme: theme, into: &frame)
        for (key, action) in keys {
            frame.text(Format.fit(key, 16), x: rect.x, y: y, style: theme.accented)
            // An aside in brackets gives way first: "pause (hides the board)" becomes "pause".
            let room = rect.width - 16
            let shortAction = action.count <= room ? action : String(action.prefix { $0 != "(" }).trimmingTrailingSpaces
            frame.line(shortAction, x: rect.x + 16, y: &y, width: room, style: theme.muted)
        }
    }

    static func hints(_ model: Model, session: PlaySession) -> [Chrome.Hint] {
        if model.chat.isTyping, model.chatPlace != nil { return ChatPane.typingHints }
        if let end = session.end {
            return end.isHidden && !(model.race?.isOver ?? true) ? [("Enter", "your result"), ("q", "leave the room"), ("?", "help")] : []
        }
        if model.race?.isOver == true { return [] }
        if session.isPaused { return [("p", "resume"), ("q", "menu"), ("?", "help")] }
        if session.isDealing { return [("q", "menu"), ("?", "help")] }
        if session.removalCursor != nil {
            return [("←↑↓→", "choose a tile"), ("Enter", "remove it"), ("Esc", "cancel")]
        }
        if session.isRace {
            let off = session.assistsAllowed ? "" : " (off in this room)"
            return [
                ("←↑↓→", "move"), ("u", "undo" + off), ("x", "remove" + (session.assistsAllowed ? "" : " (off)")),
                ("r", "restart"), ("q", "resign"), ("?", "help"),
            ]
        }
        let reset = session.ghost != nil ? "again" : session.mode == .practice ? "new" : "restart"
        // The hint takes the place of the theme when the row is short (t still works).
        let hint: [Chrome.Hint] = session.mode == .practice ? [("i", "hint")] : []
        return [("←↑↓→ wasd hjkl", "move"), ("u", "undo"), ("x", "remove"), ("p", "pause"), ("r", reset)] + hint + [
            ("?", "help"), ("q", "menu"), ("t", "theme"),
        ]
    }
}
