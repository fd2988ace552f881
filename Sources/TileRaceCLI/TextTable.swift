import TileRaceClient
import TileRaceProtocol

/// The plain-text tables the commands print: leaderboards, ratings, `who`, `bans`, `info`.
enum TextTable {
    /// Sprint boards get a time column (mm:ss.t, as the client writes it) after the nickname.
    static func render(title: String, entries: [LeaderboardEntry]) -> String {
        guard !entries.isEmpty else { return title + "\n(no entries yet)" }
        let hasSprints = entries.contains { $0.sprintTime != nil }
        func row<Cell>(_ cells: [Cell], sprint: Cell) -> [Cell] { hasSprints ? Array(cells[..<2]) + [sprint] + cells[2...] : cells }
        let header = row(["rank", "nickname", "score", "max", "moves", "assists", "time", "date"], sprint: "sprint")
        let rows = entries.map { entry in
            row(
                [
                    String(entry.rank), entry.nickname, String(entry.score), String(entry.largestTile), String(entry.moves),
                    String(entry.assists), Format.clock(milliseconds: entry.milliseconds), entry.date,
                ], sprint: entry.sprintTime.map { Format.clock(milliseconds: $0) } ?? "-")
        }
        let lines = columns(
            [header] + rows, minimumWidths: row([4, 8, 7, 7, 6, 7, 8, 0], sprint: 8),
            rightAligned: Set(header.indices).subtracting([1, header.count - 1]))
        return ([title] + lines).joined(separator: "\n")
    }

    /// Provisional ratings (from servers before listing) follow under their own line, each marked `?`.
    /// `unlisted`: the rated players the board does not list.
    static func renderRatings(title: String, ratings: [RatingEntry], unlisted: Int = 0) -> String {
        guard !ratings.isEmpty else {
            let empty =
                unlisted > 0
                ? "no rating is listed yet: \(RatingEntry.placementRaces) rated races make one"
                : "nobody is rated yet: race in a rated room"
            return title + "\n(\(empty))"
        }
        let rows = ratings.map { rating in
            [
                String(rating.rank), rating.nickname, String(rating.rating) + (rating.isProvisional ? "?" : ""), String(rating.deviation),
                String(rating.races),
            ]
        }
        var lines = columns(
            [["rank", "nickname", "rating", "deviation", "races"]] + rows, minimumWidths: [4, 8, 7, 9, 5], rightAligned: [0, 2, 3, 4])
        if let first = ratings.firstIndex(where: \.isProvisional) {
            lines.insert("provisional (deviation above \(Int(Glicko2.provisionalDeviation))):", at: first + 1)
        }
        return ([title] + lines).joined(separator: "\n")
    }

    /// Columns two spaces apart, as wide as the widest cell (or `minimumWidths`); no blanks
    /// at line ends.
    static func columns(_ rows: [[String]], minimumWidths: [Int] = [], rightAligned: Set<Int> = []) -> [String] {
        let widths = rows[0].indices.map { column in
            max(column < minimumWidths.count ? minimumWidths[column] : 0, rows.map { $0[column].count }.max() ?? 0)
        }
        return rows.map { cells in
            let padded = cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            return String(padded.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
        }
    }
}
