import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Chat in the client: typing never steals a move, quick phrases, the lines
/// kept per place, `/mute`, and what the server refuses.
@Suite struct UpdateChatTests {
    /// Types each character of `text` as a key.
    private func type(_ text: String, into model: inout Model) -> [Effect] {
        text.flatMap { update(&model, .key(.character($0))) }
    }

    @Test func enterOpensTheInputLineInARaceAndNoKeyMovesTheBoardWhileItIsOpen() {
        var model = Fixtures.race()
        let board = model.session?.game.board
        let sequence = model.session?.sequence
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.chat.isTyping)
        var effects = type("wasd hjkl", into: &model)
        for key in [Key.up, .down, .left, .right, .character("u"), .character("x"), .character("q"), .character("r")] {
            effects += update(&model, .key(key))
        }
        #expect(effects.isEmpty)
        #expect(model.session?.game.board == board)
        #expect(model.session?.sequence == sequence)
        #expect(model.overlay == nil)
        #expect(model.chat.input?.text == "wasd hjkluxqr")
        #expect(update(&model, .key(.enter)) == [.send(.say("wasd hjkluxqr"))])
        #expect(!model.chat.isTyping)
        // Closed, the keys move again.
        #expect(update(&model, .key(.up)).contains { $0.isMove } || update(&model, .key(.down)).contains { $0.isMove })
    }

    @Test func aRaceThatStartsGivesTheKeysToTheBoardAndKeepsTheLineBeingTyped() {
        var model = Fixtures.race()
        model.session = nil
        model.race = nil
        model.screen = .room
        _ = update(&model, .key(.character("/")))
        _ = type("almost rea", into: &model)
        Fixtures.event(
            &model,
            .start(
                RaceStart(
                    room: "friday", race: 2, seed: "7", size: 4, target: 2048, allowsAssists: false, timeLimit: 300,
                    players: ["ana", "bo"])))
        #expect(model.screen == .game)
        #expect(!model.chat.isTyping)
        #expect(update(&model, .key(.left)).contains { $0.isMove } || update(&model, .key(.right)).contains { $0.isMove })
        _ = update(&model, .key(.enter))
        #expect(model.chat.input?.text == "almost rea")
    }

    @Test func slashOpensItTooAndEscClosesItWithoutSending() {
        var model = Fixtures.race()
        _ = update(&model, .key(.character("/")))
        #expect(model.chat.input?.text == "")
        _ = type("never mind", into: &model)
        #expect(update(&model, .key(.escape)).isEmpty)
        #expect(!model.chat.isTyping)
        #expect(model.screen == .game && model.overlay == nil)
    }

    /// Issue 44: `/` did nothing while the end-of-game dialog was open.
    @Test func slashOverTheEndOfARaceOpensTheLineInView() {
        var model = Fixtures.race()
        Update.endGame(.resigned, model: &model)
        #expect(ShownDialog(model) == .endOfGame)
        _ = update(&model, .key(.character("/")))
        #expect(model.chat.isTyping)
        _ = type("gg", into: &model)
        #expect(view(model, size: model.size, theme: .classic).plainText.contains("say: gg_"))
        #expect(update(&model, .key(.enter)) == [.send(.say("gg"))])
        // Enter again brings the dialog back.
        _ = update(&model, .key(.enter))
        #expect(ShownDialog(model) == .endOfGame)
    }

    @Test func spacesAtTheEndsAreTakenOffAndABlankLineSendsNothing() {
        var model = Fixtures.race()
        _ = update(&model, .key(.enter))
        _ = type("  gg  ", into: &model)
        #expect(update(&model, .key(.enter)) == [.send(.say("gg"))])
        _ = update(&model, .key(.enter))
        _ = type("   ", into: &model)
        #expect(update(&model, .key(.enter)).isEmpty)
    }

    @Test func theInputLineTakesAtMost200Characters() {
        var model = Fixtures.race()
        _ = update(&model, .key(.enter))
        _ = type(String(repeating: "é", count: 205), into: &model)
        #expect(model.chat.input?.text.unicodeScalars.count == 200)
        #expect(model.chat.input?.refusal == "at most 200 characters")
    }

    @Test func keys1To4SayTheQuickPhrasesDuringARace() {
        var model = Fixtures.race()
        #expect(update(&model, .key(.character("1"))) == [.send(.say("good luck"))])
        #expect(update(&model, .key(.character("2"))) == [.send(.say("nice!"))])
        #expect(update(&model, .key(.character("3"))) == [.send(.say("gg"))])
        #expect(update(&model, .key(.character("4"))) == [.send(.say("one more?"))])
        #expect(update(&model, .key(.character("5"))).isEmpty)
        model.config.quickPhrases = ["a", "b", "c", "well played!"]
        #expect(update(&model, .key(.character("4"))) == [.send(.say("well played!"))])
        // In practice, the digits do nothing.
        var practice = Fixtures.connected(Fixtures.practice())
        #expect(update(&practice, .key(.character("1"))).isEmpty)
    }

    @Test func inTheLobbySlashChatsAndJStillJoinsByName() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .lobby(LobbyState())
        _ = update(&model, .key(.character("/")))
        #expect(model.chat.isTyping)
        #expect(model.lobby?.joinPrompt == nil)
        _ = type("anyone?", into: &model)
        #expect(update(&model, .key(.enter)) == [.send(.say("anyone?"))])
        _ = update(&model, .key(.character("J")))
        #expect(model.lobby?.joinPrompt != nil)
    }

    /// Alt-n (ESC n), arrows, F-keys and unknown sequences, as the terminal sends them: while the line is open
    /// they type or do nothing; none closes it, opens a screen or changes a setting (Alt-t was Esc then `t`).
    @Test func escapeSequencesNeverCloseTheLineOrAct() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .lobby(LobbyState())
        _ = update(&model, .key(.character("/")))
        _ = type("abc", into: &model)
        let config = model.config
        let sequences = [
            "\u{1B}n", "\u{1B}t", "\u{1B}q", "\u{1B}[A", "\u{1B}OP", "\u{1B}[15~", "\u{1B}[[A", "\u{1B}[1;3C", "\u{1B}[99z",
            "\u{1B}\u{1B}[B", "\u{1B}[200~x\u{1B}[201~",
        ]
        var decoder = KeyDecoder()
        for bytes in sequences {
            let keys = decoder.feed(Array(bytes.utf8)) + decoder.flush()
            let effects = keys.flatMap { update(&model, .key($0)) }
            #expect(effects.isEmpty, "\(bytes.debugDescription)")
            #expect(model.chat.isTyping && model.lobby != nil && model.overlay == nil, "\(bytes.debugDescription)")
        }
        #expect(model.chat.input?.text == "abcx")
        #expect(model.config == config)
    }

    @Test func inTheRoomSlashChatsAndEnterStillMarksReady() {
        var model = Fixtures.race()
        model.session = nil
        model.race = nil
        model.screen = .room
        _ = update(&model, .key(.character("/")))
        #expect(model.chat.isTyping)
        _ = type("r", into: &model)
        #expect(update(&model, .key(.enter)) == [.send(.say("r"))])
        #expect(update(&model, .key(.enter)) == [.send(.ready(true))])
    }

    @Test func linesAreKeptForOurRoomOrTheLobbyAndAnotherRoomsAreIgnored() {
        var model = Fixtures.race()
        Fixtures.event(&model, .chat(ChatLine(room: "friday", nickname: "bo", text: "gl")))
        Fixtures.event(&model, .chat(ChatLine(room: "elsewhere", nickname: "cy", text: "not here")))
        Fixtures.event(&model, .chat(ChatLine(room: nil, nickname: "lo", text: "lobby line")))
        #expect(model.chat.roomLines.map(\.text) == ["gl"])
        #expect(model.chat.lobbyLines.isEmpty)
        #expect(model.shownChatLines.map(\.shown) == ["bo: gl"])
        // Leaving the room forgets its lines: coming back brings its history again.
        model.screen = .room
        model.session = nil
        model.race = nil
        _ = update(&model, .key(.character("q")))
        #expect(model.chat.roomLines.isEmpty)
        Fixtures.event(&model, .chat(ChatLine(room: nil, nickname: "lo", isBot: true, text: "hi all")))
        #expect(model.lobby != nil)
        #expect(model.shownChatLines.map(\.shown) == ["lo (bot): hi all"])
    }

    @Test func theLobbysLinesOutliveItsScreenAndItsHistoryReplacesThem() {
        var model = Fixtures.connected(Fixtures.model())
        _ = Update.openLobby(&model)
        Fixtures.event(&model, .chat(ChatLine(room: nil, nickname: "lo", text: "one")))
        Fixtures.event(&model, .chat(ChatLine(room: nil, nickname: "li", text: "two")))
        _ = update(&model, .key(.character("q")))
        #expect(model.screen == .menu)
        _ = Update.openLobby(&model)
        #expect(model.shownChatLines.map(\.shown) == ["lo: one", "li: two"])
        // Back from a room (or greeted again), the server's history replaces them: nothing shows twice.
        _ = Fixtures.reply(&model, to: .leave, .leave(room: "friday"))
        for text in ["two", "three"] { Fixtures.event(&model, .chat(ChatLine(room: nil, nickname: "li", isHistory: true, text: text))) }
        Fixtures.event(&model, .chat(ChatLine(room: nil, nickname: "lo", text: "four")))
        #expect(model.shownChatLines.map(\.text) == ["two", "three", "four"])
        _ = Fixtures.reply(&model, to: .hello(nickname: "ana"), .hello(nickname: "ana"))
        Fixtures.event(&model, .chat(ChatLine(room: nil, nickname: "lo", isHistory: true, text: "four")))
        #expect(model.shownChatLines.map(\.text) == ["four"])
        // A server without the lobby's history sends none: what we kept stays.
        _ = Fixtures.reply(&model, to: .leave, .leave(room: "friday"))
        Fixtures.event(&model, .chat(ChatLine(room: nil, nickname: "lo", text: "five")))
        #expect(model.shownChatLines.map(\.text) == ["four", "five"])
    }

    @Test func muteHidesSomeonesLinesForUsAndIsSaved() {
        var model = Fixtures.race()
        Fixtures.event(&model, .chat(ChatLine(room: "friday", nickname: "Bo", text: "spam")))
        Fixtures.event(&model, .chat(ChatLine(room: "friday", nickname: "chen", text: "hello")))
        _ = update(&model, .key(.enter))
        _ = type("/mute bo", into: &model)
        #expect(update(&model, .key(.enter)) == [.saveConfig])
        #expect(model.config.mutedNicknames == ["bo"])
        #expect(model.shownChatLines.map(\.text) == ["hello"])
        _ = update(&model, .key(.enter))
        _ = type("/mute ana", into: &model)
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.notice?.text == "you cannot mute yourself")
        _ = update(&model, .key(.enter))
        _ = type("/unmute BO", into: &model)
        #expect(update(&model, .key(.enter)) == [.saveConfig])
        #expect(model.shownChatLines.map(\.text) == ["spam", "hello"])
        _ = update(&model, .key(.enter))
        _ = type("/shout x", into: &model)
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.notice?.text.hasPrefix("unknown command /shout") == true)
        _ = update(&model, .key(.enter))
        _ = type("//slash", into: &model)
        #expect(update(&model, .key(.enter)) == [.send(.say("/slash"))])
    }

    /// `/report NICK WHY` (protocol.md 5.6): sent where the server takes
    /// reports; a missing reason opens the line again; the answer, or why not,
    /// on the status line.
    @Test func slashReportSendsAReportAndSaysWhatCameOfIt() {
        var model = Fixtures.race()
        model.network.serverFeatures = [.reports]
        _ = update(&model, .key(.enter))
        _ = type("/report  bo   rude, 100% = rude ", into: &model)
        #expect(update(&model, .key(.enter)) == [.send(.report(nickname: "bo", reason: "rude, 100% = rude"))])
        Fixtures.reply(&model, to: .report(nickname: "bo", reason: "rude, 100% = rude"), .report(nickname: "bo"))
        #expect(model.notice?.text == "reported bo: the operators will look at it")
        Fixtures.refuse(&model, .report(nickname: "bo", reason: "again"), .flood, "you reported bo today already: the operators have it")
        #expect(model.notice?.text == "not reported: you reported bo today already: the operators have it")
        // No reason yet: the line opens again with the command, to say why.
        _ = update(&model, .key(.enter))
        _ = type("/report chen", into: &model)
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.chat.input?.text == "/report chen ")
        #expect(model.notice?.text == "say why you report chen, then Enter")
        _ = type("afk bot", into: &model)
        #expect(update(&model, .key(.enter)) == [.send(.report(nickname: "chen", reason: "afk bot"))])
        for (typed, notice) in [
            ("/report ANA cheats", "you cannot report yourself"), ("/report", "/report NICK WHY: say whom you report and why"),
            ("/report b@d cheats", "b@d is not a nickname"),
        ] {
            _ = update(&model, .key(.enter))
            _ = type(typed, into: &model)
            #expect(update(&model, .key(.enter)).isEmpty, "\(typed)")
            #expect(model.notice?.text == notice, "\(typed)")
        }
        // An older server takes none.
        model.network.serverFeatures = []
        _ = update(&model, .key(.enter))
        _ = type("/report bo cheats", into: &model)
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.notice?.text == "this server takes no reports (it is older); tell its operator")
    }

    /// In the final standings, Tab picks another racer (round, never us) and
    /// `!` opens the chat line with `/report NICK `; no move key does either.
    @Test func theStandingsPickARacerToReport() {
        var model = WholeWordsTests.fiveRacersFinished()
        model.network.serverFeatures = [.reports]
        #expect(update(&model, .key(.character("!"))).isEmpty)
        #expect(model.chat.input?.text == "/report bo ")
        _ = update(&model, .key(.escape))
        for expected in ["bo", "ana-bot1", "chen", "rob", "bo"] {
            _ = update(&model, .key(.tab))
            #expect(model.race?.picked == expected)
        }
        _ = update(&model, .key(.backTab))
        #expect(model.race?.picked == "rob")
        for key in [Key.up, .down, .left, .right] { _ = update(&model, .key(key)) }
        #expect(model.race?.picked == "rob")
        _ = update(&model, .key(.character("!")))
        _ = type("left at once", into: &model)
        #expect(update(&model, .key(.enter)) == [.send(.report(nickname: "rob", reason: "left at once"))])
    }

    @Test func aRefusedLineSaysWhy() {
        var model = Fixtures.race()
        Fixtures.refuse(&model, .say("x"), .flood, "at most 5 SAY per 10 s; try again in 4 s (this one was not carried out)")
        #expect(model.notice?.text == "slow down: at most 5 SAY per 10 s; try again in 4 s (this one was not carried out)")
        Fixtures.refuse(&model, .say("x"), .muted, "an operator muted ana on this server: nothing you say is sent")
        #expect(model.notice?.text == "not sent: an operator muted ana on this server: nothing you say is sent")
    }

    @Test func theConfigsPhrasesAreCheckedWithAClearErrorEach() {
        var config = ClientConfig()
        config.quickPhrases = ["ok", "", String(repeating: "x", count: 201), "bye"]
        config.mutedNicknames = ["Bo", "not a nick!"]
        let problems = config.dropInvalidValues()
        #expect(config.quickPhrases == ["ok", "nice!", "gg", "bye"])
        #expect(
            problems == [
                "quick phrase 2 is not sent: nothing to say: SAY text=<1 to 200 characters>; using \"nice!\"",
                "quick phrase 3 is not sent: the text is 201 characters; at most 200 (nothing was said); using \"gg\"",
                "ignored 1 muted name(s) that are not nicknames",
            ])
        #expect(config.mutedNicknames == ["bo"])
        var short = ClientConfig()
        short.quickPhrases = ["one"]
        #expect(short.dropInvalidValues().first?.hasPrefix("\"phrases\" must hold 4 texts") == true)
        #expect(short.quickPhrases == ClientConfig.defaultQuickPhrases)
    }
}
