import TileRaceProtocol

/// `INFO`: the server's version, uptime and load, for whoever runs it; and
/// the count of moves behind its moves per second.
///
/// The figures are the whole server's: they come from the registry every
/// shard shares. Each shard adds its moves to the registry's `MoveRate`
/// once a second (at its first move of a new second, at its sweep, and
/// before it answers `INFO`), never per move.
extension ServerCore {
    /// `INFO`: asks the leaderboard service whether the store is up; the
    /// reply is made when it answers (`infoLine`), so it waits like `TOP`.
    func info(_ session: Session) {
        ask(.status, for: session)
    }

    /// The `OK INFO` line, with the figures of every shard now.
    func infoLine(isStoreUp: Bool) -> String {
        addPendingMoves()
        let second = now / 1000
        let (players, rooms, races, moves) = registry.sync { state in
            (
                state.greetedCount, state.rooms.count, state.rooms.values.filter { $0.description.state == .racing }.count,
                state.moveRate.total(atSecond: second)
            )
        }
        let info = ServerInfo(
            version: TileRaceVersion.current, uptimeSeconds: max(0, now - startedAt) / 1000, players: players, rooms: rooms,
            races: races, tenthsOfMovesPerSecond: ServerInfo.tenthsPerSecond(movesInLastMinute: moves), store: storeKind,
            isStoreUp: isStoreUp)
        return ServerMessage.ok(.info(info)).line
    }

    /// Counts `count` moves applied now.
    func countMoves(_ count: Int) {
        guard count > 0 else { return }
        let second = now / 1000
        if second != pendingMovesSecond { addPendingMoves() }
        pendingMovesSecond = second
        pendingMoves += count
    }

    /// Adds the moves counted to the registry's rate.
    func addPendingMoves() {
        guard pendingMoves > 0 else { return }
        let (count, second) = (pendingMoves, pendingMovesSecond)
        pendingMoves = 0
        registry.sync { $0.moveRate.add(count, atSecond: second) }
    }
}
