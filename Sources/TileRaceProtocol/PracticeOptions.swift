/// The options of a `PRACTICE` request and of its `OK PRACTICE` reply.
public struct PracticeOptions: FieldsRepresentable {
    /// Nil in a request for a random one.
    public var seed: String?
    public var size: Int
    public var target: Int
    /// Against a record whose seed is known, so never eligible for a board.
    public var isGhost: Bool

    public init(seed: String? = nil, size: Int = 4, target: Int = 2048, isGhost: Bool = false) {
        self.seed = seed
        self.size = size
        self.target = target
        self.isGhost = isGhost
    }

    public static let blank = PracticeOptions()
    public static let fieldTable: [Field<PracticeOptions>] = [
        .string("seed", \.seed) { seed throws(ProtocolError) in
            guard Names.isValidSeed(seed) else {
                throw ProtocolError(.badOption, "seed=\(TextFilter.quoted(seed)) must be 1 to 64 characters from A-Z a-z 0-9 _ - . :")
            }
        },
        .optional(.integer("size", \.size, code: .badOption)), .optional(.integer("target", \.target, code: .badOption)),
        .flag("ghost", \.isGhost, code: .badOption),
    ]

    public init(fields: Fields) throws(ProtocolError) {
        self = try Self.read(fields)
        _ = try RoomOptions(size: size, target: target).gameConfig
    }
}
