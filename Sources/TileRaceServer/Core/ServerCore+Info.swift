import TileRaceProtocol

/// `INFO`: whole-server figures from the registry. Shards add their moves
/// once a second, never per move, to keep the lock off the hot path.
extension ServerCore {
    func infoLine(isStoreUp: Bool) -> String {
        addPendingMoves()
        let second = now / 1000
        let (players, rooms, races, moves) = registry.withState { $0.info(second: second) }
        let info = ServerInfo(
            version: TileRaceVersion.current, uptimeSeconds: max(0, now - startedAt) / 1000, players: players, rooms: rooms,
            races: races, tenthsOfMovesPerSecond: ServerInfo.tenthsPerSecond(movesInLastMinute: moves), store: storeKind,
            isStoreUp: isStoreUp)
        return ServerMessage.ok(.info(info)).line
    }

    func countMoves(_ count: Int) {
        guard count > 0 else { return }
        let second = now / 1000
        if second != pendingMovesSecond { addPendingMoves() }
        pendingMovesSecond = second
        pendingMoves += count
    }

    func addPendingMoves() {
        guard pendingMoves > 0 else { return }
        let (count, second) = (pendingMoves, pendingMovesSecond)
        pendingMoves = 0
        registry.withState { $0.moveRate.add(count, atSecond: second) }
    }
}
