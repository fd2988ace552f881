/// The racers as a table under one heading line: place (ours marked `▶`),
/// name with its `bot` tag, score, best tile, the points each is `behind`
/// the racer in first place, then moves, or how and when they finished. A
/// mark ("away 27s", "offline") takes the place of the moves.
///
/// In a rated race a last column, `rating`, shows each racer's rating.
///
/// Narrow panels give way in this order: the last column's long wording
/// ("221 moves", "done 07:12.4") becomes the short one ("221" under the
/// heading `moves`, "✓ 07:12.4"), then the rating is left out, then
/// `behind`, then `best`;
/// a name is cut only when even that does not fit. The choice is made for
/// all rows together, so they line up.
enum RacerTable {
    struct Row {
        var player: RacePlayer
        /// What is shown in place of their moves, if anything.
        var mark: String?
        /// Whether they are a bot (from whatever the model knows).
        var isBot: Bool
        /// In a rated race, their rating as the room showed it (`1523`, `1337?`).
        var rating: String?

        init(_ player: RacePlayer, mark: String? = nil, isBot: Bool? = nil, rating: String? = nil) {
            self.player = player
            self.mark = mark
            self.isBot = isBot ?? player.isBot
            self.rating = rating
        }
    }

    /// The columns' indices, for `TextTable.Layout.wordings`.
    enum ColumnIndex {
        static let score = 2
        static let best = 3
        /// Points behind the first.
        static let behind = 4
        /// Moves or finish.
        static let status = 5
        /// The rating, in a rated race (giving way after the last column's long wording).
        static let rating = 6
    }

    /// The rows (ranked, first place first) laid out in `width` columns.
    static func layout(_ rows: [Row], width: Int) -> TextTable.Layout {
        table(rows).layout(width: width)
    }

    /// The table of `rows`, ready to be laid out.
    static func table(_ rows: [Row]) -> TextTable {
        let hasYou = rows.contains { $0.player.isYou }
        let leaderScore = rows.first?.player.score ?? 0
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
                TextTable.Column(
                    "behind",
                    rows.enumerated().map { index, row in index == 0 ? "—" : Format.grouped(leaderScore - row.player.score) },
                    isRightAligned: true, canBeLeftOut: true, gap: 2),
                TextTable.Column(
                    wordings: [
                        TextTable.Wording(heading: "", cells: statuses.map(\.long)),
                        TextTable.Wording(heading: "moves", cells: statuses.map(\.short), isRightAligned: true),
                    ], gap: 2),
            ],
            givingWay: [ColumnIndex.status, ColumnIndex.behind, ColumnIndex.best], flexibleColumn: 1)
        if rows.contains(where: { $0.rating != nil }) {
            table.columns.append(TextTable.Column("rating", rows.map { $0.rating ?? "" }, isRightAligned: true, canBeLeftOut: true, gap: 2))
            table.givingWay.insert(ColumnIndex.rating, at: 1)
        }
        return table
    }

    /// A row's last column, long and short: moves, a finish, or the mark.
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
