import TileRaceProtocol
import TileRaceTransport

/// One request to a running server, the way the command-line tools ask:
/// connect, check the greeting, `HELLO`, the request, its items and reply,
/// `QUIT`. Events are skipped; an `ERR` is a failure naming its code.
enum ServerRequest {
    /// What the server sent back.
    struct Answer {
        /// The item lines before the reply, in order.
        var items: [ServerMessage]
        /// The `OK` reply.
        var reply: OkReply
    }

    /// Sends each request in order and returns their answers.
    static func ask(_ requests: [ClientMessage], host: String, port: Int) throws(LineClient.Failure) -> [Answer] {
        let client = try LineClient(host: host, port: port)
        defer { client.close() }
        let greeting = try expectLine(client)
        guard case .event(.hello(let hello))? = try? ServerMessage.parse(greeting), hello.version == ClientMessage.protocolVersion else {
            throw LineClient.Failure(message: "\(client.endpoint) is not a tilerace 1 server", isTimeout: false)
        }
        try client.send(ClientMessage.hello(nickname: nil).line)
        _ = try reply(client)
        var answers: [Answer] = []
        for request in requests {
            try client.send(request.line)
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
        try? client.send(ClientMessage.quit.line)
        return answers
    }

    /// The next reply or item line (events are skipped); an `ERR` is a failure.
    private static func reply(_ client: LineClient) throws(LineClient.Failure) -> ServerMessage {
        while true {
            let line = try expectLine(client)
            guard let message = try? ServerMessage.parse(line) else {
                throw LineClient.Failure(message: "unexpected line from \(client.endpoint): \(TextFilter.quoted(line))", isTimeout: false)
            }
            if case .error(let error) = message {
                throw LineClient.Failure(message: "the server refused: \(error.code.rawValue): \(error.message)", isTimeout: false)
            }
            if message.kind != .event { return message }
        }
    }

    private static func expectLine(_ client: LineClient) throws(LineClient.Failure) -> String {
        guard let line = try client.readLine(timeoutMilliseconds: 5000) else {
            throw LineClient.Failure(message: "\(client.endpoint) closed the connection", isTimeout: false)
        }
        return line
    }
}
