import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceServer

/// Drives a `ServerCore` without sockets: connections are numbers, bytes go in,
/// the lines each connection would receive are collected, and time moves only
/// when the test says so.
final class CoreHarness {
    let clock = ManualClock()
    let core: ServerCore
    /// What the core's shard would share with others (it is the only one).
    let registry = Registry()
    private(set) var output: [ConnectionID: [String]] = [:]
    private(set) var closed: [ConnectionID] = []
    private(set) var logs: [String] = []
    /// The last arenas' snapshot the core asked to keep.
    private(set) var keptArenas: [UInt8]?
    /// Leaderboard requests not yet handed to the service, while `holdsLeaderboard` is set.
    private(set) var heldRequests: [(id: Int, request: LeaderboardRequest)] = []
    /// When set, leaderboard requests wait until `answerHeldRequests()`, as a slow disk would make them.
    var holdsLeaderboard = false
    /// The room lists the core published to the directory, in order.
    private(set) var publishedRooms: [[RoomDescription]] = []
    /// The leaderboard service the core's requests go to.
    let leaderboard: FileLeaderboardService
    /// The last input flow the core asked for, per connection.
    private(set) var inputFlows: [ConnectionID: InputFlow] = [:]
    /// Connections owed another turn of input.
    private(set) var turnsDue: [ConnectionID] = []
    /// When set (the default), owed turns are given at once after each input,
    /// as the server's queue would once it has nothing else to do.
    var givesTurns = true
    private var nextNumber = 1

    init(
        limits: ServerLimits = .standard, store: any LeaderboardPersisting = LeaderboardStore.inMemory(), operatorSecret: String? = nil,
        logLevel: ServerLog.Level = .info, storeKind: ServerInfo.Store = .memory
    ) {
        leaderboard = FileLeaderboardService(store: store)
        core = ServerCore(
            limits: limits, clock: clock, random: CountingRandom.make(), serverName: "tilerace-test", logLevel: logLevel,
            registry: registry, storeKind: storeKind, operatorSecret: operatorSecret)
    }

    /// Hands the held leaderboard requests to the service, in order, and
    /// their answers to the core.
    func answerHeldRequests() {
        let held = heldRequests
        heldRequests = []
        let answers = held.map { answerNow($0.request) }
        for (request, answer) in zip(held, answers) { perform(core.handle(.answered(request.id, answer))) }
        if givesTurns { giveTurns() }
    }

    /// Gives the core `answer` to the held request `id`.
    func answer(_ id: Int, with answer: LeaderboardAnswer) {
        heldRequests.removeAll { $0.id == id }
        perform(core.handle(.answered(id, answer)))
    }

    /// The service's answer to a request (waits for it, at most a few seconds).
    private func answerNow(_ request: LeaderboardRequest) -> LeaderboardAnswer {
        leaderboard.answer(request)
    }

    /// Opens a connection from `address` (its greeting is left in its output).
    func connect(from address: String = "127.0.0.1") -> ConnectionID {
        let id = ConnectionID(number: nextNumber)
        nextNumber += 1
        perform(core.handle(.connected(id, peer: "\(address):\(40000 + id.number)")))
        return id
    }

    /// Opens a connection (from `address`) and says `HELLO` with a nickname; its output is cleared.
    func player(_ nickname: String, from address: String = "127.0.0.1") -> ConnectionID {
        let id = connect(from: address)
        send(id, "HELLO tilerace 1 \(nickname)")
        _ = take(id)
        return id
    }

    /// A connection that said `HELLO` as a bot named `nickname`; its output cleared.
    func bot(_ nickname: String) -> ConnectionID {
        let id = connect()
        send(id, "HELLO tilerace 1 \(nickname) bot=yes")
        _ = take(id)
        return id
    }

    /// Sends a line from a connection.
    func send(_ id: ConnectionID, _ line: String) {
        sendBytes(id, Array((line + "\n").utf8))
    }

    /// Sends raw bytes from a connection.
    func sendBytes(_ id: ConnectionID, _ bytes: [UInt8]) {
        perform(core.handle(.received(id, bytes)))
        if givesTurns { giveTurns() }
    }

    /// Gives every owed turn, until none is owed.
    func giveTurns() {
        while !turnsDue.isEmpty { giveTurn() }
    }

