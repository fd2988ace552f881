/// A ban as the server keeps and lists it (a `BAN` item, `OK BAN`):
/// `target=<nick|address> kind=nick|address until=<time>|never [reason=<text>]`,
/// where `<time>` is UTC (`2026-11-26T09:30:00.000Z`) and the reason is
/// percent-encoded (`PercentText`).
public struct BanInfo: FieldsRepresentable {
    /// Whom it bans.
    public var target: BanTarget
    /// When it ends, in milliseconds since 1970 UTC; nil: never.
    public var untilMilliseconds: Int?
    /// Why, as the operator said (may be empty).
    public var reason: String

    /// Creates a ban.
    public init(target: BanTarget, untilMilliseconds: Int?, reason: String) {
        self.target = target
        self.untilMilliseconds = untilMilliseconds
        self.reason = reason
    }

    /// Whether it holds at `nowMilliseconds` (wall clock, since 1970).
    public func isActive(at nowMilliseconds: Int) -> Bool {
        untilMilliseconds.map { nowMilliseconds < $0 } ?? true
    }

    /// When it ends, for people: a UTC timestamp, or `never`.
    public var untilText: String {
        untilMilliseconds.map { UTCTime.timestamp(epochMilliseconds: $0) } ?? "never"
    }

    /// The `ERR banned` text a banned player reads.
    public var refusalText: String {
        let whom: String
        switch target {
        case .nickname(let nickname): whom = "the nickname \(nickname) is banned"
        case .address: whom = "your address is banned"
        }
        let until = untilMilliseconds == nil ? " for good" : " until \(untilText)"
        return whom + until + (reason.isEmpty ? "" : ": \(reason)")
    }

    public init(fields: Fields) throws(ProtocolError) {
        let target = try BanTarget(try fields.string("target"))
        _ = try fields.choice("kind", among: ["nick", "address"])
        let until = try fields.string("until")
        var milliseconds: Int?
        if until != "never" {
            guard let parsed = UTCTime.epochMilliseconds(timestamp: until) else {
                throw ProtocolError(.badArguments, "until=\(TextFilter.quoted(until)) is not a UTC time or never")
            }
            milliseconds = parsed
        }
        let reason = try fields["reason"].map { (value: String) throws(ProtocolError) in
            try PercentText.decode(value, key: "reason", code: .badArguments)
        }
        self.init(target: target, untilMilliseconds: milliseconds, reason: reason ?? "")
    }

    public var fields: Fields {
        var fields = Fields()
        fields.append("target", target.description)
        fields.append("kind", target.kind)
        fields.append("until", untilText)
        if !reason.isEmpty { fields.append("reason", PercentText.encode(reason)) }
        return fields
    }
}
