import Dispatch
import Foundation
import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// A slow disk holds up only the submitter: the leaderboard's writes run on
/// their own queue, so everyone else is served meanwhile.
@Suite struct SlowDiskTests {
    /// A store whose every write waits until the test lets it through.
    final class GatedStore: LeaderboardPersisting, @unchecked Sendable {
        private let inner = LeaderboardStore.inMemory()
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)

        var leaderboard: Leaderboard { inner.leaderboard }
        var warnings: [String] { [] }

        func commit(_ records: [LeaderboardRecord]) throws(StoreError) -> [String] {
            entered.signal()
            gate.wait()
            return try inner.commit(records)
        }

        func close() {}
    }

    /// A disk that never answers: the waiting `answer` gives up after 5 s
    /// with a failure the caller handles, rather than hanging or crashing.
    @Test func aWaitForADiskThatNeverAnswersEndsInAFailure() {
        let store = GatedStore()
        let service = FileLeaderboardService(store: store)
        let ban = BanInfo(target: .nickname("bo"), untilMilliseconds: nil, reason: "rude")
        #expect(
            service.answer(.ban(ban))
                == .failed(FileLeaderboardService.noAnswer, reason: "the leaderboard service did not answer within 5 s"))
        store.gate.signal()
        service.close()
    }

    @Test func othersAreServedWhileASubmissionWaitsForTheDisk() throws {
        let store = GatedStore()
        let server = try TestServer(makeStore: { store })
        defer {
            store.gate.signal()
            server.stop()
        }
        let ana = try server.client("ana")
        let bo = try server.client("bo")
        _ = try ana.request("PRACTICE seed=42")
        _ = try ana.request("RESIGN")
        try ana.send("SUBMIT ana")
        #expect(store.entered.wait(timeout: .now() + 5) == .success)
        // The disk is stuck in the middle of ana's write: bo is answered at once.
        #expect(try bo.ask("PING still-here") == "PONG still-here")
        #expect(try bo.request("TOP") == ["OK TOP board=all total=0 offset=0 count=0"])
        store.gate.signal()
        #expect(try ana.readLine().hasPrefix("OK SUBMIT nick=ana board=all score=0 rank=1"))
        #expect(try bo.request("TOP").last == "OK TOP board=all total=1 offset=0 count=1")
    }
}
