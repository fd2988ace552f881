import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Every screen at the four sizes a player is likely to use (the minimum
/// 60x18, 80x24, 120x40 and 200x50), as plain text in Snapshots/matrix-*.
/// Besides the snapshot, each frame is checked for the header running into
/// its right part (the clock or the connection), and for text cut short.
@Suite struct ScreenSizeMatrixTests {
    static let sizes = [
        TerminalSize(width: 60, height: 18), TerminalSize(width: 80, height: 24),
        TerminalSize(width: 120, height: 40), TerminalSize(width: 200, height: 50),
    ]

    static func screens() -> [(String, Model)] {
        var room = Fixtures.connected(Fixtures.model())
        room.screen = .room
        room.room = WaitingRoom(
            name: "friday", options: RoomOptions(size: 4, target: 2048, allowsAssists: false, timeLimit: 300), isPrivate: true,
            members: [RoomMember(nickname: "bo", isReady: true, isYou: false), RoomMember(nickname: "ana", isReady: false, isYou: true)])
        room.room?.code = "k3y"
        var lobby = Fixtures.connected(Fixtures.model())
        lobby.screen = .lobby(LobbyState())
        lobby.lobby?.hasLoaded = true
        lobby.lobby?.rooms = [
            Fixtures.room("friday", players: 3, watchers: 1),
            Fixtures.room("evil-room", state: .countdown, size: 3, target: 256, limit: 90),
        ]
        var leaderboard = Fixtures.connected(Fixtures.model())
        leaderboard.screen = .leaderboard(LeaderboardState())
        leaderboard.leaderboard?.entries = Fixtures.entries
        leaderboard.leaderboard?.total = 20
        leaderboard.leaderboard?.status = .loaded
        var colours = Fixtures.model()
        _ = update(&colours, .key(.character("c")))
        var config = ClientConfig()
        config.lastNickname = "ana"
        var end = Fixtures.connected(Fixtures.model(config: config))
        _ = update(&end, .key(.character("p")))
        Fixtures.deal(&end)
        _ = update(&end, .key(.left))
        end.session?.game = Fixtures.game(Fixtures.stuckRows)
        Update.checkEnd(reachedTarget: false, model: &end)
        var watch = Fixtures.watching()
        for _ in 0..<7 { _ = update(&watch, .key(.right)) }
        return [
            ("menu", Fixtures.model()), ("practice", Fixtures.practice()), ("race", Fixtures.race()), ("room", room),
            ("lobby", lobby), ("leaderboard", leaderboard), ("colours", colours), ("end", end), ("watch", watch),
        ]
    }

    @Test func everyScreenAtEverySize() {
        for (name, model) in Self.screens() {
            for size in Self.sizes {
                var sized = model
                sized.size = size
                let frame = view(sized, size: size, theme: .classic)
                let text = frame.plainText
                let header = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
                #expect(!header.contains { $0 == "…" } || header.contains("  "), "\(name) \(size.width)x\(size.height): \(header)")
                assertWholeWords(text, "\(name) \(size)")
                assertSnapshot(text, named: "matrix-\(name)-\(size.width)x\(size.height)")
            }
        }
    }

    /// The room's player list at the smallest size: every player of three or four, our own row last
    /// (as it is when we joined last); with more than fit, our own row and "+N more".
    @Test func theRoomListsEveryPlayerAtTheSmallestSize() {
        let size = TerminalSize(width: 60, height: 18)
        for names in [["ana", "bo", "kg"], ["ana", "bo", "dan", "kg"], ["ana", "bo", "cy", "dan", "eve", "fay", "kg"]] {
            var model = Fixtures.connected(Fixtures.model(), nickname: "kg")
            model.size = size
            model.screen = .room
            model.room = WaitingRoom(
                name: "rep", options: RoomOptions(size: 4, target: 2048, allowsAssists: false, timeLimit: 0), isPrivate: false,
                members: names.map { RoomMember(nickname: $0, isReady: $0 == "bo", isYou: $0 == "kg") })
            let text = view(model, size: size, theme: .classic).plainText
            #expect(text.contains("kg  ◀ you"), "\(text)")
            #expect(text.contains("press r when you are ready"), "\(text)")
            if names.count <= 4 {
                for name in names {
                    #expect(text.contains("· waiting  \(name)") || text.contains("✓ ready    \(name)"), "\(name)\n\(text)")
                }
                #expect(!text.contains("more"), "\(text)")
                // The countdown's big digits need the blank row above the status; without it, the seconds go in the text.
                model.room?.countdownEndsAt = model.now + 3000
                let countdown = view(model, size: size, theme: .classic).plainText
                #expect(countdown.contains("kg  ◀ you"), "\(countdown)")
                #expect(countdown.contains(names.count == 4 ? "the race starts in 3" : "╺━┓"), "\(countdown)")
            } else {
                #expect(text.contains("+4 more"), "\(text)")
            }
        }
    }

    /// The final standings at the smallest size: a row for each of six racers, the chat under them giving way.
    @Test func theFinalStandingsListEveryRacerAtTheSmallestSize() {
        let size = TerminalSize(width: 60, height: 18)
        var model = Fixtures.race(size: size)
        let names = ["chen", "bo", "dmitri", "eve", "fay", "ana"]
        model.race?.phase = .finished(
            standings: names.enumerated().map { index, name in
                Fixtures.standing(
                    index + 1, name, score: 900 - index * 100, largestTile: 64, moves: 80, reason: .over, milliseconds: 60_000)
            })
        let text = view(model, size: size, theme: .classic).plainText
        for (index, name) in names.enumerated() { #expect(text.contains("\(Format.ordinal(index + 1))  \(name)"), "\(text)") }
        #expect(text.contains("◀ you"), "\(text)")
    }
}
