import TileRaceServer

/// A real `ServerCore` (one shard) fed by the simulation.
final class SimulatedServer {
    let index: Int
    /// The address the others and `ERR moved` give for it.
    let address: String
    /// Its core while it runs; nil while it is stopped.
    var core: ServerCore?
    /// Bumped at each start, so events meant for an earlier run are dropped.
    var generation = 0
    var connections: [ConnectionID: Int] = [:]
    /// The next connection number (never reused, across restarts too).
    var nextConnectionNumber = 1
    /// When a tick is scheduled (nil: none).
    var nextTickAt: Int?
    /// Until when connecting to it is refused (a fault), besides while it is stopped.
    var refusesUntil = 0
    /// The operator's connection (fed to the core directly), once it said `AUTH`.
    var operatorID: ConnectionID?
    /// The connection must be closed with the `OK KICK`.
    var expectedKick: (nickname: String, connection: ConnectionID?)?
    /// The nickname the operator muted last (its next mute action lifts it).
    var mutedNickname: String?

    init(index: Int) {
        self.index = index
        address = "server-\(Character(UnicodeScalar(UInt8(97 + index)))):2048"
    }

    var host: String { String(address.prefix { $0 != ":" }) }

    var isRunning: Bool { core != nil }
}
