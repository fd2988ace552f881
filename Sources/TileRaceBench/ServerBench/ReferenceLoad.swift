import Dispatch
import Foundation
import TileRaceTransport

/// A share of `tilerace-bench server --redis`'s load: whole rooms (or
/// channel groups) of `ReferenceConnection`s on one thread of its own, which
/// blocks in one epoll set (`EpollSet`), reads each ready socket once, sends
/// what is due and writes each connection's bytes with one `send`. The same
/// loop loads TileRace and Redis, so the two are measured alike.
///
/// Its state is owned by its thread (`run`); the figures are read after
/// `run` returns (its `finished` semaphore), and the shared `Window` is locked.
final class ReferenceLoad: @unchecked Sendable {
    /// When to count, set by the benchmark once every connection is ready;
    /// shared by the load's threads under a lock.
    final class Window: @unchecked Sendable {
        private let lock = NSLock()
        private var start: UInt64 = .max
        private var end: UInt64 = .max
        private var ready = 0
        private var isAbandoned = false

        func connectionReady() { lock.withLock { ready += 1 } }

        var readyConnections: Int { lock.withLock { ready } }

        /// Counts from `start` to `end` (monotonic ns); the loads stop at `end`.
        func open(start: UInt64, end: UInt64) { lock.withLock { (self.start, self.end) = (start, end) } }

        /// Stops every load now (setting up failed).
        func abandon() { lock.withLock { isAbandoned = true } }

        /// The window, and whether the loads should stop.
        var bounds: (start: UInt64, end: UInt64, isAbandoned: Bool) { lock.withLock { (start, end, isAbandoned) } }
    }

    /// What one load measured.
    struct Figures {
        var roundTrips: [UInt64] = []
        var fannedOut = 0
        var errorCount = 0
        var firstErrors: [String] = []
        /// The longest time between the starts of two turns of the loop in
        /// the window, in ns (a turn waits at most 1 ms for the sockets):
        /// longer, and the load itself held up the round trips of then.
        var longestTurn: UInt64 = 0
    }

    private let connections: [ReferenceConnection]
    private let host: String
    private let port: Int
    private let interval: UInt64
    private let cpu: Int?
    private let window: Window
    private var sockets: [Int32] = []
    private var partialLines: [[UInt8]] = []
    private var isOpen: [Bool] = []
    private var isCounted: [Bool] = []
    private var roomMembers: [Int: [Int]] = [:]
    private var roomCreated: Set<Int> = []
    private var roomEntered: [Int: Int] = [:]
    private var greetedJoiners: Set<Int> = []
    /// What it measured; read once `finished` is signalled.
    private(set) var figures = Figures()
    /// Signalled when `run` returns.
    let finished = DispatchSemaphore(value: 0)

    /// A load of `connections` (positions in the array are their tokens) to
    /// `host`:`port`, each sending a timed request every `interval` ns, on a
    /// thread pinned to `cpu` when given.
    init(connections: [ReferenceConnection], host: String, port: Int, interval: UInt64, cpu: Int?, window: Window) {
        self.connections = connections
        self.host = host
        self.port = port
        self.interval = interval
        self.cpu = cpu
        self.window = window
        for (position, connection) in connections.enumerated() {
            if case .racer(let room, _, _) = connection.role { roomMembers[room, default: []].append(position) }
        }
    }

    /// Starts `run` on a thread of its own.
    func start() {
        let thread = Thread { [self] in
            run()
            finished.signal()
        }
        thread.name = "tilerace.bench.reference-load"
        thread.start()
    }

