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
            self?.deliver(update)
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
}
