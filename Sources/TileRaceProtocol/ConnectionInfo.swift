/// A `CONNECTION` item of the operator's `CONNECTIONS` reply; only an operator sees the address.
public struct ConnectionInfo: FieldsRepresentable {
    public var id: Int
    /// Nil when it has none (`nick=-`).
    public var nickname: String?
    /// The room it is in, as player or watcher; nil when none (`room=-`).
    public var room: String?
    public var address: String
    /// Milliseconds since it last sent a whole line.
    public var idleMilliseconds: Int
    public var isBot: Bool
    /// Whether it unlocked operator requests (`AUTH`).
    public var isOperator: Bool

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

    public static let blank = ConnectionInfo(id: 0, nickname: nil, room: nil, address: "", idleMilliseconds: 0)
    public static let fieldTable: [Field<ConnectionInfo>] = [
        .integer("id", \.id, in: 0...Int.max), .dashedName("nick", \.nickname), .dashedName("room", \.room),
        .value(
            "address", \.address, encode: { $0 },
            decode: { text throws(ProtocolError) in
                TextFilter.printableASCII(try Fields.required(text, "address"))
            }),
        .integer("idle", \.idleMilliseconds, in: 0...Int.max), .flag("bot", \.isBot), .flag("operator", \.isOperator),
    ]
}
