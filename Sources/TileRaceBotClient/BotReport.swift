import TileRaceProtocol

/// Something a bot player tells its owner (the command line prints it).
public enum BotReport: Hashable, Sendable {
    case connected(nickname: String)
    /// The first was taken: trying the next.
    case nicknameTaken(String, next: String)
    /// We are in the room (`created` when we made it), waiting for the next race.
    case joined(room: String, created: Bool)
    /// We are in the arena, paired with whoever is free near our rank.
    case joinedArena(Int)
    /// `number` counts from 1 since we joined: `START`'s `race=` is unique on the server,
    /// not the room's count.
    case raceStarted(number: Int, players: Int)
    case finished(FinishReason, score: Int, largestTile: Int, moves: Int)
    case placed(place: Int, of: Int, score: Int)
    /// The server's copy of our game replaced ours (`RESYNC`).
    case resynced(seq: Int)
    /// We answered the server's `PING`.
    case pinged
    /// Something worth knowing that changes nothing (a refused request).
    case note(String)

    /// The report in words (without the bot's name), e.g. `joined room test`.
    public var text: String {
        switch self {
        case .connected(let nickname): "connected as \(nickname)"
        case .nicknameTaken(let taken, let next): "\(taken) is taken: trying \(next)"
        case .joined(let room, let created): created ? "created room \(room)" : "joined room \(room)"
        case .joinedArena(let id): "joined arena \(id)"
        case .raceStarted(let number, let players): "race \(number) started (\(players) \(players == 1 ? "player" : "players"))"
        case .finished(let reason, let score, let largestTile, let moves):
            "finished (\(reason.rawValue)): score \(score), best tile \(largestTile), \(moves) moves"
        case .placed(let place, let count, let score): "place \(place) of \(count) with \(score)"
        case .resynced(let seq): "took the server's copy of the game (after entry \(seq))"
        case .pinged: "answered PING"
        case .note(let text): text
        }
    }
}
