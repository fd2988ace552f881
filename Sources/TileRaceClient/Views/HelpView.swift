import TileRaceProtocol

/// The help overlay: the keys of the current screen.
enum HelpView {
    static func draw(_ model: Model, theme: Theme, into frame: inout Frame) {
        var lines: [Dialog.Line] = [Dialog.Line(text: "Keys", style: theme.accented), .blank]
        for (key, action) in keys(for: model) {
            lines.append(Dialog.Line(text: Format.fit(key, 18) + action, style: theme.base, alignment: .leading, indent: 18))
        }
        lines += [.blank, Dialog.Line(text: "Esc, Enter or ? closes this", style: theme.muted)]
        Dialog.draw(lines, in: frame.bounds, minimumWidth: 50, theme: theme, into: &frame)
    }

    /// The menu's keys that select an entry at once, with the entries (all
    /// shown but Quit, which has its own line): `r u a p d l i c`.
    static func menuHotKeys(offered features: Set<ServerFeature>) -> (String, String) {
        let items = MenuItem.shown(offered: features).filter { $0 != .quit }
        return (items.map { String($0.hotKey) }.joined(separator: " "), items.map(\.helpWord).joined(separator: ", "))
    }

    /// The keys of the model's screen, as (key, what it does).
    static func keys(for model: Model) -> [(String, String)] {
        let common: [(String, String)] = [
            ("t", "next theme"), ("Ctrl-C", "quit at once"), ("Ctrl-Z", "suspend"), ("Ctrl-L", "redraw the screen"),
        ]
        switch model.screen {
        case .menu:
            return [
                ("↑↓ / j k", "choose"), ("Enter", "select"), menuHotKeys(offered: model.network.serverFeatures), ("q", "quit"),
                ("b", "race bell on/off (now \(model.config.isBellEnabled ? "on" : "off"))"),
            ] + common
        case .game:
            let isRace = model.session?.isRace ?? false
            let off = model.session?.assistsAllowed == false ? " (off in this room)" : ""
            var keys: [(String, String)] = [
                ("←↑↓→ wasd hjkl", "move"), ("u", "undo" + off), ("x", "remove a tile" + off),
            ]
            keys +=
                isRace
                ? [("r", "restart the seed (clock keeps running)"), ("q", "resign (asks first)")]
                : [("p", "pause (hides the board)"), ("r", "new game"), ("q", "back to the menu")]
            if model.session?.mode == .practice { keys.append(("i", "hint (best move)")) }
            if isRace { keys += chatKeys(enter: true) }
            return keys + common
        case .statistics:
            return [("x", "reset the statistics (asks first)"), ("q", "back")] + common
        case .quickRace:
            return [("Esc q", "leave the queue"), ("a", "race bots instead, once offered")] + common
        case .arenas:
            return [
                ("↑↓", "choose an arena"), ("Enter", "join it"), ("w", "watch it: its standings live"), ("g", "refresh now"), ("q", "back"),
            ] + common
        case .arena:
            if model.arena?.isOver == true { return [("Enter q", "back to the menu")] + common }
            if model.arena?.isWatching == true { return [("l Esc q", "stop watching: back to the list")] + common }
            return [
                ("b", "berserk: halve your clock for the next race, +1 on a win"), ("l Esc", "leave the arena (points stay)"),
                ("", "races start by themselves: you are paired"), ("", "as soon as you are free"),
            ] + common
        case .watch:
            return [
                ("Space", "pause / play (at the end: again)"), ("+ -", "faster, slower"), ("← →", "one entry back, forward"),
                ("Home End", "start, end"), ("Esc q", "back"),
            ] + common
        case .leaderboard:
            return [
                ("↑↓ PgUp PgDn", "choose an entry"), ("Enter", "watch its game"), ("g", "race its ghost"),
                ("Home End", "top, bottom"), ("Tab ←→", "next, previous board (tab)"), ("1 2 3", "sort by rank, nickname, score"),
                ("", "(the same again flips the order)"), ("d", "all time / daily"), ("r", "refresh"), ("q", "back"),
            ] + common
        case .colours:
            return [
                ("↑↓", "choose a code (0 is the board)"), ("Enter", "edit its R G B"), ("Tab", "next field"),
                ("digits", "type 0-255"), ("Enter / Esc", "confirm / cancel"), ("x", "back to the theme's colour"),
                ("q", "back"),
            ] + common
        case .lobby:
            return [
                ("↑↓", "choose a room"), ("Enter", "join it"), ("w", "watch it (spectator)"), ("n", "create a room"),
                ("J", "join by name (and code)"), ("g", "refresh now"), ("q", "back"),
            ] + chatKeys(enter: false) + common
        case .room:
            if model.room?.isWatching == true { return [("q", "stop watching")] + common }
            if model.arena != nil {
                return [("l", "leave the arena"), ("q", "leave this race (still in the arena)")] + chatKeys(enter: false) + common
            }
            var keys: [(String, String)] = [("r", "ready / not ready")]
            if model.canAddBots { keys += [("a", "add a bot (asks its strength, 1-5)"), ("x", "remove the last bot you added")] }
            return keys + [("q", "leave the room (your bots leave too)")] + chatKeys(enter: false) + common
        case .spectate:
            return [("q", "stop watching"), ("Enter", "after the race: back to the room")] + chatKeys(enter: true) + common
        }
    }

    /// The chat's keys: `/` (and Enter on the race board and when
    /// spectating) opens the input line; 1-4 say quick phrases in a race.
    private static func chatKeys(enter: Bool) -> [(String, String)] {
        var keys: [(String, String)] = [
            (enter ? "Enter or /" : "/", "chat: type, Enter sends, Esc closes"), ("/mute NICK", "hide their lines (/unmute)"),
            ("/report NICK WHY", "report them to the operators"),
        ]
        if enter { keys.insert(("1 2 3 4", "quick phrases (config \"phrases\")"), at: 1) }
        return keys
    }
}