    private func run() {
        if let cpu { try? CPUAffinity(cpus: [cpu]).pin() }
        guard let poll = EpollSet() else {
            fail("no epoll set (this benchmark needs Linux)")
            window.abandon()
            return
        }
        // Subscribers and room creators first, so that the others find their channel or room.
        let order = connections.indices.sorted { rank(connections[$0].role) < rank(connections[$1].role) }
        sockets = Array(repeating: -1, count: connections.count)
        partialLines = Array(repeating: [], count: connections.count)
        isOpen = Array(repeating: false, count: connections.count)
        isCounted = Array(repeating: false, count: connections.count)
        for position in order {
            do throws(Socket.ConnectFailure) {
                sockets[position] = try Socket.connect(host: host, port: port, timeoutMilliseconds: 5000, isNonBlocking: true)
            } catch {
                fail("cannot connect to \(host):\(port): \(error.reason)")
                window.abandon()
                closeAll(poll)
                return
            }
            isOpen[position] = true
            poll.watch(sockets[position], token: UInt64(position))
            connections[position].connected()
            if connections[position].isPlaying { countReady(position) }
            flush(position)
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var turnStart: UInt64 = 0
        while true {
            let bounds = window.bounds
            let now = DispatchTime.now().uptimeNanoseconds
            if bounds.isAbandoned || now >= bounds.end { break }
            let isMeasuring = now >= bounds.start
            if isMeasuring, turnStart >= bounds.start { figures.longestTurn = max(figures.longestTurn, now - turnStart) }
            turnStart = now
            _ = buffer.withUnsafeMutableBytes { bytes in
                poll.wait(milliseconds: 1) { token in read(Int(token), into: bytes, measuring: isMeasuring, poll: poll) }
            }
            let sendTime = DispatchTime.now().uptimeNanoseconds
            for position in connections.indices where isOpen[position] {
                connections[position].sendIfDue(now: sendTime, interval: interval)
                if !connections[position].output.isEmpty { flush(position) }
            }
        }
        closeAll(poll)
    }

    private func rank(_ role: ReferenceConnection.Role) -> Int {
        switch role {
        case .redisSubscriber, .racer(_, true, _): 0
        default: 1
        }
    }

    private func read(_ position: Int, into buffer: UnsafeMutableRawBufferPointer, measuring: Bool, poll: EpollSet) {
        guard isOpen[position] else { return }
        let count: Int
        switch Socket.receive(sockets[position], into: buffer) {
        case .bytes(let received): count = received
        case .wouldBlock: return
        case .endOfStream, .failed:
            fail("\(connections[position].name): connection closed by the server")
            isOpen[position] = false
            poll.forget(sockets[position])
            return
        }
        let now = DispatchTime.now().uptimeNanoseconds
        let bytes = UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count)
        var lineStart = 0
        for index in 0..<count where bytes[index] == UInt8(ascii: "\n") {
            if partialLines[position].isEmpty {
                handle(UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), of: position, now: now, measuring: measuring)
            } else {
                partialLines[position].append(contentsOf: bytes[lineStart..<index])
                let line = partialLines[position]
                partialLines[position].removeAll(keepingCapacity: true)
                line.withUnsafeBufferPointer { handle($0, of: position, now: now, measuring: measuring) }
            }
            lineStart = index + 1
        }
        if lineStart < count { partialLines[position].append(contentsOf: bytes[lineStart..<count]) }
        if !connections[position].output.isEmpty { flush(position) }
    }

    private func handle(_ line: UnsafeBufferPointer<UInt8>, of position: Int, now: UInt64, measuring: Bool) {
        guard let happening = connections[position].receive(line, now: now) else { return }
        switch happening {
        case .answered(let nanoseconds, let isTimed):
            if measuring, isTimed { figures.roundTrips.append(nanoseconds) }
        case .fannedOut:
            if measuring { figures.fannedOut += 1 }
        case .failed(let text):
            fail("\(connections[position].name): \(text)")
        case .greeted:
            guard case .racer(let room, false, _) = connections[position].role else { return }
            if roomCreated.contains(room) { connections[position].join() } else { greetedJoiners.insert(position) }
        case .enteredRoom:
            guard case .racer(let room, let creates, let members) = connections[position].role else { return }
            if creates {
                roomCreated.insert(room)
                for member in roomMembers[room] ?? [] where greetedJoiners.remove(member) != nil { connections[member].join() }
            }
            roomEntered[room, default: 0] += 1
            // A room races once everyone in it is ready: all must be in first.
            if roomEntered[room] == members {
                for member in roomMembers[room] ?? [] {
                    connections[member].ready()
                    flush(member)
                }
            }
        case .becameReady:
            countReady(position)
        }
    }

    private func countReady(_ position: Int) {
        guard !isCounted[position] else { return }
        isCounted[position] = true
        window.connectionReady()
    }

    private func flush(_ position: Int) {
        guard isOpen[position] else { return }
        let sent = connections[position].output.withUnsafeBytes { Socket.send(sockets[position], $0) }
        switch sent {
        case .sent(let count):
            if count == connections[position].output.count {
                connections[position].output.removeAll(keepingCapacity: true)
            } else {
                connections[position].output.removeFirst(count)
            }
        case .wouldBlock:
            break  // sent on a later turn
        case .failed:
            fail("\(connections[position].name): cannot send")
            isOpen[position] = false
        }
    }

    private func fail(_ text: String) {
        figures.errorCount += 1
        if figures.firstErrors.count < 3 { figures.firstErrors.append(text) }
    }

    private func closeAll(_ poll: EpollSet) {
        for position in connections.indices where sockets[position] >= 0 {
            poll.forget(sockets[position])
            FileDescriptor.close(sockets[position])
        }
        isOpen = Array(repeating: false, count: connections.count)
    }
}
