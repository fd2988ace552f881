import TileRaceEngine
import TileRaceProtocol

/// One bot's side of the protocol as a pure state machine run by `BotClient`: greet as a
/// bot, join or create its room, ready, race at its pace, again, and goodbye when stopped.
/// In an arena the server pairs it into rooms itself: it races each, and leaves at the arena's end.
/// One `MOVE` is in flight at a time, so a `RESYNC` answers the one move sent. The next
/// move is searched while the last is on its way, sent no sooner than one interval after.
public struct BotPlayer: Sendable {
    /// `finished`: our race is over while others may still play.
    public enum Phase: Hashable, Sendable {
        case connecting, greeting, joining, waiting, racing, finished, leaving, ended
    }

    public let settings: BotSettings
    public private(set) var phase = Phase.connecting
    /// The nickname asked for or accepted.
    public private(set) var nickname: String
    /// Our game in the race under way.
    public internal(set) var game: Game?
    /// The last entry sent.
    public private(set) var sequence = 0
    /// Races started for us in our room: the number the reports give a race.
    public private(set) var racesStarted = 0

    private var nicknameAttempt = 0
    private var hasTriedCreating = false
    private var isInRoom = false
    private var isMoveInFlight = false
    private var serverFeatures: Set<ServerFeature> = []
    /// Bumped whenever our board changes, so a search for an older board is dropped.
    private var generation = 0
    private var searchingGeneration: Int?
    private var chosen: Direction?
    private var lastMoveAt = 0
    private var bye: String?
    /// Our line of the standings being received (until `END`).
    private var lastResult: RacerFinish?
    /// Set by `ARENA-END`: the bot says goodbye once its race is over.
    private var arenaPodium: [String]?

    public init(settings: BotSettings) {
        self.settings = settings
        nickname = settings.nickname
    }

    /// Our `HELLO`: with our strength and visitor where the server knows `strength=` and `via=` (an older one refuses them).
    private var hello: ClientMessage {
        .hello(
            nickname: nickname, isBot: true, strength: serverFeatures.contains(.strength) ? settings.bot.strength : nil,
            via: serverFeatures.contains(.via) ? settings.via : nil)
    }

    /// Applies what happened at `now` (monotonic milliseconds); returns what to do.
    public mutating func handle(_ input: BotInput, now: Int) -> [BotAction] {
        guard phase != .ended else { return [] }
        var actions: [BotAction] = []
        switch input {
        case .greeted(let greeting):
            phase = .greeting
            serverFeatures = greeting.features
            actions = [.send(hello)]
        case .reply(let request, let result): actions = reply(request, result)
        case .event(let event): actions = self.event(event, now: now)
        case .moveChosen(let direction, let generation):
            searchingGeneration = nil
            if generation == self.generation { chosen = direction }
        case .tick: break
        case .stop: actions = stop()
        case .disconnected(let reason):
            guard phase != .leaving else { return end(arenaPodium.map { .arenaOver(podium: $0) } ?? .stopped) }
            return end(.disconnected(bye.map { "\(reason) (the server said: \($0))" } ?? reason))
        }
        guard phase != .ended else { return actions }
        return actions + advance(now: now)
    }

    // MARK: Replies

    private mutating func reply(_ request: ClientMessage, _ result: Result<OkReply, ProtocolError>) -> [BotAction] {
        if phase == .leaving {
            // Only the goodbye matters now.
            return request == .quit ? end(arenaPodium.map { .arenaOver(podium: $0) } ?? .stopped) : []
        }
        switch result {
        case .success(let reply): return succeeded(reply)
        case .failure(let error): return failed(request.verb, error)
        }
    }

    private mutating func succeeded(_ reply: OkReply) -> [BotAction] {
        switch reply {
        case .hello(let accepted, _, _, _):
            nickname = accepted ?? nickname
            phase = .joining
            let join = settings.arena.map { ClientMessage.arena(id: $0, token: nil) } ?? .join(room: settings.room, code: settings.code)
            return [.report(.connected(nickname: nickname)), .send(join)]
        case .arena(let info):
            phase = .waiting
            return [.report(.joinedArena(info.id))]
        case .join(let room): return enteredRoom(room, created: false)
        case .create(let room): return enteredRoom(room, created: true)
        case .move(let acknowledgement): return moveAcknowledged(acknowledgement)
        case .nickname, .quit, .help, .rooms, .watch, .who, .ready, .leave, .restart, .resign, .pause, .resume, .submit, .top, .record,
            .practice, .resync, .info, .auth, .connections, .kick, .ban, .unban, .bans, .removeEntry, .announce, .say, .mute, .unmute,
            .queue, .unqueue, .report, .reports, .dismiss, .assist, .unassist, .review, .approve, .reject, .arenas, .arenaLeave,
            .berserk, .standings, .arenaCreate:
            return []
        }
    }

