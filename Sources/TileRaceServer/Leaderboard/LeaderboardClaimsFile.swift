import TileRaceTransport

/// `leaderboard.claims`: appended at each compaction with only the claims
/// made or used since, and rewritten whole at most once a day to drop
/// expired ones, so compaction cost does not grow with the claim count.
/// Owned by the disk queue.
final class LeaderboardClaimsFile {
    static let header = "tilerace-leaderboard-claims 1"

    struct Contents {
        /// In file order.
        var claims: [NicknameClaim] = []
        var validLength = 0
        /// A compaction stopped mid-append; the journal still holds those claims.
        var tornWarning: String?
    }

    let path: String
    private(set) var lineCount: Int
    private(set) var lastSequence: Int
    private let file: AppendedFile

    /// A damaged whole line stops the start; a torn last line is left out
    /// with a warning.
    static func read(_ bytes: [UInt8], path: String) throws(StoreError) -> Contents {
        let (lines, tail) = StoredLine.split(bytes)
        guard let first = lines.first, String(decoding: first.bytes, as: UTF8.self) == header else {
            throw .corrupt(file: path, line: 1, detail: "not a tilerace leaderboard claims file (expected the line \(header))")
        }
        var contents = Contents(validLength: first.bytes.count + 1)
        contents.claims.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated().dropFirst() {
            do throws(LeaderboardRecordError) {
                guard case .claim(let claim) = try LeaderboardRecord(text: try StoredLine.decode(line.bytes)) else {
                    throw LeaderboardRecordError(detail: "not a claim record")
                }
                contents.claims.append(claim)
            } catch {
                throw .corrupt(file: path, line: index + 1, detail: error.detail)
            }
            contents.validLength = line.offset + line.bytes.count + 1
        }
        if !tail.isEmpty {
            contents.tornWarning =
                "\(path) line \(lines.count + 1): incomplete last claim ignored (\(tail.count) bytes without a line end); the journal still holds it"
        }
        return contents
    }

    /// Nil contents: no file yet (created on the first append).
    init(path: String, contents: Contents?) {
        self.path = path
        lineCount = contents?.claims.count ?? 0
        lastSequence = contents?.claims.map(\.sequence).max() ?? 0
        file = AppendedFile(path: path, length: contents?.validLength ?? 0)
    }

    /// Creates the file if needed. On failure it is cut back to where it was.
    func append(_ claims: [NicknameClaim]) throws(StoreError) {
        guard !claims.isEmpty else { return }
        if file.length == 0 { try rewrite([], through: lastSequence) }
        try file.append(Array(claims.map { StoredLine.encode(LeaderboardRecord.claim($0).text) }.joined().utf8))
        lineCount += claims.count
        lastSequence = max(lastSequence, claims.map(\.sequence).max() ?? 0)
    }

    /// Atomically; `claims` must be every claim up to record `sequence`.
    func rewrite(_ claims: [NicknameClaim], through sequence: Int) throws(StoreError) {
        let text = LeaderboardClaimsFile.header + "\n" + claims.map { StoredLine.encode(LeaderboardRecord.claim($0).text) }.joined()
        try StoreError.catching { () throws(FileSystem.Failure) in try FileSystem.replaceAtomically(path, with: Array(text.utf8)) }
        file.replaced(length: text.utf8.count)
        lineCount = claims.count
        lastSequence = sequence
    }

    func close() {
        file.close()
    }

    deinit { close() }
}
