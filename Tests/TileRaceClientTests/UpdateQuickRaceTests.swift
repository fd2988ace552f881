import Testing
import TileRaceProtocol

@testable import TileRaceClient

/// The menu's "Quick race": the queue's waiting screen, leaving it, the bots
/// offer, and the room once matched (protocol.md 5.8).
@Suite struct UpdateQuickRaceTests {
    /// Connected as ana to a server offering the queue, with ana's claim token kept.
    private static func ready(token: String? = "tana") -> Model {
        var model = Fixtures.connected(Fixtures.model())
        model.network.serverFeatures = [.resync, .ratings, .queue]
        if let token { model.config.setToken(token, for: "ana") }
        return model
    }

    @Test func withoutAClaimTheMenuSaysToSubmitAGameFirst() {
        var model = Self.ready(token: nil)
        #expect(update(&model, .key(.character("u"))).isEmpty)
        #expect(model.screen == .menu)
        #expect(model.notice?.text == "a quick race is rated: submit a 4x4 game first to claim your nickname")
        var offline = Fixtures.model()
        _ = update(&offline, .key(.character("u")))
        #expect(offline.notice?.text.contains("racing needs a server") == true)
        var older = Self.ready()
        older.network.serverFeatures = [.resync]
        #expect(update(&older, .key(.character("u"))).isEmpty)
        #expect(older.notice?.text.contains("no quick race") == true)
    }

    @Test func quickRaceQueuesWithTheTokenAndShowsTheWait() {
        var model = Self.ready()
        #expect(update(&model, .key(.character("u"))) == [.send(.queue(token: "tana"))])
        #expect(model.quickRace != nil)
        _ = Fixtures.reply(&model, to: .queue(token: "tana"), .queue(waiting: 2))
        #expect(model.quickRace?.waiting == 2)
        #expect(model.quickRace?.isQueued == true)
        Fixtures.event(&model, .queued(waiting: 3, seconds: 5, offersBots: false))
        #expect(model.quickRace?.waiting == 3)
        #expect(model.quickRace?.offersBots == false)
        #expect(update(&model, .key(.character("a"))).isEmpty)
        #expect(model.quickRace != nil)
    }

    @Test func escapeLeavesTheQueue() {
        var model = Self.ready()
        _ = update(&model, .key(.character("u")))
        #expect(update(&model, .key(.escape)) == [.send(.unqueue)])
        #expect(model.screen == .menu)
        #expect(model.quickRace == nil)
    }

    @Test func aRefusalGoesBackToTheMenuWithTheReason() {
        var model = Self.ready()
        _ = update(&model, .key(.character("u")))
        Fixtures.refuse(&model, .queue(token: "tana"), .badToken, "the nickname ana is claimed; that is not its token")
        #expect(model.screen == .menu)
        #expect(model.notice?.text == "no quick race: the nickname ana is claimed; that is not its token")
    }

    @Test func theBotsOfferIsAChoice() {
        var model = Self.ready()
        _ = update(&model, .key(.character("u")))
        Fixtures.event(&model, .queued(waiting: 1, seconds: 20, offersBots: true))
        #expect(model.quickRace?.offersBots == true)
        model.canAddBots = true
        let effects = update(&model, .key(.character("a")))
        // Issue 44: a room with bots, not the lobby and a line of instructions.
        #expect(effects == [.send(.unqueue), .send(.create(room: "ana-bots", options: RoomOptions()))])
        Fixtures.reply(&model, to: .create(room: "ana-bots", options: RoomOptions()), .create(Fixtures.room("ana-bots")))
        #expect(model.screen == .room && model.room?.name == "ana-bots")
        #expect(model.overlay == .botStrength)
        _ = update(&model, .tick(model.now + ShownDialog.guardMilliseconds))
        #expect(update(&model, .key(.character("3"))).contains { if case .startBot = $0 { true } else { false } })
        #expect(model.ownBots.map(\.strength) == [3])
    }

    @Test func matchedEntersTheRatedRoomAndItsEventsFollow() {
        var model = Self.ready()
        _ = update(&model, .key(.character("u")))
        let room = RoomDescription(
            name: "quick-1", state: .waiting, size: 4, target: 2048, allowsAssists: false, timeLimit: 0, isPrivate: false,
            playerCount: 2, watcherCount: 0, isRated: true)
        Fixtures.event(&model, .matched(room))
        #expect(model.screen == .room)
        #expect(model.quickRace == nil)
        #expect(model.room?.name == "quick-1")
        Fixtures.event(&model, .joined(room: "quick-1", nickname: "bo", role: .player))
        Fixtures.event(&model, .ready(room: "quick-1", nickname: "ana", isReady: true))
        Fixtures.event(&model, .ready(room: "quick-1", nickname: "bo", isReady: true))
        #expect(model.room?.members.map(\.nickname) == ["ana", "bo"])
        #expect(model.room?.members.allSatisfy(\.isReady) == true)
    }

