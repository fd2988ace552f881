import Dispatch
import TileRaceProtocol

/// Carries out the network effects of `update` (`connect`, `send`,
/// `disconnect`) with one `ServerConnection` at a time, and hands what the
/// connection reports to `deliver`. A reconnect replaces the connection; the
/// old one says nothing more.
///
/// Owned by `queue`, like the connection it holds: call it there; `deliver`
/// is called there, never from inside `send`.
final class ClientNetwork: @unchecked Sendable {
    private let queue: DispatchQueue
    private let timing: ServerConnection.Timing
    private let deliver: (ServerUpdate) -> Void
    private var connection: ServerConnection?
    /// Who waits for the current connection to end (`awaitClose`), with the
    /// number that tells its deadline apart from a later wait's.
    private var closeWaiter: (number: Int, done: (Bool) -> Void)?
    private var closeWaiterCount = 0

    /// A network side for the loop on `queue`.
    init(queue: DispatchQueue, timing: ServerConnection.Timing = .standard, deliver: @escaping (ServerUpdate) -> Void) {
        self.queue = queue
        self.timing = timing
        self.deliver = deliver
    }

    /// Opens a connection to `endpoint`, closing any current one.
    func connect(to endpoint: ServerEndpoint) {
        dispatchPrecondition(condition: .onQueue(queue))
        connection?.close()
        let connection = ServerConnection(endpoint: endpoint, queue: queue, timing: timing) { [weak self] update in
            self?.received(update)
        }
        self.connection = connection
        connection.start()
    }

    /// Sends a request; without a connection, `notSent` follows.
    func send(_ message: ClientMessage) {
        dispatchPrecondition(condition: .onQueue(queue))
        if let connection {
            connection.send(message)
        } else {
            queue.async { [weak self] in self?.deliver(.notSent(message, reason: "not connected")) }
        }
    }

    /// Closes the connection, if any.
    func disconnect() {
        dispatchPrecondition(condition: .onQueue(queue))
        connection?.close()
        connection = nil
    }

    /// Calls `done(true)` once the connection has ended (the server closed
    /// it, or it failed), or `done(false)` when `milliseconds` pass first;
    /// `done(true)` at once when no connection is open. `done` runs on the
    /// queue, after the update that tells of the end; a later call replaces
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
