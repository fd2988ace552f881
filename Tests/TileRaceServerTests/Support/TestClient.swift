import TileRaceProtocol
import TileRaceServer

@testable import TileRaceTransport

/// What went wrong in a test's conversation with the server.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
}

/// A test's client over a real socket. `request` sends a line and returns its
/// reply (items and the final `OK`/`ERR`/`PONG`); events that arrive meanwhile
/// are kept for `event` and `events`. Every wait has a deadline.
final class TestClient {
    /// Each wait's deadline.
    static let timeoutMilliseconds = 5000

    let name: String
    private let connection: LineClient
    /// Lines received but not consumed yet, in order.
    private(set) var pending: [String] = []
    /// Every line received, for failure messages.
    private(set) var transcript: [String] = []

    /// Connects; with `nickname` (or `greet`), reads the greeting and says `HELLO`.
    init(port: Int, nickname: String? = nil, greet: Bool = true, receiveBufferBytes: Int? = nil) throws {
        name = nickname ?? "anonymous"
        do {
            connection = try LineClient(host: "127.0.0.1", port: port, receiveBufferBytes: receiveBufferBytes)
        } catch {
            throw TestFailure(description: "\(name): \(error)")
        }
        guard greet else { return }
        let greeting = try readLine()
        guard greeting.hasPrefix("HELLO tilerace 1") else { throw failure("expected the greeting, got \(greeting)") }
        let reply = try ask("HELLO tilerace 1" + (nickname.map { " " + $0 } ?? ""))
        guard reply.hasPrefix("OK HELLO") else { throw failure("HELLO refused: \(reply)") }
    }

    /// Sends a line.
    func send(_ line: String) throws {
        try sendBytes(Array((line + "\n").utf8))
    }

    /// Sends raw bytes.
    func sendBytes(_ bytes: [UInt8]) throws {
        do {
            try connection.sendBytes(bytes)
        } catch {
            throw failure("send failed: \(error)")
        }
    }

    /// The next line from the server (pending ones first).
    func readLine() throws -> String {
        if !pending.isEmpty { return pending.removeFirst() }
        guard let line = try receive() else { throw failure("the server closed the connection") }
        return line
    }

    /// Sends a request and returns its reply lines: items, then the `OK`, `ERR` or `PONG`.
    func request(_ line: String) throws -> [String] {
        try send(line)
        return try reply(to: line)
    }

    /// The next reply (items, then the `OK`, `ERR` or `PONG`), for a request
    /// sent already; events before it stay pending. An event between a
    /// reply's items fails: they come together.
    func reply(to line: String) throws -> [String] {
        var reply: [String] = []
        while true {
            guard let received = try receive() else { throw failure("closed while waiting for the reply to \(line)") }
            switch TestClient.kind(of: received) {
            case .reply:
                return reply + [received]
            case .item:
                reply.append(received)
            case .event:
                guard reply.isEmpty else { throw failure("an event came between the items of the reply to \(line)") }
                pending.append(received)
            }
        }
    }

    /// Sends a request and returns its last reply line.
    func ask(_ line: String) throws -> String {
        try request(line).last!
    }

    /// Waits for a line starting with `prefix` (and matching `predicate`); other
    /// lines stay pending.
    @discardableResult
    func event(_ prefix: String, where predicate: (String) -> Bool = { _ in true }) throws -> String {
        if let index = pending.firstIndex(where: { $0.hasPrefix(prefix) && predicate($0) }) {
            return pending.remove(at: index)
        }
        while true {
            guard let line = try receive() else { throw failure("closed while waiting for \(prefix)") }
            if line.hasPrefix(prefix), predicate(line) { return line }
            pending.append(line)
        }
    }

    /// Every line up to and including the first that starts with `prefix` (and
    /// matches `predicate`), all consumed.
    func events(until prefix: String, where predicate: (String) -> Bool = { _ in true }) throws -> [String] {
        var lines: [String] = []
        while true {
            let line = try readLine()
            lines.append(line)
            if line.hasPrefix(prefix), predicate(line) { return lines }
        }
    }

    /// Reads until the server closes the connection; returns the lines.
    func readToEnd() throws -> [String] {
        var lines = pending
        pending.removeAll()
        while let line = try receive() { lines.append(line) }
        return lines
    }

    /// The lines at hand, left pending: those pending and any that arrive
    /// within a millisecond (what the server wrote to a loopback socket is
    /// there by the time its later reply to another client is).
    func linesAtHand() -> [String] {
        while let line = try? connection.readLine(timeoutMilliseconds: 1) {
            transcript.append(line)
            pending.append(line)
        }
        return pending
    }

    /// Closes the connection.
    func close() {
        connection.close()
    }

    private func receive() throws -> String? {
        do {
            let line = try connection.readLine(timeoutMilliseconds: TestClient.timeoutMilliseconds)
            if let line { transcript.append(line) }
            return line
        } catch {
            throw failure("\(error)")
        }
    }

    private func failure(_ message: String) -> TestFailure {
        TestFailure(description: "\(name): \(message)\n  received so far:\n    " + transcript.suffix(30).joined(separator: "\n    "))
    }

    private static func kind(of line: String) -> ServerMessage.Kind {
        let verb = line.split(separator: " ").first.map(String.init) ?? ""
        switch verb {
        case "OK", "ERR", "PONG": return .reply
        case "ROOM", "MEMBER", "ENTRY", "INFO", "CONNECTION", "BAN", "LOG", "RATING", "REPORT", "REPORT-LINE", "HELD", "ARENA", "STANDING":
            return .item
        default: return .event
        }
    }
}

extension String {
    /// The value of a `key=value` field of a protocol line.
    func field(_ key: String) -> String? {
        split(separator: " ").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    /// The integer value of a field.
    func number(_ key: String) -> Int? {
        field(key).flatMap { Int($0) }
    }

    /// The error code of an `ERR` line.
    var errorCode: String? {
        let words = split(separator: " ")
        return words.first == "ERR" && words.count > 1 ? String(words[1]) : nil
    }
}
