import TileRaceEngine

/// The options a room is created with (protocol.md section 5.2).
public struct RoomOptions: FieldsRepresentable {
    /// The allowed time limits in seconds besides 0 (no limit).
    public static let timeLimitRange = 10...3600
    /// 3 to 8.
    public var size: Int
    /// A power of two from 8 to 2^20.
    public var target: Int
    /// Whether undo and remove-tile are allowed.
    public var allowsAssists: Bool
    /// Time limit in seconds, 0 for none.
    public var timeLimit: Int
    /// Nil for a public room.
    public var code: String?
    /// People only, with claimed nicknames, no assists.
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

    public static let blank = RoomOptions()
    public static let fieldTable: [Field<RoomOptions>] = [
        .optional(.integer("size", \.size, code: .badOption)), .optional(.integer("target", \.target, code: .badOption)),
        .optional(.bool("assists", \.allowsAssists, code: .badOption)), .optional(.integer("limit", \.timeLimit, code: .badOption)),
        .string("code", \.code), .flag("rated", \.isRated, code: .badOption),
    ]

    public init(fields: Fields) throws(ProtocolError) {
        self = try Self.read(fields)
        try validate()
    }
}
