/// A state a request needs, with the error that refuses it. The gate checks them
/// in the verb's order, before the request's values.
public enum Requirement: CaseIterable, Hashable, Sendable {
    /// `HELLO` not yet accepted (else `already-greeted`).
    case notGreeted
    /// `HELLO` accepted (else `hello-first`).
    case greeted
    /// A nickname is set (else `no-nick`).
    case named
    /// Not in a room, as player or watcher (else `busy`).
    case outsideRooms
    /// No practice game is running for this connection (else `busy`).
    case notPracticing
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
    /// The connection unlocked the operator's requests with `AUTH` (else `not-operator`).
    case `operator`

    /// The `ERR` that refuses a request when this is not met.
    public var refusal: ProtocolError {
        switch self {
        case .notGreeted: ProtocolError(.alreadyGreeted, "HELLO was already accepted")
        case .greeted: ProtocolError(.helloFirst, "send HELLO tilerace 1 [nick] first")
        case .named: ProtocolError(.noNickname, "set a nickname first: NICK <nick>")
        case .outsideRooms: ProtocolError(.busy, "you are in a room; LEAVE it first")
        case .notPracticing: ProtocolError(.busy, "you are playing a practice game; RESIGN it first")
        case .member: ProtocolError(.notInRoom, "you are not in a room")
        case .player: ProtocolError(.notInRoom, "you are not a player in a room")
        case .roomNotRacing: ProtocolError(.raceInProgress, "the room is racing; wait for the race to end")
        case .practicing: ProtocolError(.notRacing, "no practice game is running (a race's clock cannot be paused)")
        case .racing: ProtocolError(.notRacing, "no game is running for you")
        case .operator: ProtocolError(.notOperator, "this request is for the server's operator: AUTH <secret> first")
        }
    }
}
