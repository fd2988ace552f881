import Testing
import TileRaceEngine
@testable import TileRaceClient

@Suite struct UpdateEndOfGameTests {
    private func ended(nickname: String? = nil) -> Model {
        var config = ClientConfig()
        config.lastNickname = nickname
        var model = Fixtures.model(config: config)
        _ = update(&model, .key(.character("p")))
        model.session?.game = Fixtures.game(Fixtures.stuckRows)
        model.session?.log = try! GameLog(parsing: "LURD")
        Update.checkEnd(reachedTarget: false, model: &model)
        return model
    }

    private func field(_ model: Model) -> TextField? {
        if case .nickname(let field) = model.session?.end?.stage { return field }
        return nil
    }

    @Test func typingIsValidatedAsYouType() {
        var model = ended()
        for character in "ana b!_9" { _ = update(&model, .key(.character(character))) }
        #expect(field(model)?.text == "anab_9")
        _ = update(&model, .key(.character("!")))
        #expect(field(model)?.refusal == "only letters, digits, _ and - are allowed")
        _ = update(&model, .key(.backspace))
        #expect(field(model)?.text == "anab_")
        #expect(field(model)?.refusal == nil)
        for _ in 0..<20 { _ = update(&model, .key(.character("x"))) }
        #expect(field(model)?.text.count == 16)
        #expect(field(model)?.refusal == "at most 16 characters")
    }

    @Test func enterWithAnEmptyNicknameIsRefused() {
        var model = ended()
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(field(model)?.refusal?.contains("1-16") == true)
    }

    @Test func enterSubmitsRemembersAndOfflineSaysNotSubmitted() throws {
        var model = ended(nickname: "ana")
        model.config.tokens = ["ana": "tok"]
        let effects = update(&model, .key(.enter))
        let session = try #require(model.session)
        let record = GameRecord(seed: session.game.seed.text, size: 4, target: 2048, log: try GameLog(parsing: "LURD"),
                                elapsed: session.end!.elapsed)
        let submission = Submission(nickname: "ana", token: "tok", record: record, isDaily: false)
        #expect(effects == [.saveConfig, .send(.submit(submission))])
        #expect(model.session?.end?.stage == .submitting(nickname: "ana"))
        _ = update(&model, .intentFailed(.submit(submission), reason: "offline: no server connected"))
        #expect(model.session?.end?.stage == .closed(message: "offline: no server connected: not submitted", kind: .warning))
        _ = update(&model, .key(.character("q")))
        #expect(model.screen == .menu)
    }

    @Test func escapeCancelsTheSubmission() {
        var model = ended(nickname: "ana")
        #expect(update(&model, .key(.escape)).isEmpty)
        #expect(model.session?.end?.stage == .closed(message: "not submitted", kind: .info))
        _ = update(&model, .key(.character("r")))
        #expect(model.session?.end == nil)
        #expect(model.session?.game.moveCount == 0)
    }

    @Test func submittingNowFromTheTargetDialog() {
        var model = Fixtures.practice(moves: [])
        model.session?.game = Fixtures.game([[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]])
        _ = update(&model, .key(.left))
        _ = update(&model, .key(.character("s")))
        #expect(field(model) != nil)
        #expect(model.session?.clock.isRunning == false)
    }
}
