import Dispatch
import TileRaceTransport

/// One shard of a `RaceServer`: a serial queue with its `ServerCore`, its
/// sessions' connections and its timer; it carries out the core's actions.
///
/// Owned by `queue`: every method must be called on it.
///
/// Its closures hold it strongly (shards hold each other until they stop):
/// a weak reference would add a side table and put every retain/release on
/// the runtime's slow path.
final class ServerShard: @unchecked Sendable {
    /// Limits and clock come from the core.
    struct Settings {
        var log: ServerLog
        var leaderboard: any LeaderboardService
        var directory: RedisRoomDirectory?
        /// Where `keepArenas` writes, on its own queue (nil: to the
        /// directory's Redis, or nowhere without one).
        var arenaFile: String?
        var arenaDisk = DispatchQueue(label: "tilerace.server.arenas")
    }

    let index: Int
    let queue: DispatchQueue
    /// Set once before any connection arrives, then only read.
    var shards: [ServerShard] = []

    private let core: ServerCore
    private let settings: Settings
    /// Keeps the timer on the same thread as socket input (Linux; nil
    /// elsewhere).
    private let poller: ReadinessPoller?
    private var timer: (any DispatchSourceTimer)?
    private var isTimerStarted = false
    private var armedDeadline: Int?
    /// `IntegerTable`: every reply looks its connection up, and a `Dictionary`
    /// would hash with SipHash.
    private var connections = IntegerTable<Connection>()
    private var inbox: [ServerInput] = []
    private var toFlush: [Connection] = []
    private var waitingOutput = WaitingOutput()
    private var turnsDue: [Connection] = []
    /// Kept with its storage for the next input.
    private var actions: [ServerAction] = []
    /// The list `toFlush` or `turnsDue` changes places with while it is worked through.
    private var spareConnections: [Connection] = []
    private var isProcessing = false
    private var phase = Phase.running
    private var stopWaiters: [() -> Void] = []

    private enum Phase { case running, stopping, stopped }

    /// Call `start()` on its queue.
    init(index: Int, core: ServerCore, settings: Settings) {
        self.index = index
        self.core = core
        self.settings = settings
        queue = DispatchQueue(label: "tilerace.server.shard\(index)")
        poller = ReadinessPoller.make(queue: queue)
    }

    var connectionCount: Int {
        dispatchPrecondition(condition: .onQueue(queue))
        return connections.count
    }

    /// With `directoryEvery`, publishes the rooms that often; with
    /// `bansEvery`, reads the bans from the store that often.
    func start(directoryEvery interval: Int? = nil, bansEvery banInterval: Int? = nil) {
        dispatchPrecondition(condition: .onQueue(queue))
        if let interval { core.startDirectory(every: interval) }
        if let banInterval { core.startBanRefresh(every: banInterval) }
        let fired: @Sendable () -> Void = {
            self.armedDeadline = nil
            self.endWaits()
            self.process(.tick)
        }
        if let poller {
            poller.onTimer(fired)
        } else {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.setEventHandler(handler: fired)
            timer.resume()
            self.timer = timer
        }
        isTimerStarted = true
        armTimer()
    }

    // MARK: Connections

