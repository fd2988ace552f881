/// Why a bot stopped playing.
public enum BotEnding: Hashable, Sendable {
    /// It was asked to (Ctrl-C, or its owner left the room) and said goodbye.
    case stopped
    /// The server refused what it needs (a nickname, the room): the reason.
    case refused(String)
    /// The connection failed or ended: the reason (with the server's `BYE` text).
    case disconnected(String)
    /// Its arena's time is up (`ARENA-END`); the podium, best first.
    case arenaOver(podium: [String])

    /// One line for people.
    public var message: String {
        switch self {
        case .stopped: "left"
        case .refused(let reason), .disconnected(let reason): reason
        case .arenaOver(let podium): "the arena is over" + (podium.isEmpty ? "" : ": " + podium.joined(separator: ", "))
        }
    }

    /// Asked to, or done with what it was started for.
    public var isStopped: Bool {
        switch self {
        case .stopped, .arenaOver: true
        case .refused, .disconnected: false
        }
    }
}
