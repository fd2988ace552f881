import TileRaceTransport

/// `leaderboard.claims`: appended at each compaction with only the claims
/// made or used since, and rewritten whole at most once a day to drop
/// expired ones, so compaction cost does not grow with the claim count.
/// Owned by the disk queue.
final class LeaderboardClaimsFile {
    /// The first line of every claims file.
    static let header = "tilerace-leaderboard-claims 1"

    /// What reading a claims file found.
    struct Contents {
        /// The claims, in file order.
        var claims: [NicknameClaim] = []
        /// The length of the good part of the file.
        var validLength = 0
        /// Set when an incomplete last line was found (a compaction stopped
        /// while appending; the journal still holds those claims).
        var tornWarning: String?
    }

    let path: String
    /// Claim lines in the file.
    private(set) var lineCount: Int
    /// The highest record number of a claim in the file.
    private(set) var lastSequence: Int
    private let file: AppendedFile

    /// Reads a claims file. A damaged whole line stops the start; an
    /// incomplete last line is left out (with a warning).
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

    /// The claims file at `path` whose good part (read before) is `contents`;
    /// nil contents: there is none yet (it is created on the first append).
    init(path: String, contents: Contents?) {
        self.path = path
        lineCount = contents?.claims.count ?? 0
        lastSequence = contents?.claims.map(\.sequence).max() ?? 0
        file = AppendedFile(path: path, length: contents?.validLength ?? 0)
    }

    /// Appends claims (in record order) and syncs them, making the file
    /// first if there is none. On failure the file is cut back to where it was.
    func append(_ claims: [NicknameClaim]) throws(StoreError) {
        guard !claims.isEmpty else { return }
        if file.length == 0 { try rewrite([], through: lastSequence) }
        try file.append(Array(claims.map { StoredLine.encode(LeaderboardRecord.claim($0).text) }.joined().utf8))
        lineCount += claims.count
        lastSequence = max(lastSequence, claims.map(\.sequence).max() ?? 0)
    }

    /// Replaces the file with exactly these claims (atomically): every claim
    /// up to record `sequence`.
    func rewrite(_ claims: [NicknameClaim], through sequence: Int) throws(StoreError) {
        let text = LeaderboardClaimsFile.header + "\n" + claims.map { StoredLine.encode(LeaderboardRecord.claim($0).text) }.joined()
        do throws(FileSystem.Failure) {
            try FileSystem.replaceAtomically(path, with: Array(text.utf8))
        } catch {
            throw StoreError(error)
        }
        file.replaced(length: text.utf8.count)
        lineCount = claims.count
        lastSequence = sequence
    }

    /// Closes the file.
    func close() {
        file.close()
    }

    deinit { close() }
}
