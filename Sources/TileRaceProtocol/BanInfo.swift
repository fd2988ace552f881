/// A ban as the server lists it (`BAN` item); the reason is percent-encoded.
public struct BanInfo: FieldsRepresentable {
    public var target: BanTarget
    /// When it ends, in milliseconds since 1970 UTC; nil: never.
    public var untilMilliseconds: Int?
    /// Why, as the operator said (may be empty).
    public var reason: String

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

    public static let blank = BanInfo(target: .nickname(""), untilMilliseconds: nil, reason: "")

    public static let fieldTable: [Field<BanInfo>] = [
        .value(
            "target", \.target, encode: { $0.description },
            decode: { text throws(ProtocolError) in try BanTarget(try Fields.required(text, "target"), readsOlderWords: true) }),
        .derived("kind", { $0.target.kind }, among: ["nick", "address"]),
        .value(
            "until", \.untilMilliseconds, encode: { $0.map { UTCTime.timestamp(epochMilliseconds: $0) } ?? "never" },
            decode: {
                text throws(ProtocolError) in
                let until = try Fields.required(text, "until")
                guard until != "never" else { return nil }
                guard let milliseconds = UTCTime.epochMilliseconds(timestamp: until) else {
                    throw ProtocolError(.badArguments, "until=\(TextFilter.quoted(until)) is not a UTC time or never")
                }
                return milliseconds
            }),
        .percentText("reason", \.reason),
    ]
}
