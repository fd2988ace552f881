/// A state a request needs (protocol.md section 3), with the error code that
/// refuses it. `RequestVerb` lists them per verb; the server checks them in
/// that order, in one place, before it parses the arguments.
public enum Requirement: Hashable, Sendable {
    /// `HELLO` not yet accepted (else `already-greeted`).
    case notGreeted
    /// `HELLO` accepted (else `hello-first`).
    case greeted
    /// A nickname is set (else `no-nick`).
    case named
    /// Not in a room and not playing (else `busy`).
    case free
    /// In a room, as player or watcher (else `not-in-room`).
    case member
    /// In a room as a player (else `not-in-room`: a watcher is not a player).
    case player
    /// The room is not racing (else `race-in-progress`).
    case roomNotRacing
    /// A game (race or practice) is running for this connection (else `not-racing`).
    case racing
    /// A practice game is running for this connection (else `not-racing`).
    case practicing

    /// The code of the `ERR` that refuses a request when this is not met.
    public var errorCode: ErrorCode {
        switch self {
        case .notGreeted: .alreadyGreeted
        case .greeted: .helloFirst
        case .named: .noNickname
        case .free: .busy
        case .member, .player: .notInRoom
        case .roomNotRacing: .raceInProgress
        case .racing, .practicing: .notRacing
        }
    }
}
