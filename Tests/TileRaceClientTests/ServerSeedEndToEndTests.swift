import Foundation
import Testing
import TileRaceProtocol
import TileRaceServer
import TileRaceServerTestSupport

@testable import TileRaceClient

/// A practice game against a real server: the client asks `PRACTICE`
/// without a seed, plays the board the server dealt, and its submitted
/// game (short of 2048) has no sprint fields.
@Suite struct ServerSeedEndToEndTests {
    /// The server's log lines, gathered from its queues.
    final class LogLines: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = NSLock()
        private var lines: [String] = []

        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    @Test func aPracticeIsDealtByTheServerAndAShortGameIsNoSprint() throws {
        let log = LogLines()
        let host = try TestHost { $0.log = ServerLog(level: .debug) { log.append($0) } }
        let ana = HeadlessClient("ana", endpoint: host.endpoint, nickname: "ana")
        try ana.waitUntil("connected") { $0.connection.isConnected }
        ana.press(.character("p"))
        try ana.waitUntil("the server's board") { $0.session?.hasServerSeed == true && $0.session?.isDealing == false }
        let session = try #require(ana.model.session)
        #expect(session.serverCopy == .active)
        #expect(session.isServerCopyConfirmed)
        let practices = log.all.filter { $0.contains("PRACTICE") }
        #expect(practices.count == 1)
        #expect(practices.allSatisfy { !$0.contains("seed=") }, "the server chose the seed: \(practices)")

        ana.play(limit: 5000) { $0.session?.end != nil }
        let end = try #require(ana.model.session?.end)
        #expect(end.outcome == .noMoves)
        #expect(end.largestTile < 2048)
        try ana.waitForDialogKeys()
        ana.press(.enter)
        // This client plays at a program's speed: a game of more than 250 moves may be held for review (docs/fair-play.md).
        let mayBeHeld = end.moves > Plausibility.rateMoves
        try ana.waitUntil("submitted") { model in
            switch model.session?.end?.stage {
            case .closed(let message?, .success)?: message.hasPrefix("ana is 1st")
            case .closed(let message?, .warning)?: mayBeHeld && message.hasPrefix("held for review: over 250 moves within 10 s")
            default: false
            }
        }
        guard case .closed(let message?, _)? = ana.model.session?.end?.stage else { return }
        #expect(!message.contains("sprint"), "a game short of 2048 is no sprint: \(message)")
        #expect(ana.model.session?.game.seed.text == session.game.seed.text)
    }
}
