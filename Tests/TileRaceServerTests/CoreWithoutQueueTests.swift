import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// The core as a state machine with no queue at all (issue 22, item 2):
/// inputs go in, actions come out, and the registry's questions are
/// answered here by hand, in whatever order and at whatever time the test
/// likes, as a shared registry on its own queue would answer them.
@Suite struct CoreWithoutQueueTests {
    static let ana = ConnectionID(number: 1)

    static func core(_ limits: ServerLimits = .standard) -> ServerCore {
        ServerCore(limits: limits, clock: ManualClock(), random: CountingRandom.make(), serverName: "tilerace-test", logLevel: .info)
    }

    /// The lines an action list sends to a connection.
    static func sent(_ actions: [ServerAction], to id: ConnectionID = ana) -> [String] {
        actions.flatMap { action -> [String] in
            guard case .send(let target, let lines) = action, target == id else { return [] }
            return lines.lines
        }
    }

    /// The registry questions in an action list, by id.
    static func questions(_ actions: [ServerAction]) -> [Int: RegistryQuestion] {
        var asked: [Int: RegistryQuestion] = [:]
        for case .askRegistry(let id, let question) in actions { asked[id] = question }
        return asked
    }

    /// The changes told to the registry in an action list.
    static func changes(_ actions: [ServerAction]) -> [RegistryChange] {
        actions.compactMap { action in
            guard case .tellRegistry(let change) = action else { return nil }
            return change
        }
    }

    /// A connection admitted by hand, greeted, and named ana by hand.
    static func greetedAna(_ core: ServerCore) -> Int {
        _ = core.handle(.connected(ana, peer: "10.0.0.1:5000"))
        _ = core.handle(.received(ana, Array("HELLO tilerace 1 ana\n".utf8)))
        _ = core.handle(.registryAnswered(1, .admission(nil)))
        _ = core.handle(.registryAnswered(2, .claimed(true)))
        return 3
    }

