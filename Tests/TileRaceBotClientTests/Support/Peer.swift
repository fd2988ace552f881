import TileRaceTransport

/// What went wrong in a test's conversation.
struct PeerFailure: Error, CustomStringConvertible {
    let description: String
}

/// A person in the tests: a plain blocking client over a real socket.
/// `ask` returns the reply to a request; `line` waits for a line with a
/// prefix, keeping the others for later. Every wait has a deadline.
final class Peer {
    private let connection: LineClient
    private var pending: [String] = []
    private(set) var transcript: [String] = []

    /// Connects to 127.0.0.1:`port` and says `HELLO` as `nickname`.
    init(port: Int, nickname: String) throws {
        connection = try LineClient(host: "127.0.0.1", port: port)
        _ = try line("HELLO tilerace 1")
        guard try ask("HELLO tilerace 1 \(nickname)").hasPrefix("OK HELLO") else { throw PeerFailure(description: "HELLO refused") }
    }

    /// Sends a request and returns its reply line (`OK`, `ERR` or `PONG`); item lines are returned before it.
    @discardableResult
    func request(_ line: String) throws -> [String] {
        try connection.send(line)
        var items: [String] = []
        while true {
            let received = try receive()
            let verb = received.split(separator: " ").first ?? ""
            switch verb {
            case "OK", "ERR", "PONG": return items + [received]
            case "ROOM", "MEMBER", "ENTRY", "INFO": items.append(received)
            default: pending.append(received)
            }
        }
    }

    /// The reply line to a request.
    @discardableResult
    func ask(_ line: String) throws -> String {
        try request(line).last!
    }

    /// Waits for a line starting with `prefix` and matching `predicate`.
    @discardableResult
    func line(_ prefix: String, where predicate: (String) -> Bool = { _ in true }) throws -> String {
        if let index = pending.firstIndex(where: { $0.hasPrefix(prefix) && predicate($0) }) { return pending.remove(at: index) }
        while true {
            let received = try receive()
            if received.hasPrefix(prefix), predicate(received) { return received }
            pending.append(received)
        }
    }

    private func receive() throws -> String {
        guard let line = try connection.readLine(timeoutMilliseconds: 10_000) else {
            throw PeerFailure(description: "closed; received: \(transcript.suffix(20))")
        }
        transcript.append(line)
        return line
    }
}
