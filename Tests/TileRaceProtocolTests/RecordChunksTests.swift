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
}