    @Test func aConnectionIsGreetedOnlyOnceTheRegistryCountedIt() {
        let core = Self.core()
        let connected = core.handle(.connected(Self.ana, peer: "10.0.0.1:5000"))
        #expect(
            connected == [
                .askRegistry(1, .admit(address: "10.0.0.1", isExempt: false, maximumConnections: 1000, maximumPerAddress: 16))
            ])
        // What it sends meanwhile waits.
        #expect(core.handle(.received(Self.ana, Array("HELLO tilerace 1 ana\n".utf8))) == [])
        let admitted = core.handle(.registryAnswered(1, .admission(nil)))
        #expect(Self.sent(admitted).first?.hasPrefix("HELLO tilerace 1 server=tilerace-test") == true)
        #expect(Self.questions(admitted) == [2: .claimNickname(key: "ana", session: Self.ana)])
        #expect(Self.sent(admitted).count == 1)
        let claimed = core.handle(.registryAnswered(2, .claimed(true)))
        #expect(Self.sent(claimed).first?.hasPrefix("OK HELLO nick=ana session=") == true)
        // Counted as greeted (for INFO), and its resume secret told.
        #expect(Self.changes(claimed).count == 2)
        #expect(Self.changes(claimed).first == .greeted)
        guard case .setResumeSecret(_, let target, let old)? = Self.changes(claimed).last else {
            Issue.record("no resume secret told: \(claimed)")
            return
        }
        #expect(target == ServerRegistry.ResumeTarget(session: Self.ana, shard: 0) && old == nil)
    }

    @Test func aRefusedConnectionGetsItsErrorAndBye() {
        let core = Self.core()
        _ = core.handle(.connected(Self.ana, peer: "10.0.0.1:5000"))
        let refused = core.handle(.registryAnswered(1, .admission(.tooManyFromAddress)))
        #expect(Self.sent(refused).first?.hasPrefix("ERR too-many-connections ") == true)
        #expect(Self.sent(refused).last == "BYE too many connections")
        #expect(refused.contains(.close(Self.ana)))
    }

    @Test func aNicknameTheRegistryRefusesIsTaken() {
        let core = Self.core()
        _ = core.handle(.connected(Self.ana, peer: "10.0.0.1:5000"))
        _ = core.handle(.received(Self.ana, Array("HELLO tilerace 1 ana\nPING after\n".utf8)))
        _ = core.handle(.registryAnswered(1, .admission(nil)))
        let refused = core.handle(.registryAnswered(2, .claimed(false)))
        // The line after the HELLO waited for the answer, and is answered after it.
        #expect(Self.sent(refused) == ["ERR nick-taken the nickname ana is in use by another player", "PONG after"])
    }

    @Test func createAsksWhereTheNameIsThenRegistersIt() {
        let core = Self.core()
        var next = Self.greetedAna(core)
        let asked = core.handle(.received(Self.ana, Array("CREATE fri\n".utf8)))
        #expect(Self.questions(asked) == [next: .room(key: "fri")])
        #expect(Self.sent(asked).isEmpty)
        let facts = ServerRegistry.RoomFacts(host: nil, remote: nil, roomCount: 1)
        let registering = core.handle(.registryAnswered(next, .room(facts)))
        next += 1
        guard case .register(let description, let shard, _)? = Self.questions(registering)[next] else {
            Issue.record("no register question: \(registering)")
            return
        }
        #expect(description.name == "fri" && shard == 0)
        let created = core.handle(.registryAnswered(next, .registered(.registered)))
        #expect(Self.sent(created).first?.hasPrefix("OK CREATE room=fri ") == true)
        #expect(Self.changes(created).contains { if case .describe(let room) = $0 { room.playerCount == 1 } else { false } })
    }

    @Test func createRefusesANameTheRegistryKnows() {
        let core = Self.core()
        let next = Self.greetedAna(core)
        _ = core.handle(.received(Self.ana, Array("CREATE fri\n".utf8)))
        let facts = ServerRegistry.RoomFacts(host: 1, remote: nil, roomCount: 2)
        #expect(
            Self.sent(core.handle(.registryAnswered(next, .room(facts))))
                == ["ERR room-exists a room named fri exists; JOIN it or pick another name"])
    }

    /// `ROOMS` costs by a count only the registry knows: the line waits for
    /// it before its tokens are taken.
    @Test func roomsIsChargedByTheCountTheRegistryGives() {
        var limits = ServerLimits.standard
        limits.requestBurst = 3
        let core = Self.core(limits)
        let next = Self.greetedAna(core)
        #expect(Self.questions(core.handle(.received(Self.ana, Array("ROOMS\n".utf8)))) == [next: .listing])
        // 32 rooms: 3 tokens, one more than ana has left after HELLO.
        let refused = core.handle(.registryAnswered(next, .listing([], known: 32)))
        #expect(Self.sent(refused).first?.hasPrefix("ERR flood ") == true)
        #expect(Self.questions(core.handle(.received(Self.ana, Array("ROOMS\n".utf8)))) == [next + 1: .listing])
        #expect(Self.sent(core.handle(.registryAnswered(next + 1, .listing([], known: 1)))) == ["OK ROOMS count=0"])
    }

    /// A claim answered after its session dropped is given back.
    @Test func aClaimAnsweredAfterTheConnectionEndedIsGivenBack() {
        let core = Self.core()
        _ = core.handle(.connected(Self.ana, peer: "10.0.0.1:5000"))
        _ = core.handle(.received(Self.ana, Array("HELLO tilerace 1 ana\n".utf8)))
        _ = core.handle(.registryAnswered(1, .admission(nil)))
        let dropped = core.handle(.disconnected(Self.ana, reason: "test"))
        #expect(Self.changes(dropped).contains(.releaseSession(Self.ana, nicknameKey: nil, secret: nil)))
        let late = core.handle(.registryAnswered(2, .claimed(true)))
        #expect(Self.changes(late) == [.releaseNickname(key: "ana", session: Self.ana)])
        #expect(Self.sent(late).isEmpty)
    }

    /// A connection that ended before the registry counted it is uncounted.
    @Test func anAdmissionAnsweredAfterTheConnectionEndedIsGivenBack() {
        let core = Self.core()
        _ = core.handle(.connected(Self.ana, peer: "10.0.0.1:5000"))
        #expect(core.handle(.disconnected(Self.ana, reason: "test")) == [])
        let late = core.handle(.registryAnswered(1, .admission(nil)))
        #expect(
            Self.changes(late) == [
                .releaseSession(Self.ana, nicknameKey: nil, secret: nil), .connectionClosed(address: "10.0.0.1"),
            ])
        #expect(Self.sent(late).isEmpty)
    }
}
