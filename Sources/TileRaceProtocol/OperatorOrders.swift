/// The operator's `BAN <nick|address> [for=<duration>] [reason=<text>]`.
public struct BanOrder: FieldsRepresentable {
    public var target: BanTarget
    /// How long, in seconds; nil: for good.
    public var seconds: Int?
    /// Why (may be empty).
    public var reason: String

    public init(target: BanTarget, seconds: Int? = nil, reason: String = "") {
        self.target = target
        self.seconds = seconds
        self.reason = reason
    }

    public static let blank = BanOrder(target: .nickname(""))
    public static let fieldTable: [Field<BanOrder>] = [
        Field(
            key: "", write: { order, fields in fields.positionals.append(order.target.description) },
            read: { order, fields throws(ProtocolError) in order.target = try BanTarget(fields.positionals[0]) }),
        .value(
            "for", \.seconds, encode: { $0.map { "\($0)s" } },
            decode: { text throws(ProtocolError) in
                try text.map { (text: String) throws(ProtocolError) in try Duration.seconds(text, key: "for") }
            }),
        .percentText("reason", \.reason, code: .badOption),
    ]

    /// `90s`, `30m`, `12h`, `7d`: 1 second to 3650 days.
    public enum Duration {
        /// - Throws: `bad-option` for another form or a value out of range.
        public static func seconds(_ text: String, key: String) throws(ProtocolError) -> Int {
            let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
            guard let unit = text.last.flatMap({ units[$0] }), let number = Int(text.dropLast()),
                text.dropLast().allSatisfy(\.isASCII), number > 0, number <= 3650 * 86_400 / unit
            else {
                throw ProtocolError(
                    .badOption, "\(key)=\(TextFilter.quoted(text)) must be a whole number and s, m, h or d (90s, 30m, 12h, 7d)")
            }
            return number * unit
        }
    }
}

/// The operator's `REMOVE-ENTRY`.
public struct RemovalOrder: FieldsRepresentable {
    /// The entry: nickname, board and date, as `RECORD` names one.
    public var query: RecordQuery
    /// Why (logged, may be empty).
    public var reason: String

    public init(query: RecordQuery, reason: String = "") {
        self.query = query
        self.reason = reason
    }

    public static let blank = RemovalOrder(query: .blank)
    public static let fieldTable: [Field<RemovalOrder>] =
        Field.part(\RemovalOrder.query) + [.percentText("reason", \.reason, code: .badOption)]
}
