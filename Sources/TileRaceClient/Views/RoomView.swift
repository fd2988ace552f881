import TileRaceProtocol

/// The room between races: its options, who is in it and who is ready, the
/// countdown, a race under way that we are not in, and the last standings.
enum RoomView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) -> [Chrome.Hint]? {
        guard let room = model.room else { return nil }
        let options = room.options
        let name = ScreenText.sanitize(room.name)
        let board = "\(options.size)x\(options.size) to \(options.target)"
        Chrome.header(
            ["TILE RACE · room \(name) · \(board)", "room \(name) · \(board)", "room \(name)"],
            right: [model.connection.summary, model.connection.shortSummary], theme: theme, into: &frame)
        frame.text(RaceView.fitting(details(room), width: frame.width - 3), x: 2, y: 2, style: theme.muted)
        if let joinLine = RoomJoinLine.text(model, room: room, width: frame.width - 3) {
            frame.text(Format.fit(joinLine, frame.width - 3).trimmingTrailingSpaces, x: 2, y: 3, style: theme.accented)
        }

        let listWidth = min(44, frame.width - 4)
        let players = room.players
        let botCount = players.filter(\.isBot).count
        let heading = "players \(players.count)" + (botCount == 0 ? "" : " · \(botCount) \(botCount == 1 ? "bot" : "bots")")
        Chrome.rule(heading, x: 2, y: 4, width: listWidth, theme: theme, into: &frame)
        var y = 5
        // The chat's rows above the status line are the chat's, said or not.
        let chatRows = model.chatPlace == .room ? (frame.height >= 30 ? 7 : 4) : 0
        ChatPane.draw(
            model, hint: "/ to chat · /mute NICK hides someone's lines",
            in: Rect(x: 2, y: frame.height - 3 - chatRows, width: frame.width - 4, height: chatRows), theme: theme, into: &frame)
        let bottom = frame.height - 4 - chatRows
        let nameWidth = players.map { BotTag.width(of: $0.nickname, isBot: $0.isBot) }.max() ?? 0
        // The rows down to `bottom` less the status's two: every player, else as many as fit with our own row and "+N more".
        let (shown, more) = Self.shown(players, rows: bottom - 1 - y)
        for member in shown {
            drawMember(
                member, away: room.away.mark(member.nickname, at: model.now), rating: room.rating(of: member.nickname),
                x: 4, y: y, nameWidth: nameWidth, theme: theme, into: &frame)
            y += 1
        }
        if more > 0 {
            frame.text("+\(more) more", x: 4, y: y, style: theme.muted)
            y += 1
        }
        if players.isEmpty {
            frame.text("nobody is playing yet", x: 4, y: y, style: theme.muted)
            y += 1
        }
        let watchers = room.members.filter { $0.role == .watcher }
        if !watchers.isEmpty, y < bottom - 2 {
            let names = watchers.map { ScreenText.sanitize($0.nickname) + ($0.isBot ? " (bot)" : "") + ($0.isYou ? " (you)" : "") }
                .joined(separator: ", ")
            frame.line("watching: " + names, x: 4, y: &y, width: listWidth, style: theme.muted)
        }
        // A blank row before the status where one is left: the countdown's big digits start there.
        let hasBlankAbove = y < bottom - 1
        if hasBlankAbove { y += 1 }
        // Beside a side panel (100 columns and more, when it shows something) the status keeps to the list's width.
        let hasSidePanel = frame.width >= 100 && ((room.isRaceUnderWay && model.race != nil) || !room.lastStandings.isEmpty)
        let statusWidth = hasSidePanel ? listWidth + 2 : frame.width - 5
        drawStatus(model, room: room, x: 4, y: y, width: statusWidth, hasBlankAbove: hasBlankAbove, theme: theme, into: &frame)