    private mutating func failed(_ verb: RequestVerb, _ error: ProtocolError) -> [BotAction] {
        switch verb {
        case .hello where error.code == .nicknameTaken:
            nicknameAttempt += 1
            guard nicknameAttempt < BotNickname.maximumAttempts else {
                return end(.refused("no free nickname: \(settings.nickname) and \(nicknameAttempt - 1) others are taken"))
            }
            let taken = nickname
            nickname = BotNickname.candidate(settings.nickname, attempt: nicknameAttempt)
            return [.report(.nicknameTaken(taken, next: nickname)), .send(hello)]
        case .hello:
            return end(.refused("the server refused the bot: \(error.message)"))
        case .join where error.code == .roomUnavailable && !hasTriedCreating:
            // Missing (or private with another code): try to make it; `room-exists` then means it is there.
            hasTriedCreating = true
            return [.send(.create(room: settings.room, options: RoomOptions(code: settings.code)))]
        case .create where error.code == .roomExists:
            return [.send(.join(room: settings.room, code: settings.code))]
        case .join, .create:
            return end(.refused("cannot join room \(settings.room): \(error.message)"))
        case .arena:
            return end(.refused("cannot join arena \(settings.arena ?? 0): \(error.message)"))
        case .ready:
            // A race under way: the next one, when it ends.
            return error.code == .raceInProgress ? [] : [.report(.note("READY refused: \(error.message)"))]
        case .move, .resync:
            switch error.code {
            case .badSeq, .desync:
                return []  // A RESYNC follows; the move stays in flight until then.
            case .notRacing:
                isMoveInFlight = false
                if phase == .racing { phase = .finished }
                return []
            default:
                isMoveInFlight = false
                return [.report(.note("MOVE refused: \(error.message)"))]
            }
        case .nickname, .ping, .pong, .quit, .help, .rooms, .watch, .who, .leave, .pause, .resume, .restart, .resign, .submit, .top,
            .record, .practice, .info, .auth, .connections, .kick, .ban, .unban, .bans, .removeEntry, .announce, .say, .mute, .unmute,
            .queue, .unqueue, .report, .reports, .dismiss, .assist, .unassist, .review, .approve, .reject, .arenas, .arenaLeave,
            .berserk, .standings, .arenaCreate:
            return []
        }
    }

    /// `readies`: false in an arena's room, which the server makes ready.
    private mutating func enteredRoom(_ room: RoomDescription, created: Bool, readies: Bool = true) -> [BotAction] {
        isInRoom = true
        phase = .waiting
        let report = BotAction.report(.joined(room: room.name, created: created))
        // Joining a room that races makes us a player of the next race.
        return room.state == .racing || !readies ? [report] : [report, .send(.ready(true))]
    }

    private mutating func moveAcknowledged(_ acknowledgement: MoveAck) -> [BotAction] {
        isMoveInFlight = false
        if acknowledgement.finished != nil, phase == .racing { phase = .finished }
        guard let game, acknowledgement.seq == sequence else { return [] }
        let theirs = (acknowledgement.score, acknowledgement.moves, acknowledgement.largestTile)
        guard theirs != (game.score, game.moveCount, game.board.largestValue), phase == .racing else { return [] }
        // Our copy differs: RESYNC (or, on older servers, an impossible MOVE) brings the server's.
        isMoveInFlight = true
        return [.send(.askingForResync(offered: serverFeatures))]
    }

    /// What a bot says when a race it raced is over (its only line of chat).
    public static let endOfRaceLine = "gg"

    // MARK: Events

