import TileRaceProtocol
import TileRaceServer

/// The operator, now and then during the chaos: `AUTH` once on its own connection (fed to
/// the core directly), then kicks, short bans, announces or marks a nickname assisted, from
/// its own random stream so it changes no other draw. Checked: a kicked connection closes
/// with `OK KICK`; a server that knows of a ban (at once, or after rereading the store) gives
/// the nickname no `OK HELLO`, `OK NICK` or place in a beginning race while it lasts; an
/// assisted nickname is on no board, and the points `ASSIST` gives back are what the
/// simulator reckons its opponents lost to it.
extension Simulation {
    static let operatorSecret = "simulated-operator-secret-0123456789"
    /// How often servers read the bans again (milliseconds).
    static let banRefreshMilliseconds = 2000

    func scheduleNextModeration() {
        queue.schedule(.moderate, at: now + operatorRandom.int(in: 8000...30_000))
    }

    /// The operator acts once, and the next time is scheduled.
    func moderate() {
        guard !isDraining else { return }
        scheduleNextModeration()
        let running = servers.indices.filter { servers[$0].isRunning }
        guard !running.isEmpty else { return }
        let index = operatorRandom.element(of: running)
        guard let core = servers[index].core else { return }
        let targets = core.sessionViews.filter { view in
            view.nickname != nil && view.connection.map { servers[index].connections[$0] != nil } == true
        }
        // An assist names, when there is one, a winner of rated races (connected or not): one whose opponents lost it
        // points; the operator looks at such winners one time in three.
        let winners = store.leaderboard.ratings.values.filter { !$0.took.isEmpty }.map(\.nickname).sorted()
        var kind = operatorRandom.pick([(40, "announce"), (20, "kick"), (15, "ban"), (15, "mute"), (10, "assist")])
        if !winners.isEmpty, operatorRandom.int(in: 1...3) == 1 { kind = "assist" }
        var lines: [String] = []
        if kind == "announce" || targets.isEmpty {
            lines.append(ClientMessage.announce("notice \(operatorRandom.int(in: 1...999)) from the operator").line)
        } else {
            let target = operatorRandom.element(of: targets)
            guard var nickname = target.nickname else { return }
            if kind == "assist", !winners.isEmpty { nickname = operatorRandom.element(of: winners) }
            if kind == "mute" {
                // A mute now, lifted at the next one: players meanwhile get `ERR muted`.
                if let muted = servers[index].mutedNickname {
                    lines.append(ClientMessage.unmute(nickname: muted).line)
                    servers[index].mutedNickname = nil
                } else {
                    lines.append(ClientMessage.mute(nickname: nickname).line)
                    servers[index].mutedNickname = nickname
                }
            } else if kind == "assist" {
                lines.append(ClientMessage.assist(nickname: nickname, reason: "simulated").line)
            } else if kind == "kick" {
                servers[index].expectedKick = (nickname, target.connection)
                lines.append(ClientMessage.kick(nickname: nickname, reason: "simulated").line)
            } else {
                let seconds = operatorRandom.int(in: 3...15)
                lines.append(ClientMessage.ban(BanOrder(target: .nickname(nickname), seconds: seconds, reason: "simulated")).line)
            }
        }
        sendAsOperator(lines, on: index)
    }

    /// On the operator's connection to the server, opened (`HELLO`, `AUTH`) when it has none.
    func sendAsOperator(_ requests: [String], on index: Int) {
        var lines = requests
        let operatorID: ConnectionID
        if let id = servers[index].operatorID {
            operatorID = id
        } else {
            lines = ["HELLO tilerace 1", "AUTH \(Simulation.operatorSecret)"] + lines
            operatorID = ConnectionID(number: servers[index].nextConnectionNumber)
            servers[index].nextConnectionNumber += 1
            servers[index].operatorID = operatorID
            feed(index, .connected(operatorID, peer: "192.0.2.1:40000"))
        }
        note("operator", "on \(serverName(index)): \(lines.filter { !$0.hasPrefix("AUTH") }.joined(separator: " / "))")
        feed(index, .received(operatorID, Array(lines.map { $0 + "\n" }.joined().utf8)))
    }

    /// What the server sent the operator: its replies are checked here.
    func operatorReceived(_ lines: [String], on index: Int) {
        for line in lines {
            note("operator", "<- \(line.prefix(120))")
            if line.hasPrefix("ERR ") && !line.hasPrefix("ERR no-such-player") && !line.hasPrefix("ERR unavailable")
                && !line.hasPrefix("ERR internal")
                // A fail-over since the REVIEW may have lost the held game the decision names.
                && !(line.hasPrefix("ERR no-record") && fairPlay.reviewPrimary != storePrimary)
            {
                fail("the operator's requests are carried out", "\(serverName(index)) answered the operator \(line)")
            }
            guard let message = try? ServerMessage.parse(line) else {
                fail("lines parse", "the server sent the operator a line that does not parse: \(line)")
                continue
            }
            reviewReceived(message, on: index)
            switch message {
            case .ok(.kick(let nickname)):
                guard let expected = servers[index].expectedKick, Nickname(expected.nickname) == Nickname(nickname)
                else { continue }
                servers[index].expectedKick = nil
                if let connection = expected.connection, servers[index].connections[connection] != nil {
                    fail(
                        "a kicked connection is closed", "\(serverName(index)) kicked \(nickname) but its connection \(connection) is open")
                }
            case .ok(.ban(let ban)):
                guard case .nickname(let nickname) = ban.target else { continue }
                bannedNicknames.insert(Nickname(nickname))
            case .ok(.arenaCreate(let info)):
                arenaAudits["\(index)/\(servers[index].generation)", default: ArenaAudit()].created(info, wall: clock.wallMilliseconds)
            default:
                break
            }
        }
    }

