/// One line of the `WHO` reply: a member or watcher of a room.
public struct MemberInfo: FieldsRepresentable {
    /// Player or spectator.
    public enum Role: String, CaseIterable, Hashable, Sendable {
        case player, watcher
    }

    /// Where a member is in the room's race.
    public enum State: String, CaseIterable, Hashable, Sendable {
        case waiting, racing, finished
    }

    /// The member's nickname.
    public var nickname: String
    /// Player or watcher.
    public var role: Role
    /// Whether the player marked ready.
    public var isReady: Bool
    /// Waiting, racing or finished.
    public var state: State
    /// Whether the member said it is a bot (`HELLO ... bot=yes`); written
    /// `bot=yes` only when it is.
    public var isBot: Bool
    /// In a rated room, the player's rating once the room knows it (its
    /// claim proved): `rating=` and `provisional=yes`; nil otherwise.
    public var rating: ShownRating?

    /// Creates member information.
    public init(nickname: String, role: Role, isReady: Bool, state: State, isBot: Bool = false, rating: ShownRating? = nil) {
        self.nickname = nickname
        self.role = role
        self.isReady = isReady
        self.state = state
        self.isBot = isBot
        self.rating = rating
    }

    public init(fields: Fields) throws(ProtocolError) {
        self.init(
            nickname: try fields.name("nick"),
            role: try fields.choice("role", as: Role.self),
            isReady: try fields.bool("ready"),
            state: try fields.choice("state", as: State.self),
            isBot: try fields.optionalBool("bot") ?? false, rating: try ShownRating(fields: fields))
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("nick", nickname)
        fields.append("role", role.rawValue)
        fields.append("ready", isReady)
        fields.append("state", state.rawValue)
        if isBot { fields.append("bot", true) }
        rating?.append(to: &fields)
        return fields
    }
}
