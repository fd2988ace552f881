import TileRaceProtocol

/// The leaderboard's rules as a pure value (protocol.md section 10).
/// Nicknames compare case-insensitively. An unused claim whose nickname has
/// no entry expires after `claimExpiryDays`.
///
/// Applying the same records in the same order always gives the same
/// leaderboard: the journal relies on it. The Redis store's Lua keeps the
/// same rules; `LeaderboardDifferentialTests` hold the two identical.
public struct Leaderboard: Hashable, Sendable {
    /// Per board.
    public static let capacity = 100
    public static let claimExpiryDays = 30

    /// Best first.
    public private(set) var boards: [LeaderboardBoardID: [BoardEntry]] = [:]
    /// By lower-case nickname key.
    public private(set) var claims = NicknameTable<NicknameClaim>()
    public private(set) var lastSequence = 0
    /// Expired ones too, until lifted.
    public private(set) var bans: [String: BanInfo] = [:]
    public private(set) var ratings: [String: PlayerRating] = [:]
    /// The open reports, by id.
    public private(set) var reports: [Int: PlayerReport] = [:]
    /// Nicknames marked assisted (`ASSIST`), by nickname key: their `assist` records. On no board.
    public private(set) var assisted: [String: LeaderboardRecord] = [:]
    /// Submissions held for review, by id (their record's number).
    public private(set) var held: [Int: HeldEntry] = [:]
    /// Fewer than `Leaderboard.capacity` only where tests fill boards quickly.
    public let capacity: Int

    /// An empty leaderboard that keeps `capacity` entries per board (at least one).
    public init(capacity: Int = Leaderboard.capacity) {
        self.capacity = max(1, capacity)
    }

    public var isEmpty: Bool {
        claims.isEmpty && boards.values.allSatisfy(\.isEmpty) && bans.isEmpty && ratings.isEmpty && reports.isEmpty
            && assisted.isEmpty && held.isEmpty
    }

    /// Best first.
    public func entries(on board: LeaderboardBoardID) -> [BoardEntry] {
        boards[board] ?? []
    }

    /// 1-based.
    public func rank(of nickname: String, on board: LeaderboardBoardID) -> Int? {
        let wanted = Nickname(nickname)
        return entries(on: board).firstIndex { Nickname($0.nickname) == wanted }.map { $0 + 1 }
    }

    /// 1-based among the entries `TOP` lists (assisted nicknames' left out); nil for an assisted nickname.
    public func listedRank(of nickname: String, on board: LeaderboardBoardID) -> Int? {
        guard assisted[Names.nicknameKey(nickname)] == nil, let rank = rank(of: nickname, on: board) else { return nil }
        return rank - entries(on: board).prefix(rank - 1).count { assisted[Names.nicknameKey($0.nickname)] != nil }
    }

    public func entry(of nickname: String, on board: LeaderboardBoardID) -> BoardEntry? {
        rank(of: nickname, on: board).map { entries(on: board)[$0 - 1] }
    }

