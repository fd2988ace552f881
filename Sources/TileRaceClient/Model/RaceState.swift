import TileRaceEngine
import TileRaceProtocol

extension FinishReason {
    var title: String {
        switch self {
        case .target: "target"
        case .over: "no moves"
        case .resigned: "resigned"
        case .left: "left"
        case .time: "time up"
        }
    }
}

enum RacerStatus: Hashable, Sendable {
    case playing
    case finished(FinishReason)
}

/// One racer as the server reports them.
struct RacePlayer: Hashable, Sendable {
    /// Their nickname (filtered when drawn).
    var nickname: String
    var score: Int
    var largestTile: Int
    var moves: Int
    var status: RacerStatus
    /// Their board, when the server sent one (for mini-boards).
    var board: Board?
    var isYou = false
    /// Whether they said they are a bot (known from the room's members).
    var isBot = false
    /// Race milliseconds when they finished, if they did (the official time).
    var finishedAfter: Int?

    /// The group they rank in: one still racing ranks with those who played on.
    var standingGroup: FinishReason.Group {
        if case .finished(let reason) = status { return reason.group }
        return .playedOn
    }
}

/// One line of the final standings: a `RESULT` line as the client keeps it.
/// The finish's figures read straight through it (`standing.score`).
@dynamicMemberLookup
struct Standing: Hashable, Sendable {
    var finish: RacerFinish
    /// Whether the racer is a bot, as known when the line arrived: kept with
    /// the result, so the tag stays after the bot has left the room.
    var isBot: Bool

    /// A standing from a `RESULT` line.
    init(_ finish: RacerFinish, isBot: Bool = false) {
        self.finish = finish
        self.isBot = isBot
    }

    var place: Int { finish.place ?? 0 }
    var nickname: String { finish.nickname }

    /// The finish's figures: `score`, `largestTile`, `moves`, `reason`, ...
    subscript<Value>(dynamicMember keyPath: KeyPath<RacerFinish, Value>) -> Value {
        finish[keyPath: keyPath]
    }
}

/// Something that happened in the race, shown in the feed.
struct Announcement: Hashable, Sendable {
    /// The text (built from filtered names).
    var text: String
    /// When (monotonic milliseconds).
    var at: Int
}

/// A race in a room, from its `START`: the racers, their progress, the outcome.
struct RaceState: Hashable, Sendable {
    enum Phase: Hashable, Sendable {
        /// Racing since `startedAt` (monotonic milliseconds: when `START` arrived).
        case racing(startedAt: Int)
        /// Over, with the final standings.
        case finished(standings: [Standing])
    }

    /// The most announcements kept.
    static let maximumAnnouncements = 20

    var room: String
    /// The race's options (its seed is in the game).
    var options: RoomOptions
    var phase: Phase
    /// Everyone racing, us included, in the server's order.
    var players: [RacePlayer]
    /// The feed, oldest first.
    var announcements: [Announcement] = []
    /// `RESULT` lines received, waiting for `END`.
    var results: [Standing] = []
    /// Every racer's score over time, for the chart after the race.
    var timeline = RaceTimeline()
    /// The racers whose connection dropped, until `BACK`, their `FINISH`,
    /// `LEFT` or the end of the race.
    var away = AwaySeats()

    /// The racers ordered for display, as the server ranks its standings
    /// (protocol.md section 7): target finishers by time; then those still
    /// racing or who played on to the end; then those who resigned or left
    /// (never above anyone still racing). Within a group: score (higher
    /// first), fewer moves, nickname.
    var ranked: [RacePlayer] {
        players.sorted { a, b in
            let (aGroup, bGroup) = (a.standingGroup, b.standingGroup)
            if aGroup != bGroup { return aGroup < bGroup }
            if aGroup == .reachedTarget, let x = a.finishedAfter, let y = b.finishedAfter, x != y { return x < y }
            if a.score != b.score { return a.score > b.score }
            if a.moves != b.moves { return a.moves < b.moves }
            return a.nickname < b.nickname
        }
    }

    func isBot(_ nickname: String) -> Bool {
        let key = nickname.lowercased()
        return players.contains { $0.isBot && $0.nickname.lowercased() == key }
    }

    var isOver: Bool {
        if case .finished = phase { return true }
        return false
    }

    /// Records a racer's figures (and, while racing, the point on their
    /// line); a new finish is announced.
    mutating func update(_ player: RacePlayer, at now: Int) {
        if case .racing(let startedAt) = phase {
            var reason: FinishReason?
            if case .finished(let finish) = player.status { reason = finish }
            timeline.record(
                nickname: player.nickname, isYou: player.isYou, milliseconds: player.finishedAfter ?? (now - startedAt),
                score: player.score, finish: reason)
        }
        if let index = players.firstIndex(where: { $0.nickname == player.nickname }) {
            let before = players[index].status
            players[index] = player
            if before != player.status { announce(player, at: now) }
        } else {
            players.append(player)
            if player.status != .playing { announce(player, at: now) }
        }
    }

    /// Starts every racer's line at zero (at `START`).
    mutating func startTimeline() {
        for player in players {
            timeline.record(nickname: player.nickname, isYou: player.isYou, milliseconds: 0, score: player.score, finish: nil)
        }
    }

    mutating func announce(_ text: String, at now: Int) {
        announcements.append(Announcement(text: text, at: now))
        if announcements.count > RaceState.maximumAnnouncements { announcements.removeFirst() }
    }

    private mutating func announce(_ player: RacePlayer, at now: Int) {
        let who = player.isYou ? "you" : ScreenText.sanitize(player.nickname)
        let after = player.finishedAfter.map { " after " + Format.clock(milliseconds: $0) } ?? ""
        let text: String
        switch player.status {
        case .playing: return
        case .finished(.target): text = "\(who) reached \(options.target)\(after)!"
        case .finished(.over): text = "\(who): no moves left · \(Format.grouped(player.score))"
        case .finished(.resigned): text = "\(who) resigned · \(Format.grouped(player.score))"
        case .finished(.left): text = "\(who) left the race · \(Format.grouped(player.score))"
        case .finished(.time): text = "\(who): time up · \(Format.grouped(player.score))"
        }
        announce(text, at: now)
    }
}
