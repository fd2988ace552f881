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

struct RacePlayer: Hashable, Sendable {
    /// Filtered when drawn.
    var nickname: String
    var score: Int
    var largestTile: Int
    var moves: Int
    var status: RacerStatus
    /// When the server sent one (for mini-boards).
    var board: Board?
    var isYou = false
    /// Known from the room's members.
    var isBot = false
    /// The official time, in race milliseconds.
    var finishedAfter: Int?

    /// One still racing ranks with those who played on.
    var standingGroup: FinishReason.Group {
        if case .finished(let reason) = status { return reason.group }
        return .playedOn
    }
}

/// A kept `RESULT` line; the finish's figures read through it (`standing.score`).
@dynamicMemberLookup
struct Standing: Hashable, Sendable {
    var finish: RacerFinish
    /// Kept with the result, so the tag stays after the bot has left the room.
    var isBot: Bool

    init(_ finish: RacerFinish, isBot: Bool = false) {
        self.finish = finish
        self.isBot = isBot
    }

    var place: Int { finish.place ?? 0 }
    var nickname: String { finish.nickname }

    subscript<Value>(dynamicMember keyPath: KeyPath<RacerFinish, Value>) -> Value {
        finish[keyPath: keyPath]
    }
}

struct Announcement: Hashable, Sendable {
    /// Built from filtered names.
    var text: String
    /// Monotonic milliseconds.
    var at: Int
}

struct RaceState: Hashable, Sendable {
    enum Phase: Hashable, Sendable {
        /// `startedAt`: monotonic milliseconds when `START` arrived.
        case racing(startedAt: Int)
        case finished(standings: [Standing])
    }

    static let maximumAnnouncements = 20

    var room: String
    /// The seed is in the game.
    var options: RoomOptions
    var phase: Phase
    /// Us included, in the server's order.
    var players: [RacePlayer]
    /// Oldest first.
    var announcements: [Announcement] = []
    /// For the chart after the race.
    var timeline = RaceTimeline()
    /// Until `BACK`, their `FINISH`, `LEFT` or the race's end.
    var away = AwaySeats()
    /// The racer picked in the final standings (Tab), whom `!` reports.
    var picked: String?

    /// As the server ranks (protocol.md 7): target finishers by time; then those racing or played on;
    /// then resigned or left (never above anyone racing). Within a group: score, fewer moves, nickname.
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

    /// A racer not yet known starts from nothing.
    func player(_ nickname: String, isBot: Bool) -> RacePlayer {
        players.first { Nickname($0.nickname) == Nickname(nickname) }
            ?? RacePlayer(nickname: nickname, score: 0, largestTile: 0, moves: 0, status: .playing, isBot: isBot)
    }

    var isOver: Bool { if case .finished = phase { true } else { false } }

    /// A new finish is announced.
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
