/// One racer's row in the race panel, laid out by measured widths: rank,
/// name, score, best tile, gap to the leader, then moves or how and when
/// they finished. Narrow panels drop the least useful parts first (the word
/// "moves", then the gap, then the best tile), and the name gives way before
/// any number is cut; our own row is marked `▶` before the rank, which never
/// scrolls off the end. A `mark` ("away 27s", "offline") takes the place
/// of the moves, which follow it when there is room.
enum RacerLine {
    /// The row's text, at most `width` characters, with `mark`, if any, in
    /// the status column.
    static func text(_ player: RacePlayer, place: Int, leaderScore: Int, width: Int, mark: String? = nil) -> String {
        let marker = player.isYou ? "▶" : " "
        let rank = Format.fit(String(place), 2, alignRight: true)
        let score = Format.grouped(player.score)
        let best = String(player.largestTile)
        let difference = leaderScore - player.score
        let gap = place == 1 ? "lead" : (difference >= 0 ? "+" : "-") + Format.grouped(abs(difference))
        var status: (long: String, short: String)
        switch player.status {
        case .playing:
            status = ("\(player.moves) moves", "\(player.moves)m")
        case .finished(let reason):
            let when = player.finishedAfter.map { " " + Format.clock(milliseconds: $0) } ?? ""
            let how = reason == .target ? "done" : reason.title
            status = ("\(how)\(when)", reason == .target ? "✓\(when)" : how)
        }
        if let mark { status = ("\(mark) · \(status.short)", mark) }
        // Widest layout first; each later one drops something. The choice
        // depends on the width alone, so every row of a panel lines up.
        let layouts: [(gap: Bool, best: Bool, statusWidth: Int, isLong: Bool)] = [
            (true, true, 16, true), (true, true, 8, false), (false, true, 8, false), (false, false, 8, false),
        ]
        let minimumName = 4
        for layout in layouts {
            var columns = [Format.fit(score, 7, alignRight: true)]
            if layout.best { columns.append(Format.fit(best, 5, alignRight: true)) }
            if layout.gap { columns.append(Format.fit(gap, 7, alignRight: true)) }
            columns.append(Format.fit(layout.isLong ? status.long : status.short, layout.statusWidth))
            let figures = columns.joined(separator: " ")
            let fixed = marker.count + rank.count + 1 + 1 + figures.count
            let nameWidth = min(12, width - fixed)
            if nameWidth >= (layout.isLong ? 2 * minimumName : minimumName) || layout.best == false {
                let name = BotTag.name(player.nickname, isBot: player.isBot, width: max(1, nameWidth))
                return Format.fit(marker + rank + " " + name + " " + figures, width).trimmingTrailingSpaces
            }
        }
        return ""
    }
}
