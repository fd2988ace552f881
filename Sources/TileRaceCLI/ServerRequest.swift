import TileRaceProtocol
import TileRaceTransport

/// One request to a running server, the way the command-line tools ask:
/// connect, check the greeting, `HELLO`, the request, its items and reply,
/// `QUIT`. Events are skipped; an `ERR` is a failure naming its code
/// (`ServerRequestError.refused`).
enum ServerRequest {
    /// What the server sent back.
    struct Answer {
        /// The item lines before the reply, in order.
        var items: [ServerMessage]
        /// The `OK` reply.
        var reply: OkReply
    }

    /// How long connecting may take, and then the greeting: as long as the terminal client waits.
    static let standardTimeoutMilliseconds = 5000

    /// Sends each request in order and returns their answers. A connection
    /// that cannot be made within `connectTimeoutMilliseconds`, or is
    /// refused, is `unreachable` ("cannot reach HOST:PORT: …"); a server that
    /// connects but does not greet within `greetingTimeoutMilliseconds` has
    /// `failed`, saying so; an `ERR` is `refused`.
    static func ask(
        _ requests: [ClientMessage], host: String, port: Int, connectTimeoutMilliseconds: Int = standardTimeoutMilliseconds,
        greetingTimeoutMilliseconds: Int = standardTimeoutMilliseconds
    ) throws(ServerRequestError) -> [Answer] {
        let client: LineClient
        do throws(LineClient.Failure) {
            client = try LineClient(host: host, port: port, timeoutMilliseconds: connectTimeoutMilliseconds)
        } catch {
            throw .unreachable(error)
        }
        defer { client.close() }
        let greeting: String
        do throws(ServerRequestError) {
            greeting = try expectLine(client, timeoutMilliseconds: greetingTimeoutMilliseconds)
        } catch {
            guard error.isTimeout else { throw error }
            throw .failed(
                LineClient.Failure(
                    message: "connected to \(client.endpoint), but no greeting within "
                        + "\(Socket.duration(milliseconds: greetingTimeoutMilliseconds)): is it a TileRace server?",
                    isTimeout: true))
        }
        guard case .event(.hello(let hello))? = try? ServerMessage.parse(greeting), hello.version == ClientMessage.protocolVersion else {
            throw .failed(LineClient.Failure(message: "\(client.endpoint) is not a tilerace 1 server", isTimeout: false))
        }
        try send(ClientMessage.hello(nickname: nil), to: client)
        // Greeted: whatever happens next, say goodbye before the close.
        defer { try? client.send(ClientMessage.quit.line) }
        _ = try reply(client)
        var answers: [Answer] = []
        for request in requests {
            try send(request, to: client)
            var items: [ServerMessage] = []
            while true {
                let message = try reply(client)
                guard case .ok(let ok) = message else {
                    items.append(message)
                    continue
                }
                answers.append(Answer(items: items, reply: ok))
                break
            }
        }
        return answers
    }

    private static func send(_ request: ClientMessage, to client: LineClient) throws(ServerRequestError) {
        do throws(LineClient.Failure) {
            try client.send(request.line)
        } catch {
            throw .failed(error)
        }
    }

    /// The next reply or item line (events are skipped); an `ERR` is a failure.
    private static func reply(_ client: LineClient) throws(ServerRequestError) -> ServerMessage {
        while true {
            let line = try expectLine(client)
            guard let message = try? ServerMessage.parse(line) else {
                throw .failed(
                    LineClient.Failure(message: "unexpected line from \(client.endpoint): \(TextFilter.quoted(line))", isTimeout: false))
            }
            if case .error(let error) = message { throw .refused(error, endpoint: client.endpoint) }
            if message.kind != .event { return message }
        }
    }

    private static func expectLine(
        _ client: LineClient, timeoutMilliseconds: Int = standardTimeoutMilliseconds
    ) throws(ServerRequestError) -> String {
        do throws(LineClient.Failure) {
            guard let line = try client.readLine(timeoutMilliseconds: timeoutMilliseconds) else {
                throw LineClient.Failure(message: "\(client.endpoint) closed the connection", isTimeout: false)
            }
            return line
        } catch {
            throw .failed(error)
        }
    }
}
