/// One logged event: a fixed `event` name, its `fields` in order, and the
/// human `message`. Both log formats write the same entries.
public struct LogEntry: Hashable, Sendable {
    public struct Field: Hashable, Sendable {
        /// The fact's name, e.g. `peer`.
        public var key: String
        public var value: Value

        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = .text(value)
        }

        public init(_ key: String, _ value: Int) {
            self.key = key
            self.value = .number(value)
        }

        /// `nick`, when there is a nickname (none before `HELLO` with one).
        public static func nick(_ nickname: String?) -> [Field] {
            nickname.map { [Field("nick", $0)] } ?? []
        }
    }

    /// The value of a field: a JSON string or a JSON number.
    public enum Value: Hashable, Sendable {
        case text(String)
        case number(Int)
    }

    /// What happened, a fixed name (docs/hosting.md, "Logs for collectors", lists them).
    public var event: String
    public var fields: [Field]
    /// The line a person reads (without the time).
    public var message: String

    public init(_ event: String, _ fields: [Field] = [], message: String) {
        self.event = event
        self.fields = fields
        self.message = message
    }

    /// A line with no event of its own (`message`): text that was logged as is.
    public init(message: String) {
        self.init("message", message: message)
    }
}
