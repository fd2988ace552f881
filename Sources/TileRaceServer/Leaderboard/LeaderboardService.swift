import Dispatch
import TileRaceProtocol

/// Where leaderboards, claims and game records live: local files or a
/// shared Redis. Answers are asynchronous and in order, so no disk sync or
/// network round trip runs on a queue that serves players.
package protocol LeaderboardService: AnyObject, Sendable {
    /// What opening the store noticed but survived, for the log.
    var warnings: [String] { get }
    /// Carries out `request`; `completion` gets the answer, on a queue of the
    /// service's (hop to your own queue from there).
    func perform(_ request: LeaderboardRequest, completion: @escaping @Sendable (LeaderboardAnswer) -> Void)
    /// Finishes the requests made so far, then closes the store.
    func close()
}

extension LeaderboardService {
    static var noAnswer: ProtocolError {
        ProtocolError(.unavailable, "the leaderboard did not answer in time; try again in a moment")
    }

    /// Answers `request` synchronously (tests, the simulator, the bans read
    /// before the first connection). A stuck store is answered `.failed`
    /// after 5 s instead of hanging.
    package func answer(_ request: LeaderboardRequest) -> LeaderboardAnswer {
        let answered = DispatchSemaphore(value: 0)
        let box = AnswerBox()
        perform(request) { answer in
            box.answer = answer
            answered.signal()
        }
        guard answered.wait(timeout: .now() + 5) == .success, let answer = box.answer else {
            return .failed(Self.noAnswer, reason: "the leaderboard service did not answer within 5 s")
        }
        return answer
    }
}

/// The semaphore orders the write before the read.
private final class AnswerBox: @unchecked Sendable {
    var answer: LeaderboardAnswer?
}
