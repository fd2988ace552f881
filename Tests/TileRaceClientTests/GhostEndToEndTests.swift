import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer
import TileRaceServerTestSupport

@testable import TileRaceClient

/// A ghost race against a real server: ana's practice game is submitted;
/// bo races its ghost from the leaderboard (`g`), cy from the command line
/// (`--ghost ana`); the server plays both games as ghost races, which never
/// reach a board.
@Suite struct GhostEndToEndTests {
    @Test func aSubmittedEntryIsRacedAsAGhostAndNeverGoesOnABoard() throws {
        let host = try TestHost()
        let ana = HeadlessClient("ana", endpoint: host.endpoint, nickname: "ana") { $0.target = 16 }
        try ana.waitUntil("connected") { $0.connection.isConnected }
        ana.press(.character("p"))
        ana.play(limit: 300) { $0.session?.end != nil }
        try ana.waitForDialogKeys()
        ana.press(.character("f"), .enter)
        try ana.waitUntil("submitted") { model in
            if case .closed(let message?, .success)? = model.session?.end?.stage { return message.hasPrefix("ana is 1st") }
            return false
        }
        let seed = ana.model.session!.game.seed.text

        // bo: the leaderboard, g on ana's entry.
        let bo = HeadlessClient("bo", endpoint: host.endpoint, nickname: "bo")
        try bo.waitUntil("connected") { $0.connection.isConnected }
        bo.press(.character("l"))
        try bo.waitUntil("the leaderboard") { $0.leaderboard?.status == .loaded && $0.leaderboard?.entries.isEmpty == false }
        bo.press(.character("g"))
        try bo.waitUntil("the ghost race") { $0.screen == .game && $0.session?.ghost != nil }
        let ghost = try #require(bo.model.session?.ghost)
        #expect(ghost.name == "ana")
        #expect(bo.model.session?.game.seed.text == seed)
        #expect(bo.model.session?.game.config.target == 16)
        #expect(ghost.isTimed, "the server's record says when each entry was applied")
        bo.play(limit: 300) { $0.session?.end != nil }
        let end = try #require(bo.model.session?.end)
        #expect(end.outcome == .won || end.outcome == .lostToGhost)
        #expect(end.stage == .closed(message: GhostRace.notEligible, kind: .info))
        // The server played it too, as a ghost race: it said OK PRACTICE ... ghost=yes, and its copy was ended.
        try bo.waitUntil("the server's copy") { $0.session?.isServerCopyConfirmed == true }
        #expect(bo.model.session?.serverCopy == .finished)

        // cy: tilerace play --ghost ana.
        let cy = HeadlessClient("cy", endpoint: host.endpoint, nickname: "cy") { $0.ghost = RecordQuery(nickname: "ana") }
        try cy.waitUntil("the ghost race") { $0.screen == .game && $0.session?.ghost?.name == "ana" }
        cy.play(limit: 3) { _ in false }
        try cy.waitUntil("the server's copy") { $0.session?.isServerCopyConfirmed == true }
        // The ghost follows cy's clock.
        try cy.waitUntil("the ghost moves") { ($0.session?.ghost?.position ?? 0) > 0 }

        // Only ana is on the boards.
        ana.press(.character("q"), .character("l"))
        try ana.waitUntil("the leaderboard") { $0.leaderboard != nil && $0.leaderboard?.status == .loaded }
        #expect(ana.model.leaderboard?.entries.map(\.nickname) == ["ana"])
    }
}
