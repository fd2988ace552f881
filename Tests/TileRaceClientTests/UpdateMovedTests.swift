import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// `ERR moved`: following a room to the server that hosts it, and coming
/// back to the server we started with when that one is gone (issue 20, defect 5).
@Suite struct UpdateMovedTests {
    static let home = ServerEndpoint(host: "10.0.0.1", port: 2048)
    static let roomServer = ServerEndpoint(host: "10.0.0.2", port: 2048)

    /// A client that started on `home`, asked to join `fri`, and was told it is on `roomServer`.
    static func moved() -> Model {
        var model = Fixtures.model()
        _ = Update.launch(NetworkPlan(endpoint: home), model: &model)
        _ = update(&model, .server(.greeted(Greeting(version: 1, server: "t", lineLimit: 1024, idleSeconds: 120))))
        _ = update(
            &model,
            .server(.reply(.hello(nickname: nil), .success(.hello(nickname: "ana", session: "s")), items: [])))
        model.network.nickname = "ana"
        _ = Update.pursue(.joinRoom("fri", code: nil), model: &model)
        let error = ProtocolError(.moved, "10.0.0.2:2048 room fri is hosted by the server at 10.0.0.2:2048: connect there and ask again")
        let effects = update(&model, .server(.reply(.join(room: "fri", code: nil), .failure(error), items: [])))
        #expect(effects == [.connect])
        return model
    }

    @Test func followingMovedConnectsToTheRoomsServer() {
        let model = Self.moved()
        #expect(model.network.endpoint == Self.roomServer)
        #expect(model.network.homeEndpoint == Self.home)
        #expect(model.network.goal == .joinRoom("fri", code: nil))
    }

    @Test func whenTheRoomsServerIsGoneTheClientGoesHomeIntoTheLobby() {
        var model = Self.moved()
        let effects = update(&model, .server(.connectFailed("connection refused")))
        #expect(effects == [.connect])
        #expect(model.network.endpoint == Self.home)
        #expect(model.network.goal == .openLobby)
        #expect(model.overlay == nil)
        #expect(model.notice?.text.contains("back to 10.0.0.1:2048, in the lobby") == true)
        // Greeted at home: it says where it is and why, and lists the rooms.
        _ = update(&model, .server(.greeted(Greeting(version: 1, server: "t", lineLimit: 1024, idleSeconds: 120))))
        let greeted = update(
            &model, .server(.reply(.hello(nickname: "ana"), .success(.hello(nickname: "ana", session: "t")), items: [])))
        #expect(greeted.contains(.send(.rooms)))
        #expect(model.lobby != nil)
        #expect(model.notice?.text == "the server at 10.0.0.2:2048 cannot be reached: back on 10.0.0.1:2048, in the lobby")
    }

    @Test func reconnectingAfterALossTriesTheRoomsServerFirst() {
        var model = Self.moved()
        _ = update(&model, .server(.disconnected(reason: "the server closed the connection", bye: "server shutting down")))
        Fixtures.settle(&model)
        #expect(update(&model, .key(.enter)) == [.connect])
        #expect(model.network.endpoint == Self.roomServer)
        _ = update(&model, .server(.connectFailed("connection refused")))
        #expect(model.network.endpoint == Self.home)
        #expect(model.connection == .connecting(Self.home))
    }

    @Test func aPracticeGameOnTheServerThatIsGoneGoesOnHereOnly() {
        var model = Self.moved()
        model.session = PlaySession(mode: .practice, game: Game(config: .standard, seed: Seed(42)))
        model.session?.serverCopy = .active
        _ = update(&model, .server(.connectFailed("connection refused")))
        #expect(model.session?.serverCopy == .localOnly("its server at 10.0.0.2:2048 cannot be reached"))
        // Its moves are not queued for the home server ahead of our HELLO.
        #expect(!update(&model, .key(.left)).contains { if case .send = $0 { true } else { false } })
    }

    @Test func followingMovedWithAMirroredPracticeGamePlaysItHereOnly() {
        var model = Fixtures.model()
        _ = Update.launch(NetworkPlan(endpoint: Self.home), model: &model)
        model.connection = .connected(Self.home)
        model.network.nickname = "ana"
        model.session = PlaySession(mode: .practice, game: Game(config: .standard, seed: Seed(42)))
        model.session?.serverCopy = .active
        let error = ProtocolError(.moved, "10.0.0.2:2048 room fri is hosted by the server at 10.0.0.2:2048: connect there and ask again")
        #expect(update(&model, .server(.reply(.join(room: "fri", code: nil), .failure(error), items: []))) == [.connect])
        #expect(model.session?.serverCopy == .localOnly("it was on the server at 10.0.0.1:2048"))
    }

    @Test func theHomeServerFailingIsAnOrdinaryConnectionProblem() {
        var model = Fixtures.model()
        _ = Update.launch(NetworkPlan(endpoint: Self.home), model: &model)
        _ = update(&model, .server(.connectFailed("connection refused")))
        guard case .connectionProblem = model.overlay else {
            Issue.record("expected the connection problem, got \(String(describing: model.overlay))")
            return
        }
    }
}
