/// Final standings as a table: place, name with its `bot` tag, score, best
/// tile, moves, then the time (target reached) or how the race ended for
/// them, after a rated race the rating with its change (`1523 +12`, `?`
/// when provisional), and `◀ you` on ours. Narrow boxes leave out the moves, then the best
/// tile, before any name is cut.
enum StandingsTable {
    /// The standings laid out in `width` columns; `isBot` says who is a bot
    /// (beyond what each standing kept), `you` is our nickname. Brief: place, name, score and how (the room's short list).
    static func layout(
        _ standings: [Standing], isBrief: Bool = false, isBot: (String) -> Bool, you: String?, width: Int
    ) -> TextTable.Layout {
        let you = you?.lowercased()
        let bots = standings.map { $0.isBot || isBot($0.nickname) }
        var name = TextTable.Column(
            "racer",
            zip(standings, bots).map { standing, bot in
                BotTag.name(standing.nickname, isBot: bot, width: BotTag.width(of: standing.nickname, isBot: bot))
            }, gap: 2)
        name.cut = { row, width in BotTag.name(standings[row].nickname, isBot: bots[row], width: width) }
        var columns = [
            TextTable.Column("", standings.map { Format.ordinal($0.place) }),
            name,
            TextTable.Column("score", standings.map { Format.grouped($0.score) }, isRightAligned: true, gap: 2),
        ]
        if !isBrief {
            columns += [
                TextTable.Column("best", standings.map { String($0.largestTile) }, isRightAligned: true, canBeLeftOut: true, gap: 2),
                TextTable.Column("moves", standings.map { "\($0.moves) moves" }, isRightAligned: true, canBeLeftOut: true, gap: 2),
            ]
        }
        columns.append(
            TextTable.Column(
                "", standings.map { $0.reason == .target ? Format.clock(milliseconds: $0.milliseconds) : $0.reason.title }, gap: 2))
        if standings.contains(where: { $0.rating != nil }) {
            columns.append(
                TextTable.Column(
                    "rating",
                    standings.map { standing in
                        standing.rating.map { RatingText.text($0, change: standing.ratingChange, isProvisional: standing.isProvisional) }
                            ?? ""
                    }, gap: 2))
        }
        if standings.contains(where: { $0.nickname.lowercased() == you }) {
            columns.append(TextTable.Column("", standings.map { $0.nickname.lowercased() == you ? "◀ you" : "" }, gap: 2))
        }
        let givingWay = isBrief ? [] : [4, 3]
        return TextTable(columns: columns, givingWay: givingWay, flexibleColumn: 1).layout(width: width)
    }
}
