import Testing
import TileRaceProtocol

@testable import TileRaceClient

@Suite struct UpdateLobbyTests {
    private func lobby() -> Model {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .lobby(LobbyState())
        model.lobby?.rooms = [
            Fixtures.room("friday", players: 3),
            Fixtures.room("secret", state: .racing, size: 5, target: 4096, assists: true, limit: 300, isPrivate: true, players: 2),
        ]
        model.lobby?.hasLoaded = true
        return model
    }

    @Test func joinAnOpenRoom() {
        var model = lobby()
        #expect(update(&model, .key(.enter)) == [.send(.join(room: "friday", code: nil))])
    }

    @Test func watchAnOpenRoom() {
        var model = lobby()
        #expect(update(&model, .key(.character("w"))) == [.send(.watch(room: "friday", code: nil))])
    }

    @Test func aPrivateRoomAsksForItsCode() {
        var model = lobby()
        _ = update(&model, .key(.down))
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.lobby?.joinPrompt?.name.text == "secret")
        #expect(model.lobby?.joinPrompt?.isCodeFocused == true)
        for character in "k3y" { _ = update(&model, .key(.character(character))) }
        #expect(update(&model, .key(.enter)) == [.send(.join(room: "secret", code: "k3y"))])
        #expect(model.lobby?.joinPrompt == nil)
    }

    @Test func joinByNameValidates() {
        var model = lobby()
        _ = update(&model, .key(.character("J")))
        #expect(model.lobby?.joinPrompt != nil)
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.lobby?.joinPrompt?.name.refusal != nil)
        for character in "sat" { _ = update(&model, .key(.character(character))) }
        #expect(update(&model, .key(.enter)) == [.send(.join(room: "sat", code: nil))])
    }

    @Test func themeAndHelpKeysAreTextInsideTheCreateForm() {
        var model = lobby()
        let theme = model.config.themeName
        _ = update(&model, .key(.character("n")))
        for character in "t?t" { _ = update(&model, .key(.character(character))) }
        #expect(model.lobby?.form?.name.text == "tt")
        #expect(model.config.themeName == theme)
        #expect(model.overlay == nil)
        _ = update(&model, .key(.escape))
        _ = update(&model, .key(.character("t")))
        #expect(model.config.themeName != theme)
    }

    @Test func createARoom() {
        var model = lobby()
        _ = update(&model, .key(.character("n")))
        #expect(model.lobby?.form?.focus == .name)
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.notice?.text.contains("room name") == true)
        for character in "fri" { _ = update(&model, .key(.character(character))) }
        _ = update(&model, .key(.tab))
        _ = update(&model, .key(.right))
        _ = update(&model, .key(.right))
        _ = update(&model, .key(.tab))
        _ = update(&model, .key(.left))
        _ = update(&model, .key(.tab))
        _ = update(&model, .key(.character(" ")))
        _ = update(&model, .key(.tab))
        _ = update(&model, .key(.right))
        _ = update(&model, .key(.right))
        _ = update(&model, .key(.tab))
        for character in "c0de" { _ = update(&model, .key(.character(character))) }
        let options = RoomOptions(size: 6, target: 1024, allowsAssists: true, timeLimit: 120, code: "c0de")
        #expect(update(&model, .key(.enter)) == [.send(.create(room: "fri", options: options))])
        // The form stays until the server agrees, so a refusal can be fixed.
        #expect(model.lobby?.form != nil)
        Fixtures.refuse(&model, .create(room: "fri", options: options), .roomExists)
        #expect(model.notice?.text.contains("already exists") == true)
        #expect(model.lobby?.form?.name.text == "fri")
        let description = Fixtures.room("fri", size: 6, target: 1024, assists: true, limit: 120, isPrivate: true)
        #expect(Fixtures.reply(&model, to: .create(room: "fri", options: options), .create(description)) == [.send(.who)])
        #expect(model.lobby?.form == nil)
        #expect(model.screen == .room)
        #expect(model.room?.code == "c0de")
        #expect(model.room?.members == [RoomMember(nickname: "ana", isReady: false, isYou: true)])
    }

    @Test func aRatedRoomHasNoAssists() {
        var model = lobby()
        _ = update(&model, .key(.character("n")))
        for character in "league" { _ = update(&model, .key(.character(character))) }
        model.lobby?.form?.focus = .assists
        _ = update(&model, .key(.right))
        #expect(model.lobby?.form?.assistsAllowed == true)
        model.lobby?.form?.focus = .rated
        _ = update(&model, .key(.right))
        #expect(model.lobby?.form?.isRated == true && model.lobby?.form?.assistsAllowed == false)
        model.lobby?.form?.focus = .create
        #expect(update(&model, .key(.enter)) == [.send(.create(room: "league", options: RoomOptions(isRated: true)))])
        model.lobby?.form?.focus = .assists
        _ = update(&model, .key(.right))
        #expect(model.lobby?.form?.isRated == false)
    }

    @Test func formValuesStayInRange() {
        var model = lobby()
        _ = update(&model, .key(.character("n")))
        _ = update(&model, .key(.tab))
        for _ in 0..<10 { _ = update(&model, .key(.right)) }
        #expect(model.lobby?.form?.size == 8)
        _ = update(&model, .key(.tab))
        for _ in 0..<30 { _ = update(&model, .key(.left)) }
        #expect(model.lobby?.form?.target == 8)
        _ = update(&model, .key(.escape))
        #expect(model.lobby?.form == nil)
        #expect(model.lobby != nil)
    }

    @Test func theListIsReplacedKeepingTheSelectionAndRefreshedWhileShown() {
        var model = lobby()
        _ = update(&model, .key(.down))
        model.lobby?.isLoading = true
        Fixtures.reply(
            &model, to: .rooms, .rooms(count: 3),
            items: [
                .room(Fixtures.room("alpha")), .room(Fixtures.room("friday")), .room(Fixtures.room("secret", isPrivate: true)),
            ])
        #expect(model.lobby?.rooms.map(\.name) == ["alpha", "friday", "secret"])
        #expect(model.lobby?.selection == 2)
        #expect(model.lobby?.isLoading == false)
        #expect(update(&model, .tick(Fixtures.now + 1_000)).isEmpty)
        #expect(update(&model, .tick(Fixtures.now + LobbyState.refreshIntervalMilliseconds)) == [.send(.rooms)])
        #expect(model.lobby?.isLoading == true)
        #expect(update(&model, .tick(Fixtures.now + 10_000)).isEmpty)
    }

    @Test func readyInARatedRoomCarriesTheClaimsToken() {
        var model = lobby()
        model.screen = .room
        model.config.setToken("tana", for: "ana")
        model.room = WaitingRoom(
            name: "league", options: RoomOptions(isRated: true), isPrivate: false,
            members: [RoomMember(nickname: "ana", isReady: false, isYou: true)])
        #expect(update(&model, .key(.character("r"))) == [.send(.ready(true, token: "tana"))])
        #expect(update(&model, .key(.character("r"))) == [.send(.ready(false))])
        // An unrated room never sends it.
        model.room?.options.isRated = false
        #expect(update(&model, .key(.character("r"))) == [.send(.ready(true))])
        // The room's description says whether it is rated.
        let rated = Fixtures.room("league")
        var description = rated
        description.isRated = true
        #expect(WaitingRoom(description, isWatching: false).options.isRated)
        #expect(!WaitingRoom(rated, isWatching: false).options.isRated)
    }

    @Test func roomReadyToggleAndLeave() {
        var model = lobby()
        model.screen = .room
        model.room = WaitingRoom(
            name: "friday", options: RoomOptions(), isPrivate: false,
            members: [RoomMember(nickname: "bo", isReady: true, isYou: false), RoomMember(nickname: "ana", isReady: false, isYou: true)])
        #expect(update(&model, .key(.character("r"))) == [.send(.ready(true))])
        #expect(model.room?.isReady == true)
        #expect(update(&model, .key(.character("r"))) == [.send(.ready(false))])
        #expect(update(&model, .key(.character("q"))) == [.send(.leave), .send(.rooms)])
        #expect(model.lobby != nil)
        #expect(model.room == nil)
    }

    @Test func notConnectedRequestsFailClearly() {
        var model = lobby()
        model.lobby?.isLoading = true
        _ = update(&model, .server(.notSent(.rooms, reason: "not connected")))
        #expect(model.lobby?.isLoading == false)
        _ = update(&model, .server(.notSent(.join(room: "friday", code: nil), reason: "not connected")))
        #expect(model.notice?.text == "not connected to a server")
    }
}
