import TileRaceEngine
import TileRaceProtocol

/// One bot's side of the protocol, as a state machine: it greets the server
/// as a bot (`HELLO ... bot=yes`, another nickname while one is taken), joins
/// its room (creating it when missing), marks itself ready, plays each race
/// at its pace, gets ready again when the race ends, answers `PING`, adopts
/// the server's game on `RESYNC`, and says goodbye when stopped.
///
/// Pure: `handle` takes what happened and the time, and returns what to do;
/// the runtime (`BotClient`) carries it out. One `MOVE` is in flight at a
/// time, so a `RESYNC` always answers the one move sent. The next move is
/// searched for while the last one is on its way, and sent no sooner than
/// one move interval after it.
public struct BotPlayer: Sendable {
    /// Where the player is.
    public enum Phase: Hashable, Sendable {
        /// Waiting for the server's greeting.
        case connecting
        /// `HELLO` sent.
        case greeting
        /// `JOIN` or `CREATE` sent.
        case joining
        /// In the room, between races (or waiting for a race under way to end).
        case waiting
        /// Playing a race.
        case racing
        /// Our race is over; the others may still be playing.
        case finished
        /// `LEAVE`/`QUIT` sent: going.
        case leaving
        /// Done: nothing more happens.
        case ended
    }

    /// What the player was told.
    public let settings: BotSettings
    /// Where it is.
    public private(set) var phase = Phase.connecting
    /// The nickname asked for or accepted.
    public private(set) var nickname: String
    /// Our game in the race under way.
    public internal(set) var game: Game?
    /// The number of the last entry sent.
    public private(set) var sequence = 0
    /// Races started for us in our room: the number the reports give a race.
    public private(set) var racesStarted = 0

    private var nicknameAttempt = 0
    private var hasTriedCreating = false
    private var isInRoom = false
    private var isMoveInFlight = false
    /// What the server's greeting offers (a `RESYNC` request).
    private var serverFeatures: Set<ServerFeature> = []
    /// Bumped whenever our board changes, so a search for an older board is dropped.
    private var generation = 0
    private var searchingGeneration: Int?
    private var chosen: Direction?
    private var lastMoveAt = 0
    private var bye: String?
    /// Our line of the standings being received (until `END`).
    private var lastResult: RacerFinish?

    /// A player that has not connected yet.
    public init(settings: BotSettings) {
        self.settings = settings
        nickname = settings.nickname
    }

    /// Applies what happened at `now` (monotonic milliseconds); returns what to do.
    public mutating func handle(_ input: BotInput, now: Int) -> [BotAction] {
        guard phase != .ended else { return [] }
        let actions: [BotAction]
        switch input {
        case .greeted(let greeting):
            phase = .greeting
            serverFeatures = greeting.features
            actions = [.send(.hello(nickname: nickname, isBot: true))]
        case .reply(let request, let result):
            actions = reply(request, result)
        case .event(let event):
            actions = self.event(event, now: now)
        case .moveChosen(let direction, let generation):
            searchingGeneration = nil
            if generation == self.generation { chosen = direction }
            actions = []
        case .tick:
            actions = []
        case .stop:
            actions = stop()
        case .disconnected(let reason):
            let ending: BotEnding =
                phase == .leaving ? .stopped : .disconnected(bye.map { "\(reason) (the server said: \($0))" } ?? reason)
            phase = .ended
            return [.close(ending)]
        }
        guard phase != .ended else { return actions }
        return actions + advance(now: now)
    }

    // MARK: Replies

