import Dispatch
import TileRaceProtocol
import TileRaceTransport

/// The transport's `ClientConnection`, one at a time, with its reports turned into `ServerUpdate`s; a
/// reconnect replaces it and the old one says nothing more. Requests sent in one turn of the queue go
/// out together (keys read together make one `MOVE`). Owned by `queue`: every call and `deliver` run
/// there, `deliver` never inside `send`.
final class ClientNetwork: @unchecked Sendable {
    /// Beyond it the server counts as not reading, and the connection as lost.
    static let maximumPendingBytes = 256 * 1024

    private let queue: DispatchQueue
    private let timing: ClientConnection.Timing
    private let connector: ClientConnection.Connector
    private let clock: ClientConnection.Clock
    private let deliver: (ServerUpdate) -> Void
    private var connection: ClientConnection?
    /// The number tells its deadline apart from a later wait's.
    private var closeWaiter: (number: Int, done: (Bool) -> Void)?
    private var closeWaiterCount = 0

    init(
        queue: DispatchQueue, timing: ClientConnection.Timing = .standard,
        // It blocks the calling thread, off the loop's queue.
        connector: @escaping ClientConnection.Connector = ClientConnection.tcpConnector,
        clock: @escaping ClientConnection.Clock = MonotonicClock.milliseconds, deliver: @escaping (ServerUpdate) -> Void
    ) {
        self.queue = queue
        self.timing = timing
        self.connector = connector
        self.clock = clock
        self.deliver = deliver
    }

    var isConnecting: Bool { connection?.isConnecting ?? false }

    /// Closes any current one. The name is looked up off the queue, so a slow one never blocks the screen.
    func connect(to endpoint: ServerEndpoint) {
        disconnect()
        let connection = ClientConnection(
            queue: queue, timing: timing, outputLimit: ClientNetwork.maximumPendingBytes, writePolicy: .endOfTurn, clock: clock)
        self.connection = connection
        connection.connect(host: endpoint.host, port: endpoint.port, connector: connector) { [weak self, weak connection] event in
            guard let self, let connection, self.connection === connection else { return }
            received(event)
        }
    }

    /// Lines wait for the greeting; with no connection, `notSent` follows.
    func send(_ message: ClientMessage) {
        dispatchPrecondition(condition: .onQueue(queue))
        if connection?.send(message) != true {
            queue.async { [weak self] in self?.deliver(.notSent(message, reason: "not connected")) }
        }
    }

    /// Nothing more is reported, not even the end.
    func disconnect() {
        dispatchPrecondition(condition: .onQueue(queue))
        let closing = connection
        connection = nil
        closing?.close()
    }

    /// The timer calls it every `checkIntervalMilliseconds`.
    func checkTimers() {
        connection?.checkTimers()
    }

    /// `done(true)` once the connection ends (at once if none is open), `done(false)` if `milliseconds`
    /// pass first; `done` runs on the queue after the update that tells of the end. A later call replaces
    /// an earlier one still waiting.
    func awaitClose(withinMilliseconds milliseconds: Int, _ done: @escaping (Bool) -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let connection, connection.isOpen else {
            done(true)
            return
        }
        closeWaiterCount += 1
        let number = closeWaiterCount
        closeWaiter = (number, done)
        queue.asyncAfter(deadline: .now() + .milliseconds(max(0, milliseconds))) { [weak self] in
            guard let self, let waiter = closeWaiter, waiter.number == number else { return }
            closeWaiter = nil
            waiter.done(false)
        }
    }

    private func received(_ event: ClientConnection.Event) {
        let update: ServerUpdate
        switch event {
        case .greeted(let greeting): update = .greeted(greeting)
        case .reply(let request, let result, let items): update = .reply(request, result, items: items)
        case .event(let event): update = .event(event)
        case .answeredPing, .skippedEvent: return  // the connection's own business; it skips no event
        case .unreadable(let line): update = .unreadable(line)
        case .connectFailed(let reason): update = .connectFailed(reason)
        case .ended(let reason, let bye): update = .disconnected(reason: reason, bye: bye)
        }
        deliver(update)
        switch event {
        case .connectFailed, .ended:
            guard let waiter = closeWaiter else { return }
            closeWaiter = nil
            waiter.done(true)
        default:
            break
        }
    }
}
