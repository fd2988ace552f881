import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

@Suite struct UpdateEndOfGameTests {
    /// A practice game played on a connected client until no move is left.
    private func ended(nickname: String? = nil, connected: Bool = true) -> Model {
        var config = ClientConfig()
        config.lastNickname = nickname
        var model = Fixtures.model(config: config)
        if connected { model = Fixtures.connected(model, nickname: nickname) }
        _ = update(&model, .key(.character("p")))
        if connected { Fixtures.deal(&model) }
        let effects = update(&model, .key(.left)) + update(&model, .key(.up))
        if connected { #expect(effects.first?.isMove == true) }
        model.session?.game = Fixtures.game(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &model)
        return model
    }

    private func field(_ model: Model) -> TextField? {
        if case .nickname(let field) = model.session?.end?.stage { return field }
        return nil
    }

    @Test func gameKeysHeldAsTheDialogOpensAreNotTyped() {
        var model = ended(nickname: "ana")
        #expect(model.session?.end?.isEditingNickname == false)
        for key in [Key.left, .up, .character("a"), .character("n"), .character("w"), .character("s"), .character("d"), .backspace] {
            #expect(update(&model, .key(key)).isEmpty)
        }
        #expect(field(model)?.text == "ana")
        #expect(update(&model, .key(.enter)) == [.saveConfig, .send(.submit(nickname: "ana", token: nil))])
    }

    /// `q`, as everywhere else, and Esc close the question unsubmitted; a finished game keeps Enter on submit.
    @Test func qAndEscSkipSubmitting() {
        for key in [Key.character("q"), .escape] {
            var model = ended(nickname: "ana")
            #expect(update(&model, .key(key)).isEmpty)
            #expect(model.session?.end?.stage == .closed(message: "not submitted", kind: .info))
        }
    }

    @Test func editingTheNicknameIsAnExplicitStep() {
        var model = ended(nickname: "ana")
        _ = update(&model, .key(.character("e")))
        #expect(model.session?.end?.isEditingNickname == true)
        _ = update(&model, .key(.control("u")))
        for character in "bo" { _ = update(&model, .key(.character(character))) }
        #expect(update(&model, .key(.enter)) == [.saveConfig, .send(.submit(nickname: "bo", token: nil))])
    }

    @Test func typingIsValidatedAsYouType() {
        var model = ended()
        #expect(update(&model, .key(.character("x"))).isEmpty)
        #expect(field(model)?.text == "")
        _ = update(&model, .key(.enter))
        #expect(model.session?.end?.isEditingNickname == true)
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
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(field(model)?.refusal?.contains("1-16") == true)
    }

    @Test func submitWithTheStoredTokenAndShowTheRank() {
        var model = ended(nickname: "ana")
        model.config.tokens = ["ana": "tok"]
        #expect(model.session?.serverCopy == .finished)
        let effects = update(&model, .key(.enter))
        #expect(effects == [.saveConfig, .send(.submit(nickname: "ana", token: "tok"))])
        #expect(model.session?.end?.stage == .submitting(nickname: "ana"))
        let receipt = SubmitReceipt(nickname: "ana", board: .all, score: 1234, rank: 3, best: 1234, improved: true, token: nil)
        #expect(Fixtures.reply(&model, to: .submit(nickname: "ana", token: "tok"), .submit(receipt)).isEmpty)
        #expect(model.session?.end?.stage == .closed(message: "ana is 3rd on the leaderboard with 1 234", kind: .success))
    }

    /// A game the server holds for review (docs/fair-play.md) says so and why, and claims as any game does.
    @Test func aHeldGameSaysItIsHeldForReviewAndWhy() {
        var model = ended(nickname: "ana")
        _ = update(&model, .key(.enter))
        var receipt = SubmitReceipt(nickname: "ana", board: .all, score: 20564, rank: nil, best: 20564, improved: false, token: "abc123")
        receipt.held = "rate"
        #expect(Fixtures.reply(&model, to: .submit(nickname: "ana", token: nil), .submit(receipt)) == [.saveConfig])
        #expect(
            model.session?.end?.stage
                == .closed(
                    message: "held for review: over 250 moves within 10 s, faster than hands play · nickname claimed", kind: .warning))
        // A rule this client does not know yet is named.
        model = ended(nickname: "ana")
        _ = update(&model, .key(.enter))
        receipt.held = "newer"
        receipt.token = nil
        _ = Fixtures.reply(&model, to: .submit(nickname: "ana", token: nil), .submit(receipt))
        #expect(model.session?.end?.stage == .closed(message: "held for review: it broke the server's rule newer", kind: .warning))
    }

