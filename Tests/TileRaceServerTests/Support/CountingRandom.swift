import Foundation
import TileRaceServer

/// A predictable random source: 1, 2, 3, ... so seeds and tokens are known in tests.
enum CountingRandom {
    static func make(start: UInt64 = 0) -> RandomSource {
        let counter = Counter(start)
        return RandomSource { counter.next() }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: UInt64
        init(_ value: UInt64) { self.value = value }
        func next() -> UInt64 {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}
