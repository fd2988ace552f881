import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Bots and hints drawn as plain text: the `bot` tag in every list, the
/// strength question, the hint's arrows, and why a hinted game is not submitted.
@Suite struct BotViewSnapshotTests {
    private func snapshot(
        _ model: Model, _ name: String, theme: Theme = .classic, size: TerminalSize? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var model = model
        if let size { model.size = size }
        let frame = view(model, size: model.size, theme: theme)
        assertSnapshot(frame.plainText, named: name, sourceLocation: sourceLocation)
    }

    /// ana in room friday with bo and two bots, one of them hers.
    static func roomWithBots() -> Model {
        var model = UpdateBotsTests.inRoom()
        model.room?.members = [
            RoomMember(nickname: "bo", isReady: true, isYou: false),
            RoomMember(nickname: "ana", isReady: false, isYou: true),
            RoomMember(nickname: "ana-bot1", isReady: true, isYou: false, isBot: true, strength: 5),
            RoomMember(nickname: "rob", isReady: true, isYou: false, isBot: true),
        ]
        model.ownBots = [OwnBot(id: 1, nickname: "ana-bot1", strength: 5)]
        return model
    }

    @Test func roomMarksBotsAndListsTheBotKeys() {
        var model = Self.roomWithBots()
        snapshot(model, "bots-room-80x24-classic")
        // A bot with the strength the server told; one that did not say it, a plain bot.
        let text = view(model, size: model.size, theme: .classic).plainText
        #expect(text.contains("ana-bot1 bot, strength 5") && text.contains("rob bot\n"))
        model.room?.lastStandings = [
            Fixtures.standing(1, "rob", score: 20116, largestTile: 2048, moves: 938, reason: .target, milliseconds: 432400),
            Fixtures.standing(2, "ana", score: 9120, largestTile: 512, moves: 610, reason: .resigned, milliseconds: 300000),
        ]
        snapshot(model, "bots-room-after-a-race-120x40-mono", theme: .mono, size: TerminalSize(width: 120, height: 40))
        _ = update(&model, .key(.character("a")))
        snapshot(model, "bots-strength-80x24-classic")
        _ = update(&model, .key(.character("?")))
        _ = update(&model, .key(.escape))
        model.overlay = .help
        snapshot(model, "bots-room-help-80x24-classic")
    }

    @Test func lobbyCountsBots() {
        var model = Fixtures.connected(Fixtures.model())
        model.screen = .lobby(LobbyState())
        model.lobby?.hasLoaded = true
        var friday = Fixtures.room("friday", players: 3, watchers: 1)
        friday.botCount = 2
        var solo = Fixtures.room("solo", state: .racing)
        solo.botCount = 1
        model.lobby?.rooms = [friday, solo]
        snapshot(model, "bots-lobby-80x24-classic")
        #expect(LobbyView.players(friday) == "3 (2 bots) +1")
        #expect(LobbyView.players(solo) == "1 (1 bot)")
    }

    @Test func raceMarksBots() {
        var model = Fixtures.race()
        model.race?.players[2].isBot = true
        snapshot(model, "bots-race-80x24-classic")
        snapshot(model, "bots-race-200x50-mono", theme: .mono, size: TerminalSize(width: 200, height: 50))
        var watching = model
        watching.screen = .spectate
        watching.session = nil
        snapshot(watching, "bots-spectate-120x40-classic", size: TerminalSize(width: 120, height: 40))
        model.race?.phase = .finished(standings: [
            Fixtures.standing(1, "chen", score: 20116, largestTile: 2048, moves: 938, reason: .target, milliseconds: 432400),
            Fixtures.standing(2, "ana", score: 9120, largestTile: 512, moves: 610, reason: .resigned, milliseconds: 300000),
        ])
        snapshot(model, "bots-race-standings-80x24-classic")
    }

    @Test func botTagGivesWayToNoNumber() {
        #expect(BotTag.name("rob", isBot: true, width: 14) == "rob bot       ")
        #expect(BotTag.name("a-very-long-bot1", isBot: true, width: 14) == "a-very-lo… bot")
        #expect(BotTag.name("ana", isBot: false, width: 6) == "ana   ")
        #expect(BotTag.name("robot", isBot: true, width: 4) == "rob…")
    }

    @Test func practiceHintArrows() {
        var model = Fixtures.practice()
        let board = model.session!.game.board
        _ = update(&model, .hintFound(board: board, direction: .left))
        snapshot(model, "hint-left-80x24-classic")
        snapshot(model, "hint-left-80x24-mono", theme: .mono)
        var down = Fixtures.practice(size: TerminalSize(width: 120, height: 40))
        _ = update(&down, .hintFound(board: down.session!.game.board, direction: .down))
        snapshot(down, "hint-down-120x40-classic")
        // Stale: after a move the arrows are gone.
        let direction = Direction.allCases.first { board.sliding($0) != nil }!
        _ = Update.move(direction, model: &model)
        _ = update(&model, .tick(Fixtures.now + 10_000))
        snapshot(model, "hint-used-after-a-move-80x24-classic")
    }

    @Test func endOfAGameWithAHintSaysWhyItIsNotSubmitted() {
        var model = Fixtures.connected(Fixtures.practice())
        model.session?.serverCopy = .active
        model.session?.hasShownHint = true
        model.session?.game = Fixtures.game(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &model)
        snapshot(model, "hint-end-of-game-80x24-classic")
    }
}