    /// Applies a record. An entry is recorded only if it beats the nickname's
    /// entry on its board and makes the top `capacity`.
    /// - Returns: whether the leaderboard changed.
    @discardableResult
    public mutating func apply(_ record: LeaderboardRecord) -> Bool {
        switch record {
        case .claim(let claim):
            // A claim again with the same token is its use (a newer date); with
            // another token it replaces only an expired claim.
            let key = Names.nicknameKey(claim.nickname)
            if let existing = claims[key], existing.token != claim.token {
                guard let date = claim.date, isExpired(existing, on: date) else { return false }
            }
            claims[key] = claim
            lastSequence = max(lastSequence, claim.sequence)
            return true
        case .entry(let board, let entry):
            var list = boards[board] ?? []
            let nickname = Nickname(entry.nickname)
            let existing = list.firstIndex { Nickname($0.nickname) == nickname }
            if let existing, !entry.beats(list[existing]) { return false }
            let position = list.firstIndex { !$0.ranks(above: entry) } ?? list.count
            guard position < capacity else { return false }
            if let existing { list.remove(at: existing) }
            list.insert(entry, at: existing.map { min($0, position) } ?? position)
            if list.count > capacity { list.removeLast(list.count - capacity) }
            boards[board] = list
            lastSequence = max(lastSequence, entry.sequence)
            return true
        case .ban(let sequence, let ban):
            bans[ban.target.key] = ban
            lastSequence = max(lastSequence, sequence)
            return true
        case .unban(let sequence, let target):
            lastSequence = max(lastSequence, sequence)
            return bans.removeValue(forKey: target.key) != nil
        case .removal(let sequence, let board, let nickname, _):
            lastSequence = max(lastSequence, sequence)
            let removed = Nickname(nickname)
            guard let index = boards[board]?.firstIndex(where: { Nickname($0.nickname) == removed }) else { return false }
            boards[board]?.remove(at: index)
            return true
        case .rating(let rating):
            ratings[Names.nicknameKey(rating.nickname)] = rating
            lastSequence = max(lastSequence, rating.sequence)
            return true
        case .report(let report):
            reports[report.id] = report
            lastSequence = max(lastSequence, report.id)
            return true
        case .dismissal(let sequence, let id):
            lastSequence = max(lastSequence, sequence)
            return reports.removeValue(forKey: id) != nil
        case .assist(let sequence, let nickname, _):
            assisted[Names.nicknameKey(nickname)] = record
            lastSequence = max(lastSequence, sequence)
            return true
        case .unassist(let sequence, let nickname):
            lastSequence = max(lastSequence, sequence)
            return assisted.removeValue(forKey: Names.nicknameKey(nickname)) != nil
        case .held(let entry):
            held[entry.sequence] = entry
            lastSequence = max(lastSequence, entry.sequence)
            return true
        case .review(let sequence, let id, _, _):
            lastSequence = max(lastSequence, sequence)
            return held.removeValue(forKey: id) != nil
        }
    }

    /// Claims without a date never expire.
    public func isExpired(_ claim: NicknameClaim, on today: String) -> Bool {
        guard let date = claim.date, let cutoff = Leaderboard.expiryCutoff(on: today), date < cutoff else { return false }
        let nickname = Nickname(claim.nickname)
        // A rated player's claim holds as long as a board entry would.
        guard ratings[Names.nicknameKey(claim.nickname)] == nil else { return false }
        return !boards.values.contains { entries in entries.contains { Nickname($0.nickname) == nickname } }
    }

    /// Gives this value storage of its own now, so its next change does not
    /// first copy every rating it shares with another value (claims are
    /// copied a part at a time anyway).
    public mutating func separateStorage() {
        ratings.reserveCapacity(ratings.count)
    }

    /// Nil when none or expired.
    public func claim(of nickname: String, on today: String) -> NicknameClaim? {
        guard let claim = claims[Names.nicknameKey(nickname)], !isExpired(claim, on: today) else { return nil }
        return claim
    }

    /// - Returns: how many expired claims were forgotten.
    @discardableResult
    public mutating func removeExpiredClaims(on today: String) -> Int {
        guard let cutoff = Leaderboard.expiryCutoff(on: today) else { return 0 }
        let old = claims.values.filter { claim in claim.date.map { $0 < cutoff } ?? false }.map { Names.nicknameKey($0.nickname) }
        guard !old.isEmpty else { return 0 }
        let onBoards = Set(boards.values.joined().map { Names.nicknameKey($0.nickname) }).union(ratings.keys)
        var removed = 0
        for key in old where !onBoards.contains(key) {
            claims[key] = nil
            removed += 1
        }
        return removed
    }

    /// Dates `YYYY-MM-DD` compare as text.
    static func expiryCutoff(on today: String) -> String? {
        UTCTime.dayNumber(of: today).map { UTCTime.date(epochMilliseconds: ($0 - claimExpiryDays) * 86_400_000) }
    }

    public struct Submission: Hashable, Sendable {
        /// In order; possibly none.
        public var records: [LeaderboardRecord]
        public var receipt: SubmitReceipt
    }

