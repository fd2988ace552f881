import Testing

@testable import TileRaceProtocol

/// The verb table: every verb is strict about its fields, and its usage is
/// the one `HELP` shows and `bad-arguments` quotes.
@Suite struct RequestVerbTests {
    /// For each verb, a line with a valid set of values (to which an unknown
    /// option is added) and a line with a wrong number of values.
    static let shapes: [RequestVerb: (valid: String, wrongCount: String)] = [
        .hello: ("HELLO tilerace 1 ana", "HELLO tilerace"),
        .nickname: ("NICK ana", "NICK"),
        .ping: ("PING t1", "PING t1 t2"),
        .pong: ("PONG", "PONG t1 t2"),
        .quit: ("QUIT", "QUIT now"),
        .help: ("HELP", "HELP me"),
        .rooms: ("ROOMS", "ROOMS all"),
        .create: ("CREATE friday size=4", "CREATE"),
        .join: ("JOIN friday", "JOIN"),
        .watch: ("WATCH friday code=s3cret", "WATCH friday daily"),
        .who: ("WHO", "WHO ana"),
        .ready: ("READY no", "READY yes no"),
        .leave: ("LEAVE", "LEAVE friday"),
        .move: ("MOVE 1 L", "MOVE 1"),
        .restart: ("RESTART", "RESTART 1"),
        .pause: ("PAUSE", "PAUSE 1"),
        .resume: ("RESUME", "RESUME 1"),
        .resign: ("RESIGN", "RESIGN now"),
        .submit: ("SUBMIT ana", "SUBMIT"),
        .top: ("TOP limit=5", "TOP daily"),
        .record: ("RECORD ana board=daily", "RECORD"),
        .practice: ("PRACTICE seed=7", "PRACTICE 7"),
    ]

    @Test func everyVerbHasAShapeToTest() {
        #expect(Set(Self.shapes.keys) == Set(RequestVerb.allCases))
    }

    @Test(arguments: RequestVerb.allCases)
    func anUnknownOptionIsBadOption(_ verb: RequestVerb) throws {
        let valid = try #require(Self.shapes[verb]).valid
        #expect(try ClientMessage.parse(valid).verb == verb)
        #expect(throws: ProtocolError(.badOption, "unknown option 'colour'" + Self.knownList(verb))) {
            try ClientMessage.parse(valid + " colour=red")
        }
    }

    @Test(arguments: RequestVerb.allCases)
    func aWrongNumberOfValuesIsBadArgumentsWithTheUsage(_ verb: RequestVerb) throws {
        let wrongCount = try #require(Self.shapes[verb]).wrongCount
        let usage = verb.usage == verb.rawValue ? "\(verb.rawValue) takes no arguments" : verb.usage
        let error = #expect(throws: ProtocolError.self) { try ClientMessage.parse(wrongCount) }
        #expect(error?.code == .badArguments)
        #expect(error?.message.hasPrefix("usage: \(usage)") == true, "\(error?.message ?? "")")
        #expect(error == verb.usageError)
    }

    @Test func verbsAreReadInAnyCaseAndUnknownOnesAreRefused() throws {
        #expect(try RequestVerb(word: "hElLo") == .hello)
        #expect(throws: ProtocolError(.unknownVerb, "unknown request 'FLY'; send HELP for the list")) { try RequestVerb(word: "FLY") }
    }

    @Test func valuesCompareCaseSensitively() {
        #expect(throws: ProtocolError(.unsupportedVersion, "this server speaks tilerace 1, not TileRace 1")) {
            try ClientMessage.parse("HELLO TileRace 1")
        }
        #expect(throws: ProtocolError(.badArguments, "READY=YES must be yes or no")) { try ClientMessage.parse("READY YES") }
        #expect(throws: ProtocolError(.badOption, "unknown option 'Size'; known: assists, code, limit, size, target")) {
            try ClientMessage.parse("CREATE r Size=4")
        }
        #expect(throws: ProtocolError(.badOption, "board=ALL must be one of all, daily")) { try ClientMessage.parse("TOP board=ALL") }
    }

    @Test func theUsageOfMoveCarriesAnExample() {
        #expect(RequestVerb.move.usageError == ProtocolError(.badArguments, "usage: MOVE <seq> <log>, e.g. MOVE 1 LLUR"))
        #expect(RequestVerb.rooms.usageError == ProtocolError(.badArguments, "usage: ROOMS takes no arguments"))
    }

    @Test func repliesAndRequestsShareTheirVerbs() {
        #expect(OkReply.quit.verb == ClientMessage.quit.verb)
        #expect(ServerMessage.ok(.rooms(count: 2)).line == "OK ROOMS count=2")
        #expect(RequestVerb.allCases.filter { !$0.expectsReply } == [.pong])
        #expect(RequestVerb.allCases.filter(\.hasMultiLineReply) == [.help, .rooms, .who, .top, .record])
    }

    private static func knownList(_ verb: RequestVerb) -> String {
        let known = verb.rule.keys.sorted()
        return known.isEmpty ? "" : "; known: " + known.joined(separator: ", ")
    }
}
