import Dispatch
import TileRaceProtocol
import TileRaceTransport

/// `connect`, `send` and `disconnect` over one `ServerConnection` at a time; a reconnect replaces it
/// and the old one says nothing more. Owned by `queue`; `deliver` runs there, never inside `send`.
final class ClientNetwork: @unchecked Sendable {
    private let queue: DispatchQueue
    private let timing: ClientConnection.Timing
    private let deliver: (ServerUpdate) -> Void
    private var connection: ServerConnection?
    /// The number tells its deadline apart from a later wait's.
    private var closeWaiter: (number: Int, done: (Bool) -> Void)?
    private var closeWaiterCount = 0

    init(queue: DispatchQueue, timing: ClientConnection.Timing = .standard, deliver: @escaping (ServerUpdate) -> Void) {
        self.queue = queue
        self.timing = timing
        self.deliver = deliver
    }

    /// Closes any current one.
    func connect(to endpoint: ServerEndpoint) {
        dispatchPrecondition(condition: .onQueue(queue))
        connection?.close()
        let connection = ServerConnection(endpoint: endpoint, queue: queue, timing: timing) { [weak self] update in
            self?.received(update)
        }
        self.connection = connection
        connection.start()
    }

    /// Without a connection, `notSent` follows.
    func send(_ message: ClientMessage) {
        dispatchPrecondition(condition: .onQueue(queue))
        if let connection {
            connection.send(message)
        } else {
            queue.async { [weak self] in self?.deliver(.notSent(message, reason: "not connected")) }
        }
    }

    func disconnect() {
        dispatchPrecondition(condition: .onQueue(queue))
        connection?.close()
        connection = nil
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

    private func received(_ update: ServerUpdate) {
        deliver(update)
        switch update {
        case .disconnected, .connectFailed:
            guard let waiter = closeWaiter else { return }
            closeWaiter = nil
            waiter.done(true)
        case .greeted, .reply, .event, .notSent, .unreadable:
            break
        }
    }
}