    private mutating func event(_ event: ServerEvent, now: Int) -> [BotAction] {
        switch event {
        case .ping(let token): return [.send(.pong(token)), .report(.pinged)]
        case .bye(let text):
            bye = text
            return []
        case .start(let start):
            guard isInRoom, isUs(start.players), let game = try? start.makeGame() else { return [] }
            adopt(game, sequence: 0)
            phase = .racing
            racesStarted += 1
            // A person needs a moment to see the board, too.
            lastMoveAt = now
            return [.report(.raceStarted(number: racesStarted, players: start.players.count))]
        case .finish(let finish):
            guard isUs([finish.nickname]) else { return [] }
            if phase == .racing { phase = .finished }
            return [.report(.finished(finish.reason, score: finish.score, largestTile: finish.largestTile, moves: finish.moves))]
        case .result(let result):
            if isUs([result.nickname]) { lastResult = result }
            return []
        case .end(_, _, let count):
            guard isInRoom, phase == .racing || phase == .finished || phase == .waiting else { return [] }
            // A bot that raced says "gg" when the race is over, and nothing else ever.
            let raced = phase != .waiting
            phase = .waiting
            game = nil
            defer { lastResult = nil }
            let placed = lastResult.flatMap { result in
                result.place.map { [BotAction.report(.placed(place: $0, of: count, score: result.score))] }
            }
            // An arena's room is the server's to leave (`LEFT`), and pairs us again.
            let next: [BotAction] = settings.arena == nil ? [.send(.ready(true))] : arenaPodium == nil ? [] : leaveArena()
            return (placed ?? []) + (raced ? [.send(.say(BotPlayer.endOfRaceLine))] : []) + next
        case .matched(let room) where settings.arena != nil:
            return enteredRoom(room, created: false, readies: false)
        case .left(_, let nickname) where settings.arena != nil && isUs([nickname]) && phase != .leaving:
            isInRoom = false
            phase = .waiting
            game = nil
            return []
        case .arenaEnd(_, _, let podium) where settings.arena != nil:
            // A race under way goes on (it no longer scores): the bot finishes it first.
            arenaPodium = podium
            return isInRoom ? [] : leaveArena()
        case .resync(let sync):
            guard phase == .racing || phase == .finished, let current = game,
                let adopted = try? sync.makeGame(config: current.config, seed: current.seed)
            else { return [] }
            adopt(adopted, sequence: sync.seq)
            return [.report(.resynced(seq: sync.seq))]
        case .hello, .joined, .left, .ready, .countdown, .cancel, .progress, .away, .back, .notice, .chat, .queued, .matched, .scored,
            .berserk, .arenaEnd:
            return []
        }
    }

    /// `sequence` is `game`'s last entry; a search for an earlier board is dropped.
    private mutating func adopt(_ game: Game, sequence: Int) {
        self.game = game
        self.sequence = sequence
        isMoveInFlight = false
        chosen = nil
        generation += 1
    }

    private func isUs(_ nicknames: [String]) -> Bool {
        let us = Nickname(nickname)
        return nicknames.contains { Nickname($0) == us }
    }

    // MARK: Moving

    /// Sends once the last is acknowledged and the interval has passed.
    private mutating func advance(now: Int) -> [BotAction] {
        guard phase == .racing, var game, !game.isOver, !game.hasWon else { return [] }
        guard let direction = chosen else {
            guard searchingGeneration == nil else { return [] }
            searchingGeneration = generation
            return [.chooseMove(game.board, generation: generation)]
        }
        guard !isMoveInFlight else { return [] }
        let due = lastMoveAt + settings.moveIntervalMilliseconds
        guard now >= due else { return [.wake(at: due)] }
        chosen = nil
        generation += 1
        guard (try? game.move(direction)) != nil else {
            // Cannot happen with the bot's own choice; search again.
            return advance(now: now)
        }
        self.game = game
        sequence += 1
        isMoveInFlight = true
        lastMoveAt = now
        return [.send(.move(seq: sequence, entries: [.move(direction)]))] + advance(now: now)
    }

    // MARK: Leaving

    private mutating func stop() -> [BotAction] {
        switch phase {
        case .connecting:
            return end(.stopped)
        case .leaving, .ended:
            return []
        case .greeting, .joining, .waiting, .racing, .finished:
            let wasInRoom = isInRoom
            phase = .leaving
            isInRoom = false
            return (wasInRoom ? [.send(.leave)] : []) + [.send(.quit)]
        }
    }

    private mutating func leaveArena() -> [BotAction] {
        phase = .leaving
        isInRoom = false
        return [.send(.quit)]
    }

    private mutating func end(_ ending: BotEnding) -> [BotAction] {
        phase = .ended
        return [.close(ending)]
    }
}

/// What happens to a bot player (`BotPlayer.handle`'s input).
public enum BotInput: Hashable, Sendable {
    case greeted(Greeting)
    /// The answer to the request: its `OK` or its `ERR`.
    case reply(ClientMessage, Result<OkReply, ProtocolError>)
    /// An event from the server (`PING` included: the player answers it).
    case event(ServerEvent)
    /// The search chose `direction` (nil: no move) for the board of `generation`.
    case moveChosen(Direction?, generation: Int)
    /// A wake-up the player asked for (`BotAction.wake`) is due.
    case tick
    /// Leave the room and say goodbye (Ctrl-C, or the owner left).
    case stop
    /// The connection ended (or could not be made); the reason for people.
    case disconnected(String)
}

/// What a bot player asks its runtime to do (`BotPlayer.handle`'s output).
public enum BotAction: Hashable, Sendable {
    case send(ClientMessage)
    /// Off the network queue; answer `BotInput.moveChosen` with `generation`.
    case chooseMove(Board, generation: Int)
    /// Monotonic milliseconds; replaces any earlier wake-up.
    case wake(at: Int)
    case report(BotReport)
    /// Close the connection: the bot is done, for this reason.
    case close(BotEnding)
}