    func accepted(_ fd: Int32, peer: String, id: ConnectionID) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard phase == .running else {
            FileDescriptor.close(fd)  // no source watches it yet
            return
        }
        open(id, fd: fd, peer: peer, pendingOutput: OutputBuffer())
        process(.connected(id, peer: peer))
    }

    func arrived(_ session: Session, on id: ConnectionID, fd: Int32, pendingOutput: OutputBuffer) {
        dispatchPrecondition(condition: .onQueue(queue))
        let connection = open(id, fd: fd, peer: session.peer, pendingOutput: pendingOutput)
        guard phase != .stopped else { return connection.channel.closeNow() }
        schedule(connection)
        perform(core.arrive(session))
        // Unless the shard is at work already and will get to it.
        guard !isProcessing else { return }
        isProcessing = true
        runWaiting()
    }

    /// The handlers capture the id, not the connection, for the same reason.
    @discardableResult
    private func open(_ id: ConnectionID, fd: Int32, peer: String, pendingOutput: OutputBuffer) -> Connection {
        let limits = core.limits
        let connection = Connection(
            id: id, fd: fd, peer: peer, queue: queue, outputLimit: limits.maximumPendingOutputBytes,
            backpressureBytes: limits.backpressureBytes, closeTimeoutMilliseconds: limits.closeTimeoutMilliseconds,
            pendingOutput: pendingOutput, poller: poller)
        connections[id] = connection
        connection.channel.start(
            SocketChannel.Handlers(
                received: { bytes in self.received(bytes, on: id) }, ended: { reason in self.ended(id, reason) },
                closed: { self.closed(id) }, drained: { self.drained(id) }))
        return connection
    }

    /// A peer that closed its side is closed once its output is written.
    private func ended(_ id: ConnectionID, _ reason: SocketChannel.EndReason) {
        guard let connection = connections[id] else { return }
        process(.disconnected(id, reason: connection.describe(reason)))
        if reason == .peerClosed { connection.channel.closeAfterFlush() }
    }

    private func drained(_ id: ConnectionID) {
        guard let connection = connections[id] else { return }
        updateReading(connection)
        guard connection.wantsInputTurn else { return }
        scheduleInputTurn(connection)
    }

    /// The core counts the time reading is held.
    private func updateReading(_ connection: Connection) {
        guard let held = connection.updateReading() else { return }
        core.readingHeld(held, on: connection.id)
    }

    /// Queues a connection's next turn after other work, or after its output
    /// drains if backed up.
    private func scheduleInputTurn(_ connection: Connection) {
        guard !connection.isOutputBacklogged else { return }
        connection.wantsInputTurn = false
        let id = connection.id
        queue.async { self.process(.inputTurn(id)) }
    }

    private func closed(_ id: ConnectionID) {
        connections[id] = nil
        if phase == .stopping, connections.isEmpty { finishStop() }
    }

    // MARK: Stopping

    /// `completion` runs once every connection closed (or after the close
    /// timeout).
    func beginStop(_ completion: @escaping () -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        if phase == .stopped { return completion() }
        stopWaiters.append(completion)
        guard phase == .running else { return }
        phase = .stopping
        process(.shutdown)
        let timeout = core.limits.closeTimeoutMilliseconds + 500
        queue.asyncAfter(deadline: .now() + .milliseconds(timeout)) {
            guard self.phase == .stopping else { return }
            for connection in self.connections.values { connection.channel.closeNow() }
            self.finishStop()
        }
        if connections.isEmpty { finishStop() }
    }

    private func finishStop() {
        guard phase == .stopping else { return }
        phase = .stopped
        isTimerStarted = false
        timer?.cancel()
        timer = nil
        poller?.close()
        waitingOutput.removeAll()
        // The shards held each other while serving; stopped, they let go.
        shards = []
        let waiters = stopWaiters
        stopWaiters = []
        for waiter in waiters { waiter() }
    }

    // MARK: Carrying out actions

    /// Inputs that arise while actions run wait their turn, so the core never
    /// runs re-entrantly. Each connection's output of a batch goes in one write.
    private func process(_ input: ServerInput) {
        assertOnQueue(queue)
        guard !isProcessing else { return inbox.append(input) }
        isProcessing = true
        // Skips the inbox: that would copy a large enum in and out.
        core.handle(input, into: &actions)
        perform(actions)
        runWaiting()
    }

    /// Lent bytes go to the core without an array; while the shard is busy
    /// they wait in the inbox, copied.
    private func received(_ bytes: UnsafeRawBufferPointer, on id: ConnectionID) {
        assertOnQueue(queue)
        guard !isProcessing else { return inbox.append(.received(id, Array(bytes))) }
        isProcessing = true
        core.handle(received: bytes, on: id, into: &actions)
        perform(actions)
        runWaiting()
    }

    /// Queued inputs, then flushes and input turns; then sets the timer.
    private func runWaiting() {
        while true {
            if !inbox.isEmpty {
                core.handle(inbox.removeFirst(), into: &actions)
                perform(actions)
            } else if !toFlush.isEmpty {
                // The lists change places with spare ones, so a steady flow allocates none.
                swap(&toFlush, &spareConnections)
                for connection in spareConnections {
                    connection.isFlushScheduled = false
                    connection.outputWaitsUntil = nil
                    connection.flush()
                    updateReading(connection)
                }
                spareConnections.removeAll(keepingCapacity: true)
            } else if !turnsDue.isEmpty {
                swap(&turnsDue, &spareConnections)
                for connection in spareConnections { scheduleInputTurn(connection) }
                spareConnections.removeAll(keepingCapacity: true)
            } else {
                break
            }
        }
        isProcessing = false
        armTimer()
    }

    private func schedule(_ connection: Connection) {
        guard !connection.isFlushScheduled else { return }
        connection.isFlushScheduled = true
        toFlush.append(connection)
    }

    private func perform(_ actions: [ServerAction]) {
        for action in actions {
            switch action {
            case .send(let id, let lines):
                send(lines, to: id)
            case .sendSoon(let id, let lines):
                sendSoon(lines, to: id)
            case .close(let id):
                // When stopping, do not wait long for clients to hang up.
                connections[id]?.channel.closeAfterFlush(lingerMilliseconds: phase == .stopping ? 100 : 1000)
            case .leaderboard(let id, let request):
                settings.leaderboard.perform(request) { [self, queue] answer in
                    queue.async { self.process(.answered(id, answer)) }
                }
            case .input(let id, let flow):
                guard let connection = connections[id] else { continue }
                connection.holdInput(flow != .read)
                updateReading(connection)
                if flow == .turn {
                    connection.wantsInputTurn = true
                    turnsDue.append(connection)
                }
            case .transfer(let id, let target):
                transfer(id, to: target)
            case .handOff(let ids, let target):
                handOff(ids, to: target)
            case .publishRooms(let rooms, let nicknames):
                let (arenas, arenaIDs) = core.arenasToPublish()
                settings.directory?.publish(rooms, nicknames: nicknames, arenas: arenas, arenaIDs: arenaIDs) { [self, queue] remote in
                    queue.async {
                        self.process(.remoteRooms(remote?.rooms ?? [], nicknames: remote?.nicknames ?? []))
                        self.process(.remoteArenas(remote?.arenas ?? [], ids: remote?.arenaIDs))
                    }
                }
            case .log(let level, let entry):
                settings.log(level, entry)
            case .lobbyChat(let line):
                // One shard's lines reach each other shard in the order said.
                for other in shards where other !== self {
                    other.queue.async { other.process(.lobbyChat(line)) }
                }
            case .keepArenas(let bytes):
                let log = settings.log
                let notKept: @Sendable (String) -> Void = { reason in
                    log(.error, LogEntry("arena.not-kept", [.init("reason", reason)], message: "error: arenas not kept: \(reason)"))
                }
                if let path = settings.arenaFile {
                    settings.arenaDisk.async {
                        do throws(FileSystem.Failure) {
                            try FileSystem.replaceAtomically(path, with: bytes)
                        } catch {
                            notKept(error.message)
                        }
                    }
                } else {
                    settings.directory?.keepArenas(bytes, failed: notKept)
                }
            }
        }
    }

    /// Out of `perform`'s switch: inlined there, the compiler copied each
    /// action whole.
    @inline(never)
    private func send(_ lines: OutgoingLines, to id: ConnectionID) {
        guard let connection = connections[id], connection.enqueue(lines) else { return }
        schedule(connection)
    }

    /// Flushed with the next lines to it or when the wait ends, whichever is
    /// first.
    @inline(never)
    private func sendSoon(_ lines: OutgoingLines, to id: ConnectionID) {
        guard let connection = connections[id], connection.enqueue(lines) else { return }
        // Flushed at the end of this batch anyway, or waiting already: the lines go with the rest.
        guard !connection.isFlushScheduled, connection.outputWaitsUntil == nil else { return }
        connection.outputWaitsUntil = waitingOutput.append(
            id, until: core.clock.monotonicMilliseconds + core.limits.progressWaitMilliseconds)
    }

    private func endWaits() {
        guard !waitingOutput.isEmpty else { return }
        waitingOutput.removeEnded(by: core.clock.monotonicMilliseconds) { id, deadline in
            // A connection flushed since (or gone) no longer waits.
            guard let connection = connections[id], connection.outputWaitsUntil == deadline else { return }
            schedule(connection)
        }
    }

    /// The socket and unsent output go to the other shard's queue once the
    /// sources here are cancelled.
    private func transfer(_ id: ConnectionID, to target: Int) {
        guard let session = core.release(id) else { return }
        let next = target >= 0 && target < shards.count ? shards[target] : nil
        let box = SessionBox(session: session)
        guard let next, let connection = connections[id],
            connection.channel.detach(to: { fd, output in
                next.queue.async { next.arrived(box.session, on: id, fd: fd, pendingOutput: output) }
            })
        else {
            // Closing already (its end is being reported): it stays, and its request runs here.
            return perform(core.arrive(session))
        }
        connections[id] = nil
    }

    /// Like `transfer`, for a matched group: the sockets go once all are
    /// detached, in one hop, so the room there is made with every player in
    /// it. One whose connection is ending already stays here to close, and
    /// its session goes with the others as lost.
    private func handOff(_ ids: [ConnectionID], to target: Int) {
        let group = MatchedGroup(sessions: ids.compactMap { core.release($0) })
        // Never so: the core sends a group elsewhere.
        guard target != index, target >= 0, target < shards.count else { return arrivedMatched(group) }
        let next = shards[target]
        // One for the loop, so the group goes after the last detach, wherever that happens.
        var waiting = 1
        let departed = {
            waiting -= 1
            guard waiting == 0 else { return }
            next.queue.async { next.arrivedMatched(group) }
        }
        for session in group.sessions {
            waiting += 1
            guard let id = session.connection, let connection = connections[id],
                connection.channel.detach(to: { fd, output in
                    group.sockets[id] = (fd, output)
                    departed()
                })
            else {
                group.lost.insert(session.id)
                waiting -= 1
                continue
            }
            connections[id] = nil
        }
        departed()
    }

    private func arrivedMatched(_ group: MatchedGroup) {
        dispatchPrecondition(condition: .onQueue(queue))
        for session in group.sessions {
            guard let id = session.connection, let (fd, output) = group.sockets[id] else { continue }
            let connection = open(id, fd: fd, peer: session.peer, pendingOutput: output)
            if phase == .stopped { connection.channel.closeNow() } else { schedule(connection) }
        }
        guard phase != .stopped else { return }
        perform(core.arriveMatched(group.sessions, lost: group.lost))
        guard !isProcessing else { return }
        isProcessing = true
        runWaiting()
    }

    private func armTimer() {
        guard isTimerStarted, let deadline = earliest(core.nextDeadline, nextWaitEnd) else { return }
        guard deadline != armedDeadline else { return }
        armedDeadline = deadline
        let delay = max(0, deadline - core.clock.monotonicMilliseconds)
        if let poller {
            poller.scheduleTimer(afterMilliseconds: delay)
        } else {
            timer?.schedule(deadline: .now() + .milliseconds(delay), leeway: .milliseconds(1))
        }
    }

    private var nextWaitEnd: Int? {
        guard !waitingOutput.isEmpty else { return nil }
        return waitingOutput.nextDeadline { id, deadline in connections[id]?.outputWaitsUntil == deadline }
    }

    private func earliest(_ first: Int?, _ second: Int?) -> Int? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }
}

/// Unchecked Sendable is safe: the sender released it before boxing, and
/// only the receiver touches it afterwards.
private struct SessionBox: @unchecked Sendable {
    let session: Session
}

/// A matched group on its way between shards: filled on the sending shard's
/// queue, then read only on the receiving one's (the same reasoning as `SessionBox`).
private final class MatchedGroup: @unchecked Sendable {
    let sessions: [Session]
    var sockets: [ConnectionID: (fd: Int32, output: OutputBuffer)] = [:]
    /// Their connections were ending: they arrive without one.
    var lost: Set<ConnectionID> = []

    init(sessions: [Session]) {
        self.sessions = sessions
    }
}
