import TileRaceProtocol

/// Dropped players' held seats (protocol.md 5.1.1, 7), deadlines on our clock (`Model.now`):
/// once passed, the player is no longer shown away, even if the server's word was missed.
struct AwaySeats: Hashable, Sendable {
    /// Client milliseconds, by case-insensitive nickname.
    private var deadlines: [Nickname: Int] = [:]

    /// `deadline` is client milliseconds.
    mutating func markAway(_ nickname: String, until deadline: Int) {
        deadlines[Nickname(nickname)] = deadline
    }

    /// `BACK`, `FINISH`, `LEFT`.
    mutating func clear(_ nickname: String) {
        deadlines[Nickname(nickname)] = nil
    }

    /// Even if that time has passed.
    func deadline(of nickname: String) -> Int? { deadlines[Nickname(nickname)] }

    /// Rounded up (at least 1); nil when not away or past the deadline.
    func secondsLeft(_ nickname: String, at now: Int) -> Int? {
        guard let deadline = deadline(of: nickname), deadline > now else { return nil }
        return (deadline - now + 999) / 1000
    }

    /// E.g. "away 27s".
    func mark(_ nickname: String, at now: Int) -> String? { secondsLeft(nickname, at: now).map { "away \($0)s" } }

    /// A mark on screen then counts down.
    func isAnyoneAway(at now: Int) -> Bool { deadlines.values.contains { $0 > now } }
}
