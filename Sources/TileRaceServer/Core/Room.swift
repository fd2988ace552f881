import TileRaceProtocol

/// A room. Players are in join order. Owned by its shard's queue.
final class Room {
    let name: String
    /// Lower case: room names compare case-insensitively.
    let key: String
    let options: RoomOptions
    let isDaily: Bool
    var players: [ConnectionID] = []
    var watchers: [ConnectionID] = []
    var ready: Set<ConnectionID> = []
    var bots: Set<ConnectionID> = []
    var countdownEndsAt: Int?
    var race: Race?
    var progressSentAt: Int?
    var isProgressTimerSet = false
    /// For a racer who comes back after the race ended.
    var lastResults: (race: Int, lines: [String])?
    /// At most `ServerLimits.chatHistoryLines`; memory only, never on disk.
    var chatHistory: [ChatLine] = []
    /// The log counts chat lines but never shows them.
    var chatLineCount = 0
    /// An arena's race: the arena, the race's number in it, who races berserk.
    var arena: (id: Int, race: Int, berserk: Set<String>)?

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

    static func key(_ name: String) -> String { name.lowercased() }

    var state: RoomState {
        if race != nil { return .racing }
        return countdownEndsAt == nil ? .waiting : .countdown
    }

    var isPrivate: Bool { options.code != nil }

    var everyone: [ConnectionID] { players + watchers }

    var isEmpty: Bool { players.isEmpty && watchers.isEmpty }

    /// Such a race starts without a countdown.
    var isOnePersonWithBots: Bool { !bots.isEmpty && players.count - bots.count == 1 }

    /// The description sent in `ROOM` items and `OK CREATE/JOIN/WATCH`.
    var description: RoomDescription {
        RoomDescription(
            name: name, state: state, size: options.size, target: options.target,
            allowsAssists: options.allowsAssists, timeLimit: options.timeLimit, isPrivate: isPrivate,
            playerCount: players.count, watcherCount: watchers.count, botCount: bots.count, isRated: options.isRated)
    }
}
