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
        .resync: ("RESYNC", "RESYNC 1"),
        .info: ("INFO", "INFO all"),
        .auth: ("AUTH s3cret", "AUTH s3cret again"),
        .connections: ("CONNECTIONS", "CONNECTIONS all"),
        .kick: ("KICK bo reason=spam", "KICK"),
        .ban: ("BAN bo for=7d", "BAN bo ana"),
        .unban: ("UNBAN bo", "UNBAN"),
        .bans: ("BANS", "BANS all"),
        .removeEntry: ("REMOVE-ENTRY ana board=daily", "REMOVE-ENTRY"),
        .announce: ("ANNOUNCE text=hi", "ANNOUNCE hi there"),
        .say: ("SAY text=hi", "SAY hi"),
        .mute: ("MUTE bo", "MUTE"),
        .unmute: ("UNMUTE bo", "UNMUTE bo ana"),
        .queue: ("QUEUE token=3f2a9c", "QUEUE ana token=3f2a9c"),
        .unqueue: ("UNQUEUE", "UNQUEUE now"),
        .report: ("REPORT bo reason=spam", "REPORT reason=spam"),
        .reports: ("REPORTS", "REPORTS all"),
        .dismiss: ("DISMISS 7", "DISMISS"),
        .assist: ("ASSIST bo reason=engine", "ASSIST"),
        .unassist: ("UNASSIST bo", "UNASSIST bo ana"),
        .review: ("REVIEW 17", "REVIEW 17 18"),
        .approve: ("APPROVE 42", "APPROVE"),
        .reject: ("REJECT 42 reason=computed", "REJECT 42 43"),
        .arenas: ("ARENAS", "ARENAS all"),
        .arena: ("ARENA 1 token=3f2a9c", "ARENA"),
        .arenaLeave: ("ARENA-LEAVE", "ARENA-LEAVE 1"),
        .berserk: ("BERSERK", "BERSERK now"),
        .standings: ("STANDINGS 1 limit=10", "STANDINGS"),
        .arenaCreate: ("ARENA-CREATE length=600 rated=yes", "ARENA-CREATE 600"),
    ]

    @Test func everyVerbHasAShapeToTest() {
        #expect(Set(Self.shapes.keys) == Set(RequestVerb.allCases))
    }

    @Test(arguments: RequestVerb.allCases)
    func anUnknownOptionIsBadOption(_ verb: RequestVerb) throws {
        let valid = try #require(Self.shapes[verb]).valid
        #expect(try ClientMessage.parse(valid).verb == verb)
        // SAY's text and REPORT's reason are the rest of the line: an option goes before them.
        let withOption =
            switch verb {
            case .say: "SAY colour=red text=hi"
            case .report: "REPORT bo colour=red reason=spam"
            default: valid + " colour=red"
            }
        #expect(throws: ProtocolError(.badOption, "unknown option 'colour'" + Self.knownList(verb))) {
            try ClientMessage.parse(withOption)
        }
    }

    @Test func sayTakesTheRestOfTheLineAsItsTextSpacesAndEqualsSignsIncluded() throws {
        #expect(try ClientMessage.parse("SAY text=hi colour=red") == .say("hi colour=red"))
        #expect(try ClientMessage.parse("  say   text=  two  spaces  ") == .say("  two  spaces  "))
        #expect(try ClientMessage.parse("SAY text=text=x") == .say("text=x"))
        #expect(ClientMessage.say(" a=b ").line == "SAY text= a=b ")
        #expect(throws: ProtocolError(.badArguments, "missing field text=")) { try ClientMessage.parse("SAY") }
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
        #expect(throws: ProtocolError(.badOption, "unknown option 'Size'; known: assists, code, limit, rated, size, target")) {
            try ClientMessage.parse("CREATE r Size=4")
        }
        #expect(throws: ProtocolError(.badOption, "board=ALL must be one of all, daily, sprint, sprint-daily, rating")) {
            try ClientMessage.parse("TOP board=ALL")
        }
    }

    @Test func theUsageOfMoveCarriesAnExample() {
        #expect(RequestVerb.move.usageError == ProtocolError(.badArguments, "usage: MOVE <seq> <log>, e.g. MOVE 1 LLUR"))
        #expect(RequestVerb.rooms.usageError == ProtocolError(.badArguments, "usage: ROOMS takes no arguments"))
    }

    @Test func repliesAndRequestsShareTheirVerbs() {
        #expect(OkReply.quit.verb == ClientMessage.quit.verb)
        #expect(ServerMessage.ok(.rooms(count: 2)).line == "OK ROOMS count=2")
        #expect(RequestVerb.allCases.filter { !$0.expectsReply } == [.pong])
        #expect(
            RequestVerb.allCases.filter(\.hasMultiLineReply) == [
                .help, .rooms, .who, .top, .record, .connections, .bans, .reports, .review, .arenas, .standings,
            ])
    }

    @Test func eachRowSaysHowItIsAnswered() {
        let items: [RequestVerb] = [.help, .rooms, .who, .top, .record, .connections, .bans, .reports, .review, .arenas, .standings]
        for verb in RequestVerb.allCases {
            #expect(verb.reply == (verb == .pong ? .none : items.contains(verb) ? .items : .line), "\(verb)")
        }
    }

    /// The costs of protocol.md section 4, from each row: heavy replies cost more.
    @Test(arguments: [
        ("PING", 0, 1), ("MOVE 1 L", 0, 1), ("HELP", 0, 2), ("WHO", 0, 2), ("TOP", 0, 3), ("TOP limit=100", 0, 11),
        ("TOP limit=5", 0, 1), ("TOP board=daily limit=59", 0, 6), ("ROOMS", 0, 1), ("ROOMS", 15, 1), ("ROOMS", 16, 2),
        ("ROOMS", 300, 19), ("RECORD ana", 0, 1), ("RESYNC", 0, 1),
    ])
    func eachRowSaysWhatItCosts(_ line: String, _ listed: Int, _ expected: Int) throws {
        let request = try ClientMessage.parse(line)
        #expect(request.verb.cost(of: request, listedItems: { listed }) == expected)
    }

    @Test func onlyARecordCostsMoreOnceItsReplyIsKnown() {
        for verb in RequestVerb.allCases {
            #expect(verb.costAfterReply(itemLines: 7) == (verb == .record ? 7 : 0), "\(verb)")
        }
    }

    /// The refusal of each requirement: its code and text, beside each other.
    static let refusals: [(Requirement, String)] = [
        (.notGreeted, "ERR already-greeted HELLO was already accepted"),
        (.greeted, "ERR hello-first send HELLO tilerace 1 [nick] first"),
        (.named, "ERR no-nick set a nickname first: NICK <nick>"),
        (.outsideRooms, "ERR busy you are in a room; LEAVE it first"),
        (.notPracticing, "ERR busy you are playing a practice game; RESIGN it first"),
        (.member, "ERR not-in-room you are not in a room"),
        (.player, "ERR not-in-room you are not a player in a room"),
        (.roomNotRacing, "ERR race-in-progress the room is racing; wait for the race to end"),
        (.practicing, "ERR not-racing no practice game is running (a race's clock cannot be paused)"),
        (.racing, "ERR not-racing no game is running for you"),
        (.operator, "ERR not-operator this request is for the server's operator: AUTH <secret> first"),
    ]

    @Test func everyRequirementHasItsRefusalPinned() {
        #expect(Set(Self.refusals.map(\.0)) == Set(Requirement.allCases))
    }

    @Test(arguments: Self.refusals)
    func eachRequirementRefusesWithItsText(_ requirement: Requirement, _ line: String) {
        #expect(ServerMessage.error(requirement.refusal).line == line)
    }

    @Test func theRowSaysWhichFeatureAVerbNeedsAndWhetherItEndsTheGame() {
        let featured = RequestVerb.allCases.filter { $0.feature != nil }
        #expect(
            featured.map { "\($0.rawValue)=\($0.feature!.rawValue)" } == [
                "RESYNC=resync", "QUEUE=queue", "UNQUEUE=queue", "REPORT=reports", "REPORTS=reports", "DISMISS=reports", "ARENAS=arena",
                "ARENA=arena", "ARENA-LEAVE=arena", "BERSERK=arena",
                "STANDINGS=arena", "ARENA-CREATE=arena",
            ])
        let ending: [ClientMessage] = [.leave, .restart, .resign, .practice(PracticeOptions())]
        for message in ending { #expect(message.endsOrReplacesGame, "\(message.line)") }
        for message: ClientMessage in [.move(seq: 1, entries: [.move(.left)]), .resync, .ready(true), .quit] {
            #expect(!message.endsOrReplacesGame, "\(message.line)")
        }
    }

    private static func knownList(_ verb: RequestVerb) -> String {
        let known = verb.rule.keys.sorted()
        return known.isEmpty ? "" : "; known: " + known.joined(separator: ", ")
    }
}
