/// A room as the server describes it in `ROOM` items and `OK CREATE/JOIN/WATCH`.
public struct RoomDescription: FieldsRepresentable {
    /// The room's name.
    public var name: String
    /// Waiting, counting down or racing.
    public var state: RoomState
    /// Board size.
    public var size: Int
    /// Target tile.
    public var target: Int
    /// Whether undo and remove-tile are allowed.
    public var allowsAssists: Bool
    /// Time limit in seconds, 0 for none.
    public var timeLimit: Int
    /// Whether a join code is needed.
    public var isPrivate: Bool
    /// Players in the room.
    public var playerCount: Int
    /// Spectators of the room.
    public var watcherCount: Int
    /// How many of the players are bots (`bots=<n>`, written only when not 0).
    public var botCount: Int
    /// The server hosting the room, `HOST:PORT`, when it is another server
    /// of the same community (`server=`, in `ROOM` items only).
    public var server: String?
    /// Whether the room's races count for ratings (`rated=yes`, written only then).
    public var isRated: Bool

    /// Creates a description.
    public init(
        name: String, state: RoomState, size: Int, target: Int, allowsAssists: Bool, timeLimit: Int,
        isPrivate: Bool, playerCount: Int, watcherCount: Int, botCount: Int = 0, server: String? = nil,
        isRated: Bool = false
    ) {
        self.name = name
        self.state = state
        self.size = size
        self.target = target
        self.allowsAssists = allowsAssists
        self.timeLimit = timeLimit
        self.isPrivate = isPrivate
        self.playerCount = playerCount
        self.watcherCount = watcherCount
        self.botCount = botCount
        self.server = server
        self.isRated = isRated
    }

    public init(fields: Fields) throws(ProtocolError) {
        self.init(
            name: try fields.name("room"), state: try fields.choice("state", as: RoomState.self),
            size: try fields.integer("size"), target: try fields.integer("target"),
            allowsAssists: try fields.bool("assists"), timeLimit: try fields.integer("limit"),
            isPrivate: try fields.bool("private"), playerCount: try fields.integer("players"),
            watcherCount: try fields.integer("watchers"), botCount: try fields.optionalInteger("bots", in: 0...Int(Int32.max)) ?? 0,
            server: try Self.server(in: fields), isRated: try fields.optionalBool("rated") ?? false)
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("room", name)
        fields.append("state", state.rawValue)
        fields.append("size", size)
        fields.append("target", target)
        fields.append("assists", allowsAssists)
        fields.append("limit", timeLimit)
        fields.append("private", isPrivate)
        fields.append("players", playerCount)
        fields.append("watchers", watcherCount)
        if botCount > 0 { fields.append("bots", botCount) }
        if let server { fields.append("server", server) }
        if isRated { fields.append("rated", true) }
        return fields
    }

    /// Reads `server=HOST:PORT` when present.
    private static func server(in fields: Fields) throws(ProtocolError) -> String? {
        guard let server = fields["server"] else { return nil }
        guard ServerAddress.isValid(server) else {
            throw ProtocolError(.badArguments, "server=\(TextFilter.quoted(server)) is not a HOST:PORT address")
        }
        return server
    }
}
