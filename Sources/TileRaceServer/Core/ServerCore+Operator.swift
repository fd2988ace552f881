import TileRaceProtocol

/// Operator requests (protocol.md 13). Bans live in the store so every
/// server honours them across restarts; other shards act at their sweep.
extension ServerCore {
    // MARK: AUTH

    /// A wrong secret counts like a wrong join code; the comparison is
    /// constant-time.
    func authenticate(_ session: Session, secret: String) throws(ProtocolError) {
        guard let operatorSecret else {
            throw ProtocolError(.notOperator, "this server has no operator secret, so operator requests are off")
        }
        try admitGuess(by: session, bye: "too many wrong secrets") { seconds in
            "too many wrong secrets or join codes from your address; try again in \(seconds) s"
        }
        guard isSameSecret(secret, operatorSecret) else {
            recordWrongGuess(by: session, bye: "too many wrong secrets")
            log(.info, "\(session.id) \(session.peer) gave a wrong operator secret")
            throw ProtocolError(.badSecret, "that is not the operator secret")
        }
        session.isOperator = true
        noteConnection(of: session)
        reply(session, .auth)
        log(.info, "\(session.id) \(session.peer) is the operator")
    }

    // MARK: CONNECTIONS, KICK, ANNOUNCE

    /// Other shards' connections are as of their last sweep.
    func listConnections(_ session: Session) {
        let all = (connectionList() + otherShardsConnections()).sorted { $0.id < $1.id }
        send(session.id, lines: all.map { ServerMessage.connection($0).line } + [ServerMessage.ok(.connections(count: all.count)).line])
    }

    private func otherShardsConnections() -> [ConnectionInfo] {
        guard shardCount > 1 else { return [] }
        let noted = registry.withState { [shard] in $0.connections.values.filter { $0.shard != shard } }
        return noted.map { noted in
            var info = noted.info
            info.idleMilliseconds = max(0, now - noted.heardAt)
            return info
        }
    }

    /// For `CONNECTIONS` on other shards.
    func noteConnection(of session: Session) {
        guard shardCount > 1 else { return }
        let noted = ServerRegistry.NotedConnection(shard: shard, info: connectionInfo(of: session), heardAt: session.lastHeardAt)
        registry.withState { $0.connections[session.id] = noted }
    }

    /// Away sessions have no connection to list.
    func connectionList() -> [ConnectionInfo] {
        sessions.values.filter { !$0.isAway && !$0.isClosing }.map(connectionInfo(of:))
    }

    private func connectionInfo(of session: Session) -> ConnectionInfo {
        ConnectionInfo(
            id: session.id.number, nickname: session.nickname, room: room(of: session)?.name, address: session.address,
            idleMilliseconds: max(0, now - session.lastHeardAt), isBot: session.isBot, isOperator: session.isOperator)
    }

    /// No seat is held: a racer finishes as `left`. The reply names the
    /// player as connected (on another shard: as of its last sweep).
    func kick(_ session: Session, nickname asked: String, reason: String) throws(ProtocolError) {
        let key = Names.nicknameKey(asked)
        guard let id = registry.withState({ $0.nicknames[key] }) else {
            throw ProtocolError(.noSuchPlayer, "nobody connected is called \(asked)")
        }
        let bye = "kicked by the operator" + (reason.isEmpty ? "" : ": \(reason)")
        let nickname: String
        if let kicked = sessions[id] {
            nickname = kicked.nickname ?? asked
            close(kicked, bye: bye, reason: "kicked by the operator")
        } else {
            nickname =
                registry.withState { registry in
                    registry.kicks[id] = bye
                    return registry.connections[id]?.info.nickname
                } ?? asked
        }
        log(.info, "operator kicked \(nickname)" + (reason.isEmpty ? "" : " (\(reason))"))
        reply(session, .kick(nickname: nickname))
    }

    /// Other shards deliver the `NOTICE` at their next sweep.
    func announce(_ session: Session, text: String) {
        registry.withState { $0.announce(text) }
        deliverNotices()
        log(.info, "operator announced: \(text)")
        reply(session, .announce(count: connectionList().count + otherShardsConnections().count))
    }

