import Dispatch
import TileRaceEngine
import TileRaceServer

/// A server's random numbers in a simulation: SplitMix64 from a seed the run drew.
///
/// Owned by the simulation's thread (the core calls it from there):
/// `@unchecked Sendable` because `RandomSource` must be.
final class SeededRandom: @unchecked Sendable {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// The source a server core takes.
    var source: RandomSource {
        RandomSource { self.generator.next() }
    }
}

/// Carries one leaderboard answer from the store's queue to the simulation's
/// thread; the semaphore orders the write before the read.
final class AnswerBox: @unchecked Sendable {
    private var answer: LeaderboardAnswer?
    private let ready = DispatchSemaphore(value: 0)

    func put(_ answer: LeaderboardAnswer) {
        self.answer = answer
        ready.signal()
    }

    /// The answer; stops the process loudly after 5 s rather than hang.
    func take() -> LeaderboardAnswer {
        guard ready.wait(timeout: .now() + 5) == .success, let answer else {
            fatalError("the simulated leaderboard store did not answer within 5 s")
        }
        return answer
    }
}