    /// Copies the leaderboard (tools and tests); the server uses `submit`.
    public func submission(
        of game: GameResult, log: String? = nil, date: String, dailyDate: String?, sprintTime: Int? = nil, nickname: String,
        token: String?, newToken: () -> String
    ) throws(ProtocolError) -> Submission {
        var copy = self
        return try copy.submit(
            game, log: log, date: date, dailyDate: dailyDate, sprintTime: sprintTime, nickname: nickname, token: token, newToken: newToken)
    }

    /// Applies a submission and returns the records to store. Its cost does
    /// not grow with the number of claims. A daily game also goes to the
    /// all-time board, a sprint to the sprint boards; the receipt describes
    /// the daily (or sprint) board.
    /// - Throws: `bad-token` when the nickname is claimed with another token;
    ///   nothing changes then.
    public mutating func submit(
        _ game: GameResult, log: String? = nil, date: String, dailyDate: String?, sprintTime: Int? = nil, nickname: String, token: String?,
        heldRule: String? = nil, newToken: () -> String
    ) throws(ProtocolError) -> Submission {
        var records: [LeaderboardRecord] = []
        var claimedToken: String?
        var shownNickname = nickname
        if let claim = claim(of: nickname, on: date) {
            guard let token, isSameSecret(token, claim.token) else {
                throw LeaderboardRules.badToken(claim.nickname, tokenGiven: token != nil)
            }
            shownNickname = claim.nickname
            if claim.date != date {
                let use = LeaderboardRecord.claim(
                    NicknameClaim(sequence: lastSequence + 1, nickname: claim.nickname, token: claim.token, date: date))
                apply(use)
                records.append(use)
            }
        } else {
            let token = newToken()
            let record = LeaderboardRecord.claim(
                NicknameClaim(sequence: lastSequence + 1, nickname: nickname, token: token, date: date))
            apply(record)
            records.append(record)
            claimedToken = token
        }
        let submitted = HeldEntry(
            sequence: lastSequence + 1, nickname: shownNickname, result: game, date: date, dailyDate: dailyDate, sprintTime: sprintTime,
            log: log, rule: heldRule ?? "")
        var improved: Set<LeaderboardBoardID> = []
        if heldRule != nil {
            apply(.held(submitted))
            records.append(.held(submitted))
        } else {
            improved = place(submitted, records: &records)
        }
        let described: LeaderboardBoardID = dailyDate.map { .daily($0) } ?? .allTime
        var receipt = SubmitReceipt(
            nickname: shownNickname, board: described.kind, score: game.score, rank: listedRank(of: shownNickname, on: described),
            best: entry(of: shownNickname, on: described)?.score ?? game.score,
            improved: improved.contains(described), token: claimedToken)
        receipt.held = heldRule
        if let sprintTime {
            receipt.sprintTime = sprintTime
            receipt.sprintRank = listedRank(of: shownNickname, on: .sprint)
            receipt.sprintBest = entry(of: shownNickname, on: .sprint)?.sprintTime ?? sprintTime
            receipt.sprintImproved = improved.contains(.sprint)
        }
        return Submission(records: records, receipt: receipt)
    }

    /// Puts `entry`'s game on its boards where it improves on the nickname's
    /// entry, each as a record of its own.
    /// - Returns: the boards it went on.
    private mutating func place(_ entry: HeldEntry, records: inout [LeaderboardRecord]) -> Set<LeaderboardBoardID> {
        var improved: Set<LeaderboardBoardID> = []
        for board in entry.boards {
            let placed = BoardEntry(
                sequence: lastSequence + 1, nickname: entry.nickname, result: entry.result, date: entry.date, log: entry.log,
                sprintTime: board.isSprint ? entry.sprintTime : nil)
            if apply(.entry(board, placed)) {
                records.append(.entry(board, placed))
                improved.insert(board)
            }
        }
        return improved
    }

