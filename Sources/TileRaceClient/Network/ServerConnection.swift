import Dispatch
import TileRaceProtocol
import TileRaceTransport

/// The transport's `ClientConnection` with its reports turned into `ServerUpdate`s.
/// Requests sent in one turn of the queue go out together (keys read together make one `MOVE`).
/// All state is owned by `queue`: `start`, `send`, `close` and `handler` run there (checked).
final class ServerConnection: @unchecked Sendable {
    /// Beyond it the server counts as not reading, and the connection as lost.
    static let maximumPendingBytes = 256 * 1024

    let endpoint: ServerEndpoint
    private let queue: DispatchQueue
    private let connector: ClientConnection.Connector
    private let connection: ClientConnection
    private var handler: ((ServerUpdate) -> Void)?

    init(
        endpoint: ServerEndpoint, queue: DispatchQueue, timing: ClientConnection.Timing = .standard,
        // It blocks the calling thread, off the loop's queue.
        connector: @escaping ClientConnection.Connector = ClientConnection.tcpConnector,
        clock: @escaping ClientConnection.Clock = MonotonicClock.milliseconds, handler: @escaping (ServerUpdate) -> Void
    ) {
        self.endpoint = endpoint
        self.queue = queue
        self.connector = connector
        self.handler = handler
        connection = ClientConnection(
            queue: queue, timing: timing, outputLimit: ServerConnection.maximumPendingBytes, writePolicy: .endOfTurn,
            clock: clock)
    }

    var isConnecting: Bool { connection.isConnecting }

    /// Neither failed nor closed.
    var isOpen: Bool { connection.isOpen }

    /// Off the queue, so a slow name lookup never blocks the screen.
    func start() {
        dispatchPrecondition(condition: .onQueue(queue))
        connection.connect(host: endpoint.host, port: endpoint.port, connector: connector) { [weak self] event in self?.received(event) }
    }

    /// Lines wait for the greeting; with no connection, `notSent` is reported (never from inside this call).
    func send(_ message: ClientMessage) {
        dispatchPrecondition(condition: .onQueue(queue))
        if !connection.send(message) {
            queue.async { [weak self] in self?.handler?(.notSent(message, reason: "not connected")) }
        }
    }

    /// Nothing more is reported.
    func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        handler = nil
        connection.close()
    }

    /// The timer calls it every `checkIntervalMilliseconds`.
    func checkTimers() {
        connection.checkTimers()
    }

    private func received(_ event: ClientConnection.Event) {
        switch event {
        case .greeted(let greeting): handler?(.greeted(greeting))
        case .reply(let request, let result, let items): handler?(.reply(request, result, items: items))
        case .event(let event): handler?(.event(event))
        case .answeredPing, .skippedEvent: break  // the connection's own business; it skips no event
        case .unreadable(let line): handler?(.unreadable(line))
        case .connectFailed(let reason): handler?(.connectFailed(reason))
        case .ended(let reason, let bye): handler?(.disconnected(reason: reason, bye: bye))
        }
    }
}
