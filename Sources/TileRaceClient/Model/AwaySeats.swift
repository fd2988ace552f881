import TileRaceProtocol

/// The players whose connection dropped, as the others in the room see them
/// (protocol.md sections 5.1.1 and 7): from `AWAY ... ms=<ms>` the server
/// holds a player's seat for `ms` milliseconds, until `BACK`, or their
/// `FINISH`/`LEFT`. Each deadline is on the client's clock (`Model.now`):
/// once it has passed, the seat was taken back or is gone, and the player is
/// no longer shown away, even if the server's word about it was missed.
struct AwaySeats: Hashable, Sendable {
    /// When each away player's seat stops being held (client milliseconds),
    /// by nickname (without regard to case).
    private var deadlines: [Nickname: Int] = [:]

    init() {}

    /// `AWAY`: `nickname`'s seat is held until `deadline` (client milliseconds).
    mutating func markAway(_ nickname: String, until deadline: Int) {
        deadlines[Nickname(nickname)] = deadline
    }

    /// `BACK`, `FINISH`, `LEFT`: `nickname` is no longer away.
    mutating func clear(_ nickname: String) {
        deadlines[Nickname(nickname)] = nil
    }

    /// When `nickname`'s seat stops being held, if they are away (even if that time has passed).
    func deadline(of nickname: String) -> Int? {
        deadlines[Nickname(nickname)]
    }

    /// The whole seconds `nickname`'s seat is still held at `now`, rounded
    /// up (at least 1); nil when they are not away or the deadline has passed.
    func secondsLeft(_ nickname: String, at now: Int) -> Int? {
        guard let deadline = deadline(of: nickname), deadline > now else { return nil }
        return (deadline - now + 999) / 1000
    }

    /// The mark beside an away player, e.g. "away 27s"; nil when they are not away.
    func mark(_ nickname: String, at now: Int) -> String? {
        secondsLeft(nickname, at: now).map { "away \($0)s" }
    }

    /// Whether anyone is away at `now` (a mark on screen counts down).
    func isAnyoneAway(at now: Int) -> Bool {
        deadlines.values.contains { $0 > now }
    }
}
