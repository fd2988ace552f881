import Foundation
import Testing

@testable import TileRaceBench

/// CPU lists as `tilerace-bench server --server-cpus` takes them.
struct CPUAffinityTests {
    @Test func readsNumbersAndRanges() throws {
        #expect(try CPUAffinity(parsing: "0").cpus == [0])
        #expect(try CPUAffinity(parsing: "3,1-2,2").cpus == [1, 2, 3])
        #expect(try CPUAffinity(parsing: "1-3,6").description == "1,2,3,6")
    }

    @Test(arguments: ["", "a", "1-", "-1", "3-1", "1,,2", "1024", "1-2-3"])
    func refusesWhatIsNotAList(text: String) {
        #expect(throws: CPUAffinity.Failure.self) { try CPUAffinity(parsing: text) }
    }

    #if os(Linux)
        /// On a thread of its own: a pinned test thread would slow the tests after it.
        @Test func pinsTheCallingThread() async {
            let count = await withCheckedContinuation { continuation in
                Thread {
                    let pinned = (try? CPUAffinity(cpus: [0]).pin()) != nil
                    continuation.resume(returning: pinned ? CPUAffinity.currentCount() : -1)
                }.start()
            }
            #expect(count == 1)
        }
    #endif
}
