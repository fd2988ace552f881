/// The `OK RECORD` that ends a record: the game it rebuilds and how the log came.
public struct RecordSummary: FieldsRepresentable {
    /// As the entry shows it.
    public var nickname: String
    public var seed: String
    public var size: Int
    public var target: Int
    /// Entries in the log.
    public var entries: Int
    /// `LOG` lines before this one.
    public var count: Int

    public init(nickname: String, seed: String, size: Int, target: Int, entries: Int, count: Int) {
        self.nickname = nickname
        self.seed = seed
        self.size = size
        self.target = target
        self.entries = entries
        self.count = count
    }

    public static let blank = RecordSummary(nickname: "", seed: "", size: 0, target: 0, entries: 0, count: 0)
    public static let fieldTable: [Field<RecordSummary>] = [
        .name("nick", \.nickname), .seed("seed", \.seed), .integer("size", \.size), .integer("target", \.target),
        .integer("entries", \.entries, in: 0...Int.max), .integer("count", \.count, in: 0...Int.max),
    ]
}