    func checkBans(_ line: String, from index: Int) {
        guard !bannedNicknames.isEmpty, let core = servers[index].core, let message = try? ServerMessage.parse(line) else { return }
        let named: [String]
        switch message {
        case .ok(.hello(.some(let nickname), _, _, _)), .ok(.nickname(let nickname)): named = [nickname]
        case .event(.start(let start)) where start.elapsedMilliseconds == nil: named = start.players
        default: return
        }
        for nickname in named {
            guard bannedNicknames.contains(Nickname(nickname)), core.isBanned(nickname: nickname) else { continue }
            fail("a banned nickname never plays", "\(serverName(index)) sent \(line.prefix(100)) while it knows \(nickname) is banned")
        }
    }

    // MARK: ASSIST

    /// A rated race the store rated: what each racer lost to each other, by the simulator's own reckoning.
    func noteRatedRace(_ race: RatedRace, before: [String: PlayerRating], after: [String: PlayerRating]) {
        let day = UTCTime.dayNumber(of: race.date) ?? 0
        let keys = race.racers.map { Names.nicknameKey($0.nickname) }
        let ratings = keys.map { key in before[key].map { Glicko2.aged($0.rating, periods: day - $0.day) } ?? Glicko2.newcomer }
        var took = refundLedgers.last?.took ?? [:]
        let parts = RatingAudit.lostParts(
            places: race.racers.map(\.place), before: ratings, deviationsAfter: keys.map { after[$0]?.rating.deviation ?? 0 })
        for part in parts { took[keys[part.winner], default: [:]][keys[part.loser], default: 0] += part.millionths }
        refundLedgers.append((store.leaderboard.lastSequence, took))
    }

    /// "The points given back equal what was lost to that player": each opponent's rating
    /// rose by what the ledger says it lost to the nickname, nobody else's changed, and the
    /// reply counts them; then the nickname owes nothing. A thousandth of a point is allowed
    /// per opponent (the store reckons from deviations it has not rounded yet).
    /// - Returns: the nicknames whose ratings may change.
    func checkRefunds(
        of nickname: String, _ answer: LeaderboardAnswer, before: [String: PlayerRating], after: [String: PlayerRating]
    ) -> [String] {
        // Marked already, it gives back what it took since (a race under way at the first mark).
        guard case .assisted(let refunded, let points, _) = answer else { return [] }
        let key = Names.nicknameKey(nickname)
        var took = refundLedgers.last?.took ?? [:]
        let invariant = "the points given back equal what was lost to that player"
        let owed = (took[key] ?? [:]).filter { before[$0.key] != nil }
        let millionths = { (rating: PlayerRating?) in Int(((rating?.rating.rating ?? 0) * 1_000_000).rounded()) }
        for (opponent, lost) in owed.sorted(by: { $0.key < $1.key }) {
            let given = millionths(after[opponent]) - millionths(before[opponent])
            if abs(given - lost) > 1000 {
                fail(invariant, "ASSIST \(nickname) gave \(opponent) back \(given) millionths; it lost \(lost) to \(nickname)")
            }
        }
        let total = owed.values.reduce(0, +)
        if refunded != owed.count || abs(points - total) > 1000 * max(1, owed.count) {
            fail(invariant, "ASSIST \(nickname) answered \(refunded) opponents and \(points) millionths; owed \(owed.count) and \(total)")
        }
        took[key] = nil
        refundLedgers.append((store.leaderboard.lastSequence, took))
        return [nickname] + owed.keys.sorted()
    }

    /// "An assisted nickname is on no board": every board's public page (`TOP`), and the rating board's.
    func checkAssistedOffBoards() {
        let leaderboard = store.leaderboard
        guard !leaderboard.assisted.isEmpty else { return }
        let today = UTCTime.date(epochMilliseconds: clock.wallMilliseconds)
        let limit = LeaderboardQuery.maximumLimit
        var shown = FairPlayAudit.listed(leaderboard, today: today).map { (board: $0.board, nickname: $0.entry.nickname) }
        for nickname in Set(leaderboard.assisted.keys) {
            shown += leaderboard.ratingPage(LeaderboardQuery(board: .rating, limit: limit, nickname: nickname), today: today).entries.map {
                ("rating", $0.nickname)
            }
        }
        if let listed = shown.first(where: { leaderboard.assisted[Names.nicknameKey($0.nickname)] != nil }) {
            fail("an assisted nickname is on no board", "TOP board=\(listed.board) lists \(listed.nickname), marked assisted")
        }
    }
}

extension Simulation {
    /// A player's `OK REPORT` means the report is in the store, for the
    /// operator's `REPORTS` (the store keeps what it acknowledged).
    func checkReportStored(of nickname: String, by reporter: String?, party: String) {
        let reported = Nickname(nickname)
        let stored = store.leaderboard.reports.values.contains { report in
            Nickname(report.nickname) == reported && reporter.map { Names.nicknameKey(report.reporter) == $0 } ?? true
        }
        if !stored {
            fail("a report reaches the operator's list", "\(party) got OK REPORT nick=\(nickname) but the store holds no such report")
        }
    }
}
