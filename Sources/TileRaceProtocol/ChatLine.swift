/// A line of chat; no room means the lobby. `text` is the rest of the line.
public struct ChatLine: FieldsRepresentable {
    /// Nil for the lobby.
    public var room: String?
    public var nickname: String
    /// Whether the sayer said it is a bot (`HELLO ... bot=yes`).
    public var isBot: Bool
    /// From the room's history, sent on `JOIN` or `WATCH`.
    public var isHistory: Bool
    /// What was said, exactly (show it through `TextFilter.displayable`).
    public var text: String

    public init(room: String?, nickname: String, isBot: Bool = false, isHistory: Bool = false, text: String) {
        self.room = room
        self.nickname = nickname
        self.isBot = isBot
        self.isHistory = isHistory
        self.text = text
    }

    public static let blank = ChatLine(room: nil, nickname: "", text: "")
    public static let fieldTable: [Field<ChatLine>] = [
        .name("room", \.room), .name("nick", \.nickname), .flag("bot", \.isBot), .flag("history", \.isHistory),
        .string(ChatText.key, \.text),
    ]
}
