import TileRaceEngine

/// The `START` event: everything a player needs to begin the same game as the others.
public struct RaceStart: FieldsRepresentable {
    public var room: String
    /// The race's number, unique on the server.
    public var race: Int
    /// The seed text (section 9.2 of protocol.md).
    public var seed: String
    public var size: Int
    public var target: Int
    /// Whether undo and remove-tile are allowed.
    public var allowsAssists: Bool
    /// Time limit in seconds, 0 for none.
    public var timeLimit: Int
    /// The racers' nicknames, in the room's order.
    public var players: [String]
    /// In `players` order; written only when there is one.
    public var bots: [String]
    /// Set when catching someone up (`WATCH`, a resume); nil when the race begins.
    public var elapsedMilliseconds: Int?

    public init(
        room: String, race: Int, seed: String, size: Int, target: Int, allowsAssists: Bool, timeLimit: Int, players: [String],
        bots: [String] = [], elapsedMilliseconds: Int? = nil
    ) {
        self.room = room
        self.race = race
        self.seed = seed
        self.size = size
        self.target = target
        self.allowsAssists = allowsAssists
        self.timeLimit = timeLimit
        self.players = players
        self.bots = bots
        self.elapsedMilliseconds = elapsedMilliseconds
    }

    public static let blank = RaceStart(room: "", race: 0, seed: "", size: 0, target: 0, allowsAssists: false, timeLimit: 0, players: [])
    public static let fieldTable: [Field<RaceStart>] = [
        .name("room", \.room), .integer("race", \.race), .seed("seed", \.seed), .integer("size", \.size),
        .integer("target", \.target), .bool("assists", \.allowsAssists), .integer("limit", \.timeLimit),
        .names("players", \.players, as: "player", isRequired: true), .names("bots", \.bots, as: "bot", isRequired: false),
        .integer("elapsed", \.elapsedMilliseconds, in: 0...Int.max),
    ]

    /// Whether the racer with this nickname is a bot (nicknames compare without regard to case).
    public func isBot(_ nickname: String) -> Bool {
        let racer = Nickname(nickname)
        return bots.contains { Nickname($0) == racer }
    }

    /// The game every racer starts.
    public func makeGame() throws(ProtocolError) -> Game {
        do {
            return Game(config: try GameConfig(size: size, target: target), seed: try Seed(parsing: seed))
        } catch {
            throw ProtocolError(.badArguments, error.message)
        }
    }
}
