import Testing
import TileRaceEngine
import TileRaceProtocol
@testable import TileRaceServer

/// Every error code of protocol.md section 8, provoked over a real socket.
/// (`internal` needs a failing disk: see CoreConnectionTests.)
struct ErrorCodeTests {
    @Test(arguments: ErrorCode.allCases.filter { $0 != .internal })
    func eachCodeIsSentWhenItsSectionSays(_ code: ErrorCode) throws {
        let line = try Self.provoke(code)
        #expect(line.hasPrefix("ERR \(code.rawValue) "), "\(code.rawValue): got \(line)")
        #expect(line.count > "ERR \(code.rawValue) ".count + 5, "the text says something: \(line)")
    }

    /// Provokes `code` and returns the `ERR` line.
    static func provoke(_ code: ErrorCode) throws -> String {
        var limits = ServerLimits.fast
        switch code {
        case .roomFull: limits.maximumPlayersPerRoom = 1
        case .tooManyRooms: limits.maximumRooms = 1
        case .flood: limits.requestBurst = 2
        case .serverFull: limits.maximumConnections = 1
        default: break
        }
        let server = try TestServer(limits: limits)
        defer { server.stop() }
        let ana = try server.client("ana")
        switch code {
        case .badLine:
            try ana.sendBytes(Array("PING ".utf8) + [0xFF, 0xFE, 0x0A])
            return try ana.readLine()
        case .lineTooLong:
            return try ana.ask(String(repeating: "A", count: 1025))
        case .unknownVerb:
            return try ana.ask("FROB")
        case .badArguments:
            return try ana.ask("PING a b")
        case .helloFirst:
            let raw = try server.rawClient()
            _ = try raw.readLine()
            return try raw.ask("ROOMS")
        case .alreadyGreeted:
            return try ana.ask("HELLO tilerace 1")
        case .unsupportedVersion:
            let raw = try server.rawClient()
            _ = try raw.readLine()
            return try raw.ask("HELLO tilerace 2 bo")
        case .badName:
            return try ana.ask("NICK ana.b")
        case .nickTaken:
            let raw = try server.rawClient()
            _ = try raw.readLine()
            return try raw.ask("HELLO tilerace 1 ANA")
        case .noNick:
            return try server.client().ask("CREATE r")
        case .busy:
            _ = try ana.ask("CREATE r")
            return try ana.ask("PRACTICE")
        case .badOption:
            return try ana.ask("CREATE r target=100")
        case .roomExists:
            return try ana.ask("CREATE daily")
        case .roomUnavailable:
            return try ana.ask("JOIN nowhere")
        case .roomFull:
            _ = try ana.ask("CREATE r")
            return try server.client("bo").ask("JOIN r")
        case .tooManyRooms:
            _ = try ana.ask("CREATE a")
            return try server.client("bo").ask("CREATE b")
        case .notInRoom:
            return try ana.ask("WHO")
        case .raceInProgress:
            _ = try ana.ask("CREATE r")
            _ = try ana.ask("READY")
            _ = try ana.event("START")
            return try ana.ask("READY no")
        case .notRacing:
            return try ana.ask("MOVE 1 L")
        case .badSeq:
            _ = try ana.ask("PRACTICE seed=42")
            let reply = try ana.ask("MOVE 5 L")
            #expect(try ana.event("RESYNC").hasPrefix("RESYNC seq=0 board="))
            return reply
        case .desync:
            _ = try ana.ask("PRACTICE seed=42")
            let game = try Autoplayer(seed: "42").game
            let empty = try #require((0..<16).first { game.board[$0 / 4, $0 % 4] == 0 })
            let reply = try ana.ask("MOVE 1 X\(empty / 4)\(empty % 4)")
            let sync = try ana.event("RESYNC")
            #expect(sync == "RESYNC " + GameSync(seq: 0, game: game).fields.words.joined(separator: " "))
            return reply
        case .assistsOff:
            _ = try ana.ask("CREATE r")
            _ = try ana.ask("READY")
            _ = try ana.event("START")
            return try ana.ask("MOVE 1 Z")
        case .nothingToSubmit:
            return try ana.ask("SUBMIT ana")
        case .notEligible:
            _ = try ana.ask("PRACTICE size=3")
            _ = try ana.ask("RESIGN")
            return try ana.ask("SUBMIT ana")
        case .badToken:
            _ = try ana.ask("PRACTICE")
            _ = try ana.ask("RESIGN")
            _ = try ana.ask("SUBMIT ana")
            let bo = try server.client("bo")
            _ = try bo.ask("PRACTICE")
            _ = try bo.ask("RESIGN")
            return try bo.ask("SUBMIT ana")
        case .flood:
            #expect(try ana.ask("PING") == "PONG")
            return try ana.ask("PING")
        case .serverFull:
            let turnedAway = try server.rawClient()
            let lines = try turnedAway.readToEnd()
            #expect(lines.count == 2 && lines.last == "BYE server full")
            return lines[0]
        case .internal:
            return "ERR internal"
        }
    }
}
