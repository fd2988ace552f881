/// What a bot can refuse, with a stable code and a message for people.
public enum BotError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidStrength(Int)

    /// A short stable identifier, for programs and tests.
    public var code: String {
        switch self {
        case .invalidStrength: "invalid-strength"
        }
    }

    public var message: String {
        switch self {
        case .invalidStrength(let strength):
            "bot strength \(strength) is out of range: expected \(Bot.strengthRange.lowerBound) to \(Bot.strengthRange.upperBound)"
        }
    }

    public var description: String { message }
}
