import Dispatch
import Foundation

@testable import TileRaceServer

/// Carries one leaderboard answer from the service's queue to the test's
/// thread. The semaphore orders the write before the read.
final class AnswerBox: @unchecked Sendable {
    private var answer: LeaderboardAnswer?
    private let ready = DispatchSemaphore(value: 0)

    func put(_ answer: LeaderboardAnswer) {
        self.answer = answer
        ready.signal()
    }

    /// The answer; fails the process loudly after 5 s rather than hang.
    func take() -> LeaderboardAnswer {
        guard ready.wait(timeout: .now() + 5) == .success, let answer else {
            fatalError("the leaderboard service did not answer within 5 s")
        }
        return answer
    }
}
