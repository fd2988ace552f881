/// The `OK INFO` reply, for operators and monitoring: figures for the whole server,
/// naming no player or address.
public struct ServerInfo: FieldsRepresentable {
    /// Where the server keeps its leaderboard.
    public enum Store: String, CaseIterable, Hashable, Sendable {
        /// Its own data directory (a journal and snapshots).
        case file
        /// A Redis server, maybe shared with other servers.
        case redis
        /// Memory only: lost when it stops.
        case memory
    }

    /// The server's TileRace version (`TileRaceVersion.current`).
    public var version: String
    /// Whole seconds since it started.
    public var uptimeSeconds: Int
    /// Greeted connections, the asker included; a held seat counts until given up.
    public var players: Int
    /// Its rooms (`daily` and private ones included).
    public var rooms: Int
    /// Its rooms that are racing now.
    public var races: Int
    /// Moves played per second over the last minute, in tenths (42 is 4.2).
    public var tenthsOfMovesPerSecond: Int
    public var store: Store
    /// False for a Redis store that is down or a data directory whose last write failed.
    public var isStoreUp: Bool

    public init(
        version: String, uptimeSeconds: Int, players: Int, rooms: Int, races: Int, tenthsOfMovesPerSecond: Int, store: Store,
        isStoreUp: Bool
    ) {
        self.version = version
        self.uptimeSeconds = uptimeSeconds
        self.players = players
        self.rooms = rooms
        self.races = races
        self.tenthsOfMovesPerSecond = tenthsOfMovesPerSecond
        self.store = store
        self.isStoreUp = isStoreUp
    }

    /// Moves per second over the last minute, in tenths, from the moves of that minute (rounded).
    public static func tenthsPerSecond(movesInLastMinute moves: Int) -> Int {
        (max(0, moves) * 10 + 30) / 60
    }

    /// `4.2`: the moves per second as written on the wire.
    public var movesPerSecondText: String {
        "\(tenthsOfMovesPerSecond / 10).\(tenthsOfMovesPerSecond % 10)"
    }

    public static let blank = ServerInfo(
        version: "", uptimeSeconds: 0, players: 0, rooms: 0, races: 0, tenthsOfMovesPerSecond: 0, store: .memory, isStoreUp: false)
    public static let fieldTable: [Field<ServerInfo>] = [
        .value(
            "version", \.version, encode: { $0 },
            decode: { text throws(ProtocolError) in
                let version = try Fields.required(text, "version")
                guard (1...32).contains(version.utf8.count), version.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                    throw ProtocolError(.badArguments, "version= must be a short word, not \(TextFilter.quoted(version))")
                }
                return version
            }),
        .integer("uptime", \.uptimeSeconds, in: 0...Int(Int32.max)), .integer("players", \.players, in: 0...Int(Int32.max)),
        .integer("rooms", \.rooms, in: 0...Int(Int32.max)), .integer("races", \.races, in: 0...Int(Int32.max)),
        .row(
            "moves-per-second", encode: { $0.movesPerSecondText },
            decode: { info, text throws(ProtocolError) in
                info.tenthsOfMovesPerSecond = try ServerInfo.tenths(try Fields.required(text, "moves-per-second"))
            }),
        .choice("store", \.store), .bool("store-up", \.isStoreUp),
    ]

    /// Reads `4.2` (a whole number and one decimal) as 42.
    private static func tenths(_ text: String) throws(ProtocolError) -> Int {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard parts.count == 2, isDigits(parts[0]), isDigits(parts[1]), parts[1].count == 1, let whole = Int(parts[0]),
            whole < Int(Int32.max), let tenth = Int(parts[1])
        else {
            throw ProtocolError(.badArguments, "moves-per-second= must be a number with one decimal (4.2), not \(TextFilter.quoted(text))")
        }
        return whole * 10 + tenth
    }
}
