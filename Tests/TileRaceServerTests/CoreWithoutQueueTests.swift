import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// The core as a state machine with no queue and no thread (issue 22, item
/// 2): inputs go in, actions come out, and the registry is a value the test
/// sets up and reads, as the handlers call it.
@Suite struct CoreWithoutQueueTests {
    static let ana = ConnectionID(number: 1)

    static func core(_ limits: ServerLimits = .standard) -> (ServerCore, Registry) {
        let registry = Registry()
        let core = ServerCore(
            limits: limits, clock: ManualClock(), random: CountingRandom.make(), serverName: "tilerace-test", logLevel: .info,
            registry: registry)
        return (core, registry)
    }

    /// The lines an action list sends to a connection.
    static func sent(_ actions: [ServerAction], to id: ConnectionID = ana) -> [String] {
        actions.flatMap { action -> [String] in
            guard case .send(let target, let lines) = action, target == id else { return [] }
            return lines.lines
        }
    }

    static func received(_ core: ServerCore, _ lines: String) -> [String] {
        sent(core.handle(.received(ana, Array(lines.utf8))))
    }

    /// A connection greeted and named ana.
    static func greetedAna(_ core: ServerCore) {
        _ = core.handle(.connected(ana, peer: "10.0.0.1:5000"))
        _ = core.handle(.received(ana, Array("HELLO tilerace 1 ana\n".utf8)))
    }

    @Test func aConnectionIsCountedAndGreetedAndItsSecretKept() {
        let (core, registry) = Self.core()
        let connected = core.handle(.connected(Self.ana, peer: "10.0.0.1:5000"))
        #expect(Self.sent(connected).first?.hasPrefix("HELLO tilerace 1 server=tilerace-test") == true)
        #expect(registry.withState { ($0.sessionCount, $0.connectionsByAddress) } == (1, ["10.0.0.1": 1]))
        #expect(Self.received(core, "HELLO tilerace 1 ana\n").first?.hasPrefix("OK HELLO nick=ana session=") == true)
        // Counted as greeted (for INFO), and its resume secret kept.
        #expect(registry.withState { $0.greetedCount } == 1)
        #expect(registry.withState { Array($0.resumeSecrets.values) } == [ServerRegistry.ResumeTarget(session: Self.ana, shard: 0)])
        #expect(registry.withState { $0.nicknames } == ["ana": Self.ana])
    }

    @Test func aRefusedConnectionGetsItsErrorAndBye() {
        let (core, registry) = Self.core()
        registry.withState { $0.connectionsByAddress["10.0.0.1"] = ServerLimits.standard.maximumConnectionsPerAddress }
        let refused = core.handle(.connected(Self.ana, peer: "10.0.0.1:5000"))
        #expect(Self.sent(refused).first?.hasPrefix("ERR too-many-connections ") == true)
        #expect(Self.sent(refused).last == "BYE too many connections")
        #expect(refused.contains(.close(Self.ana)))
    }

    @Test func aNicknameTheRegistryGaveAnotherIsTaken() {
        let (core, registry) = Self.core()
        registry.withState { $0.nicknames["ana"] = ConnectionID(number: 99) }
        _ = core.handle(.connected(Self.ana, peer: "10.0.0.1:5000"))
        #expect(
            Self.received(core, "HELLO tilerace 1 ana\nPING after\n") == [
                "ERR nick-taken the nickname ana is in use by another player", "PONG after",
            ])
    }

    @Test func createRegistersTheRoom() {
        let (core, registry) = Self.core()
        Self.greetedAna(core)
        #expect(Self.received(core, "CREATE fri\n").first?.hasPrefix("OK CREATE room=fri ") == true)
        #expect(registry.withState { $0.rooms["fri"]?.shard } == 0)
        #expect(registry.withState { $0.rooms["fri"]?.description.playerCount } == 1)
    }

    @Test func createRefusesANameTheRegistryKnows() {
        let (core, registry) = Self.core()
        Self.greetedAna(core)
        let listing = ServerRegistry.Listing(shard: 1, description: Room(name: "fri", options: RoomOptions()).description)
        registry.withState { $0.rooms["fri"] = listing }
        #expect(Self.received(core, "CREATE fri\n") == ["ERR room-exists a room named fri exists; JOIN it or pick another name"])
    }

    /// `ROOMS` costs by the count of rooms the registry knows.
    @Test func roomsIsChargedByTheCountTheRegistryGives() {
        var limits = ServerLimits.standard
        limits.requestBurst = 3
        let (core, registry) = Self.core(limits)
        Self.greetedAna(core)
        var remote: [String: RoomDescription] = [:]
        for index in 1...31 {
            remote["r\(index)"] = Room(name: "r\(index)", options: RoomOptions()).description
            remote["r\(index)"]?.server = "other:2048"
        }
        registry.withState { $0.remoteRooms = remote }
        // 32 rooms: 3 tokens, one more than ana has left after HELLO.
        #expect(Self.received(core, "ROOMS\n").first?.hasPrefix("ERR flood ") == true)
        registry.withState { $0.remoteRooms = [:] }
        #expect(Self.received(core, "ROOMS\n").last == "OK ROOMS count=1")
    }
}
