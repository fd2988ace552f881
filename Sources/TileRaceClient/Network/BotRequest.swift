/// A bot the player asked for: where it plays, under which nickname, how well.
public struct BotRequest: Hashable, Sendable {
    /// The client's number for it (to stop it, and to hear that it ended).
    public var id: Int
    public var host: String
    public var port: Int
    public var room: String
    /// The room's join code, when private.
    public var code: String?
    /// The nickname to ask for (the bot adds a suffix while it is taken).
    public var nickname: String
    /// How well it plays, 1 to 5.
    public var strength: Int
    /// The ssh visitor's address (`--via`), so their bots count against it too.
    public var via: String? = nil
}
