import TileRaceProtocol
import TileRaceServer

/// The fair-play invariants (protocol.md section 10.3), on what `TOP` lists to
/// anyone without review rights: pure, so a planted violation can be shown caught.
enum FairPlayAudit {
    /// Every entry each board's public page lists (`TOP`, all of it), with the board's name.
    static func listed(_ leaderboard: Leaderboard, today: String) -> [(board: String, entry: LeaderboardEntry)] {
        leaderboard.boards.keys.sorted().flatMap { board in
            let query = LeaderboardQuery(board: board.kind, date: board.date, limit: LeaderboardQuery.maximumLimit)
            return leaderboard.page(query, today: today).entries.map { ("\(board)", $0) }
        }
    }

    /// "No held game is on a public board", and "a cheater is on a board only
    /// with a game the operator approved" (so a rejected one is on none).
    /// - Parameter cheaters: nickname keys.
    static func boardViolation(_ leaderboard: Leaderboard, cheaters: Set<String>, approved: [HeldEntry], today: String) -> (
        invariant: String, details: String
    )? {
        let listed = listed(leaderboard, today: today)
        for held in leaderboard.held.values.sorted(by: { $0.sequence < $1.sequence }) {
            if let shown = listed.first(where: { isSame($0.entry, held) }) {
                return (
                    "a held game is on no board",
                    "TOP board=\(shown.board) lists \(held.nickname)'s game of \(held.result.score) points (seed \(held.result.seed)), "
                        + "held for review as id \(held.sequence) (rule \(held.rule))"
                )
            }
        }
        for shown in listed where cheaters.contains(Names.nicknameKey(shown.entry.nickname)) {
            guard !approved.contains(where: { isSame(shown.entry, $0) }) else { continue }
            return (
                "a cheater is on a board only by an approved game",
                "TOP board=\(shown.board) lists \(shown.entry.nickname)'s game of \(shown.entry.result.score) points "
                    + "(seed \(shown.entry.result.seed)), which the operator did not approve"
            )
        }
        return nil
    }

    /// "An approved game is on its board": once approved, the all-time board
    /// lists its nickname with its score or better (the nickname's best entry
    /// stays), unless the nickname is assisted or a full board ranks it out.
    static func approvalViolation(_ approved: HeldEntry, _ leaderboard: Leaderboard, today: String) -> String? {
        let score = approved.result.score
        guard leaderboard.assisted[Names.nicknameKey(approved.nickname)] == nil else { return nil }
        let page = leaderboard.page(LeaderboardQuery(board: .all, limit: LeaderboardQuery.maximumLimit), today: today).entries
        if page.contains(where: { Nickname($0.nickname) == Nickname(approved.nickname) && $0.result.score >= score }) { return nil }
        if page.count >= leaderboard.capacity, let last = page.last, last.result.score >= score { return nil }
        return "APPROVE \(approved.sequence) (\(approved.nickname), \(score) points) but TOP board=all does not list it"
    }

    private static func isSame(_ entry: LeaderboardEntry, _ game: HeldEntry) -> Bool {
        Nickname(entry.nickname) == Nickname(game.nickname) && entry.result == game.result
    }
}
