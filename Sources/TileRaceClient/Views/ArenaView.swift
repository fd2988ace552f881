import TileRaceProtocol

/// The arena between races: its clock, our rank and points with the streak
/// marks, what happens next (pairing, berserk), and the standings' top 10
/// (ours after them when lower); once over, the podium and the final standings.
/// Watching, "watching" instead of our place, and no berserk.
enum ArenaView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) -> [Chrome.Hint]? {
        guard let arena = model.arena else { return [("q", "back")] }
        let settings = arena.info.settings
        let limit = settings.raceLimit == 0 ? "no time limit" : ArenaState.minutes(milliseconds: settings.raceLimit * 1000) + " a race"
        let parts = [
            "ARENA #\(arena.info.id)", arena.isOver ? "final standings" : nil, "\(settings.size)x\(settings.size) to \(settings.target)",
            limit, settings.isRated ? "rated" : nil,
        ]
        Chrome.header(parts.compactMap { $0 }.joined(separator: " · "), right: arena.clock(at: model.now), theme: theme, into: &frame)
        let width = frame.width - 4
        var y = 2
        if arena.isOver {
            y = drawPodium(arena, at: y, theme: theme, into: &frame) + 1
        } else {
            frame.text(RaceView.fitting(ownLines(arena, model: model), width: width), x: 2, y: y, style: theme.base.bold)
            frame.text(
                RaceView.fitting(nextLines(arena, model: model), width: width), x: 2, y: y + 1, style: nextStyle(arena, theme: theme))
            y += 3
        }
        let first = arena.isOver ? min(3, arena.podium?.count ?? 0) : 0
        let you = arena.isWatching ? nil : model.network.nickname
        drawStandings(arena, skipping: first, you: you, top: y, bottom: frame.height - 4, theme: theme, into: &frame)
        if arena.isOver { return [("Enter", "back to the menu")] }
        if arena.isWatching { return [("l", "stop watching"), ("?", "help")] }
        return [("b", arena.isBerserk ? "berserk is on" : "berserk"), ("l", "leave the arena"), ("?", "help")]
    }

    /// Our place, longest wording first.
    static func ownLines(_ arena: ArenaState, model: Model) -> [String] {
        if arena.isWatching { return ["watching: you race in none of its races", "watching"] }
        guard let own = arena.standing(of: model.network.nickname), own.races > 0 else {
            return ["you: no race yet · a win scores 2, a draw 1", "you: no race yet"]
        }
        let points = own.points == 1 ? "1 point" : "\(own.points) points"
        let fire =
            own.isOnFire ? " · x2 on fire (\(own.streak) wins in a row)" : own.streak == 1 ? " · 1 win: one more and you are on fire" : ""
        let short = own.isOnFire ? " · x2 on fire" : ""
        return [
            "you: \(Format.ordinal(own.rank)) of \(arena.standings.count) · \(points)\(fire)",
            "you: \(Format.ordinal(own.rank)) · \(points)\(short)", "\(Format.ordinal(own.rank)) · \(points)\(short)",
        ]
    }

    /// What comes next: the start, pairing, and the berserk choice.
    static func nextLines(_ arena: ArenaState, model: Model) -> [String] {
        if arena.isWatching { return ["the standings change live as each race scores", "live standings"] }
        if model.now < arena.startsAt { return ["pairing starts with the arena: stay here", "pairing starts with the arena"] }
        if arena.isBerserk {
            let halved = ArenaState.minutes(milliseconds: arena.info.settings.raceLimit * 500)
            return ["berserk: your next race's clock is \(halved), and a win scores 1 more", "berserk: \(halved) clock, +1 on a win"]
        }
        return ["pairing… your next race starts as soon as another player is free", "pairing…"]
    }

    static func nextStyle(_ arena: ArenaState, theme: Theme) -> CellStyle { arena.isBerserk ? theme.warned : theme.accented }

    /// As many lines of the standings as fit from `top` to `bottom`, after the first `skipping` (on the podium);
    /// ours last when it is further down.
    static func drawStandings(
        _ arena: ArenaState, skipping: Int, you: String?, top: Int, bottom: Int, theme: Theme, into frame: inout Frame
    ) {
        let x = 2
        let width = frame.width - 2 * x
        guard bottom - top >= 3 else { return }
        let rest = Array(arena.standings.dropFirst(skipping))
        if rest.isEmpty {
            let text = arena.isOver ? "nobody else raced" : "nobody has joined yet: your opponents appear here as they come"
            frame.text(RaceView.fitting([text, "nobody yet"], width: width), x: x, y: top, style: theme.muted)
            return
        }
        let own = rest.firstIndex { you.map(Nickname.init) == Nickname($0.nickname) }
        let rows = min(bottom - top - 1, 10)
        var shown = Array(rest.prefix(rows))
        if let own, own >= rows, rows >= 2 { shown[rows - 1] = rest[own] }
        let table = table(shown, you: you).layout(width: width)
        frame.text(table.heading, x: x, y: top, style: theme.base.bold)
        frame.text(String(repeating: "─", count: table.heading.count), x: x, y: top + 1, style: theme.muted)
        for (index, (standing, line)) in zip(shown, table.rows).enumerated() {
            let isYou = you.map(Nickname.init) == Nickname(standing.nickname)
            let style = isYou ? theme.selected : standing.hasLeft ? theme.muted : standing.isOnFire ? theme.accented : theme.base
            frame.text(line, x: x, y: top + 2 + index, style: style)
        }
    }

    /// Rank, name, points, the fire mark, races, each race's points, performance, `◀ you`;
    /// narrow screens leave out the performance, then the sheet.
    static func table(_ standings: [ArenaStanding], you: String?) -> TextTable {
        let you = you.map(Nickname.init)
        var name = TextTable.Column("player", standings.map { ScreenText.sanitize($0.nickname) + ($0.hasLeft ? " (left)" : "") }, gap: 2)
        name.cut = { row, width in Format.fit(ScreenText.sanitize(standings[row].nickname), width) }
        let columns = [
            TextTable.Column("#", standings.map { String($0.rank) }, isRightAligned: true),
            name,
            TextTable.Column("points", standings.map { String($0.points) }, isRightAligned: true, gap: 2),
            TextTable.Column("", standings.map { $0.isOnFire ? "x2" : "" }, gap: 1),
            TextTable.Column("races", standings.map { String($0.races) }, isRightAligned: true, gap: 2),
            TextTable.Column("sheet", standings.map { String($0.sheet.suffix(12)) }, canBeLeftOut: true, gap: 2),
            TextTable.Column(
                "perf", standings.map { $0.performance.map(String.init) ?? "-" }, isRightAligned: true, canBeLeftOut: true, gap: 2),
            TextTable.Column("", standings.map { Nickname($0.nickname) == you ? "◀ you" : "" }, gap: 2),
        ]
        return TextTable(columns: columns, givingWay: [6, 5], flexibleColumn: 1)
    }

    /// The best three on steps (second, first, third), names above; returns the row under it.
    static func drawPodium(_ arena: ArenaState, at top: Int, theme: Theme, into frame: inout Frame) -> Int {
        let podium = arena.podium ?? []
        guard !podium.isEmpty else {
            frame.centeredText("nobody raced in this arena", in: frame.bounds, y: top + 1, style: theme.muted)
            return top + 3
        }
        let step = 18
        let left = (frame.width - 3 * step - 2) / 2
        let bottom = top + 6
        // Left to right: second, first, third.
        for (slot, place) in [2, 1, 3].enumerated() where place <= podium.count {
            let nickname = podium[place - 1]
            let height = 7 - place
            let rect = Rect(x: left + slot * (step + 1), y: bottom - height + 1, width: step, height: height)
            let style = place == 1 ? theme.accented : theme.base
            frame.box(rect, style: style)
            let name = Format.fit(ScreenText.sanitize(nickname), step).trimmingTrailingSpaces
            frame.centeredText(name, in: Rect(x: rect.x, y: 0, width: step, height: 1), y: rect.y - 1, style: theme.base.bold)
            let inner = Rect(x: rect.x + 1, y: 0, width: step - 2, height: 1)
            frame.centeredText(Format.ordinal(place), in: inner, y: rect.y + 1, style: style)
            if let points = arena.standing(of: nickname)?.points {
                frame.centeredText(points == 1 ? "1 point" : "\(points) points", in: inner, y: rect.y + 2, style: theme.muted)
            }
        }
        return bottom + 1
    }
}