    /// Mutes apply on every shard and last until the server stops.
    func setMuted(_ session: Session, nickname: String, _ isMuted: Bool) {
        _ = registry.withState { $0.setMuted(Names.nicknameKey(nickname), isMuted) }
        log(.info, "operator \(isMuted ? "muted" : "unmuted") \(nickname)")
        reply(session, isMuted ? .mute(nickname: nickname) : .unmute(nickname: nickname))
    }

    /// Those announced since each session connected; one not greeted yet
    /// gets them after its `OK HELLO` (`only`: that session).
    func deliverNotices(only: Session? = nil) {
        let (last, notices) = registry.withState { ($0.lastNoticeNumber, $0.notices) }
        for id in only.map({ [$0.id] }) ?? sessions.sortedIDs {
            guard let session = sessions[id], session.lastNotice < last, session.isGreeted, !session.isAway else { continue }
            let lines = notices.filter { $0.number > session.lastNotice }.map { ServerMessage.event(.notice($0.text)).line }
            session.lastNotice = last
            send(session.id, lines: lines)
        }
    }

    // MARK: BAN, UNBAN, BANS, REMOVE-ENTRY

    /// Stored first; sessions are closed once the store has it.
    func ban(_ session: Session, _ order: BanOrder) throws(ProtocolError) {
        if case .address(let address) = order.target, PeerAddress.isLoopback(address) {
            throw ProtocolError(
                .badArguments, "\(address) is this machine's own address, where the operator connects from; it cannot be banned")
        }
        let until = order.seconds.map { clock.wallMilliseconds + $0 * 1000 }
        ask(.ban(BanInfo(target: order.target, untilMilliseconds: until, reason: order.reason)), for: session)
    }

    func moderationLines(_ answer: LeaderboardAnswer, _ request: LeaderboardRequest) -> [String] {
        switch (request, answer) {
        case (.ban(let ban), .moderated):
            changeBans { $0[ban.target.key] = ban }
            log(.info, "operator banned \(ban.target) until \(ban.untilText)" + (ban.reason.isEmpty ? "" : " (\(ban.reason))"))
            return [ServerMessage.ok(.ban(ban)).line]
        case (.unban(let target), .moderated(let found)):
            guard found else { return [ServerMessage.error(ProtocolError(.notBanned, "\(target) is not banned")).line] }
            changeBans { $0[target.key] = nil }
            log(.info, "operator lifted the ban of \(target)")
            return [ServerMessage.ok(.unban(target: target)).line]
        case (.bans, .bans(let stored)):
            let wall = clock.wallMilliseconds
            let active = stored.filter { $0.isActive(at: wall) }.sorted { $0.target.key < $1.target.key }
            return active.map { ServerMessage.ban($0).line } + [ServerMessage.ok(.bans(count: active.count)).line]
        case (.removeEntry(let order, let today), .moderated(let found)):
            let query = order.query
            let board = LeaderboardBoardID(kind: query.board, date: query.date, today: today)
            guard found else {
                return [ServerMessage.error(ProtocolError(.noRecord, "\(query.nickname) has no entry on \(board.spokenName)")).line]
            }
            log(
                .info,
                "operator removed \(query.nickname)'s entry from \(board.spokenName)" + (order.reason.isEmpty ? "" : ": \(order.reason)"))
            return [ServerMessage.ok(.removeEntry(nickname: query.nickname, board: query.board, date: board.date)).line]
        case (.report(let report), .moderated):
            // Who reported whom; the reason and the room lines stay in the store.
            log(
                .info, "report.made", [.init("from", report.reporter), .init("nick", report.nickname)],
                message: "\(report.reporter) reported \(report.nickname) (REPORTS lists it)")
            return [ServerMessage.ok(.report(nickname: report.nickname)).line]
        case (.reports, .reports(let reports)):
            let items = reports.flatMap { report in
                [ServerMessage.report(report).line] + report.lines.map { ServerMessage.reportLine(id: report.id, $0).line }
            }
            return items + [ServerMessage.ok(.reports(count: reports.count)).line]
        case (.dismiss(let id), .moderated(let found)):
            guard found else { return [ServerMessage.error(ProtocolError(.noRecord, "no open report has id \(id)")).line] }
            log(.info, "operator dismissed report \(id)")
            return [ServerMessage.ok(.dismiss(id: id)).line]
        case (.assist(let nickname, let reason), .assisted(let refunded, let points, let isNew)):
            let shown = Int((Double(points) / 1_000_000).rounded())
            stopRatedPlay(of: nickname)
            if isNew || refunded > 0 {
                log(
                    .info,
                    "operator marked \(nickname) assisted\(isNew ? "" : " again"), giving back \(shown) rating points to \(refunded) opponent\(refunded == 1 ? "" : "s")"
                        + (reason.isEmpty ? "" : " (\(reason))"))
            }
            return [ServerMessage.ok(.assist(nickname: nickname, refunded: refunded, points: shown)).line]
        case (.unassist(let nickname), .moderated(let found)):
            guard found else { return [ServerMessage.error(ProtocolError(.notAssisted, "\(nickname) is not marked assisted")).line] }
            log(.info, "operator lifted \(nickname)'s assisted mark")
            return [ServerMessage.ok(.unassist(nickname: nickname)).line]
        case (.held(let id, let nickname), .held(let held)):
            let listed = held.filter { entry in
                id.map { $0 == entry.sequence } ?? true
                    && nickname.map { Names.nicknameKey($0) == Names.nicknameKey(entry.nickname) } ?? true
            }
            if let id, listed.isEmpty {
                return [ServerMessage.error(ProtocolError(.noRecord, "nothing is held for review under id \(id)")).line]
            }
            var lines: [String] = []
            for entry in listed {
                let item = HeldInfo(
                    id: entry.sequence, nickname: entry.nickname, rule: entry.rule, date: entry.date, dailyDate: entry.dailyDate,
                    sprintTime: entry.sprintTime, result: entry.result)
                lines.append(ServerMessage.held(item).line)
                // One game asked for: its record too, to watch it (`tilerace replay`).
                if id != nil, let log = entry.log { lines += RecordChunks.split(log).map { ServerMessage.log($0).line } }
            }
            return lines + [ServerMessage.ok(.review(count: listed.count)).line]
        case (.review(let id, let isApproved, let reason), .moderated(let found)):
            guard found else { return [ServerMessage.error(ProtocolError(.noRecord, "nothing is held for review under id \(id)")).line] }
            log(.info, "operator \(isApproved ? "approved" : "rejected") held game \(id)" + (reason.isEmpty ? "" : ": \(reason)"))
            return [ServerMessage.ok(isApproved ? .approve(id: id) : .reject(id: id)).line]
        default:
            return [ServerMessage.error(ProtocolError(.internal, "the store answered something else; try again")).line]
        }
    }