    @Test func aClaimStoresTheNewToken() {
        var model = ended(nickname: "Ana")
        _ = update(&model, .key(.enter))
        let receipt = SubmitReceipt(nickname: "Ana", board: .daily, score: 1234, rank: nil, best: 1234, improved: true, token: "abc123")
        #expect(Fixtures.reply(&model, to: .submit(nickname: "Ana", token: nil), .submit(receipt)) == [.saveConfig])
        #expect(model.config.tokens == ["ana": "abc123"])
        #expect(model.config.token(for: "ANA") == "abc123")
        #expect(
            model.session?.end?.stage
                == .closed(message: "1 234 is not in the top 100 of today's daily board · nickname claimed", kind: .success))
    }

    @Test func aNicknameOfSomeoneElseAsksForAnother() {
        var model = ended(nickname: "bo")
        _ = update(&model, .key(.enter))
        Fixtures.refuse(&model, .submit(nickname: "bo", token: nil), .badToken)
        #expect(field(model)?.text == "bo")
        #expect(field(model)?.refusal == "bo belongs to someone else: pick another")
        #expect(model.session?.end?.isEditingNickname == true)
    }

    @Test func anUnavailableLeaderboardSaysWhyAndEnterTriesAgain() {
        var model = ended(nickname: "ana")
        _ = update(&model, .key(.enter))
        Fixtures.refuse(&model, .submit(nickname: "ana", token: nil), .unavailable, "the shared leaderboard cannot be reached right now")
        #expect(field(model)?.text == "ana")
        #expect(field(model)?.refusal == "not submitted: the leaderboard cannot be reached now (Enter tries again)")
        #expect(update(&model, .key(.enter)).contains(.send(.submit(nickname: "ana", token: nil))))
    }

    @Test func offlineSaysSoBeforeAsking() {
        var model = ended(nickname: "ana", connected: false)
        #expect(model.session?.end?.stage == .closed(message: "not connected to a server: scores are submitted online only", kind: .info))
        _ = update(&model, .key(.character("q")))
        #expect(model.screen == .menu)
    }

    @Test func losingTheServerWhileSubmittingSaysNotSubmitted() {
        var model = ended(nickname: "ana")
        _ = update(&model, .key(.enter))
        _ = update(&model, .server(.notSent(.submit(nickname: "ana", token: nil), reason: "not connected")))
        #expect(model.session?.end?.stage == .closed(message: "not connected: not submitted", kind: .warning))
    }

    @Test func escapeCancelsTheSubmission() {
        var model = ended(nickname: "ana")
        #expect(update(&model, .key(.escape)).isEmpty)
        #expect(model.session?.end?.stage == .closed(message: "not submitted", kind: .info))
        _ = update(&model, .key(.character("r")))
        #expect(model.session?.end == nil)
        #expect(model.session?.game.moveCount == 0)
    }

    @Test func keepingGoingAfterTheTargetStartsTheServerClockAgain() {
        var model = Fixtures.connected(Fixtures.practice(moves: []))
        model.session?.game = Fixtures.game([[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]])
        #expect(update(&model, .key(.left)).last == .send(.pause))
        Fixtures.settle(&model)
        #expect(update(&model, .key(.enter)) == [.send(.resume)])
        #expect(model.session?.end == nil)
    }

    @Test func submittingFromTheTargetDialogResignsTheServerGameFirst() {
        var model = Fixtures.connected(Fixtures.practice(moves: []))
        model.session?.game = Fixtures.game([[1024, 1024, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]])
        let effects = update(&model, .key(.left))
        #expect(effects.count == 3)
        // "Keep going?" waits on the player, and so does the server's clock.
        #expect(effects.last == .send(.pause))
        // Stopping at the target ends the game: it counts in the statistics.
        Fixtures.settle(&model)
        #expect(update(&model, .key(.character("f"))) == [.send(.resign), .saveStatistics])
        #expect(field(model) != nil)
        #expect(model.session?.clock.isRunning == false)
        #expect(model.session?.serverCopy == .finished)
    }
}
