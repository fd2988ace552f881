import TileRaceClient
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer

/// What `--cheats` adds to a run, and what the fair-play invariants remember.
struct FairPlayRecord {
    /// The cheaters' and the reviewing operator's own stream, so their draws change no other.
    var random = SimulationRandom(seed: 0)
    /// The cheaters' nickname keys: only their games may be held.
    var cheaterKeys: Set<String> = []
    /// Held games the store approved: the only games of a cheater a board may list.
    var approved: [HeldEntry] = []
    /// What the last `REVIEW` listed so far, by server.
    var listed: [Int: [HeldInfo]] = [:]
    /// The store's primary when the last `REVIEW` was answered: after a fail-over a decision may find nothing held.
    var reviewPrimary = 0
    /// When each person's moves reached the server, by connection (`checkPeoplesPace`).
    var personMoveTimes: [Int: [Int]] = [:]
    var held = 0
    var approvals = 0
    var rejections = 0
}

/// Cheating players (`SimulatedCheater`): a script sending a computed game at
/// once, and a bot-paced player hiding its tag. Each submits only games long
/// enough to judge; docs/fair-play.md says why each should be held.
extension Simulation {
    func startCheaters() {
        fairPlay.random = SimulationRandom(seed: seed ^ 0x6368_6561_7473)
        let interval = fairPlay.random.element(of: [50, 80, 100, 125, 200])
        for (index, kind) in [SimulatedCheater.Kind.script, .hiddenBot(interval: interval)].enumerated() {
            let cheater = SimulatedCheater(index: index, kind: kind, nickname: "c\(index + 1)")
            cheaters.append(cheater)
            fairPlay.cheaterKeys.insert(Names.nicknameKey(cheater.nickname))
            note(cheater.name, "cheats: \(kind)")
            wakeCheater(index, at: now + fairPlay.random.int(in: 500...15_000))
        }
        scheduleNextReview()
    }

    private func wakeCheater(_ index: Int, at time: Int) {
        cheaters[index].wakeAt = time
        queue.schedule(.cheaterWake(index), at: time)
    }

    /// Connects, starts a game, or sends the hidden bot's next move.
    func cheaterWake(_ index: Int) {
        let cheater = cheaters[index]
        guard cheater.wakeAt == now else { return }
        cheater.wakeAt = nil
        guard cheater.connection != nil, cheater.conversation?.isGreeted == true else {
            guard !isDraining else { return }
            cheater.connectAttempt += 1
            let server = servers[fairPlay.random.int(in: 0...(servers.count - 1))]
            connect(.cheater(index), to: ServerEndpoint(host: server.host, port: 2048), attempt: cheater.connectAttempt)
            return
        }
        switch cheater.stage {
        case .idle: startCheatedGame(index)
        case .playing where cheater.sent < cheater.movesToPlay:
            cheater.lastMoveAt = now
            cheaterSends(index, [.move(seq: cheater.sent + 1, entries: [.move(cheater.path[cheater.sent])])])
            cheater.sent += 1
        default: break
        }
    }

    private func startCheatedGame(_ index: Int) {
        guard !isDraining else { return }
        cheaters[index].stage = .starting
        cheaterSends(index, [.practice(.blank)])
    }

    private func cheaterSends(_ index: Int, _ messages: [ClientMessage]) {
        guard let id = cheaters[index].connection, var conversation = cheaters[index].conversation else { return }
        let lines = conversation.lines(for: messages, now: now)
        cheaters[index].conversation = conversation
        for line in lines { monitor.clientSent(line, by: cheaters[index].name, simulation: self) }
        transmit(id, lines, to: .server)
    }