    // MARK: REPORT

    /// Races remembered per session for `REPORT`.
    static let rememberedRaces = 10

    /// Stored with the races the two shared and the last lines of the
    /// reporter's room (or lobby); nothing is sent to the reported player,
    /// and the reply is the same whether or not anyone uses the nickname.
    /// `REVIEW`: the operator sees every held game, a player its own nickname's (so it sees them marked as its own).
    func review(_ session: Session, id: Int?) throws(ProtocolError) {
        guard session.isOperator || session.nickname != nil else { throw Requirement.named.refusal }
        ask(.held(id: id, nickname: session.isOperator ? nil : session.nickname), for: session)
    }

    func report(_ session: Session, nickname: String, reason: String) throws(ProtocolError) {
        guard let reporter = session.nickname else { throw Requirement.named.refusal }
        let reported = Names.nicknameKey(nickname)
        let reporterKey = Names.nicknameKey(reporter)
        guard reported != reporterKey else { throw ProtocolError(.badArguments, "you cannot report yourself") }
        let wall = clock.wallMilliseconds
        let today = today
        if let refusal = registry.withState({ $0.admitReport(by: reporterKey, of: nickname, at: wall, today: today) }) { throw refusal }
        let races = session.recentRaces.filter { $0.nicknameKeys.contains(reported) }.map(\.race)
        let lines = (room(of: session)?.chatHistory ?? lobbyChat).suffix(PlayerReport.maximumLines).map { line in
            ChatLine(room: line.room, nickname: line.nickname, text: line.text)
        }
        let report = PlayerReport(
            id: 1, reporter: reporter, nickname: nickname, milliseconds: wall, reason: reason,
            races: Array(races.suffix(PlayerReport.maximumRaces)), lines: lines)
        ask(.report(report), for: session)
    }