    private mutating func reply(_ request: ClientMessage, _ result: Result<OkReply, ProtocolError>) -> [BotAction] {
        if phase == .leaving {
            // Only the goodbye matters now.
            if case .quit = request { return end(.stopped) }
            return []
        }
        switch (request, result) {
        case (.hello, .success(.hello(let accepted, _, _, _))):
            nickname = accepted ?? nickname
            phase = .joining
            return [.report(.connected(nickname: nickname)), .send(.join(room: settings.room, code: settings.code))]
        case (.hello, .failure(let error)) where error.code == .nicknameTaken:
            nicknameAttempt += 1
            guard nicknameAttempt < BotNickname.maximumAttempts else {
                return end(.refused("no free nickname: \(settings.nickname) and \(nicknameAttempt - 1) others are taken"))
            }
            let taken = nickname
            nickname = BotNickname.candidate(settings.nickname, attempt: nicknameAttempt)
            return [.report(.nicknameTaken(taken, next: nickname)), .send(.hello(nickname: nickname, isBot: true))]
        case (.hello, .failure(let error)):
            return end(.refused("the server refused the bot: \(error.message)"))
        case (.join, .success(.join(let room))), (.create, .success(.create(let room))):
            return enteredRoom(room, created: request.verb == .create)
        case (.join, .failure(let error)) where error.code == .roomUnavailable && !hasTriedCreating:
            // Missing (or private with another code): try to make it; `room-exists` then means it is there.
            hasTriedCreating = true
            return [.send(.create(room: settings.room, options: RoomOptions(code: settings.code)))]
        case (.create, .failure(let error)) where error.code == .roomExists:
            return [.send(.join(room: settings.room, code: settings.code))]
        case (.join, .failure(let error)), (.create, .failure(let error)):
            return end(.refused("cannot join room \(settings.room): \(error.message)"))
        case (.ready, .failure(let error)):
            // A race under way: the next one, when it ends.
            return error.code == .raceInProgress ? [] : [.report(.note("READY refused: \(error.message)"))]
        case (.move, .success(.move(let acknowledgement))):
            return moveAcknowledged(acknowledgement)
        case (.move, .failure(let error)), (.resync, .failure(let error)):
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
        default:
            return []
        }
    }

    private mutating func enteredRoom(_ room: RoomDescription, created: Bool) -> [BotAction] {
        isInRoom = true
        phase = .waiting
        let report = BotAction.report(.joined(room: room.name, created: created))
        // Joining a room that races makes us a player of the next race.
        return room.state == .racing ? [report] : [report, .send(.ready(true))]
    }

    private mutating func moveAcknowledged(_ acknowledgement: MoveAck) -> [BotAction] {
        isMoveInFlight = false
        if acknowledgement.finished != nil, phase == .racing { phase = .finished }
        guard let game, acknowledgement.seq == sequence else { return [] }
        let theirs = (acknowledgement.score, acknowledgement.moves, acknowledgement.largestTile)
        guard theirs != (game.score, game.moveCount, game.board.largestValue), phase == .racing else { return [] }
        // Our copy differs: RESYNC (or, for a server older than it, a MOVE
        // that cannot be next) is answered with the server's copy.
        isMoveInFlight = true
        return [.send(.askingForResync(offered: serverFeatures))]
    }

    /// What a bot says when a race it raced is over (its only line of chat).
    public static let endOfRaceLine = "gg"

    // MARK: Events

    private mutating func event(_ event: ServerEvent, now: Int) -> [BotAction] {
        switch event {
        case .ping(let token):
            return [.send(.pong(token)), .report(.pinged)]
        case .bye(let text):
            bye = text
            return []
        case .start(let start):
            guard isInRoom, isUs(start.players), let game = try? start.makeGame() else { return [] }
            self.game = game
            phase = .racing
            racesStarted += 1
            sequence = 0
            isMoveInFlight = false
            chosen = nil
            generation += 1
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
            let raced = phase == .racing || phase == .finished
            phase = .waiting
            game = nil
            var actions: [BotAction] = []
            if let result = lastResult, let place = result.place {
                actions.append(.report(.placed(place: place, of: count, score: result.score)))
            }
            lastResult = nil
            if raced { actions.append(.send(.say(BotPlayer.endOfRaceLine))) }
            return actions + [.send(.ready(true))]
        case .resync(let sync):
            guard phase == .racing || phase == .finished, let current = game,
                let adopted = try? sync.makeGame(config: current.config, seed: current.seed)
            else { return [] }
            game = adopted
            sequence = sync.seq
            isMoveInFlight = false
            chosen = nil
            generation += 1
            return [.report(.resynced(seq: sync.seq))]
        case .hello, .joined, .left, .ready, .countdown, .cancel, .progress, .away, .back, .notice, .chat, .queued, .matched:
            return []
        }
    }

    private func isUs(_ nicknames: [String]) -> Bool {
        let us = Nickname(nickname)
        return nicknames.contains { Nickname($0) == us }
    }

    // MARK: Moving

    /// Searches for the next move when none is chosen, and sends the chosen
    /// one once the last is acknowledged and the interval has passed.
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

    private mutating func end(_ ending: BotEnding) -> [BotAction] {
        phase = .ended
        return [.close(ending)]
    }
}
