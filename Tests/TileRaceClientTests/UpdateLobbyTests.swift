import Testing
@testable import TileRaceClient

@Suite struct UpdateLobbyTests {
    private func lobby() -> Model {
        var model = Fixtures.model()
        model.connection = .connected(host: "h", port: 2048)
        model.screen = .lobby
        model.lobby.rooms = [
            RoomSummary(name: "friday", playerCount: 3, phase: .waiting, size: 4, target: 2048, isPrivate: false, assistsAllowed: false, timeLimit: nil),
            RoomSummary(name: "secret", playerCount: 2, phase: .racing, size: 5, target: 4096, isPrivate: true, assistsAllowed: true, timeLimit: 300),
        ]
        return model
    }

    @Test func joinAnOpenRoom() {
        var model = lobby()
        #expect(update(&model, .key(.enter)) == [.send(.joinRoom(name: "friday", code: nil))])
    }

    @Test func aPrivateRoomAsksForItsCode() {
        var model = lobby()
        _ = update(&model, .key(.down))
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.lobby.joinPrompt?.name.text == "secret")
        #expect(model.lobby.joinPrompt?.isCodeFocused == true)
        for character in "k3y" { _ = update(&model, .key(.character(character))) }
        #expect(update(&model, .key(.enter)) == [.send(.joinRoom(name: "secret", code: "k3y"))])
        #expect(model.lobby.joinPrompt == nil)
    }

    @Test func joinByNameValidates() {
        var model = lobby()
        _ = update(&model, .key(.character("J")))
        #expect(model.lobby.joinPrompt != nil)
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.lobby.joinPrompt?.name.refusal != nil)
        for character in "sat" { _ = update(&model, .key(.character(character))) }
        #expect(update(&model, .key(.enter)) == [.send(.joinRoom(name: "sat", code: nil))])
    }

    @Test func createARoom() {
        var model = lobby()
        _ = update(&model, .key(.character("n")))
        #expect(model.lobby.form?.focus == .name)
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
        let options = RoomOptions(name: "fri", size: 6, target: 1024, assistsAllowed: true, timeLimit: 120, code: "c0de")
        #expect(update(&model, .key(.enter)) == [.send(.createRoom(options))])
        #expect(model.lobby.form == nil)
    }

    @Test func formValuesStayInRange() {
        var model = lobby()
        _ = update(&model, .key(.character("n")))
        _ = update(&model, .key(.tab))
        for _ in 0..<10 { _ = update(&model, .key(.right)) }
        #expect(model.lobby.form?.size == 8)
        _ = update(&model, .key(.tab))
        for _ in 0..<30 { _ = update(&model, .key(.left)) }
        #expect(model.lobby.form?.target == 8)
        _ = update(&model, .key(.escape))
        #expect(model.lobby.form == nil)
        #expect(model.screen == .lobby)
    }

    @Test func roomReadyToggleAndLeave() {
        var model = lobby()
        model.screen = .room
        model.room = RoomState(
            options: RoomOptions(name: "friday"), isPrivate: false,
            members: [RoomMember(nickname: "bo", isReady: true, isYou: false), RoomMember(nickname: "ana", isReady: false, isYou: true)])
        #expect(update(&model, .key(.character("r"))) == [.send(.setReady(true))])
        #expect(model.room?.isReady == true)
        #expect(update(&model, .key(.character("r"))) == [.send(.setReady(false))])
        #expect(update(&model, .key(.character("q"))) == [.send(.leaveRoom), .send(.listRooms)])
        #expect(model.screen == .lobby)
        #expect(model.room == nil)
    }

    @Test func offlineRequestsFailClearly() {
        var model = lobby()
        model.lobby.isLoading = true
        _ = update(&model, .intentFailed(.listRooms, reason: "offline: no server connected"))
        #expect(!model.lobby.isLoading)
        #expect(model.notice?.text == "offline: no server connected")
    }
}
