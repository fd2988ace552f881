import TileRaceEngine

/// The options a room is created with (protocol.md section 5.2).
public struct RoomOptions: FieldsRepresentable {
    /// The allowed time limits in seconds besides 0 (no limit).
    public static let timeLimitRange = 10...3600
    /// The `key=value` fields of the options, the only ones `CREATE` accepts.
    public static let keys: Set<String> = ["size", "target", "assists", "limit", "code", "rated"]

    /// Board size, 3 to 8.
    public var size: Int
    /// Target tile, a power of two from 8 to 2^20.
    public var target: Int
    /// Whether undo and remove-tile are allowed.
    public var allowsAssists: Bool
    /// Time limit in seconds, 0 for none.
    public var timeLimit: Int
    /// The join code of a private room, nil for a public one.
    public var code: String?
    /// Whether the room's races count for ratings (`rated=yes`): people
    /// only, with claimed nicknames, no assists (protocol.md section 5.2).
    public var isRated: Bool

    /// Creates options; `validate()` checks them.
    public init(
        size: Int = 4, target: Int = 2048, allowsAssists: Bool = false, timeLimit: Int = 0, code: String? = nil, isRated: Bool = false
    ) {
        self.size = size
        self.target = target
        self.allowsAssists = allowsAssists
        self.timeLimit = timeLimit
        self.code = code
        self.isRated = isRated
    }

    /// The game configuration these options describe.
    public var gameConfig: GameConfig {
        get throws(ProtocolError) {
            do {
                return try GameConfig(size: size, target: target)
            } catch {
                throw ProtocolError(.badOption, error.message)
            }
        }
    }

    /// Throws `bad-option` or `bad-name` for values out of range.
    public func validate() throws(ProtocolError) {
        _ = try gameConfig
        guard timeLimit == 0 || RoomOptions.timeLimitRange.contains(timeLimit) else {
            throw ProtocolError(.badOption, "limit=\(timeLimit) must be 0 (none) or 10 to 3600 seconds")
        }
        if let code { try Names.validateName(code, as: "join code") }
        if isRated, allowsAssists {
            throw ProtocolError(.badOption, "rated=yes needs assists=no: a rated race allows no undo or tile removal")
        }
    }

    public init(fields: Fields) throws(ProtocolError) {
        self.init(
            size: try fields.optionalInteger("size", code: .badOption) ?? 4,
            target: try fields.optionalInteger("target", code: .badOption) ?? 2048,
            allowsAssists: try fields.optionalBool("assists", code: .badOption) ?? false,
            timeLimit: try fields.optionalInteger("limit", code: .badOption) ?? 0,
            code: fields["code"], isRated: try fields.optionalBool("rated", code: .badOption) ?? false)
        try validate()
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("size", size)
        fields.append("target", target)
        fields.append("assists", allowsAssists)
        fields.append("limit", timeLimit)
        if let code { fields.append("code", code) }
        if isRated { fields.append("rated", true) }
        return fields
    }
}
