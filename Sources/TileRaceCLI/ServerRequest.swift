import TileRaceProtocol
import TileRaceTransport

/// Connect, check the greeting, `HELLO`, the requests, `QUIT`. Events are skipped;
/// an `ERR` is `refused`.
enum ServerRequest {
    struct Answer {
        /// The item lines before the reply.
        var items: [ServerMessage]
        var reply: OkReply
    }

    /// For connecting, then for the greeting: as long as the terminal client waits.
    static let standardTimeoutMilliseconds = 5000

    /// `--host` and `--port`, for the commands that ask a server on this machine by default.
    static let options: [Arguments.Option] = [
        .value("--host", "H", "the server (default 127.0.0.1)"),
        .value("--port", "P", "its port (default 2048)"),
    ]

    /// The server `--host` and `--port` name.
    static func endpoint(_ arguments: Arguments) throws(CommandLineError) -> (host: String, port: Int) {
        (arguments.value("--host") ?? "127.0.0.1", try arguments.integer("--port", in: 1...65535, default: 2048))
    }

    /// No connection is `unreachable`; a silent or foreign server has `failed`.
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
            throw .failed(LineClient.Failure(message: "\(client.endpoint) is not a tilerace 1 server"))
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

    /// The next reply or item line, events skipped.
    private static func reply(_ client: LineClient) throws(ServerRequestError) -> ServerMessage {
        while true {
            let line = try expectLine(client)
            guard let message = try? ServerMessage.parse(line) else {
                throw .failed(LineClient.Failure(message: "unexpected line from \(client.endpoint): \(TextFilter.quoted(line))"))
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
                throw LineClient.Failure(message: "\(client.endpoint) closed the connection")
            }
            return line
        } catch {
            throw .failed(error)
        }
    }
}
