import TileRaceEngine

/// A request the client wants to make of the server, independent of the
/// wire format: the network phase turns each into protocol messages.
enum ClientIntent: Hashable, Sendable {
    /// Ask for the list of rooms.
    case listRooms
    /// Create a room (and join it).
    case createRoom(RoomOptions)
    /// Join a room by name, with its join code when private.
    case joinRoom(name: String, code: String?)
    /// Leave the current room.
    case leaveRoom
    /// Say whether this player is ready to race.
    case setReady(Bool)
    /// A move in the race; `sequence` counts the actions sent in this race from 1.
    case move(Direction, sequence: Int)
    /// Undo in the race (when the room allows assists).
    case undo(sequence: Int)
    /// Remove a tile in the race (when the room allows assists).
    case removeTile(Cell, sequence: Int)
    /// Start the race's board again from its seed; the race clock keeps running.
    case restart(sequence: Int)
    /// Give up the race.
    case resign
    /// Submit a finished game to the leaderboard.
    case submit(Submission)
    /// Ask for a page of the leaderboard.
    case queryLeaderboard(LeaderboardQuery)
}

/// A finished game offered to the leaderboard.
struct Submission: Hashable, Sendable {
    /// The nickname to file it under.
    var nickname: String
    /// The nickname's secret token from an earlier claim, if any.
    var token: String?
    /// The game: seed, size, target and record.
    var record: GameRecord
    /// Whether it is the daily challenge (its own leaderboard).
    var isDaily: Bool
}

/// A complete game record: enough for anyone to replay and verify it.
struct GameRecord: Hashable, Sendable {
    /// The seed as text.
    var seed: String
    /// The board size.
    var size: Int
    /// The target tile.
    var target: Int
    /// Every move, undo and removal in order.
    var log: GameLog
    /// The time played, in seconds (the server keeps the official time in races).
    var elapsed: Double
}

/// A leaderboard request.
struct LeaderboardQuery: Hashable, Sendable {
    /// All time or today's daily challenge.
    var scope: LeaderboardScope
    /// The column to sort by.
    var column: LeaderboardColumn
    /// Ascending or descending.
    var isAscending: Bool
    /// The first entry wanted (0-based).
    var offset: Int
    /// How many entries.
    var limit: Int
}
