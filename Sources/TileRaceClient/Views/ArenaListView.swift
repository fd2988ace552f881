import TileRaceProtocol

/// The arenas on the server: each one's state, its clock counting down, its
/// races' options and how many joined.
enum ArenaListView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) -> [Chrome.Hint]? {
        let list = model.arenaList ?? ArenaListState()
        Chrome.header(
            ["ARENAS · timed tournaments"], right: [model.connection.summary, model.connection.shortSummary], theme: theme, into: &frame)
        let x = 3
        let table = table(list, at: model.now).layout(width: frame.width - x - 1)
        frame.text(table.heading, x: x, y: 2, style: theme.base.bold)
        frame.text(String(repeating: "─", count: table.heading.count), x: x, y: 3, style: theme.muted)
        if list.arenas.isEmpty {
            let text = list.isLoading ? "loading…" : "no arena yet: the operator schedules them"
            frame.text(Format.fit(text, frame.width - x - 3), x: x + 2, y: 5, style: theme.muted)
        }
        let visible = frame.height - 10
        let start = min(max(0, list.selection - visible + 1), max(0, list.arenas.count - visible))
        var y = 4
        for (index, line) in table.rows.enumerated().dropFirst(start).prefix(visible) {
            let isSelected = index == list.selection
            let isOver = list.arenas[index].state == .over
            frame.text(isSelected ? "▸" : " ", x: x - 1, y: y, style: theme.selected)
            frame.text(line, x: x, y: y, style: isSelected ? theme.selected : isOver ? theme.muted : theme.base)
            y += 1
        }
        let about = [
            "race after race until it ends: a win 2, a draw 1; on fire after 2 wins (x2)",
            "a win 2, a draw 1, on fire after 2 wins (x2)",
        ]
        frame.text(RaceView.fitting(about, width: frame.width - x - 1), x: x, y: frame.height - 5, style: theme.muted)
        return [("↑↓", "choose"), ("Enter", "join"), ("w", "watch"), ("g", "refresh"), ("q", "back")]
    }

    /// Number, state, clock, board (rated or not), time a race, racers a race, players, and where servers sharing
    /// a store list each other's, which server hosts it; narrow screens leave out the server, the racers a race, then the time.
    static func table(_ list: ArenaListState, at now: Int) -> TextTable {
        let arenas = list.arenas
        var columns = [
            TextTable.Column("#", arenas.map { String($0.id) }, isRightAligned: true),
            TextTable.Column("state", arenas.map { list.joining == $0.id ? "joining…" : $0.state.rawValue }, gap: 2),
            TextTable.Column("clock", arenas.map { list.clock(of: $0, at: now) }, gap: 2),
            TextTable.Column(
                "board",
                arenas.map { "\($0.settings.size)x\($0.settings.size) → \($0.settings.target)" + ($0.settings.isRated ? " rated" : "") },
                gap: 2),
            TextTable.Column(
                "a race",
                arenas.map { $0.settings.raceLimit == 0 ? "no limit" : ArenaState.minutes(milliseconds: $0.settings.raceLimit * 1000) },
                isRightAligned: true, canBeLeftOut: true, gap: 2),
            TextTable.Column("racers", arenas.map { String($0.settings.raceSize) }, isRightAligned: true, canBeLeftOut: true, gap: 2),
            TextTable.Column("players", arenas.map { String($0.players) }, isRightAligned: true, gap: 2),
        ]
        guard arenas.contains(where: { $0.server != nil }) else { return TextTable(columns: columns, givingWay: [5, 4]) }
        columns.append(TextTable.Column("server", arenas.map { $0.server ?? "this one" }, canBeLeftOut: true, gap: 2))
        return TextTable(columns: columns, givingWay: [7, 5, 4])
    }
}