    /// An assisted nickname's sessions on this shard leave the queue and must prove their
    /// claim again to ready in a rated room, which the store then refuses.
    private func stopRatedPlay(of nickname: String) {
        let key = Names.nicknameKey(nickname)
        for id in sessions.sortedIDs {
            guard let session = sessions[id], session.nickname.map(Names.nicknameKey) == key else { continue }
            session.provenClaim = nil
            leaveQueue(session, because: "marked assisted")
        }
    }

    /// Closes this shard's banned sessions now; other shards at their sweep.
    /// `readAt`: as `ServerRegistry.changeBans`.
    func changeBans(readAt readVersion: Int? = nil, _ change: (inout [String: BanInfo]) -> Void) {
        let (isChanged, version) = registry.withState { ($0.changeBans(readAt: readVersion, change), $0.bansVersion) }
        bansVersion = version
        if isChanged { closeBannedSessions() }
    }

    func activeBan(of target: BanTarget) -> BanInfo? {
        let wall = clock.wallMilliseconds
        return registry.withState { $0.bans[target.key] }.flatMap { $0.isActive(at: wall) ? $0 : nil }
    }

    /// The simulator's invariant.
    package func isBanned(nickname: String) -> Bool {
        activeBan(of: .nickname(nickname)) != nil
    }

    /// At `HELLO` and `NICK`; the connection then gets `BYE banned`.
    func refuseIfBanned(_ session: Session, nickname: String) throws(ProtocolError) {
        guard let ban = activeBan(of: .nickname(nickname)) else { return }
        session.byeAfterReply = "banned"
        log(.info, "\(session.id) \(session.peer) refused: \(nickname) is banned")
        throw ProtocolError(.banned, ban.refusalText)
    }

    /// Not the operator's own session.
    private func closeBannedSessions() {
        for id in sessions.sortedIDs {
            guard let session = sessions[id], !session.isClosing, !session.isOperator else { continue }
            let ban = activeBan(of: .address(session.address)) ?? session.nickname.flatMap { activeBan(of: .nickname($0)) }
            guard let ban else { continue }
            // Not a reply to a request: the reason rides in the `BYE`, as a kick's does.
            close(session, bye: "banned: " + ban.refusalText, reason: "banned by the operator")
        }
    }

    // MARK: Every sweep

    /// Carries out operator actions left for this shard by others, and notes
    /// this shard's connections for `CONNECTIONS` elsewhere.
    func carryOutModeration() {
        var noted: [ConnectionID: ServerRegistry.NotedConnection] = [:]
        for session in sessions.values where shardCount > 1 && !session.isAway && !session.isClosing {
            let info = connectionInfo(of: session)
            noted[session.id] = ServerRegistry.NotedConnection(shard: shard, info: info, heardAt: session.lastHeardAt)
        }
        let ids = sessions.sortedIDs
        let (kicks, version) = registry.withState { [shard, shardCount] registry in
            if shardCount > 1 {
                registry.connections = registry.connections.filter { $0.value.shard != shard }.merging(noted) { _, new in new }
            }
            // Each kick is given once.
            var kicks: [ConnectionID: String] = [:]
            for id in ids { kicks[id] = registry.kicks.removeValue(forKey: id) }
            return (kicks, registry.bansVersion)
        }
        for (kicked, bye) in kicks.sorted(by: { $0.key < $1.key }) {
            if let session = sessions[kicked] { close(session, bye: bye, reason: "kicked by the operator") }
        }
        if version != bansVersion {
            bansVersion = version
            closeBannedSessions()
        }
        deliverNotices()
    }

    // MARK: Reading the bans again

    /// Only one shard of a server does this.
    package func startBanRefresh(every milliseconds: Int) {
        banRefreshMilliseconds = milliseconds
        timers.schedule(.bans, at: now + milliseconds)
    }

    /// Unless a question is out already.
    func refreshBans() {
        if let milliseconds = banRefreshMilliseconds { timers.schedule(.bans, at: now + milliseconds) }
        guard banRefreshQuestion == nil else { return }
        let id = nextLeaderboardRequestID
        nextLeaderboardRequestID += 1
        banRefreshQuestion = (id, registry.withState { $0.bansVersion })
        outbox.append(.leaderboard(id, .bans))
    }
}
