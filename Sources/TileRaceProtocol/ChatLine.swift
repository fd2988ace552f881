/// A line of chat as the server sends it (`CHAT [room=<room>] nick=<nick>
/// [bot=yes] [history=yes] text=<text>`): who said what, in a room or (with
/// no room) in the lobby. `text` is the last field, the rest of the line.
public struct ChatLine: Hashable, Sendable {
    /// The room it was said in; nil for the lobby.
    public var room: String?
    /// Who said it.
    public var nickname: String
    /// Whether the sayer said it is a bot (`HELLO ... bot=yes`).
    public var isBot: Bool
    /// Whether it is from the room's history, sent on `JOIN` or `WATCH`
    /// (said before the receiver came in).
    public var isHistory: Bool
    /// What was said, exactly (show it through `TextFilter.displayable`).
    public var text: String

    /// A line of chat.
    public init(room: String?, nickname: String, isBot: Bool = false, isHistory: Bool = false, text: String) {
        self.room = room
        self.nickname = nickname
        self.isBot = isBot
        self.isHistory = isHistory
        self.text = text
    }

    /// The fields of its `CHAT` event, `text` last.
    public var fields: Fields {
        var fields = Fields()
        if let room { fields.append("room", room) }
        fields.append("nick", nickname)
        if isBot { fields.append("bot", true) }
        if isHistory { fields.append("history", true) }
        fields.append(ChatText.key, text)
        return fields
    }

    /// Reads the fields of a `CHAT` event (`Fields(afterVerb:textKey:)`).
    public init(fields: Fields) throws(ProtocolError) {
        room = try fields["room"].map { (room: String) throws(ProtocolError) in
            try Names.validateName(room, as: "room")
            return room
        }
        nickname = try fields.name("nick")
        isBot = try fields.optionalBool("bot") ?? false
        isHistory = try fields.optionalBool("history") ?? false
        text = try fields.string(ChatText.key)
    }
}
