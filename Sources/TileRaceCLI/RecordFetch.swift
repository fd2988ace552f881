import TileRaceEngine
import TileRaceProtocol
import TileRaceTransport

/// `RECORD` for the log, `TOP` for the figures to check the replay against.
struct RecordFetch {
    var summary: RecordSummary
    /// The `LOG` chunks joined.
    var log: String
    /// Nil if the entry left the board in between.
    var entry: LeaderboardEntry?

    static func fetch(
        nickname: String, board: LeaderboardKind, date: String?, host: String, port: Int
    ) throws(ServerRequestError) -> RecordFetch {
        let answers = try ServerRequest.ask(
            [
                .record(RecordQuery(nickname: nickname, board: board, date: date)),
                .top(LeaderboardQuery(board: board, date: date, limit: LeaderboardQuery.maximumLimit)),
            ], host: host, port: port)
        guard case .record(let summary) = answers[0].reply else { throw .unexpectedReply(answers[0], to: "RECORD") }
        let chunks = answers[0].items.compactMap { if case .log(let chunk) = $0 { chunk } else { nil } }
        guard chunks.count == summary.count else {
            throw .failed(LineClient.Failure(message: "the record came with \(chunks.count) LOG lines, not \(summary.count)"))
        }
        let wanted = Nickname(nickname)
        let entry = answers[1].items.lazy.compactMap { if case .entry(let entry) = $0 { entry } else { nil } }
            .first { Nickname($0.nickname) == wanted }
        return RecordFetch(summary: summary, log: RecordChunks.join(chunks), entry: entry)
    }
}
