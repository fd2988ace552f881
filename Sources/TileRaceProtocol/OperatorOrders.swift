/// The values of the operator's `BAN` request (protocol.md section 13).
public struct BanOrder: Hashable, Sendable {
    /// The `key=value` fields `BAN` accepts.
    public static let keys: Set<String> = ["for", "reason"]

    /// Whom to ban.
    public var target: BanTarget
    /// How long, in seconds; nil: for good.
    public var seconds: Int?
    /// Why (may be empty).
    public var reason: String

    /// Creates an order.
    public init(target: BanTarget, seconds: Int? = nil, reason: String = "") {
        self.target = target
        self.seconds = seconds
        self.reason = reason
    }

    /// Reads `<nick|address> [for=<duration>] [reason=<text>]`.
    public init(fields: Fields) throws(ProtocolError) {
        let seconds = try fields["for"].map { (text: String) throws(ProtocolError) in try Duration.seconds(text, key: "for") }
        self.init(
            target: try BanTarget(fields.positionals[0]), seconds: seconds, reason: try OperatorField.reason(in: fields))
    }

    /// The fields after the verb.
    public var fields: Fields {
        var fields = Fields(positionals: [target.description])
        if let seconds { fields.append("for", "\(seconds)s") }
        if !reason.isEmpty { fields.append("reason", PercentText.encode(reason)) }
        return fields
    }

    /// Durations of `for=`: a whole number followed by `s`, `m`, `h` or `d`
    /// (`90s`, `30m`, `12h`, `7d`), 1 second to 3650 days.
    public enum Duration {
        /// The seconds a duration word stands for.
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

/// The values of the operator's `REMOVE-ENTRY` request.
public struct RemovalOrder: Hashable, Sendable {
    /// The `key=value` fields `REMOVE-ENTRY` accepts.
    public static let keys: Set<String> = ["board", "date", "reason"]

    /// The entry: nickname, board and date, as `RECORD` names one.
    public var query: RecordQuery
    /// Why (logged, may be empty).
    public var reason: String

    /// Creates an order.
    public init(query: RecordQuery, reason: String = "") {
        self.query = query
        self.reason = reason
    }

    /// Reads `<nick> [board=all|daily|sprint|sprint-daily] [date=YYYY-MM-DD] [reason=<text>]`.
    public init(fields: Fields) throws(ProtocolError) {
        var withoutReason = fields
        withoutReason.pairs.removeAll { $0.key == "reason" }
        self.init(query: try RecordQuery(fields: withoutReason), reason: try OperatorField.reason(in: fields))
    }

    /// The fields after the verb.
    public var fields: Fields {
        var fields = query.fields
        if !reason.isEmpty { fields.append("reason", PercentText.encode(reason)) }
        return fields
    }
}

/// Fields the operator's requests share.
enum OperatorField {
    /// The optional percent-encoded `reason=`, decoded (empty when absent).
    static func reason(in fields: Fields) throws(ProtocolError) -> String {
        try fields["reason"].map { (value: String) throws(ProtocolError) in try PercentText.decode(value, key: "reason") } ?? ""
    }
}
