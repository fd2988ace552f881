import TileRaceEngine
import TileRaceProtocol
import TileRaceServer

/// The operator reviews held games (`--cheats`): `REVIEW` now and then, then
/// `APPROVE` or `REJECT` for each game listed, or leaves it for later, drawn
/// from the cheaters' stream. The store's answers are checked against what
/// `TOP` lists to anyone (`FairPlayAudit`).
extension Simulation {
    func scheduleNextReview() {
        queue.schedule(.review, at: now + fairPlay.random.int(in: 8000...20_000))
    }

    func review() {
        scheduleNextReview()
        let running = servers.indices.filter { servers[$0].isRunning }
        guard !running.isEmpty else { return }
        let index = fairPlay.random.element(of: running)
        fairPlay.listed[index] = []
        sendAsOperator([ClientMessage.review(id: nil).line], on: index)
    }

    /// The `REVIEW` items and reply from `operatorReceived`: each game listed is decided.
    func reviewReceived(_ message: ServerMessage, on index: Int) {
        switch message {
        case .held(let held):
            fairPlay.listed[index, default: []].append(held)
        case .ok(.review):
            fairPlay.reviewPrimary = storePrimary
            let listed = fairPlay.listed.removeValue(forKey: index) ?? []
            let decisions = listed.compactMap { held in
                fairPlay.random.pick([
                    (2, ClientMessage.approve(id: held.id).line), (2, ClientMessage.reject(id: held.id, reason: "simulated").line),
                    (1, nil),
                ])
            }
            if !decisions.isEmpty { sendAsOperator(decisions, on: index) }
        case .ok(.approve): fairPlay.approvals += 1
        case .ok(.reject): fairPlay.rejections += 1
        default: break
        }
    }

    /// The store's answer to a request, after its change: the fair-play invariants.
    func checkFairPlay(_ request: LeaderboardRequest, _ answer: LeaderboardAnswer, before: Leaderboard) {
        let leaderboard = store.leaderboard
        switch (request, answer) {
        case (.submit, .submitted(let receipt, _)):
            let isCheater = fairPlay.cheaterKeys.contains(Names.nicknameKey(receipt.nickname))
            if let rule = receipt.held, !isCheater {
                let game = leaderboard.held.values.first { Nickname($0.nickname) == Nickname(receipt.nickname) }
                fail(
                    "a person's game is never held",
                    "\(receipt.nickname), a simulated person, had a game of \(game?.result.moves ?? 0) moves held (rule \(rule)): "
                        + "the pace model (SimulatedPlayer, Simulation.act) or the rule (Plausibility) is wrong")
            }
        case (.review(let id, isApproved: true, _), .moderated(found: true)):
            guard let entry = before.held[id] else { return }
            fairPlay.approved.append(entry)
            if let violation = FairPlayAudit.approvalViolation(entry, leaderboard, today: today) {
                fail("an approved game is on its board", violation)
            }
        default: break
        }
        guard leaderboard.lastSequence > before.lastSequence, !leaderboard.held.isEmpty || !fairPlay.cheaterKeys.isEmpty else { return }
        if let violation = FairPlayAudit.boardViolation(
            leaderboard, cheaters: fairPlay.cheaterKeys, approved: fairPlay.approved, today: today)
        {
            fail(violation.invariant, violation.details)
        }
    }

    /// A person's moves as the server receives them: each `MOVE` line's moves (`L R U D`) at its arrival.
    func notePersonMoves(_ bytes: [UInt8], on connection: Int) {
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.starts(with: "MOVE ".utf8) {
            let moves = line.reduce(0) { count, byte in "LRUD".utf8.contains(byte) ? count + 1 : count }
            fairPlay.personMoveTimes[connection, default: []] += Array(repeating: now, count: moves)
        }
    }

    /// At the end: "a person's game is never held", judged on all of each
    /// person's moves over a connection as the server timed them, several
    /// games and the network's bunching included (stricter than per game).
    func checkPeoplesPace() {
        for (connection, times) in fairPlay.personMoveTimes.sorted(by: { $0.key < $1.key }) {
            guard let log = GameLog(Array(repeating: .move(.left), count: times.count), times: times),
                let rule = Plausibility.judge(log)
            else { continue }
            let party = connections[connection].map { "\($0.party)" } ?? "a person"
            fail(
                "a person's game is never held",
                "\(party)'s \(times.count) moves on connection \(connection), as the server received them, break rule \(rule): "
                    + "the pace model (SimulatedPlayer, Simulation.act) or the rule (Plausibility) is wrong")
            return
        }
    }

    private var today: String { UTCTime.date(epochMilliseconds: clock.wallMilliseconds) }
}
