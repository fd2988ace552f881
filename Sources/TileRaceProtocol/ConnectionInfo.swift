/// One line of the operator's `CONNECTIONS` reply (a `CONNECTION` item): a
/// connection to the server, with what only an operator may see, its
/// remote address.
public struct ConnectionInfo: FieldsRepresentable {
    /// The connection's number on the server.
    public var id: Int
    /// Its nickname, if it has one (`nick=-` when not).
    public var nickname: String?
    /// The room it is in, as player or watcher (`room=-` when none).
    public var room: String?
    /// Its remote address.
    public var address: String
    /// Milliseconds since it last sent a whole line.
    public var idleMilliseconds: Int
    /// Whether it said it is a bot.
    public var isBot: Bool
    /// Whether it unlocked operator requests (`AUTH`).
    public var isOperator: Bool

    /// Creates a line.
    public init(
        id: Int, nickname: String?, room: String?, address: String, idleMilliseconds: Int, isBot: Bool = false, isOperator: Bool = false
    ) {
        self.id = id
        self.nickname = nickname
        self.room = room
        self.address = address
        self.idleMilliseconds = idleMilliseconds
        self.isBot = isBot
        self.isOperator = isOperator
    }

    public init(fields: Fields) throws(ProtocolError) {
        let nickname = try fields.string("nick")
        let room = try fields.string("room")
        if nickname != "-" { try Names.validateName(nickname, as: "nick") }
        if room != "-" { try Names.validateName(room, as: "room") }
        self.init(
            id: try fields.integer("id", in: 0...Int.max), nickname: nickname == "-" ? nil : nickname, room: room == "-" ? nil : room,
            address: TextFilter.printableASCII(try fields.string("address")), idleMilliseconds: try fields.integer("idle", in: 0...Int.max),
            isBot: try fields.optionalBool("bot") ?? false, isOperator: try fields.optionalBool("operator") ?? false)
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("id", id)
        fields.append("nick", nickname ?? "-")
        fields.append("room", room ?? "-")
        fields.append("address", address)
        fields.append("idle", idleMilliseconds)
        if isBot { fields.append("bot", true) }
        if isOperator { fields.append("operator", true) }
        return fields
    }
}
