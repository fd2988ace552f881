import TileRaceRedis

@testable import TileRaceServer

/// Everything one Redis store holds, read back raw (the texts as stored), so
/// tests compare it with what the journal's store keeps.
struct RedisLeaderboardDump {
    /// The last record number (`sequence`).
    var sequence = 0
    /// Nickname key → the claim as stored.
    var claims: [String: String] = [:]
    /// Nickname key → how many boards hold its entry (`boards-of`).
    var boardsOf: [String: Int] = [:]
    /// Each board's nickname keys, best first (the sorted set; lowest first on a sprint board).
    var ranking: [LeaderboardBoardID: [String]] = [:]
    /// Each board's entries as stored, by nickname key.
    var entries: [LeaderboardBoardID: [String: String]] = [:]
    /// Each board's logs, by nickname key.
    var logs: [LeaderboardBoardID: [String: String]] = [:]
    /// Nickname key → the rating as stored.
    var ratings: [String: String] = [:]
    /// Report id → the open report as stored.
    var reports: [String: String] = [:]
    /// Nickname key → the `assist` record as stored.
    var assisted: [String: String] = [:]
    /// Held id → the held game as stored.
    var held: [String: String] = [:]

    /// Reads the store under `keys` through `connection`.
    static func read(_ connection: RedisConnection, keys: RedisLeaderboardKeys = .standard) throws -> RedisLeaderboardDump {
        try read(connection, stores: [keys])[0]
    }

    /// Reads the stores under each of `stores` (prefixes of the form
    /// `name:`, many stores in one Redis) in two round trips: the key names,
    /// then every store's contents.
    static func read(_ connection: RedisConnection, stores: [RedisLeaderboardKeys]) throws -> [RedisLeaderboardDump] {
        let names = try connection.sendAndWait(["KEYS", "*"]).get().checked().array?.compactMap(\.string) ?? []
        // A store's boards, from the names of their keys: `<prefix>board:<board>`, `<prefix>entries:<board>`, ...
        var boards: [String: Set<LeaderboardBoardID>] = [:]
        for name in names {
            guard let colon = name.firstIndex(of: ":") else { continue }
            let prefix = String(name[...colon])
            let rest = name[name.index(after: colon)...]
            for kind in ["board:", "entries:", "logs:"] where rest.hasPrefix(kind) {
                guard let board = LeaderboardBoardID(String(rest.dropFirst(kind.count))) else {
                    throw TestFailure(description: "a key for no board: \(name)")
                }
                boards[prefix, default: []].insert(board)
            }
        }
        var commands: [[String]] = []
        var ordered: [[LeaderboardBoardID]] = []
        for keys in stores {
            guard keys.prefix.firstIndex(of: ":") == keys.prefix.index(before: keys.prefix.endIndex) else {
                throw TestFailure(description: "a prefix other than name: \(keys.prefix)")
            }
            let storeBoards = (boards[keys.prefix] ?? []).sorted()
            commands += [
                ["GET", keys.sequence], ["HGETALL", keys.claims], ["HGETALL", keys.boardsOf], ["HGETALL", keys.ratings],
                ["HGETALL", keys.reports],
                ["HGETALL", keys.assisted],
                ["HGETALL", keys.held],
            ]
            for board in storeBoards {
                commands += [
                    [board.isSprint ? "ZRANGE" : "ZREVRANGE", keys.board(board), "0", "-1"], ["HGETALL", keys.entries(board)],
                    ["HGETALL", keys.logs(board)],
                ]
            }
            ordered.append(storeBoards)
        }
        var replies = try connection.pipelineAndWait(commands).get().map { try $0.checked() }[...]
        return try ordered.map { storeBoards in
            var dump = RedisLeaderboardDump()
            dump.sequence = replies.removeFirst().string.flatMap { Int($0) } ?? 0
            dump.claims = try hash(replies.removeFirst())
            dump.boardsOf = try hash(replies.removeFirst()).mapValues { Int($0) ?? -1 }
            dump.ratings = try hash(replies.removeFirst())
            dump.reports = try hash(replies.removeFirst())
            dump.assisted = try hash(replies.removeFirst())
            dump.held = try hash(replies.removeFirst())
            for board in storeBoards {
                dump.ranking[board] = replies.removeFirst().array?.compactMap(\.string) ?? []
                dump.entries[board] = try hash(replies.removeFirst())
                dump.logs[board] = try hash(replies.removeFirst())
            }
            return dump
        }
    }

    /// A hash's fields and values from `HGETALL`.
    private static func hash(_ reply: RESPValue) throws -> [String: String] {
        guard let items = reply.array?.compactMap(\.string), items.count % 2 == 0 else {
            throw TestFailure(description: "not a hash: \(reply)")
        }
        return Dictionary(uniqueKeysWithValues: stride(from: 0, to: items.count, by: 2).map { (items[$0], items[$0 + 1]) })
    }
}
