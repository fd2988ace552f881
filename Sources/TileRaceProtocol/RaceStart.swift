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

    /// Creates a start message.
    public init(room: String, race: Int, seed: String, size: Int, target: Int, allowsAssists: Bool, timeLimit: Int, players: [String]) {
        self.room = room
        self.race = race
        self.seed = seed
        self.size = size
        self.target = target
        self.allowsAssists = allowsAssists
        self.timeLimit = timeLimit
        self.players = players
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
        self.init(
            room: try fields.name("room"), race: try fields.integer("race"), seed: seed,
            size: try fields.integer("size"), target: try fields.integer("target"),
            allowsAssists: try fields.bool("assists"), timeLimit: try fields.integer("limit"), players: players)
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
        return fields
    }
}
