/// The `OK RECORD` line that ends a record: the game it rebuilds (seed, size,
/// target) and how the log came (entries, chunks).
public struct RecordSummary: FieldsRepresentable {
    /// The nickname, as the entry shows it.
    public var nickname: String
    /// The game's seed text.
    public var seed: String
    /// Board size.
    public var size: Int
    /// Target tile.
    public var target: Int
    /// Entries in the log.
    public var entries: Int
    /// `LOG` lines before this one.
    public var count: Int

    /// Creates a summary.
    public init(nickname: String, seed: String, size: Int, target: Int, entries: Int, count: Int) {
        self.nickname = nickname
        self.seed = seed
        self.size = size
        self.target = target
        self.entries = entries
        self.count = count
    }

    public init(fields: Fields) throws(ProtocolError) {
        let seed = try fields.string("seed")
        guard Names.isValidSeed(seed) else { throw ProtocolError(.badArguments, "seed=\(TextFilter.quoted(seed)) is not a valid seed") }
        self.init(
            nickname: try fields.name("nick"), seed: seed, size: try fields.integer("size"), target: try fields.integer("target"),
            entries: try fields.integer("entries", in: 0...Int.max), count: try fields.integer("count", in: 0...Int.max))
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("nick", nickname)
        fields.append("seed", seed)
        fields.append("size", size)
        fields.append("target", target)
        fields.append("entries", entries)
        fields.append("count", count)
        return fields
    }
}
