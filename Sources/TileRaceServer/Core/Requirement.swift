import TileRaceProtocol

/// A condition a request needs (protocol.md section 3), each with the error
/// that refuses it. `CommandTable` lists them per verb; `ServerCore` checks
/// them in that order, in one place, before any handler runs.
enum Requirement: Hashable, Sendable {
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
    /// In a room as a player (else `not-in-room`).
    case player
    /// The room is not racing (else `race-in-progress`).
    case roomNotRacing
    /// A game (race or practice) is running for this connection (else `not-racing`).
    case racing
}
