import TileRaceProtocol
import TileRaceTransport

/// Told apart so each command says what happened and what to do.
enum ServerRequestError: Error, Hashable, Sendable {
    /// No connection: "cannot reach H:P: connection refused".
    case unreachable(LineClient.Failure)
    /// Connected, but no greeting, a foreign server, a close or an unexpected line.
    case failed(LineClient.Failure)
    /// The server answered `ERR`.
    case refused(ProtocolError, endpoint: String)

    /// An `OK` of another request than `verb`'s.
    static func unexpectedReply(_ answer: ServerRequest.Answer, to verb: String) -> ServerRequestError {
        .failed(LineClient.Failure(message: "unexpected reply to \(verb): \(ServerMessage.ok(answer.reply).line)"))
    }

    /// One line for people, with what to do where there is something to do.
    var message: String {
        switch self {
        case .unreachable(let failure):
            // Refused: nothing listens there; a timeout or an unknown host is said as it is.
            failure.message + (failure.message.hasSuffix("connection refused") ? " (is `tilerace serve` running there?)" : "")
        case .failed(let failure):
            failure.message
        case .refused(let error, let endpoint) where error.code == .unavailable:
            "the server at \(endpoint) answered, but its leaderboard store is unavailable: \(error.message)"
        case .refused(let error, _):
            "the server refused: \(error.code.rawValue): \(error.message)"
        }
    }

    var isTimeout: Bool {
        switch self {
        case .unreachable(let failure), .failed(let failure): failure.isTimeout
        case .refused: false
        }
    }
}
