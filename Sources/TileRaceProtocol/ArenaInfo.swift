/// An arena as `ARENA` items, `OK ARENA` and `OK ARENA-CREATE` show it (protocol.md 5.9).
public struct ArenaInfo: FieldsRepresentable {
    public enum State: String, CaseIterable, Sendable {
        case upcoming, running, over
    }

    public var id: Int
    public var state: State
    public var settings: ArenaSettings
    /// Whole seconds until it starts (0 once started) and until it ends (0 once over).
    public var startsIn: Int
    public var endsIn: Int
    /// Who joined, those who left included.
    public var players: Int
    /// Another server sharing the store hosting it (`ARENA` items only).
    public var server: String?

    public init(id: Int, state: State, settings: ArenaSettings, startsIn: Int, endsIn: Int, players: Int, server: String? = nil) {
        self.id = id
        self.state = state
        self.settings = settings
        self.startsIn = startsIn
        self.endsIn = endsIn
        self.players = players
        self.server = server
    }

    public static let blank = ArenaInfo(id: 0, state: .upcoming, settings: .blank, startsIn: 0, endsIn: 0, players: 0)
    public static let fieldTable: [Field<ArenaInfo>] =
        [.integer("id", \.id), .choice("state", \.state)] + Field.part(\.settings).filter { $0.key != "in" } + [
            .integer("starts-in", \.startsIn), .integer("ends-in", \.endsIn), .integer("players", \.players),
            .string("server", \.server) { server throws(ProtocolError) in
                guard ServerAddress.isValid(server) else {
                    throw ProtocolError(.badArguments, "server=\(TextFilter.quoted(server)) is not a HOST:PORT address")
                }
            },
        ]
}

/// An arena's settings, as `ARENA-CREATE` takes them: it starts `in=`
/// seconds from now and lasts `length=` seconds; its races are `size`x`size`
/// to `target`, `limit=` seconds each (0: none), of `race-size=` players
/// (2 to 4), rated or not.
public struct ArenaSettings: FieldsRepresentable {
    public var startsIn: Int
    public var length: Int
    public var size: Int
    public var target: Int
    public var raceLimit: Int
    public var isRated: Bool
    public var raceSize: Int

    public static let lengthRange = 10...86_400
    public static let raceSizeRange = 2...4

    public init(
        startsIn: Int = 0, length: Int = 1800, size: Int = 4, target: Int = 2048, raceLimit: Int = 180, isRated: Bool = false,
        raceSize: Int = 2
    ) {
        self.startsIn = startsIn
        self.length = length
        self.size = size
        self.target = target
        self.raceLimit = raceLimit
        self.isRated = isRated
        self.raceSize = raceSize
    }

    /// The options of its races' rooms.
    public var roomOptions: RoomOptions {
        RoomOptions(size: size, target: target, allowsAssists: false, timeLimit: raceLimit, isRated: isRated)
    }

    /// - Throws: `bad-option` for a value out of range.
    public func validate() throws(ProtocolError) {
        try roomOptions.validate()
        guard ArenaSettings.lengthRange.contains(length) else {
            throw ProtocolError(.badOption, "length=\(length) must be 10 to 86400 seconds")
        }
        guard (0...604_800).contains(startsIn) else { throw ProtocolError(.badOption, "in=\(startsIn) must be 0 to 604800 seconds") }
        guard ArenaSettings.raceSizeRange.contains(raceSize) else {
            throw ProtocolError(.badOption, "race-size=\(raceSize) must be 2 to 4")
        }
    }

    public static let blank = ArenaSettings()
    public static let fieldTable: [Field<ArenaSettings>] = [
        .optional(.integer("in", \.startsIn, code: .badOption)), .optional(.integer("length", \.length, code: .badOption)),
        .optional(.integer("size", \.size, code: .badOption)), .optional(.integer("target", \.target, code: .badOption)),
        .optional(.integer("limit", \.raceLimit, code: .badOption)), .optional(.bool("rated", \.isRated, code: .badOption)),
        .optional(.integer("race-size", \.raceSize, code: .badOption)),
    ]
}

/// One player's line of an arena's standings: a `STANDING` item of
/// `STANDINGS`, and the `SCORED` event after each race that scored.
public struct ArenaStanding: FieldsRepresentable {
    public var arena: Int
    public var rank: Int
    public var nickname: String
    public var points: Int
    /// Wins in a row; on fire from 2.
    public var streak: Int
    public var races: Int
    /// Nil before a race (`-`).
    public var performance: Int?
    /// The points of each race in order, e.g. `2245` (berserk wins show 3 or 5).
    public var sheet: String
    public var hasLeft: Bool

    public init(
        arena: Int, rank: Int, nickname: String, points: Int, streak: Int, races: Int, performance: Int?, sheet: String,
        hasLeft: Bool = false
    ) {
        self.arena = arena
        self.rank = rank
        self.nickname = nickname
        self.points = points
        self.streak = streak
        self.races = races
        self.performance = performance
        self.sheet = sheet
        self.hasLeft = hasLeft
    }

    public var isOnFire: Bool { streak >= 2 }

    public static let blank = ArenaStanding(
        arena: 0, rank: 0, nickname: "", points: 0, streak: 0, races: 0, performance: nil, sheet: "")
    public static let fieldTable: [Field<ArenaStanding>] = [
        .integer("arena", \.arena), .integer("rank", \.rank), .name("nick", \.nickname), .integer("points", \.points),
        .integer("streak", \.streak), .derived("fire", { $0.isOnFire ? "yes" : "no" }, among: ["yes", "no"]),
        .integer("races", \.races), .dashedInteger("performance", \.performance),
        .value("sheet", \.sheet, encode: { $0.isEmpty ? nil : $0 }, decode: { $0 ?? "" }),
        .flag("left", \.hasLeft),
    ]
}
