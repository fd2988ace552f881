import TileRaceEngine

/// Why a racer stopped.
enum FinishReason: Hashable, Sendable {
    /// Made the target tile.
    case target
    /// No move was left.
    case noMoves
    /// Gave up.
    case resigned
    /// The time limit passed.
    case timeUp

    /// The reason in words.
    var title: String {
        switch self {
        case .target: "target"
        case .noMoves: "no moves"
        case .resigned: "resigned"
        case .timeUp: "time up"
        }
    }
}

/// Where a racer stands.
enum RacerStatus: Hashable, Sendable {
    /// Still playing.
    case playing
    /// Done, and why.
    case finished(FinishReason)
    /// Left the room.
    case left
}

/// One racer as the server reports them.
struct RacePlayer: Hashable, Sendable {
    /// Their nickname (filtered).
    var nickname: String
    /// Their score.
    var score: Int
    /// Their largest tile.
    var largestTile: Int
    /// Their moves.
    var moves: Int
    /// Where they stand.
    var status: RacerStatus
    /// Their board, when the server sends it (for mini-boards).
    var board: Board?
    /// Whether this is us.
    var isYou = false
    /// Race seconds when they finished, if they did.
    var finishedAfter: Double?
}

/// One line of the final standings.
struct Standing: Hashable, Sendable {
    /// The place, from 1.
    var place: Int
    /// Who.
    var nickname: String
    /// Their final score.
    var score: Int
    /// Their largest tile.
    var largestTile: Int
    /// Their moves.
    var moves: Int
    /// How they finished.
    var reason: FinishReason
    /// Race seconds at their finish.
    var elapsed: Double
}

/// Something that happened in the race, shown in the feed.
struct Announcement: Hashable, Sendable {
    /// The text (built from filtered names).
    var text: String
    /// When (monotonic seconds).
    var at: Double
}

/// A race in a room: the countdown, the racers and the outcome.
struct RaceState: Hashable, Sendable {
    /// Where the race is.
    enum Phase: Hashable, Sendable {
        /// Counting down; the race starts at `startsAt` (monotonic seconds).
        case countdown(startsAt: Double)
        /// Racing since `startedAt`.
        case racing(startedAt: Double)
        /// Over, with the final standings.
        case finished(standings: [Standing])
    }

    /// The most announcements kept.
    static let maximumAnnouncements = 20

    /// The room's options.
    var options: RoomOptions
    /// Where the race is.
    var phase: Phase
    /// Everyone racing, us included, in the server's order.
    var players: [RacePlayer]
    /// The feed, oldest first.
    var announcements: [Announcement] = []

    /// The racers ordered for display: target finishers by time, then by
    /// score (higher first), fewer moves, nickname.
    var ranked: [RacePlayer] {
        players.sorted { a, b in
            let aTarget = a.status == .finished(.target), bTarget = b.status == .finished(.target)
            if aTarget != bTarget { return aTarget }
            if aTarget, let x = a.finishedAfter, let y = b.finishedAfter, x != y { return x < y }
            if a.score != b.score { return a.score > b.score }
            if a.moves != b.moves { return a.moves < b.moves }
            return a.nickname < b.nickname
        }
    }

    /// Records a racer's progress; a new finish is announced.
    mutating func update(_ player: RacePlayer, at now: Double) {
        if let index = players.firstIndex(where: { $0.nickname == player.nickname }) {
            let before = players[index].status
            players[index] = player
            if before != player.status { announce(player, at: now) }
        } else {
            players.append(player)
        }
    }

    private mutating func announce(_ player: RacePlayer, at now: Double) {
        let who = player.isYou ? "you" : player.nickname
        let after = player.finishedAfter.map { " after " + Format.clock($0) } ?? ""
        let text: String
        switch player.status {
        case .playing: return
        case .left: text = "\(who) left the race"
        case .finished(.target): text = "\(who) reached \(options.target)\(after)!"
        case .finished(.noMoves): text = "\(who): no moves left · \(Format.grouped(player.score))"
        case .finished(.resigned): text = "\(who) resigned · \(Format.grouped(player.score))"
        case .finished(.timeUp): text = "\(who): time up · \(Format.grouped(player.score))"
        }
        announcements.append(Announcement(text: text, at: now))
        if announcements.count > RaceState.maximumAnnouncements { announcements.removeFirst() }
    }
}
