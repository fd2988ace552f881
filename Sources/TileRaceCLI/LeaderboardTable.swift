import TileRaceProtocol

/// Renders a leaderboard page as a plain-text table for the terminal.
enum LeaderboardTable {
    /// The table: a title line, a header and one row per entry; with a
    /// sprint column (m:ss.t) after the nickname when the entries have sprint
    /// times (a sprint board).
    static func render(title: String, entries: [LeaderboardEntry]) -> String {
        var lines = [title]
        guard !entries.isEmpty else {
            lines.append("(no entries yet)")
            return lines.joined(separator: "\n")
        }
        let nicknameWidth = max(8, entries.map(\.nickname.count).max() ?? 0)
        let hasSprints = entries.contains { $0.sprintTime != nil }
        lines.append(
            pad("rank", 4, right: true) + "  " + pad("nickname", nicknameWidth) + "  "
                + (hasSprints ? pad("sprint", 8, right: true) + "  " : "") + pad("score", 7, right: true) + "  "
                + pad("max", 7, right: true) + "  " + pad("moves", 6, right: true) + "  " + pad("assists", 7, right: true)
                + "  " + pad("time", 8, right: true)
                + "  " + "date")
        for entry in entries {
            lines.append(
                pad(String(entry.rank), 4, right: true) + "  " + pad(entry.nickname, nicknameWidth) + "  "
                    + (hasSprints ? pad(entry.sprintTime.map(time) ?? "-", 8, right: true) + "  " : "")
                    + pad(String(entry.score), 7, right: true) + "  " + pad(String(entry.largestTile), 7, right: true) + "  "
                    + pad(String(entry.moves), 6, right: true) + "  " + pad(String(entry.assists), 7, right: true)
                    + "  " + pad(time(entry.milliseconds), 8, right: true)
                    + "  " + entry.date)
        }
        return lines.joined(separator: "\n")
    }

    /// The rating board as a table: established ratings, then the
    /// provisional ones (deviation above the cut-off) under a line of their
    /// own, each marked `?`.
    static func renderRatings(title: String, ratings: [RatingEntry]) -> String {
        var lines = [title]
        guard !ratings.isEmpty else {
            lines.append("(nobody is rated yet: race in a rated room)")
            return lines.joined(separator: "\n")
        }
        let nicknameWidth = max(8, ratings.map(\.nickname.count).max() ?? 0)
        lines.append(
            pad("rank", 4, right: true) + "  " + pad("nickname", nicknameWidth) + "  " + pad("rating", 7, right: true) + "  "
                + pad("deviation", 9, right: true) + "  " + pad("races", 5, right: true))
        var saidProvisional = false
        for rating in ratings {
            if rating.isProvisional, !saidProvisional {
                lines.append("provisional (deviation above \(Int(Glicko2.provisionalDeviation))):")
                saidProvisional = true
            }
            lines.append(
                pad(String(rating.rank), 4, right: true) + "  " + pad(rating.nickname, nicknameWidth) + "  "
                    + pad(String(rating.rating) + (rating.isProvisional ? "?" : ""), 7, right: true) + "  "
                    + pad(String(rating.deviation), 9, right: true) + "  " + pad(String(rating.races), 5, right: true))
        }
        return lines.joined(separator: "\n")
    }

    /// A duration as `m:ss.t` (minutes may exceed 59).
    static func time(_ milliseconds: Int) -> String {
        let tenths = max(0, milliseconds) / 100
        let seconds = tenths / 10
        let secondsText = String(seconds % 60)
        return "\(seconds / 60):" + (secondsText.count < 2 ? "0" : "") + secondsText + ".\(tenths % 10)"
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
