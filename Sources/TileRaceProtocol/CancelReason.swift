/// Why a countdown stopped. An unknown word reads as `other`, so later servers may add reasons.
public enum CancelReason: Hashable, Sendable {
    /// A player became not ready.
    case unready
    /// A player left.
    case left
    /// A new player came in.
    case joined
    /// A player's connection dropped.
    case away
    /// A reason this version does not know, as sent (printable ASCII only).
    case other(String)

    /// The reasons this version knows, in the order protocol.md lists them.
    public static let known: [CancelReason] = [.unready, .left, .joined, .away]

    /// Reads a reason from its wire word; an unknown word is kept as `other`.
    public init(word: String) {
        self = CancelReason.known.first { $0.word == word } ?? .other(TextFilter.printableASCII(word))
    }

    public var word: String {
        switch self {
        case .unready: "unready"
        case .left: "left"
        case .joined: "joined"
        case .away: "away"
        case .other(let word): word
        }
    }
}