    func cheaterReceived(_ index: Int, _ bytes: [UInt8]) {
        guard var conversation = cheaters[index].conversation else { return }
        let outputs = conversation.received(bytes)
        cheaters[index].conversation = conversation
        for output in outputs {
            switch output {
            case .greeted: cheaterSends(index, [.hello(nickname: cheaters[index].nickname)])
            case .reply(_, .success(let reply), _): cheaterAnswered(index, reply)
            case .reply(let request, .failure(let error), _):
                note(cheaters[index].name, "\(request.line.prefix(40)) refused: \(error.code) \(error.message)")
                hangUp(index, reason: "refused")
                return
            case .send(let message): cheaterSends(index, [message])
            case .fail(let reason):
                hangUp(index, reason: reason)
                return
            case .event, .skippedEvent, .unreadable: break
            }
        }
    }

    private func cheaterAnswered(_ index: Int, _ reply: OkReply) {
        let cheater = cheaters[index]
        switch reply {
        case .hello: startCheatedGame(index)
        case .practice(let options):
            guard let text = options.seed, let seed = try? Seed(parsing: text) else { return }
            cheater.path = SimulatedCheater.path(seed: seed)
            cheater.sent = 0
            let judged: Int
            switch cheater.kind {
            case .script:
                judged = Plausibility.rateMoves
                cheater.movesToPlay = cheater.path.count
            case .hiddenBot:
                judged = Plausibility.steadyGaps + 1
                cheater.movesToPlay = min(cheater.path.count, judged + fairPlay.random.int(in: 10...100))
            }
            guard cheater.path.count > judged + 5, cheater.shortGames < 5 else {
                // Too short to be judged (docs/fair-play.md): thrown away, as a cheater aiming high would.
                cheater.shortGames += 1
                note(cheater.name, "throws away a game of \(cheater.path.count) moves")
                cheater.stage = .resigning
                cheaterSends(index, [.resign])
                return
            }
            cheater.shortGames = 0
            cheater.stage = .playing
            note(cheater.name, "computed \(cheater.path.count) moves from seed \(text); plays \(cheater.movesToPlay)")
            if cheater.kind == .script {
                // A line of 900 moves is well within the server's 1,024 bytes.
                let lines = stride(from: 0, to: cheater.path.count, by: 900).map { first in
                    ClientMessage.move(
                        seq: first + 1, entries: cheater.path[first..<min(first + 900, cheater.path.count)].map { .move($0) })
                }
                cheaterSends(index, lines)
                cheater.sent = cheater.path.count
            } else {
                wakeCheater(index, at: now)
            }
        case .move(let ack):
            guard cheater.stage == .playing, ack.seq >= cheater.sent else { return }
            if ack.isOver {
                submitCheatedGame(index)
            } else if cheater.sent >= cheater.movesToPlay {
                cheater.stage = .resigning
                cheaterSends(index, [.resign])
            } else if case .hiddenBot(let interval) = cheater.kind {
                wakeCheater(index, at: max(now, cheater.lastMoveAt + interval))
            }
        case .resign:
            if cheater.sent == 0 { startCheatedGame(index) } else { submitCheatedGame(index) }
        case .submit(let receipt):
            cheater.token = receipt.token ?? cheater.token
            cheater.stage = .idle
            if receipt.held == nil {
                fail("a program's game is held", "\(cheater.name) (\(cheater.kind)) got \(ServerMessage.ok(.submit(receipt)).line)")
            }
            fairPlay.held += 1
            wakeCheater(index, at: now + fairPlay.random.int(in: 2000...20_000))
        default: break
        }
    }

    private func submitCheatedGame(_ index: Int) {
        cheaters[index].stage = .submitting
        cheaterSends(index, [.submit(nickname: cheaters[index].nickname, token: cheaters[index].token)])
    }

    /// Refused or failed: it closes and comes back later for a new game.
    private func hangUp(_ index: Int, reason: String) {
        if let id = cheaters[index].connection { closeFromClient(id) }
        cheaterDisconnected(index, reason)
    }

    func cheaterDisconnected(_ index: Int, _ reason: String) {
        note(cheaters[index].name, "disconnected: \(reason)")
        cheaters[index].connection = nil
        cheaters[index].conversation = nil
        cheaters[index].stage = .idle
        wakeCheater(index, at: now + fairPlay.random.int(in: 1000...8000))
    }
}
