/// A client's side of one connection as a pure state machine (framing, greeting,
/// reply pairing, `PING`/`PONG`, `BYE`, `MOVE` batching). It never touches a socket,
/// so the terminal client and the simulator share it.
public struct ClientConversation: Sendable {
    /// Time limits of a conversation, in milliseconds.
    public struct Timing: Hashable, Sendable {
        /// How long the server has to greet us once connected.
        public var greetingTimeoutMilliseconds: Int
        /// Silence after which we send `PING` (the server closes connections quiet for 120 s).
        public var keepAliveMilliseconds: Int
        /// How long after our `PING` with nothing received the server is taken as gone.
        public var answerTimeoutMilliseconds: Int

        public init(greetingTimeoutMilliseconds: Int = 5000, keepAliveMilliseconds: Int = 30_000, answerTimeoutMilliseconds: Int = 30_000) {
            self.greetingTimeoutMilliseconds = greetingTimeoutMilliseconds
            self.keepAliveMilliseconds = keepAliveMilliseconds
            self.answerTimeoutMilliseconds = answerTimeoutMilliseconds
        }

        public static let standard = Timing()
    }

    /// What a received line or a timer check produced.
    public enum Output: Hashable, Sendable {
        /// The server greeted us (`HELLO tilerace 1`): requests may go out.
        case greeted(Greeting)
        case reply(ClientMessage, Result<OkReply, ProtocolError>, items: [ServerMessage])
        /// An event (`PING` is answered and `BYE` kept: neither is reported).
        case event(ServerEvent)
        /// An event of a skipped verb, recognised by its verb only, not parsed.
        case skippedEvent(String)
        /// A line that could not be read (it was dropped).
        case unreadable(String)
        /// Send this (a `PONG`, or our keep-alive `PING`).
        case send(ClientMessage)
        /// The conversation cannot go on: close the connection, for this reason.
        case fail(String)
    }

    /// The longest `MOVE` line a batch makes (the protocol allows 1024 bytes).
    public static let maximumBatchLineBytes = 1000
    /// The token of our keep-alive `PING`s (their `PONG`s are not reported).
    static let keepAliveToken = "keepalive"

    private let timing: Timing
    /// The verbs of the events the owner skips, and each with its space as bytes.
    private let skippedEvents: [(verb: String, prefix: [UInt8])]
    private var framer = LineFramer()
    private var matcher = ReplyMatcher()
    private var openedAt: Int
    private var lastSentAt: Int
    private var pingSentAt: Int?
    private var pingCount = 0

    public private(set) var isGreeted = false
    /// The text of the server's `BYE`, once it said goodbye.
    public private(set) var bye: String?
    /// Whether it failed (nothing more is taken in).
    public private(set) var hasFailed = false

    /// `now` is monotonic milliseconds. Events of `skippedEvents` are not parsed.
    public init(timing: Timing = .standard, now: Int, skippedEvents: [String] = []) {
        precondition(
            skippedEvents.allSatisfy { ServerEvent.verbs.contains($0) && !["HELLO", "PING", "BYE"].contains($0) },
            "only events the conversation does not need itself can be skipped")
        self.timing = timing
        self.skippedEvents = skippedEvents.map { ($0, Array("\($0) ".utf8)) }
        openedAt = now
        lastSentAt = now
    }

    /// The number of requests sent and not answered yet.
    public var pendingRequestCount: Int { matcher.pendingCount }

    // MARK: Receiving

    /// Takes bytes from the server; returns what the whole lines among them produced, in order.
    public mutating func received(_ bytes: [UInt8]) -> [Output] {
        guard !hasFailed else { return [] }
        framer.append(bytes)
        pingSentAt = nil
        var outputs: [Output] = []
        while !hasFailed {
            let line: String?
            do {
                line = try framer.nextLine()
            } catch {
                outputs.append(.unreadable("(\(error.message))"))
                continue
            }
            guard let line else { break }
            if !line.isEmpty { handle(line, into: &outputs) }
        }
        return outputs
    }

