/// The options of a `PRACTICE` request and of its `OK PRACTICE` reply.
public struct PracticeOptions: FieldsRepresentable {
    /// The `key=value` fields of the options, the only ones `PRACTICE` accepts.
    public static let keys: Set<String> = ["seed", "size", "target", "ghost"]

    /// The seed text; nil in a request for a random one.
    public var seed: String?
    /// Board size.
    public var size: Int
    /// Target tile.
    public var target: Int
    /// Whether the game is a ghost race (`ghost=yes`): played against a
    /// record whose seed is known, so it is never eligible for a board.
    public var isGhost: Bool

    /// Creates practice options.
    public init(seed: String? = nil, size: Int = 4, target: Int = 2048, isGhost: Bool = false) {
        self.seed = seed
        self.size = size
        self.target = target
        self.isGhost = isGhost
    }

    public init(fields: Fields) throws(ProtocolError) {
        if let seed = fields["seed"], !Names.isValidSeed(seed) {
            throw ProtocolError(.badOption, "seed=\(TextFilter.quoted(seed)) must be 1 to 64 characters from A-Z a-z 0-9 _ - . :")
        }
        self.init(
            seed: fields["seed"], size: try fields.optionalInteger("size", code: .badOption) ?? 4,
            target: try fields.optionalInteger("target", code: .badOption) ?? 2048,
            isGhost: try fields.optionalBool("ghost", code: .badOption) ?? false)
        _ = try RoomOptions(size: size, target: target).gameConfig
    }

    public var fields: Fields {
        var fields = Fields()
        if let seed { fields.append("seed", seed) }
        fields.append("size", size)
        fields.append("target", target)
        if isGhost { fields.append("ghost", true) }
        return fields
    }
}
