import TileRaceEngine

/// The `START` event: everything a player needs to begin the same game as the others.
public struct RaceStart: FieldsRepresentable {
    /// The room.
    public var room: String
    /// The race's number, unique on the server.
    public var race: Int
    /// The seed text (section 9.2 of protocol.md).
    public var seed: String
    /// Board size.
    public var size: Int
    /// Target tile.
    public var target: Int
    /// Whether undo and remove-tile are allowed.
    public var allowsAssists: Bool
    /// Time limit in seconds, 0 for none.
    public var timeLimit: Int
    /// The racers' nicknames, in the room's order.
    public var players: [String]
    /// The racers among `players` who said they are bots (`HELLO ... bot=yes`),
    /// in the same order; written `bots=` only when there is one.
    public var bots: [String]
    /// How long the race has run, in milliseconds, in a `START` that catches
    /// someone up on a race under way (after `WATCH` or a resume); nil in the
    /// `START` that begins the race.
    public var elapsedMilliseconds: Int?

    /// Creates a start message.
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

    public init(fields: Fields) throws(ProtocolError) {
        let seed = try fields.string("seed")
        guard Names.isValidSeed(seed) else { throw ProtocolError(.badArguments, "seed=\(TextFilter.quoted(seed)) is not a valid seed") }
        let players = try fields.string("players").split(separator: ",").map(String.init)
        for player in players { try Names.validateName(player, as: "player") }
        let bots = (fields["bots"] ?? "").split(separator: ",").map(String.init)
        for bot in bots { try Names.validateName(bot, as: "bot") }
        self.init(
            room: try fields.name("room"), race: try fields.integer("race"), seed: seed,
            size: try fields.integer("size"), target: try fields.integer("target"),
            allowsAssists: try fields.bool("assists"), timeLimit: try fields.integer("limit"), players: players, bots: bots,
            elapsedMilliseconds: try fields.optionalInteger("elapsed", in: 0...Int.max))
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("room", room)
        fields.append("race", race)
        fields.append("seed", seed)
        fields.append("size", size)
        fields.append("target", target)
        fields.append("assists", allowsAssists)
        fields.append("limit", timeLimit)
        fields.append("players", players.joined(separator: ","))
        if !bots.isEmpty { fields.append("bots", bots.joined(separator: ",")) }
        if let elapsedMilliseconds { fields.append("elapsed", elapsedMilliseconds) }
        return fields
    }
}
