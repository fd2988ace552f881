/// The racers under one heading: place (ours `▶`), name (`bot`), score, best, `behind`, then moves or finish;
/// a mark ("away 27s") replaces the moves, and a rated race adds `rating`. Narrow panels shorten the last
/// column, then drop rating, `behind`, `best`; names are cut last. One choice for all rows, so they line up.
enum RacerTable {
    struct Row {
        var player: RacePlayer
        /// Shown in place of their moves.
        var mark: String?
        /// From whatever the model knows.
        var isBot: Bool
        /// As the room showed it (`1523`, `1337?`).
        var rating: String?

        init(_ player: RacePlayer, mark: String? = nil, isBot: Bool? = nil, rating: String? = nil) {
            self.player = player
            self.mark = mark
            self.isBot = isBot ?? player.isBot
            self.rating = rating
        }
    }

    /// Ranked, first place first.
    static func layout(_ rows: [Row], width: Int) -> TextTable.Layout {
        let hasYou = rows.contains { $0.player.isYou }
        let places = rows.enumerated().map { index, row in
            (hasYou ? (row.player.isYou ? "▶" : " ") : "") + Format.fit(String(index + 1), 2, alignRight: true)
        }
        let names = rows.map {
            BotTag.name($0.player.nickname, isBot: $0.isBot, width: BotTag.width(of: $0.player.nickname, isBot: $0.isBot))
        }
        var name = TextTable.Column("racer", names)
        name.cut = { row, width in BotTag.name(rows[row].player.nickname, isBot: rows[row].isBot, width: width) }
        let statuses = rows.map(status)
        var table = TextTable(
            columns: [
                TextTable.Column("", places),
                name,
                TextTable.Column("score", rows.map { Format.grouped($0.player.score) }, isRightAligned: true, gap: 2),
                TextTable.Column("best", rows.map { String($0.player.largestTile) }, isRightAligned: true, canBeLeftOut: true, gap: 2),
                TextTable.Column("behind", behind(rows), isRightAligned: true, canBeLeftOut: true, gap: 2),
                TextTable.Column(
                    wordings: [
                        TextTable.Wording(heading: "", cells: statuses.map(\.long)),
                        TextTable.Wording(heading: "moves", cells: statuses.map(\.short), isRightAligned: true),
                    ], gap: 2),
            ],
            // The status, `behind`, `best`.
            givingWay: [5, 4, 3], flexibleColumn: 1)
        if rows.contains(where: { $0.rating != nil }) {
            table.columns.append(TextTable.Column("rating", rows.map { $0.rating ?? "" }, isRightAligned: true, canBeLeftOut: true, gap: 2))
            // After the status's long wording.
            table.givingWay.insert(6, at: 1)
        }
        return table.layout(width: width)
    }

    /// Points behind the best score among those ranked by score (racing, or played to the end), so never negative:
    /// `—` for that best and for anyone ranked otherwise (reached the target: by time; resigned or left: out).
    static func behind(_ rows: [Row]) -> [String] {
        let ranksByScore = rows.map { $0.player.standingGroup == .playedOn }
        let best = zip(rows, ranksByScore).filter(\.1).map(\.0.player.score).max() ?? 0
        let first = ranksByScore.firstIndex(of: true)
        return rows.indices.map { index in
            ranksByScore[index] && index != first ? Format.grouped(best - rows[index].player.score) : "—"
        }
    }

    /// Moves, a finish, or the mark.
    static func status(_ row: Row) -> (long: String, short: String) {
        let player = row.player
        var status: (long: String, short: String)
        switch player.status {
        case .playing:
            status = ("\(player.moves) moves", String(player.moves))
        case .finished(let reason):
            let when = player.finishedAfter.map { " " + Format.clock(milliseconds: $0) } ?? ""
            status = reason == .target ? ("done\(when)", "✓\(when)") : (reason.title + when, reason.title)
        }
        if let mark = row.mark { status = ("\(mark) · \(status.long)", mark) }
        return status
    }
}
