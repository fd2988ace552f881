/// One line of the `WHO` reply: a member or watcher of a room.
public struct MemberInfo: FieldsRepresentable {
    public enum Role: String, CaseIterable, Hashable, Sendable {
        case player, watcher
    }

    /// Where a member is in the room's race.
    public enum State: String, CaseIterable, Hashable, Sendable {
        case waiting, racing, finished
    }

    public var nickname: String
    public var role: Role
    public var isReady: Bool
    public var state: State
    /// Whether the member said it is a bot (`HELLO ... bot=yes`).
    public var isBot: Bool
    /// A bot's strength, when it said it (`HELLO ... bot=yes strength=<n>`).
    public var strength: Int?
    /// Rated rooms only, once the player's claim is proved.
    public var rating: ShownRating?
    /// A player whose connection dropped: how long its seat is still held, in milliseconds.
    public var awayMilliseconds: Int?

    public init(
        nickname: String, role: Role, isReady: Bool, state: State, isBot: Bool = false, strength: Int? = nil,
        rating: ShownRating? = nil, awayMilliseconds: Int? = nil
    ) {
        self.nickname = nickname
        self.role = role
        self.isReady = isReady
        self.state = state
        self.isBot = isBot
        self.strength = strength
        self.rating = rating
        self.awayMilliseconds = awayMilliseconds
    }

    public static let blank = MemberInfo(nickname: "", role: .player, isReady: false, state: .waiting)
    public static let fieldTable: [Field<MemberInfo>] = [
        .name("nick", \.nickname), .choice("role", \.role), .bool("ready", \.isReady), .choice("state", \.state),
        .flag("bot", \.isBot), .integer("strength", \.strength), .rating(\.rating), .integer("away", \.awayMilliseconds, in: 0...Int.max),
    ]
}
