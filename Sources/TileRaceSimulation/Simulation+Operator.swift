import TileRaceProtocol
import TileRaceServer

/// The operator, now and then during the chaos: `AUTH` once on its own connection (fed to
/// the core directly), then kicks, short bans or announces, from its own random stream so
/// it changes no other draw. Checked: a kicked connection closes with `OK KICK`; a server
/// that knows of a ban (at once, or after rereading the store) gives the nickname no
/// `OK HELLO`, `OK NICK` or place in a beginning race while it lasts.
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
        let kind = operatorRandom.pick([(50, "announce"), (20, "kick"), (15, "ban"), (15, "mute")])
        var lines = servers[index].operatorID == nil ? ["HELLO tilerace 1", "AUTH \(Simulation.operatorSecret)"] : []
        if servers[index].operatorID == nil {
            let id = ConnectionID(number: servers[index].nextConnectionNumber)
            servers[index].nextConnectionNumber += 1
            servers[index].operatorID = id
            feed(index, .connected(id, peer: "192.0.2.1:40000"))
        }
        guard let operatorID = servers[index].operatorID else { return }
        if kind == "announce" || targets.isEmpty {
            lines.append(ClientMessage.announce("notice \(operatorRandom.int(in: 1...999)) from the operator").line)
        } else {
            let target = operatorRandom.element(of: targets)
            guard let nickname = target.nickname else { return }
            if kind == "mute" {
                // A mute now, lifted at the next one: players meanwhile get `ERR muted`.
                if let muted = servers[index].mutedNickname {
                    lines.append(ClientMessage.unmute(nickname: muted).line)
                    servers[index].mutedNickname = nil
                } else {
                    lines.append(ClientMessage.mute(nickname: nickname).line)
                    servers[index].mutedNickname = nickname
                }
            } else if kind == "kick" {
                servers[index].expectedKick = (nickname, target.connection)
                lines.append(ClientMessage.kick(nickname: nickname, reason: "simulated").line)
            } else {
                let seconds = operatorRandom.int(in: 3...15)
                lines.append(ClientMessage.ban(BanOrder(target: .nickname(nickname), seconds: seconds, reason: "simulated")).line)
            }
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
            {
                fail("the operator's requests are carried out", "\(serverName(index)) answered the operator \(line)")
            }
            guard let message = try? ServerMessage.parse(line) else {
                fail("lines parse", "the server sent the operator a line that does not parse: \(line)")
                continue
            }
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
