import TileRaceServer

/// Who is at the client end of a connection.
enum Party: Hashable, CustomStringConvertible {
    /// A simulated player (a real client).
    case player(Int)
    /// A bot a player started (a real `BotPlayer`).
    case bot(Int)
    /// An operator's `tilerace info`: `HELLO`, `INFO`, `QUIT`.
    case probe(Int)
    /// A cheating player (`SimulatedCheater`): a script or a bot hiding its tag.
    case cheater(Int)
    /// An arena racer (`SimulatedRacer`), speaking the protocol itself.
    case racer(Int)

    var isRacer: Bool {
        if case .racer = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .player(let index): "p\(index + 1)"
        case .bot(let index): "bot\(index + 1)"
        case .probe(let index): "info\(index + 1)"
        case .cheater(let index): "c\(index + 1)"
        case .racer(let index): "a\(index + 1)"
        }
    }
}

/// Bytes keep their order each way and take the latency; a stall holds them; a cut ends it.
final class SimulatedConnection {
    let id: Int
    let party: Party
    let server: Int
    /// The server's generation (a restarted server is a new one).
    let generation: Int
    let serverID: ConnectionID
    /// One-way latency (milliseconds).
    let latency: Int
    /// Until when nothing moves either way (an outage).
    var stalledUntil = 0
    var toServer = Way()
    var toClient = Way()
    /// Whether it was cut: whatever is on its way is lost, and nothing more goes through.
    var isCut = false
    var isStallEndScheduled = false
    /// `ServerAction.sendSoon` lines waiting for the next reply, and their deadline.
    var waitingOutput: [String] = []
    var outputWaitsUntil: Int?

    enum Held {
        case bytes([UInt8])
        case close(String)
    }

    /// The traffic one way, towards one end.
    struct Way {
        /// When the last bytes sent this way arrive.
        var lastArrival = 0
        /// Bytes sent and not yet arrived.
        var inFlight = 0
        /// What arrived while it was stalled, in order: delivered when the stall ends.
        var held: [Held] = []
        /// Whether the end it goes to is open.
        var isOpen = true
    }

    init(id: Int, party: Party, server: Int, generation: Int, serverID: ConnectionID, latency: Int) {
        self.id = id
        self.party = party
        self.server = server
        self.generation = generation
        self.serverID = serverID
        self.latency = latency
    }

    var isQuiet: Bool { toServer.inFlight == 0 && toClient.inFlight == 0 }

    subscript(towards end: End) -> Way {
        get { end == .server ? toServer : toClient }
        set {
            if end == .server { toServer = newValue } else { toClient = newValue }
        }
    }
}

/// One end of a simulated connection.
enum End {
    case server, client

    var opposite: End { self == .server ? .client : .server }
}
