import TileRaceProtocol

/// A room. Players are in join order. Owned by its shard's queue.
final class Room {
    let name: String
    /// The name's key (lower case): room names are compared without regard to case.
    let key: String
    /// The options fixed at creation (with the join code of a private room).
    let options: RoomOptions
    /// Whether this is the permanent `daily` room.
    let isDaily: Bool
    var players: [ConnectionID] = []
    var watchers: [ConnectionID] = []
    var ready: Set<ConnectionID> = []
    /// Players who said they are bots (`HELLO ... bot=yes`).
    var bots: Set<ConnectionID> = []
    /// When the countdown ends, while one runs.
    var countdownEndsAt: Int?
    var race: Race?
    /// When the room last sent its racers' `PROGRESS`.
    var progressSentAt: Int?
    /// Whether the core's timer for the room's next `PROGRESS` is set.
    var isProgressTimerSet = false
    /// The last race's id and its `RESULT` and `END` lines (for a racer who
    /// comes back after it ended).
    var lastResults: (race: Int, lines: [String])?
    /// The room's last lines of chat (at most `ServerLimits.chatHistoryLines`),
    /// oldest first, sent to whoever joins or watches; kept in memory only.
    var chatHistory: [ChatLine] = []
    /// The lines of chat said in the room, for the log (which counts them
    /// and never shows them).
    var chatLineCount = 0

    init(name: String, options: RoomOptions, isDaily: Bool = false) {
        self.name = name
        self.key = Room.key(name)
        self.options = options
        self.isDaily = isDaily
    }

    /// The permanent `daily` room (shard 0 hosts it): 4x4 to 2048, no
    /// assists, no time limit.
    static func daily() -> Room {
        Room(name: "daily", options: RoomOptions(size: 4, target: 2048, allowsAssists: false, timeLimit: 0), isDaily: true)
    }

    /// The key a room name is looked up by.
    static func key(_ name: String) -> String { name.lowercased() }

    /// Waiting, counting down or racing.
    var state: RoomState {
        if race != nil { return .racing }
        return countdownEndsAt == nil ? .waiting : .countdown
    }

    /// Whether a join code is needed.
    var isPrivate: Bool { options.code != nil }

    var everyone: [ConnectionID] { players + watchers }

    var isEmpty: Bool { players.isEmpty && watchers.isEmpty }

    /// Whether the players are one person and at least one bot: their race
    /// starts without a countdown.
    var isOnePersonWithBots: Bool { !bots.isEmpty && players.count - bots.count == 1 }

    /// The description sent in `ROOM` items and `OK CREATE/JOIN/WATCH`.
    var description: RoomDescription {
        RoomDescription(
            name: name, state: state, size: options.size, target: options.target,
            allowsAssists: options.allowsAssists, timeLimit: options.timeLimit, isPrivate: isPrivate,
            playerCount: players.count, watcherCount: watchers.count, botCount: bots.count, isRated: options.isRated)
    }
}
