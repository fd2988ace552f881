import Foundation
import Testing
import TileRaceEngine

@testable import TileRaceServer

/// A racer's news of the others (`PROGRESS`) may wait, up to
/// `ServerLimits.progressWaitMilliseconds`, for the reply to the racer's
/// next request, so that both go in one write (`ServerAction.sendSoon`);
/// a watcher, and a racer who has finished, get it at once. Over real
/// sockets on 127.0.0.1. (With no wait, the core sends it at once:
/// `CoreRaceTests`.)
@Suite struct ProgressWaitIntegrationTests {
    /// ana and bo racing in room `r`, eve watching; returns ana's game.
    private func race(
        on server: TestServer
    ) throws -> (ana: TestClient, bo: TestClient, eve: TestClient, game: Autoplayer) {
        let ana = try server.client("ana")
        let bo = try server.client("bo")
        let eve = try server.client("eve")
        _ = try ana.ask("CREATE r")
        _ = try bo.ask("JOIN r")
        _ = try eve.ask("WATCH r")
        _ = try ana.ask("READY")
        _ = try bo.ask("READY")
        let seed = try #require(try ana.event("START").field("seed"))
        _ = try bo.event("START")
        _ = try eve.event("START")
        return (ana, bo, eve, try Autoplayer(seed: seed))
    }

    /// A server whose racers' news waits `milliseconds` for their next reply.
    private func server(progressWait milliseconds: Int) throws -> TestServer {
        var limits = ServerLimits.fast
        limits.progressWaitMilliseconds = milliseconds
        return try TestServer(limits: limits)
    }

    /// Waits longer than any of the tests' deadlines: news that arrives
    /// came with a reply, or was not made to wait.
    private static let endlessWait = 60_000

    @Test func aRacersNewsGoesWithTheReplyToItsNextRequest() throws {
        let server = try server(progressWait: Self.endlessWait)
        defer { server.stop() }
        var (ana, bo, eve, game) = try race(on: server)
        #expect(try ana.ask("MOVE 1 \(game.next()!.letter)").hasPrefix("OK MOVE seq=1 "))
        // The watcher has it at once, written in the same batch as bo's would be.
        #expect(try eve.event("PROGRESS").hasPrefix("PROGRESS room=r nick=ana "))
        // After a later round trip through the same shard, bo has nothing yet ...
        _ = try ana.ask("PING")
        #expect(!bo.linesAtHand().contains { $0.hasPrefix("PROGRESS") })
        // ... until its next request: the news comes with the reply, before it.
        #expect(try bo.request("PING") == ["PONG"])
        #expect(bo.pending.last?.hasPrefix("PROGRESS room=r nick=ana ") == true)
        #expect(bo.transcript.suffix(2).map { String($0.prefix(8)) } == ["PROGRESS", "PONG"])
    }

    @Test func anIdleRacersNewsIsWrittenWhenTheWaitEnds() throws {
        let server = try server(progressWait: 300)
        defer { server.stop() }
        var (ana, bo, _, game) = try race(on: server)
        let moved = Date()
        _ = try ana.ask("MOVE 1 \(game.next()!.letter)")
        #expect(try bo.event("PROGRESS").hasPrefix("PROGRESS room=r nick=ana "))
        // It waited (timers may round to the millisecond below).
        #expect(Date().timeIntervalSince(moved) >= 0.25)
    }

    @Test func aRacerWhoFinishedGetsTheNewsAtOnce() throws {
        let server = try server(progressWait: Self.endlessWait)
        defer { server.stop() }
        var (ana, bo, _, game) = try race(on: server)
        #expect(try bo.ask("RESIGN").hasPrefix("OK RESIGN"))
        _ = try ana.event("FINISH")
        _ = try ana.ask("MOVE 1 \(game.next()!.letter)")
        #expect(try bo.event("PROGRESS").hasPrefix("PROGRESS room=r nick=ana "))
    }
}
