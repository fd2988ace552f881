import TileRaceProtocol

@testable import TileRaceServer

/// Drives the cores of several shards sharing one registry, as one server
/// runs them, without sockets: a connection starts on the shard the test
/// names, and a transfer hands it and its session to the other core at once.
final class ShardsHarness {
    let clock = ManualClock()
    let registry: Registry
    let cores: [ServerCore]
    /// The shard each connection is on.
    private(set) var shardOf: [ConnectionID: Int] = [:]
    private(set) var logs: [String] = []
    private var output: [ConnectionID: [String]] = [:]
    private var turnsDue: [ConnectionID] = []
    private var nextNumber = 1

    /// Nil: only `INFO`'s question is answered.
    private let leaderboard: FileLeaderboardService?
    /// Connections that end while a quick race hands them to another shard.
    var endsOnHandOff: Set<ConnectionID> = []

    init(shards: Int, limits: ServerLimits = .standard, operatorSecret: String? = nil, store: LeaderboardStore? = nil) {
        leaderboard = store.map { FileLeaderboardService(store: $0) }
        let registry = Registry(shardCount: shards)
        let clock = clock
        self.registry = registry
        cores = (0..<shards).map { shard in
            ServerCore(
                limits: limits, clock: clock, random: CountingRandom.make(), serverName: "tilerace-test", logLevel: .debug,
                registry: registry, shard: shard, operatorSecret: operatorSecret)
        }
    }

    /// The connections a core closed.
    private(set) var closed: Set<ConnectionID> = []

    /// Moves the clock on and lets every shard fire its due timers (its sweep each second).
    func advance(_ milliseconds: Int) {
        clock.advance(milliseconds)
        for shard in cores.indices { perform(cores[shard].handle(.tick), on: shard) }
    }

    /// Opens a connection on a shard (its greeting is left in its output).
    func connect(to shard: Int) -> ConnectionID {
        let id = ConnectionID(number: nextNumber)
        nextNumber += 1
        shardOf[id] = shard
        perform(cores[shard].handle(.connected(id, peer: "127.0.0.1:\(40000 + id.number)")), on: shard)
        return id
    }

    /// Opens a connection on a shard and says `HELLO` with a nickname; its output is cleared.
    func player(_ nickname: String, on shard: Int) -> ConnectionID {
        let id = connect(to: shard)
        send(id, "HELLO tilerace 1 \(nickname)")
        _ = take(id)
        return id
    }

    /// Sends lines from a connection, all in one read.
    func send(_ id: ConnectionID, _ lines: String...) {
        let shard = shardOf[id, default: 0]
        perform(cores[shard].handle(.received(id, Array(lines.map { $0 + "\n" }.joined().utf8))), on: shard)
        while !turnsDue.isEmpty {
            let due = turnsDue.removeFirst()
            let shard = shardOf[due, default: 0]
            perform(cores[shard].handle(.inputTurn(due)), on: shard)
        }
    }

    /// The connection dropped.
    func disconnect(_ id: ConnectionID) {
        let shard = shardOf[id, default: 0]
        perform(cores[shard].handle(.disconnected(id, reason: "test")), on: shard)
    }

    /// Returns and clears what a connection received.
    func take(_ id: ConnectionID) -> [String] {
        defer { output[id] = [] }
        return output[id] ?? []
    }

    private func perform(_ actions: [ServerAction], on shard: Int) {
        for action in actions {
            switch action {
            case .send(let id, let lines), .sendSoon(let id, let lines): output[id, default: []] += lines.lines
            case .log(_, let entry): logs.append(entry.message)
            case .transfer(let id, let target):
                guard let session = cores[shard].release(id) else { continue }
                shardOf[id] = target
                perform(cores[target].arrive(session), on: target)
            case .handOff(let ids, let target):
                let group = ids.compactMap { cores[shard].release($0) }
                for id in ids where !endsOnHandOff.contains(id) { shardOf[id] = target }
                let lost = Set(group.filter { endsOnHandOff.contains($0.connection ?? $0.id) }.map(\.id))
                perform(cores[target].arriveMatched(group, lost: lost), on: target)
            case .input(let id, let flow):
                if flow == .turn { turnsDue.append(id) }
            case .lobbyChat(let line):
                for other in cores.indices where other != shard { perform(cores[other].handle(.lobbyChat(line)), on: other) }
            case .leaderboard(let id, let request) where leaderboard != nil:
                perform(cores[shard].handle(.answered(id, leaderboard?.answer(request) ?? .status(isUp: true))), on: shard)
            case .leaderboard(let id, .status):
                // `INFO` asks whether the store is up: here it always is.
                perform(cores[shard].handle(.answered(id, .status(isUp: true))), on: shard)
            case .close(let id):
                closed.insert(id)
            case .leaderboard, .publishRooms, .keepArenas:
                break
            }
        }
    }
}