    @Test func aMatchThatCrossedLeavingTheQueueIsLeft() {
        var model = Self.ready()
        _ = update(&model, .key(.character("u")))
        _ = update(&model, .key(.escape))
        let room = RoomDescription(
            name: "quick-1", state: .waiting, size: 4, target: 2048, allowsAssists: false, timeLimit: 0, isPrivate: false,
            playerCount: 2, watcherCount: 0, isRated: true)
        #expect(Fixtures.event(&model, .matched(room)) == [.send(.leave)])
        #expect(model.screen == .menu)
        #expect(model.room == nil)
    }

    @Test func theWaitingScreenShowsTheTimeAndThePlayersLooking() {
        var model = Self.ready()
        _ = update(&model, .key(.character("u")))
        _ = Fixtures.reply(&model, to: .queue(token: "tana"), .queue(waiting: 1, rating: ShownRating(rating: 1523, isProvisional: true)))
        #expect(model.quickRace?.rating == ShownRating(rating: 1523, isProvisional: true))
        Fixtures.event(&model, .queued(waiting: 3, seconds: 20, offersBots: true))
        model.now += 21_400
        assertSnapshot(view(model, size: model.size, theme: .classic).plainText, named: "quick-race-waiting-80x24-classic")
    }

    // MARK: The connection drops while waiting

    /// Waiting in the queue (`OK QUEUE` in), 30 s after `u`.
    private static func waiting() -> Model {
        var model = Self.ready()
        model.network.resumeSecret = String(repeating: "a", count: 32)
        _ = update(&model, .key(.character("u")))
        _ = Fixtures.reply(&model, to: .queue(token: "tana"), .queue(waiting: 2))
        model.now += 30_000
        return model
    }

    @Test func aDropSaysTheQueueWasLeftAndReconnectingQueuesAgain() {
        var model = Self.waiting()
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        Fixtures.settle(&model)
        #expect(model.quickRace != nil)
        #expect(model.quickRace?.isConnectionLost == true && model.quickRace?.isQueued == false)
        #expect(model.notice?.text == "connection lost: you left the queue")
        #expect(view(model, size: model.size, theme: .classic).plainText.contains("connection lost: you left the queue"))
        // The player reconnects from the overlay: once greeted, back in the queue, the time waited from zero.
        #expect(update(&model, .key(.character("r"))) == [.connect])
        _ = update(&model, .server(.greeted(Greeting(server: "t", features: [.resync, .ratings, .queue]))))
        let effects = update(
            &model,
            .server(
                .reply(
                    .hello(nickname: "ana"),
                    .success(.hello(nickname: "ana", session: String(repeating: "b", count: 32), isResumed: false, room: nil)),
                    items: [])))
        #expect(effects.contains(.send(.queue(token: "tana"))))
        #expect(model.quickRace != nil)
        #expect(model.quickRace == QuickRaceState(startedAt: model.now))
        #expect(model.network.goal == nil)
        _ = Fixtures.reply(&model, to: .queue(token: "tana"), .queue(waiting: 1))
        #expect(model.quickRace?.isQueued == true)
    }

    @Test func aResumedConnectionQueuesAgain() {
        var model = Self.waiting()
        Update.beginResuming(reason: "connection reset by peer", model: &model)
        #expect(model.quickRace?.isConnectionLost == true)
        #expect(model.notice?.text == "connection lost: you left the queue")
        let effects = update(
            &model,
            .server(
                .reply(
                    .hello(nickname: "ana", resume: String(repeating: "a", count: 32)),
                    .success(.hello(nickname: "ana", session: String(repeating: "b", count: 32), isResumed: true, room: nil)),
                    items: [])))
        #expect(effects == [.send(.queue(token: "tana"))])
        #expect(model.quickRace == QuickRaceState(startedAt: model.now))
    }

    @Test func aDropWithNoWayBackGoesToTheMenuWithTheReason() {
        var model = Self.waiting()
        _ = update(&model, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        Fixtures.settle(&model)
        // The player chooses to go on offline.
        _ = update(&model, .key(.escape))
        #expect(model.screen == .menu)
        #expect(model.quickRace == nil)
        #expect(model.network.goal == nil)
        #expect(model.notice?.text == "connection lost: you left the queue")
        // Or the server refuses the queue once back: the menu, with its reason.
        var refused = Self.waiting()
        _ = update(&refused, .server(.disconnected(reason: "connection reset by peer", bye: nil)))
        Fixtures.settle(&refused)
        _ = update(&refused, .key(.character("r")))
        _ = update(&refused, .server(.greeted(Greeting(server: "t", features: [.resync, .ratings, .queue]))))
        _ = update(
            &refused,
            .server(
                .reply(
                    .hello(nickname: "ana"),
                    .success(.hello(nickname: "ana", session: String(repeating: "b", count: 32), isResumed: false, room: nil)),
                    items: [])))
        Fixtures.refuse(&refused, .queue(token: "tana"), .badToken, "the nickname ana is claimed; that is not its token")
        #expect(refused.screen == .menu)
        #expect(refused.notice?.text == "no quick race: the nickname ana is claimed; that is not its token")
    }
}
