import TileRaceProtocol

/// The base, then `-2`, `-3`, ..., shortened to stay valid names.
public enum BotNickname {
    /// How many nicknames a bot tries before giving up.
    public static let maximumAttempts = 50

    /// The nickname of try `attempt` (0 is the base itself).
    public static func candidate(_ base: String, attempt: Int) -> String {
        guard attempt > 0 else { return base }
        let suffix = "-\(attempt + 1)"
        return String(base.prefix(Names.maximumNameLength - suffix.count)) + suffix
    }

    /// `bot-<index>` by default; `base` alone for a single bot, else `base-<index>`.
    public static func numbered(_ base: String?, index: Int, count: Int) -> String {
        guard let base else { return "bot-\(index)" }
        return count == 1 ? base : "\(base)-\(index)"
    }
}
