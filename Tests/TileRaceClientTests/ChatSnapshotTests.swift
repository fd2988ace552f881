import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// The chat panes: where they sit on each screen, that a new line or the
/// open input line moves no board, and that others' text is shown inert.
@Suite struct ChatSnapshotTests {
    private func text(_ model: Model, theme: Theme = .classic) -> String {
        view(model, size: model.size, theme: theme).plainText
    }

    /// What is left of the race panel (which starts with "you (ana)"), from
    /// the header to the status line: our board, wherever it is drawn.
    private func boardColumns(_ model: Model) -> [String] {
        let rows = text(model).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let panelX = rows[2].range(of: "you (").map { rows[2].distance(from: rows[2].startIndex, to: $0.lowerBound) } ?? 0
        #expect(panelX > 20)
        return rows[1..<(rows.count - 2)].map { String($0.prefix(panelX)).trimmingTrailingSpaces }
    }

    private func say(_ model: inout Model, _ lines: [(String, String)], room: String? = "friday") {
        for (nickname, text) in lines {
            Fixtures.event(&model, .chat(ChatLine(room: room, nickname: nickname, text: text)))
        }
    }

    @Test func newLinesAndTheInputLineDoNotMoveTheBoard() {
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 18), TerminalSize(width: 120, height: 40)] {
            let quiet = Fixtures.race(size: size)
            var chatty = quiet
            say(&chatty, [("bo", "good luck"), ("chen", "you too, this is a long line that has to wrap in the pane"), ("bo", "gg")])
            #expect(boardColumns(chatty) == boardColumns(quiet), "\(size)")
            _ = update(&chatty, .key(.enter))
            for character in "hello" { _ = update(&chatty, .key(.character(character))) }
            #expect(boardColumns(chatty) == boardColumns(quiet), "\(size)")
        }
    }

    @Test func theRaceShowsTheLastLinesBesideThePanel() {
        var model = Fixtures.race()
        say(&model, [("bo", "good luck"), ("chen", "nice!"), ("bo", "this one is long enough to wrap onto a second row of the panel")])
        assertSnapshot(text(model), named: "chat-race-80x24")
        _ = update(&model, .key(.enter))
        for character in "gg all" { _ = update(&model, .key(.character(character))) }
        assertSnapshot(text(model), named: "chat-race-typing-80x24")
        assertSnapshot(text(Fixtures.race(size: TerminalSize(width: 120, height: 40)).withChat(from: model)), named: "chat-race-120x40")
    }

    /// A report from the final standings: the chat line opened with
    /// `/report NICK `, then the confirmation on the status line.
    @Test func aReportFromTheStandings() {
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 18)] {
            var model = WholeWordsTests.fiveRacersFinished()
            model.size = size
            model.network.serverFeatures = [.reports]
            _ = update(&model, .key(.tab))
            _ = update(&model, .key(.character("!")))
            for character in "rude in chat" { _ = update(&model, .key(.character(character))) }
            assertSnapshot(text(model), named: "chat-report-typing-\(size.width)x\(size.height)")
            _ = update(&model, .key(.enter))
            Fixtures.reply(&model, to: .report(nickname: "bo", reason: "rude in chat"), .report(nickname: "bo"))
            assertSnapshot(text(model), named: "chat-report-sent-\(size.width)x\(size.height)")
        }
    }

    @Test func theRoomTheLobbyAndTheSpectatorHaveTheirPanes() {
        var room = Fixtures.race()
        room.session = nil
        room.race = nil
        room.screen = .room
        say(&room, [("bo", "ready when you are"), ("chen", "one more?"), ("eve", String(repeating: "long words ", count: 12))])
        assertSnapshot(text(room), named: "chat-room-80x24")
        var lobby = Fixtures.connected(Fixtures.model())
        lobby.screen = .lobby(LobbyState())
        lobby.lobby?.hasLoaded = true
        lobby.lobby?.rooms = [Fixtures.room("friday", players: 3)]
        say(&lobby, [("lo", "anyone for a 5x5?")], room: nil)
        _ = update(&lobby, .key(.character("/")))
        assertSnapshot(text(lobby), named: "chat-lobby-typing-80x24")
        var spectator = Fixtures.race()
        spectator.session = nil
        spectator.race?.players[1].isYou = false
        spectator.room?.isWatching = true
        spectator.screen = .spectate
        say(&spectator, [("bo", "go go go"), ("eve", "watching you two")])
        assertSnapshot(text(spectator, theme: .mono), named: "chat-spectate-80x24")
    }

    @Test func theStandingsLeaveTheChatInView() {
        var model = Fixtures.race()
        say(&model, [("bo", "gg"), ("chen", "one more?")])
        model.race?.phase = .finished(standings: [
            Fixtures.standing(1, "bo", score: 4020, largestTile: 512, moves: 240, reason: .target, milliseconds: 90_000),
            Fixtures.standing(2, "ana", score: 8, largestTile: 4, moves: 5, reason: .resigned, milliseconds: 100_000),
        ])
        let session = model.session!
        model.session?.end = Update.endOfGame(.resigned, session: session, now: model.now, stage: .closed(message: nil, kind: .info))
        let frame = text(model)
        #expect(frame.contains("Final standings"))
        #expect(frame.contains("bo: gg"))
        #expect(frame.contains("chen: one more?"))
    }

    @Test func escapeSequencesAndControlsFromOthersAreShownInert() {
        var model = Fixtures.race()
        let evil = "\u{1B}[2J\u{1B}]0;owned\u{07}hi\u{9B}31m\u{202E}dlrow\r\nx\u{0}"
        say(&model, [("bo", evil)])
        let frame = view(model, size: model.size, theme: .classic)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let scalars = frame[x, y].character.unicodeScalars
                #expect(!scalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
            }
        }
        #expect(frame.plainText.contains("bo: [2J]0;ownedhi31mdlrowx"))
        assertSnapshot(frame.plainText, named: "chat-race-escapes-80x24")
    }
}

extension Model {
    /// This model with `other`'s chat (lines and input line).
    fileprivate func withChat(from other: Model) -> Model {
        var model = self
        model.chat = other.chat
        return model
    }
}