        // Beside the list when there is room, else under it: the race under way, or the last standings.
        let side =
            frame.width >= 100
            ? Rect(x: listWidth + 8, y: 4, width: frame.width - listWidth - 10, height: bottom - 4)
            : Rect(x: 2, y: y + 3, width: frame.width - 4, height: max(0, bottom - y - 3))
        let hasRoom = side.height >= 3 && side.width >= 20
        if hasRoom, room.isRaceUnderWay, let race = model.race {
            RaceView.drawRacers(
                race.ranked, model: model, race: race, x: side.x, y: side.y, width: side.width, bottom: side.maxY, theme: theme,
                into: &frame)
        } else if hasRoom, !room.lastStandings.isEmpty {
            drawStandings(room.lastStandings, model: model, in: side, theme: theme, into: &frame)
        }
        return hints(model, room: room)
    }

    /// The players that fit in `rows`: all of them, else the first ones and our own row, leaving the last row to "+N more".
    static func shown(_ players: [RoomMember], rows: Int) -> (shown: [RoomMember], more: Int) {
        guard players.count > rows else { return (players, 0) }
        var shown = Array(players.prefix(max(1, rows - 1)))
        if let you = players.first(where: \.isYou), !shown.contains(where: \.isYou) { shown[shown.count - 1] = you }
        return (shown, players.count - shown.count)
    }

    /// The line under the header, in wordings from the longest: the room's
    /// options, or what the daily challenge's room is.
    static func details(_ room: WaitingRoom) -> [String] {
        if room.isDaily {
            return [
                "the daily challenge: today's seed for everyone · results go to the daily board",
                "the daily challenge: today's seed for everyone · results on the daily board",
                "today's seed for everyone · results on the daily board", "today's seed · results on the daily board",
            ]
        }
        let options = room.options
        let limit = options.timeLimit == 0 ? "no time limit" : "time limit \(Format.duration(seconds: options.timeLimit))"
        let access = (room.isPrivate ? "private" : "open to all") + (options.isRated ? " · rated" : "")
        return [
            "assists \(options.allowsAssists ? "on" : "off") · \(limit) · \(access)",
            "assists \(options.allowsAssists ? "on" : "off") · \(options.timeLimit == 0 ? "no limit" : Format.duration(seconds: options.timeLimit)) · \(access)",
        ]
    }

    /// The keys at the bottom: ready, the bots, leaving.
    static func hints(_ model: Model, room: WaitingRoom) -> [Chrome.Hint] {
        if model.chat.isTyping { return ChatPane.typingHints }
        // An arena's race starts by itself; `l` is the way out of the arena.
        if model.arena != nil { return [("l", "leave the arena"), ("/", "chat"), ("q", "leave this race"), ("?", "help")] }
        var hints: [Chrome.Hint] = room.isWatching ? [] : [("r", room.isReady ? "not ready" : "ready")]
        if model.canAddBots, !room.isWatching, !room.options.isRated { hints.append(("a", "add bot")) }
        if !model.ownBots.isEmpty { hints.append(("x", "remove bot")) }
        hints += [("/", "chat"), (("q", room.isWatching ? "stop watching" : "leave room")), ("?", "help")]
        return hints
    }

    /// One player of the room: their state, name, bot tag (with its strength when known), their rating
    /// after the room's last rated race (`1523 +12`, `?` while provisional)
    /// in a column after the longest name, and `away` (e.g. "away 27s")
    /// while the server holds their dropped connection's seat.
    private static func drawMember(
        _ member: RoomMember, away: String?, rating: String?, x: Int, y: Int, nameWidth: Int, theme: Theme,
        into frame: inout Frame
    ) {
        let mark: (String, CellStyle) =
            switch member.state {
            case .racing: ("» racing ", theme.accented)
            case .finished: ("· finished", theme.muted)
            case .waiting: member.isReady ? ("✓ ready  ", theme.succeeded) : ("· waiting", theme.muted)
            }
        frame.text(mark.0, x: x, y: y, style: mark.1)
        var end = frame.text(ScreenText.sanitize(member.nickname), x: x + 11, y: y, style: member.isYou ? theme.base.bold : theme.base)
        if member.isBot { end = frame.text(" bot" + (member.strength.map { ", strength \($0)" } ?? ""), x: end, y: y, style: theme.muted) }
        if let rating { end = frame.text(rating, x: x + 13 + nameWidth, y: y, style: theme.muted) }
        if let away, !member.isYou { end = frame.text("  " + away, x: end, y: y, style: theme.warned) }
        if member.isYou { frame.text("◀ you", x: end + 2, y: y, style: theme.accented) }
    }

    private static func drawStatus(
        _ model: Model, room: WaitingRoom, x: Int, y: Int, width: Int, hasBlankAbove: Bool, theme: Theme, into frame: inout Frame
    ) {
        let players = room.players
        if let endsAt = room.countdownEndsAt {
            let seconds = max(1, (endsAt - model.now + 999) / 1000)
            let text = "everyone is ready: the race starts in"
            guard hasBlankAbove else {
                frame.text(text + " \(seconds)", x: x, y: y, style: theme.base.bold)
                return
            }
            frame.text(text, x: x, y: y, style: theme.base.bold)
            BigDigits.draw(String(seconds), x: x + 39, y: y - 1, style: theme.accented, into: &frame)
        } else if room.isRaceUnderWay {
            let text =
                room.isWatching
                ? "a race is under way" : RaceView.fitting([WaitingRoom.raceUnderWayNotice, "a race is under way"], width: width)
            frame.text(text, x: x, y: y, style: theme.base)
        } else if room.isWatching {
            let text = RaceView.fitting(
                ["watching: the race shows here when the players are ready", "watching: the race shows when all are ready", "watching"],
                width: width)
            frame.text(text, x: x, y: y, style: theme.base)
        } else {
            let readyCount = players.filter(\.isReady).count
            let ready = "\(readyCount) of \(players.count) ready"
            // A held seat keeps its ready mark, but no race starts until its player is back.
            let isAnyoneAway = players.contains { !$0.isYou && room.away.secondsLeft($0.nickname, at: model.now) != nil }
            let until = !isAnyoneAway ? "all are ready" : readyCount == players.count ? "all are back" : "all are ready and back"
            let text = RaceView.fitting(
                [ready + " · the race starts when " + until, ready + " · starts when " + until, ready], width: width)
            frame.text(text, x: x, y: y, style: theme.base)
            let hint = room.isReady ? "you are ready: r if you are not" : "press r when you are ready"
            frame.text(hint, x: x, y: y + 1, style: room.isReady ? theme.succeeded : theme.accented)
        }
    }

    private static func drawStandings(_ standings: [Standing], model: Model, in rect: Rect, theme: Theme, into frame: inout Frame) {
        Chrome.rule("last race", x: rect.x, y: rect.y, width: min(rect.width, 56), theme: theme, into: &frame)
        let you = model.network.nickname?.lowercased()
        let shown = Array(standings.prefix(rect.height - 1))
        let table = StandingsTable.layout(shown, isBrief: true, isBot: model.isBot, you: nil, width: rect.width)
        for (index, (standing, row)) in zip(shown, table.rows).enumerated() {
            let isYou = standing.nickname.lowercased() == you
            frame.text(row, x: rect.x, y: rect.y + 1 + index, style: isYou ? theme.base.bold : theme.base)
        }
    }
}
