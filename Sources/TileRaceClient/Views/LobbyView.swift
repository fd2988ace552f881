import TileRaceProtocol

/// The rooms on the server, with the create-room form and the join prompt.
enum LobbyView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) -> [Chrome.Hint]? {
        let lobby = model.lobby ?? LobbyState()
        Chrome.header(titles(model), right: [model.connection.summary, model.connection.shortSummary], theme: theme, into: &frame)
        let x = 3
        let table = table(lobby.rooms).layout(width: frame.width - x - 1)
        frame.text(table.heading, x: x, y: 2, style: theme.base.bold)
        frame.text(String(repeating: "─", count: table.heading.count), x: x, y: 3, style: theme.muted)
        // The chat's rows above the status line are the chat's, said or not.
        let chatRows = model.chatPlace == .lobby ? (frame.height >= 30 ? 7 : 4) : 0
        ChatPane.draw(
            model, hint: "/ to chat with everyone here in no room",
            in: Rect(x: 2, y: frame.height - 3 - chatRows, width: frame.width - 4, height: chatRows), theme: theme, into: &frame)
        let visible = frame.height - 8 - chatRows
        if lobby.rooms.isEmpty {
            let text = lobby.isLoading && !lobby.hasLoaded ? "loading…" : "no open rooms yet: n creates one, J joins a private one"
            frame.text(
                RaceView.fitting([text, "no open rooms yet: n creates one"], width: frame.width - x - 3), x: x + 2, y: 5, style: theme.muted
            )
        }
        let start = min(max(0, lobby.selection - visible + 1), max(0, lobby.rooms.count - visible))
        var y = 4
        for (index, line) in table.rows.enumerated().dropFirst(start).prefix(visible) {
            let isSelected = index == lobby.selection
            frame.text(isSelected ? "▸" : " ", x: x - 1, y: y, style: theme.selected)
            frame.text(line, x: x, y: y, style: isSelected ? theme.selected : theme.base)
            y += 1
        }
        // Where the chosen room is, when another server hosts it.
        if lobby.form == nil, lobby.joinPrompt == nil, lobby.rooms.indices.contains(lobby.selection),
            let server = lobby.rooms[lobby.selection].server.map(ScreenText.sanitize)
        {
            let name = ScreenText.sanitize(lobby.rooms[lobby.selection].name)
            let text = RaceView.fitting(
                [
                    "\(name) is on another server, \(server): joining moves you there", "\(name) is on \(server): joining moves you there",
                    "on \(server): joining moves you there", "on \(server)",
                ], width: frame.width - x - 1)
            frame.text(text, x: x, y: y + 1, style: theme.muted)
        }
        let area = Rect(x: 0, y: 1, width: frame.width, height: frame.height - 3)
        if let form = lobby.form {
            drawForm(form, in: area, theme: theme, into: &frame)
        } else if let prompt = lobby.joinPrompt {
            drawJoin(prompt, in: area, theme: theme, into: &frame)
        }
        return if model.chat.isTyping {
            ChatPane.typingHints
        } else if lobby.form != nil {
            [("↑↓ Tab", "field"), ("←→", "change"), ("Enter", "create"), ("Esc", "cancel")]
        } else if lobby.joinPrompt != nil {
            [("Tab", "name/code"), ("Enter", "join"), ("Esc", "cancel")]
        } else {
            [
                ("↑↓", "choose"), ("Enter", "join"), ("w", "watch"), ("n", "new room"), ("J", "join by name"), ("/", "chat"),
                ("q", "back"),
            ]
        }
    }

    /// The room list as a table: room, players, state, board, then (when a
    /// room is elsewhere) the server, assists, time limit, and (when a room
    /// is private) access. Narrow screens drop the server's address for
    /// "other", the limit, the assists, the bot count; a room on another
    /// server is always marked.
    static func table(_ rooms: [RoomDescription]) -> TextTable {
        var columns = [
            TextTable.Column("room", rooms.map { ScreenText.sanitize($0.name) }),
            TextTable.Column(
                wordings: [
                    TextTable.Wording(heading: "players", cells: rooms.map(players)),
                    TextTable.Wording(heading: "players", cells: rooms.map { String($0.playerCount) }),
                ], gap: 2),
            TextTable.Column("state", rooms.map(\.state.title), gap: 2),
            TextTable.Column("board", rooms.map { "\($0.size)x\($0.size) → \($0.target)" + ($0.isRated ? " rated" : "") }, gap: 2),
        ]
        var givingWay: [Int] = []
        if rooms.contains(where: { $0.server != nil }) {
            // Rooms of the other servers sharing this one's store: joining moves there.
            columns.append(
                TextTable.Column(
                    wordings: [
                        TextTable.Wording(heading: "server", cells: rooms.map { $0.server.map(ScreenText.sanitize) ?? "this one" }),
                        TextTable.Wording(heading: "server", cells: rooms.map { $0.server == nil ? "here" : "other" }),
                    ], gap: 2))
            givingWay.append(columns.count - 1)
        }
        columns.append(TextTable.Column("assists", rooms.map { $0.allowsAssists ? "on" : "off" }, canBeLeftOut: true, gap: 2))
        let assists = columns.count - 1
        columns.append(
            TextTable.Column(
                "limit", rooms.map { $0.timeLimit == 0 ? "none" : Format.duration(seconds: $0.timeLimit) }, canBeLeftOut: true, gap: 2))
        let limit = columns.count - 1
        if rooms.contains(where: \.isPrivate) {
            columns.append(TextTable.Column("access", rooms.map { $0.isPrivate ? "private" : "open" }, canBeLeftOut: true, gap: 2))
            givingWay.insert(columns.count - 1, at: 0)
        }
        givingWay += [limit, assists, 1]
        return TextTable(columns: columns, givingWay: givingWay, flexibleColumn: 0)
    }

    /// The players of a room, its bots among them, and its watchers: `3 (2 bots) +1`.
    static func players(_ room: RoomDescription) -> String {
        var text = String(room.playerCount)
        if room.botCount > 0 { text += " (\(room.botCount) \(room.botCount == 1 ? "bot" : "bots"))" }
        if room.watcherCount > 0 { text += " +\(room.watcherCount)" }
        return text
    }

    private static func drawForm(_ form: CreateRoomForm, in area: Rect, theme: Theme, into frame: inout Frame) {
        func line(_ field: CreateRoomForm.Field, _ label: String, _ value: String, isChoice: Bool) -> Dialog.Line {
            let isFocused = form.focus == field
            let shown = isChoice && isFocused ? "◂ \(value) ▸" : value
            return Dialog.Line(
                text: (isFocused ? "▸ " : "  ") + Format.fit(label, 12) + shown,
                style: isFocused ? theme.selected : theme.base, alignment: .leading)
        }
        let limit = form.timeLimitMinutes == 0 ? "none" : "\(form.timeLimitMinutes) min"
        var lines: [Dialog.Line] = [
            Dialog.Line(text: "New room", style: theme.accented), .blank,
            line(.name, "Name", form.name.text + (form.focus == .name ? "_" : ""), isChoice: false),
            line(.size, "Board", "\(form.size)x\(form.size)", isChoice: true),
            line(.target, "Target", String(form.target), isChoice: true),
            line(.assists, "Assists", form.assistsAllowed ? "on (undo, remove tile)" : "off", isChoice: true),
            line(.timeLimit, "Time limit", limit, isChoice: true),
            line(
                .code, "Join code",
                form.code.text.isEmpty && form.focus != .code ? "(none: open to all)" : form.code.text + (form.focus == .code ? "_" : ""),
                isChoice: false),
            line(.rated, "Rated", form.isRated ? "yes (people only, no assists)" : "no", isChoice: true),
            .blank,
            Dialog.Line(
                text: form.focus == .create ? "▸ [ Create ] ◂" : "[ Create ]", style: form.focus == .create ? theme.selected : theme.base),
        ]
        if let refusal = form.name.refusal ?? form.code.refusal {
            lines.append(Dialog.Line(text: refusal, style: theme.warned))
        } else {
            lines.append(Dialog.Line(text: "names and codes: \(Nickname.rule)", style: theme.muted))
        }
        Dialog.draw(lines, in: area, minimumWidth: 50, theme: theme, into: &frame)
    }

    private static func drawJoin(_ prompt: JoinPrompt, in area: Rect, theme: Theme, into frame: inout Frame) {
        let nameStyle = prompt.isCodeFocused ? theme.base : theme.selected
        let codeStyle = prompt.isCodeFocused ? theme.selected : theme.base
        var lines: [Dialog.Line] = [Dialog.Line(text: prompt.isWatching ? "Watch a room" : "Join a room", style: theme.accented), .blank]
        if let message = prompt.message {
            lines += [Dialog.Line(text: ScreenText.sanitize(message), style: theme.base, alignment: .leading), .blank]
        }
        lines += [
            Dialog.Line(text: "Room name: " + prompt.name.text + (prompt.isCodeFocused ? "" : "_"), style: nameStyle, alignment: .leading),
            Dialog.Line(text: "Join code: " + prompt.code.text + (prompt.isCodeFocused ? "_" : ""), style: codeStyle, alignment: .leading),
            Dialog.Line(text: "(leave the code empty for an open room)", style: theme.muted, alignment: .leading),
        ]
        if let refusal = prompt.name.refusal ?? prompt.code.refusal {
            lines.append(Dialog.Line(text: refusal, style: theme.warned, alignment: .leading))
        }
        lines += [.blank, Dialog.Line(text: "Enter \(prompt.isWatching ? "watch" : "join")    Esc cancel", style: theme.muted)]
        Dialog.draw(lines, in: area, minimumWidth: 46, theme: theme, into: &frame)
    }

    /// The header's wordings, longest first: with the player's rating
    /// where the server has ratings ("ana · rating 1523?", "ana · unrated"),
    /// and why it is not on the rating board where it is not.
    static func titles(_ model: Model) -> [String] {
        let rating: String
        var why: (whole: String, short: String)?
        switch model.lobby?.ownRating ?? .unknown {
        case .unknown: return ["TILE RACE · rooms", "rooms"]
        case .unrated: rating = "unrated"
        case .rated(let entry):
            rating = "rating " + RatingText.text(entry.rating, isProvisional: entry.isProvisional)
            if let whole = RatingText.unlisted(entry), let short = RatingText.unlisted(entry, isShort: true) { why = (whole, short) }
        }
        let me = ScreenText.sanitize(model.network.nickname ?? "you") + " · " + rating
        let shorter = ["TILE RACE · rooms · " + me, "rooms · " + me, me, "rooms"]
        guard let why else { return shorter }
        // Why it is not listed goes before the room's name does.
        return ["TILE RACE · rooms · \(me) · \(why.whole)", "rooms · \(me) · \(why.whole)", "\(me) · \(why.whole)", "\(me) · \(why.short)"]
            + shorter
    }
}
