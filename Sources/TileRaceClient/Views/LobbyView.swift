import TileRaceProtocol

/// The rooms on the server, with the create-room form and the join prompt.
enum LobbyView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) {
        let lobby = model.lobby
        Chrome.header("TILE RACE · rooms", right: model.connection.summary, theme: theme, into: &frame)
        let x = 3
        let columns = shownColumns(width: frame.width - x - 1)
        let heading = columns.map { Format.fit($0.title, $0.width) }.joined()
        frame.text(heading.trimmingTrailingSpaces, x: x, y: 2, style: theme.base.bold)
        frame.text(String(repeating: "─", count: heading.trimmingTrailingSpaces.count), x: x, y: 3, style: theme.muted)
        let visible = frame.height - 7
        if lobby.rooms.isEmpty {
            let text = lobby.isLoading && !lobby.hasLoaded ? "loading…" : "no open rooms yet: n creates one, J joins a private one"
            frame.text(text, x: x + 2, y: 5, style: theme.muted)
        }
        let start = min(max(0, lobby.selection - visible + 1), max(0, lobby.rooms.count - visible))
        for (index, room) in lobby.rooms.enumerated().dropFirst(start).prefix(visible) {
            let y = 4 + index - start
            let isSelected = index == lobby.selection
            let line = columns.map { Format.fit($0.value(room), $0.width) }.joined()
            frame.text(isSelected ? "▸" : " ", x: x - 1, y: y, style: theme.selected)
            frame.text(line.trimmingTrailingSpaces, x: x, y: y, style: isSelected ? theme.selected : theme.base)
        }
        let area = Rect(x: 0, y: 1, width: frame.width, height: frame.height - 3)
        if let form = lobby.form {
            drawForm(form, in: area, theme: theme, into: &frame)
        } else if let prompt = lobby.joinPrompt {
            drawJoin(prompt, in: area, theme: theme, into: &frame)
        }
        Chrome.status(model, theme: theme, into: &frame)
        let hints: [Chrome.Hint] =
            if lobby.form != nil {
                [("↑↓ Tab", "field"), ("←→", "change"), ("Enter", "create"), ("Esc", "cancel")]
            } else if lobby.joinPrompt != nil {
                [("Tab", "name/code"), ("Enter", "join"), ("Esc", "cancel")]
            } else {
                [("↑↓", "choose"), ("Enter", "join"), ("w", "watch"), ("n", "new room"), ("J", "join by name"), ("q", "back")]
            }
        Chrome.footer(hints, theme: theme, into: &frame)
    }

    /// One column of the room list.
    struct Column: Sendable {
        var title: String
        var width: Int
        var value: @Sendable (RoomDescription) -> String
    }

    /// The room list's columns, in the order shown.
    static let columns: [Column] = [
        Column(title: "room", width: 17) { ScreenText.sanitize($0.name) },
        Column(title: "players", width: 14) { players($0) },
        Column(title: "state", width: 10) { $0.state.title },
        Column(title: "board", width: 13) { "\($0.size)x\($0.size) → \($0.target)" },
        Column(title: "assists", width: 9) { $0.allowsAssists ? "on" : "off" },
        Column(title: "limit", width: 7) { $0.timeLimit == 0 ? "none" : Format.duration(seconds: $0.timeLimit) },
        Column(title: "access", width: 7) { $0.isPrivate ? "private" : "open" },
        // Rooms of the other servers sharing this one's store: joining moves there.
        Column(title: "server", width: 22) { $0.server.map { ScreenText.sanitize($0) } ?? "this one" },
    ]

    /// The players of a room, its bots among them, and its watchers: `3 (2 bots) +1`.
    static func players(_ room: RoomDescription) -> String {
        var text = String(room.playerCount)
        if room.botCount > 0 { text += " (\(room.botCount) \(room.botCount == 1 ? "bot" : "bots"))" }
        if room.watcherCount > 0 { text += " +\(room.watcherCount)" }
        return text
    }

    /// The columns that fit in `width`, whole and in order: the first that
    /// does not fit, and those after it, are left out rather than cut.
    static func shownColumns(width: Int) -> [Column] {
        var used = 0
        return columns.prefix { column in
            guard used + column.width <= width + 1 else { return false }  // the last one's trailing space may be cut
            used += column.width
            return true
        }
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
}
