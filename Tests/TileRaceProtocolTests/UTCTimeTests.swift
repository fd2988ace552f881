import Testing

@testable import TileRaceProtocol

struct UTCTimeTests {
    @Test(arguments: [
        (0, "1970-01-01"),
        (86_399_999, "1970-01-01"),
        (86_400_000, "1970-01-02"),
        (951_782_400_000, "2000-02-29"),
        (1_709_164_800_000, "2024-02-29"),
        (1_795_341_600_000, "2026-11-22"),
        (-1, "1969-12-31"),
        (4_102_444_800_000, "2100-01-01"),
        (4_107_542_400_000, "2100-03-01"),  // 2100 is not a leap year
        (1_795_391_999_999, "2026-11-22"),
        (1_795_392_000_000, "2026-11-23"),
        (1_798_761_599_999, "2026-12-31"),
    ])
    func dates(milliseconds: Int, expected: String) {
        #expect(UTCTime.date(epochMilliseconds: milliseconds) == expected)
    }

    @Test func timestamps() {
        #expect(UTCTime.timestamp(epochMilliseconds: 1_795_341_600_000 + 3_723_045) == "2026-11-22T11:02:03.045Z")
        #expect(UTCTime.timestamp(epochMilliseconds: 0) == "1970-01-01T00:00:00.000Z")
    }

    @Test func timestampsReadBack() {
        for milliseconds in [0, 1_795_341_600_000 + 3_723_045, 4_107_542_399_999] {
            #expect(UTCTime.epochMilliseconds(timestamp: UTCTime.timestamp(epochMilliseconds: milliseconds)) == milliseconds)
        }
        #expect(UTCTime.epochMilliseconds(timestamp: "2026-11-22T11:02:03Z") == 1_795_341_600_000 + 3_723_000)
        for bad in ["2026-11-22", "2026-11-22T24:00:00Z", "2026-11-22T11:02:03.04Z", "2026-02-30T00:00:00Z", "x", "2026-11-22T1:2:3Z"] {
            #expect(UTCTime.epochMilliseconds(timestamp: bad) == nil, "\(bad)")
        }
    }
}