    private mutating func handle(_ line: String, into outputs: inout [Output]) {
        guard isGreeted else {
            let message = try? ServerMessage.parse(line)
            if case .event(.hello(let greeting))? = message, greeting.version == ClientMessage.protocolVersion {
                isGreeted = true
                outputs.append(.greeted(greeting))
            } else if case .error(let refusal)? = message {
                // A TileRace server that turns the connection away (full, too many from this address) says why instead.
                outputs.append(fail("the server refused the connection: \(TextFilter.printableASCII(String(refusal.message.prefix(120))))"))
            } else {
                outputs.append(fail("this is not a TileRace server (it said \"\(TextFilter.printableASCII(String(line.prefix(40))))\")"))
            }
            return
        }
        if !skippedEvents.isEmpty, let skipped = skippedEvents.first(where: { Self.line(line, startsWith: $0.prefix) }) {
            outputs.append(.skippedEvent(skipped.verb))
            return
        }
        var message: ServerMessage
        do {
            message = try ServerMessage.parse(line)
        } catch {
            // An unreadable OK still answers the oldest request: keep the pairing right.
            guard line.hasPrefix("OK ") || line == "OK" else {
                outputs.append(.unreadable(line))
                return
            }
            message = .error(ProtocolError(.internal, "unreadable reply: \(error.message)"))
        }
        switch message {
        case .event(.ping(let token)):
            outputs.append(.send(.pong(token)))
        case .event(.bye(let text)):
            bye = text
        case .event(let event):
            outputs.append(.event(event))
        default:
            let delivery: ReplyMatcher.Delivery?
            do {
                delivery = try matcher.received(message)
            } catch {
                outputs.append(.unreadable(line))
                return
            }
            guard case .reply(let request, let reply, let items)? = delivery else { return }
            if case .ping = request { return }  // our keep-alive
            let result: Result<OkReply, ProtocolError> =
                switch reply {
                case .ok(let ok): .success(ok)
                case .error(let error): .failure(error)
                default: .failure(ProtocolError(.internal, "unexpected reply \(reply.line.prefix(40))"))
                }
            outputs.append(.reply(request, result, items: items))
        }
    }

    /// Compared in place, so a skipped line is never copied.
    private static func line(_ line: String, startsWith prefix: [UInt8]) -> Bool {
        let isPrefix = line.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count >= prefix.count else { return false }
            for index in prefix.indices where bytes[index] != prefix[index] { return false }
            return true
        }
        return isPrefix ?? line.utf8.starts(with: prefix)
    }

    // MARK: Sending

    /// Call once greeted, when the lines go to the socket: each is recorded to pair with its reply.
    public mutating func lines(for messages: [ClientMessage], now: Int) -> [String] {
        let batched = Self.batched(messages)
        for message in batched { matcher.sent(message) }
        if !batched.isEmpty { lastSentAt = now }
        return batched.map(\.line)
    }

    public static func batched(_ messages: [ClientMessage]) -> [ClientMessage] {
        var result: [ClientMessage] = []
        for message in messages {
            if case .move(let seq, let entries) = message, case .move(let firstSeq, let earlier)? = result.last,
                seq == firstSeq + earlier.count,
                ClientMessage.move(seq: firstSeq, entries: earlier + entries).line.utf8.count <= maximumBatchLineBytes
            {
                result[result.count - 1] = .move(seq: firstSeq, entries: earlier + entries)
            } else {
                result.append(message)
            }
        }
        return result
    }

    // MARK: Timers

    public mutating func checkTimers(now: Int) -> [Output] {
        guard !hasFailed else { return [] }
        if !isGreeted {
            guard now - openedAt >= timing.greetingTimeoutMilliseconds else { return [] }
            // A connect that never completes is the runtime's to report; this clock starts after it.
            let limit = timing.greetingTimeoutMilliseconds
            let duration = limit % 1000 == 0 ? "\(limit / 1000) s" : "\(limit) ms"
            return [fail("it connected but sent no greeting within \(duration): is it a TileRace server?")]
        }
        if let pingSentAt {
            guard now - pingSentAt >= timing.answerTimeoutMilliseconds else { return [] }
            return [fail("no answer from the server for \(timing.answerTimeoutMilliseconds / 1000) s")]
        }
        guard now - lastSentAt >= timing.keepAliveMilliseconds else { return [] }
        pingCount += 1
        pingSentAt = now
        return [.send(.ping("\(Self.keepAliveToken)\(pingCount)"))]
    }

    private mutating func fail(_ reason: String) -> Output {
        hasFailed = true
        return .fail(reason)
    }
}