    /// Gives the first owed turn.
    func giveTurn() {
        perform(core.handle(.inputTurn(turnsDue.removeFirst())))
    }

    /// Sends a line and returns what that connection received because of it.
    func ask(_ id: ConnectionID, _ line: String) -> [String] {
        send(id, line)
        return take(id)
    }

    /// The directory read other servers' rooms.
    func remoteRooms(_ rooms: [RoomDescription]) {
        perform(core.handle(.remoteRooms(rooms, nicknames: [])))
    }

    /// The directory read other servers' arenas and drew arena ids.
    func remoteArenas(_ arenas: [ArenaInfo], ids: ClosedRange<Int>?) {
        perform(core.handle(.remoteArenas(arenas, ids: ids)))
    }

    /// The connection dropped.
    func disconnect(_ id: ConnectionID) {
        perform(core.handle(.disconnected(id, reason: "test")))
    }

    /// Moves the clock forward, firing each timer at its own deadline.
    func advance(_ milliseconds: Int) {
        let target = clock.monotonicMilliseconds + milliseconds
        while let deadline = core.nextDeadline, deadline <= target {
            clock.advance(max(0, deadline - clock.monotonicMilliseconds))
            perform(core.handle(.tick))
        }
        clock.advance(target - clock.monotonicMilliseconds)
        perform(core.handle(.tick))
    }

    /// Returns and clears what a connection received.
    func take(_ id: ConnectionID) -> [String] {
        defer { output[id] = [] }
        return output[id] ?? []
    }

    /// Whether the core closed a connection.
    func isClosed(_ id: ConnectionID) -> Bool { closed.contains(id) }

    /// Every room the server knows of, listed or not: what `ROOMS` costs by.
    func knownRoomCount() -> Int {
        registry.withState { $0.knownRoomCount }
    }

    private func perform(_ actions: [ServerAction]) {
        for action in actions {
            switch action {
            case .send(let id, let lines), .sendSoon(let id, let lines): output[id, default: []] += lines.lines
            case .close(let id): closed.append(id)
            case .log(_, let entry): logs.append(entry.message)
            case .transfer(let id, _):
                // One core is the only shard: a session that moves arrives here again.
                if let session = core.release(id) { perform(core.arrive(session)) }
            case .handOff(let ids, _):
                perform(core.arriveMatched(ids.compactMap(core.release), lost: []))
            case .publishRooms(let rooms, _): publishedRooms.append(rooms)
            case .lobbyChat:
                // One core is the only shard: its lobby got the line already.
                break
            case .keepArenas(let bytes): keptArenas = bytes
            case .input(let id, let flow):
                inputFlows[id] = flow
                if flow == .turn { turnsDue.append(id) }
            case .leaderboard(let id, let request):
                if holdsLeaderboard {
                    heldRequests.append((id, request))
                } else {
                    perform(core.handle(.answered(id, answerNow(request))))
                }
            }
        }
    }
}

/// Plays a game with a fixed preference of directions: the first that changes the board.
struct Autoplayer {
    var game: Game
    let preference: [Direction]

    init(seed: String, size: Int = 4, target: Int = 2048, preference: [Direction] = [.left, .down, .right, .up]) throws {
        game = Game(config: try GameConfig(size: size, target: target), seed: try Seed(parsing: seed))
        self.preference = preference
    }

    /// Plays one move; returns it, or nil when no move is possible.
    mutating func next() -> Direction? {
        for direction in preference where game.board.sliding(direction) != nil {
            _ = try? game.move(direction)
            return direction
        }
        return nil
    }

    /// A direction that changes nothing now, if any.
    var invalidDirection: Direction? {
        Direction.allCases.first { game.board.sliding($0) == nil }
    }
}

extension Autoplayer {
    /// `count` whole games from seeds 1, 2, 3, ..., as `LeaderboardDemo` takes them (`--demo` has bots play them).
    static func demoGames(_ count: Int) throws -> [LeaderboardDemo.PlayedGame] {
        try (1...count).map { index in
            var player = try Autoplayer(seed: String(index))
            var log = GameLog()
            while let direction = player.next() { log.append(.move(direction)) }
            return LeaderboardDemo.PlayedGame(seed: Seed(UInt64(index)), log: log, milliseconds: 1000 * index)
        }
    }
}
