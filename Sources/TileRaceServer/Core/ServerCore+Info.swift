import TileRaceProtocol

/// `INFO`: the server's version, uptime and load, for whoever runs it; and
/// the count of moves behind its moves per second.
///
/// The figures are the whole server's: they come from the registry every
/// shard shares (a question, like any other). Each shard tells the
/// registry its moves once a second (at its first move of a new second, at its sweep, and
/// before it answers `INFO`), never per move.
extension ServerCore {
    /// `INFO`: asks the leaderboard service whether the store is up; then
    /// (`infoStoreAnswered`) the registry for the counts, so they are those
    /// of the moment the reply is made. The session waits like `TOP`.
    func info(_ session: Session) {
        ask(.status, for: session)
    }

    /// The store answered `INFO`'s question: the registry is asked for the
    /// counts (after this shard's moves are added); the session goes on
    /// waiting until `infoCounted`.
    func infoStoreAnswered(_ isStoreUp: Bool, for session: Session) {
        addPendingMoves()
        askRegistry(.info(second: now / 1000), for: .info(session.id, isStoreUp: isStoreUp))
    }

    /// The registry counted: the `OK INFO` line goes out and the session's
    /// next lines run.
    func infoCounted(_ answer: RegistryAnswer, for sessionID: ConnectionID, isStoreUp: Bool) {
        guard let session = sessions[sessionID], !session.isClosing,
            case .info(let players, let rooms, let races, let moves) = answer
        else { return }
        let info = ServerInfo(
            version: TileRaceVersion.current, uptimeSeconds: max(0, now - startedAt) / 1000, players: players, rooms: rooms,
            races: races, tenthsOfMovesPerSecond: ServerInfo.tenthsPerSecond(movesInLastMinute: moves), store: storeKind,
            isStoreUp: isStoreUp)
        send(session.id, lines: [ServerMessage.ok(.info(info)).line])
        session.awaitedAnswer = nil
        setInputFlow(.turn, of: session)
    }

    /// Counts `count` moves applied now.
    func countMoves(_ count: Int) {
        guard count > 0 else { return }
        let second = now / 1000
        if second != pendingMovesSecond { addPendingMoves() }
        pendingMovesSecond = second
        pendingMoves += count
    }

    /// Tells the registry the moves counted.
    func addPendingMoves() {
        guard pendingMoves > 0 else { return }
        let (count, second) = (pendingMoves, pendingMovesSecond)
        pendingMoves = 0
        tellRegistry(.moves(count, second: second))
    }
}
