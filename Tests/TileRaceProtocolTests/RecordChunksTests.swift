import Testing

@testable import TileRaceProtocol

/// A record's log cut into `LOG` lines and joined again.
@Suite struct RecordChunksTests {
    @Test(arguments: [
        ("", 10, [String]()),
        ("LRUD", 10, ["LRUD"]),
        ("LRUDLRUDLR", 10, ["LRUDLRUDLR"]),
        ("LRUDLRUDLRU", 10, ["LRUDLRUDLR", "U"]),
        // An X and its two digits stay together.
        ("LRUDLRUDX03L", 10, ["LRUDLRUD", "X03L"]),
        ("LRUDLRUDLX03", 10, ["LRUDLRUDL", "X03"]),
        ("X01X02X03X04", 4, ["X01", "X02", "X03", "X04"]),
        // A timed entry stays with its time.
        ("L@0D@153R@87", 7, ["L@0", "D@153", "R@87"]),
        ("L@0X03@12345R@8", 10, ["L@0", "X03@12345", "R@8"]),
    ])
    func cutsAtEntries(_ log: String, _ maximum: Int, _ expected: [String]) {
        let chunks = RecordChunks.split(log, maximumLength: maximum)
        #expect(chunks == expected)
        #expect(RecordChunks.join(chunks) == log)
    }

    @Test func everyLogLineFitsTheLineLimitAndTheCountIsABound() {
        for length in [1, 999, 1000, 1001, 5000, 300_000] {
            let log = String(String(repeating: "LX12R", count: length / 5 + 1).prefix(length))
            let chunks = RecordChunks.split(log)
            #expect(chunks.allSatisfy { ServerMessage.log($0).line.utf8.count <= LineFramer.maximumLineLength })
            #expect(chunks.joined() == log)
            #expect(chunks.count <= RecordChunks.count(ofLength: length), "\(length)")
        }
    }

    @Test func aTimedLogIsCutAtEntriesAndTheCountIsABound() {
        for length in [1, 999, 1000, 1001, 5000, 300_000] {
            let log = String(String(repeating: "L@5X12@999999999R@0", count: length / 19 + 1).prefix(length))
            let chunks = RecordChunks.split(log)
            #expect(chunks.allSatisfy { ServerMessage.log($0).line.utf8.count <= LineFramer.maximumLineLength })
            #expect(chunks.dropLast().allSatisfy { $0.last.map { $0.isNumber } ?? false }, "each chunk ends with a time's digit")
            #expect(chunks.joined() == log)
            #expect(chunks.count <= RecordChunks.count(ofLength: length), "\(length)")
        }
    }
}
