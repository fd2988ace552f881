/// A room as the server describes it in `ROOM` items and `OK CREATE/JOIN/WATCH`.
public struct RoomDescription: FieldsRepresentable {
    public var name: String
    public var state: RoomState
    public var size: Int
    public var target: Int
    /// Whether undo and remove-tile are allowed.
    public var allowsAssists: Bool
    /// Time limit in seconds, 0 for none.
    public var timeLimit: Int
    /// Whether a join code is needed.
    public var isPrivate: Bool
    public var playerCount: Int
    public var watcherCount: Int
    /// How many of the players are bots (`bots=<n>`, written only when not 0).
    public var botCount: Int
    /// Another server of the same community hosting the room (`ROOM` items only).
    public var server: String?
    /// Whether the room's races count for ratings (`rated=yes`).
    public var isRated: Bool

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

    public static let blank = RoomDescription(
        name: "", state: .waiting, size: 0, target: 0, allowsAssists: false, timeLimit: 0, isPrivate: false, playerCount: 0,
        watcherCount: 0)
    public static let fieldTable: [Field<RoomDescription>] = [
        .name("room", \.name), .choice("state", \.state), .integer("size", \.size), .integer("target", \.target),
        .bool("assists", \.allowsAssists), .integer("limit", \.timeLimit), .bool("private", \.isPrivate),
        .integer("players", \.playerCount), .integer("watchers", \.watcherCount),
        .value(
            "bots", \.botCount, encode: { $0 > 0 ? String($0) : nil },
            decode: { text throws(ProtocolError) in
                try text.map { (text: String) throws(ProtocolError) in try Fields.integer(text, named: "bots", in: 0...Int(Int32.max)) }
                    ?? 0
            }),
        .string("server", \.server) { server throws(ProtocolError) in
            guard ServerAddress.isValid(server) else {
                throw ProtocolError(.badArguments, "server=\(TextFilter.quoted(server)) is not a HOST:PORT address")
            }
        },
        .flag("rated", \.isRated),
    ]
}
