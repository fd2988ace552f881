import Dispatch
import Foundation
import TileRaceProtocol
import TileRaceTransport

@testable import TileRaceClient

/// What went wrong while waiting in a test.
struct WaitFailure: Error, CustomStringConvertible {
    let description: String
}

/// A `ClientNetwork` driven from a test: it runs on its own queue and
/// records every update; `wait` blocks (with a deadline) until one matches.
final class Recorder: @unchecked Sendable {
    let queue = DispatchQueue(label: "tilerace.tests.recorder")
    private let arrived = DispatchSemaphore(value: 0)
    private var recorded: [ServerUpdate] = []
    private(set) var connection: ClientNetwork!

    init(
        _ endpoint: ServerEndpoint, timing: ClientConnection.Timing = .standard, clock: ManualClock? = nil,
        connector: @escaping ClientConnection.Connector = ClientConnection.tcpConnector
    ) {
        var timing = timing
        if clock != nil { timing.checkIntervalMilliseconds = 0 }  // the test checks the timers itself
        var now = MonotonicClock.milliseconds
        if let clock { now = { clock.now } }
        connection = ClientNetwork(queue: queue, timing: timing, connector: connector, clock: now) { [weak self] update in
            guard let self else { return }
            self.recorded.append(update)
            self.arrived.signal()
        }
        queue.sync { connection.connect(to: endpoint) }
    }

    /// Every update so far.
    var updates: [ServerUpdate] { queue.sync { recorded } }

    /// Sends requests in one turn of the queue (so moves can be batched).
    func send(_ messages: ClientMessage...) {
        queue.sync { for message in messages { connection.send(message) } }
    }

    /// Closes the connection.
    func close() {
        queue.sync { connection.disconnect() }
    }

    /// Checks the connection's deadlines now (with a manual clock).
    func checkTimers() {
        queue.sync { connection.checkTimers() }
    }

    /// Returns once everything queued on the connection's queue so far has run.
    func barrier() {
        queue.sync {}
    }

    /// Waits until the socket is connected (the connection opens off the queue).
    func waitUntilConnected(seconds: Double = 5) throws {
        let deadline = DispatchTime.now() + seconds
        while queue.sync(execute: { connection.isConnecting }) {
            guard DispatchTime.now() < deadline else { throw WaitFailure(description: "not connected within \(seconds) s") }
            _ = arrived.wait(timeout: .now() + .milliseconds(10))
        }
    }

    /// Waits until an update `match` accepts has arrived (looking at every
    /// update so far, oldest first) and returns what `match` made of it.
    @discardableResult
    func wait<T>(_ what: String, seconds: Double = 5, _ match: (ServerUpdate) -> T?) throws -> T {
        let deadline = DispatchTime.now() + seconds
        var index = 0
        while true {
            let updates = self.updates
            while index < updates.count {
                if let found = match(updates[index]) { return found }
                index += 1
            }
            if arrived.wait(timeout: deadline) == .timedOut {
                throw WaitFailure(description: "no \(what) within \(seconds) s; got \(self.updates)")
            }
        }
    }

    /// Waits for the reply to a request with verb `verb`.
    func reply(_ verb: String, seconds: Double = 5) throws -> (Result<OkReply, ProtocolError>, [ServerMessage]) {
        try wait("reply to \(verb)", seconds: seconds) { update in
            if case .reply(let request, let result, let items) = update, request.verb.rawValue == verb { return (result, items) }
            return nil
        }
    }
}