    /// The operator's decision on the held entry `id`: its record, then, when
    /// approved, the entries it places; nil when nothing is held under `id`.
    public mutating func review(_ id: Int, isApproved: Bool, reason: String) -> [LeaderboardRecord]? {
        guard let entry = held[id] else { return nil }
        let decision = LeaderboardRecord.review(sequence: lastSequence + 1, id: id, isApproved: isApproved, reason: reason)
        apply(decision)
        var records = [decision]
        if isApproved { _ = place(entry, records: &records) }
        return records
    }

    /// `today` is the daily board's date when the query names none.
    public func page(_ query: LeaderboardQuery, today: String) -> (entries: [LeaderboardEntry], summary: TopSummary) {
        let board = Leaderboard.board(of: query, today: today)
        return Leaderboard.page(query, of: board, ranked: entries(on: board).filter { assisted[Names.nicknameKey($0.nickname)] == nil })
    }

    public static func board(of query: LeaderboardQuery, today: String) -> LeaderboardBoardID {
        LeaderboardBoardID(kind: query.board, date: query.date, today: today)
    }

    /// Shared by every store, from the entries it keeps.
    public static func page(_ query: LeaderboardQuery, of board: LeaderboardBoardID, ranked entries: [BoardEntry]) -> (
        entries: [LeaderboardEntry], summary: TopSummary
    ) {
        let ranked = entries.enumerated().map { index, entry in
            LeaderboardEntry(
                rank: index + 1, nickname: entry.nickname, result: entry.result, date: entry.date, sprintTime: entry.sprintTime)
        }
        var ordered = ranked
        if query.sort == .nickname {
            ordered.sort { left, right in
                let (leftKey, rightKey) = (Names.nicknameKey(left.nickname), Names.nicknameKey(right.nickname))
                return leftKey != rightKey ? leftKey < rightKey : left.rank < right.rank
            }
        } else if query.sort == .score, board.isSprint {
            // A sprint board ranks by time: by score, highest first, equal scores in rank order.
            ordered.sort { left, right in left.score != right.score ? left.score > right.score : left.rank < right.rank }
        }
        // On a score board, rank order is ascending rank and descending score at once.
        let naturalOrder: LeaderboardQuery.Order = query.sort == .score ? .desc : .asc
        if query.effectiveOrder != naturalOrder { ordered.reverse() }
        let page = Array(ordered.dropFirst(query.offset).prefix(query.limit))
        let summary = TopSummary(
            board: board.kind, date: board.date, total: ranked.count, offset: query.offset, count: page.count)
        return (page, summary)
    }

    /// Applying them to an empty leaderboard gives this one.
    public var records: [LeaderboardRecord] {
        claimRecords(after: 0) + entryRecords + banRecords + ratingRecords + reportRecords + assistRecords + heldRecords
    }

    /// A report keeps its number (its id).
    public var reportRecords: [LeaderboardRecord] {
        reports.keys.sorted().compactMap { reports[$0].map(LeaderboardRecord.report) }
    }

    public var assistRecords: [LeaderboardRecord] {
        assisted.keys.sorted().compactMap { assisted[$0] }
    }

    public var heldRecords: [LeaderboardRecord] {
        held.keys.sorted().compactMap { id in held[id].map(LeaderboardRecord.held) }
    }

    public var ratingRecords: [LeaderboardRecord] {
        ratings.keys.sorted().compactMap { key in ratings[key].map(LeaderboardRecord.rating) }
    }

    /// A ban keeps its number when written again.
    public var banRecords: [LeaderboardRecord] {
        bans.keys.sorted().compactMap { key in bans[key].map { LeaderboardRecord.ban(sequence: lastSequence, $0) } }
    }

    public func claimRecords(after sequence: Int) -> [LeaderboardRecord] {
        claims.values.filter { $0.sequence > sequence }.sorted { $0.sequence < $1.sequence }.map(LeaderboardRecord.claim)
    }

    public var entryRecords: [LeaderboardRecord] {
        boards.keys.sorted().flatMap { board in entries(on: board).map { LeaderboardRecord.entry(board, $0) } }
    }
}

extension Leaderboard {
    /// A snapshot remembers it even when the record that used it is gone.
    mutating func advanceSequence(to sequence: Int) {
        lastSequence = max(lastSequence, sequence)
    }
}
