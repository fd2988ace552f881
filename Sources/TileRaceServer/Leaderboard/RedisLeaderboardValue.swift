import TileRaceProtocol

/// Redis entries are record text without the log (kept apart so `TOP`
/// does not read whole games). Older servers' formats are still read, and
/// replaced when the entry improves or the claim is used.
enum RedisLeaderboardValue {
    /// - Throws: `internal` when the value is in neither form or names
    ///   another board.
    static func entry(_ text: String, on board: LeaderboardBoardID) throws(ProtocolError) -> BoardEntry {
        guard text.hasPrefix("entry ") else { return try olderEntry(text) }
        do throws(LeaderboardRecordError) {
            guard case .entry(let stored, let entry) = try LeaderboardRecord(text: text), stored == board else {
                throw LeaderboardRecordError(detail: "not an entry of \(board)")
            }
            return entry
        } catch {
            throw unreadable(text, error.detail)
        }
    }

    /// Reads `sequence nickname date score max moves milliseconds size target assists seed`.
    private static func olderEntry(_ text: String) throws(ProtocolError) -> BoardEntry {
        let words = text.split(separator: " ").map(String.init)
        guard words.count == 11, let sequence = Int(words[0]), let score = Int(words[3]), let largest = Int(words[4]),
            let moves = Int(words[5]), let milliseconds = Int(words[6]), let size = Int(words[7]), let target = Int(words[8]),
            let assists = Int(words[9])
        else {
            throw unreadable(text, "neither an entry record nor the older form")
        }
        let result = GameResult(
            score: score, largestTile: largest, moves: moves, milliseconds: milliseconds, size: size, target: target, assists: assists,
            seed: words[10])
        return BoardEntry(sequence: sequence, nickname: words[1], result: result, date: words[2])
    }

    private static func unreadable(_ text: String, _ detail: String) -> ProtocolError {
        ProtocolError(.internal, "unreadable leaderboard entry in Redis (\(detail)): \(TextFilter.quoted(text))")
    }
}
