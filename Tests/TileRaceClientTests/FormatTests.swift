import Testing

@testable import TileRaceClient

@Suite struct FormatTests {
    @Test(arguments: [
        (0, "00:00.0"), (90, "00:00.0"), (100, "00:00.1"), (9_990, "00:09.9"), (59_950, "00:59.9"), (60_000, "01:00.0"),
        (102_750, "01:42.7"), (599_900, "09:59.9"), (3_599_990, "59:59.9"), (3_600_000, "60:00.0"), (6_000_500, "100:00.5"),
        (-3_000, "00:00.0"),
    ])
    func clock(_ milliseconds: Int, _ text: String) {
        #expect(Format.clock(milliseconds: milliseconds) == text)
    }

    @Test(arguments: [(10, "10 s"), (60, "1 min"), (90, "90 s"), (300, "5 min"), (3600, "60 min")])
    func duration(_ seconds: Int, _ text: String) {
        #expect(Format.duration(seconds: seconds) == text)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1 000"), (20116, "20 116"), (1_234_567, "1 234 567"), (-4500, "-4 500")])
    func grouped(_ number: Int, _ text: String) {
        #expect(Format.grouped(number) == text)
    }

    @Test(arguments: [(2048, 4, "2048"), (2048, 3, "2k"), (16384, 4, "16k"), (131072, 4, "128k"), (1 << 20, 4, "1M"), (8, 1, "8")])
    func tile(_ value: Int, _ width: Int, _ text: String) {
        #expect(Format.tile(value, width: width) == text)
    }

    @Test(arguments: [
        (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"), (21, "21st"), (102, "102nd"),
    ])
    func ordinal(_ number: Int, _ text: String) {
        #expect(Format.ordinal(number) == text)
    }

    @Test func gameClockCountsOnlyRunningTime() {
        var clock = GameClock()
        #expect(clock.elapsed(at: 50_000) == 0)
        clock.start(at: 10_000)
        #expect(clock.elapsed(at: 12_500) == 2_500)
        clock.pause(at: 13_000)
        #expect(clock.elapsed(at: 100_000) == 3_000)
        clock.resume(at: 20_000)
        #expect(clock.elapsed(at: 21_000) == 4_000)
        clock.stop(at: 22_000)
        #expect(clock.elapsed(at: 500_000) == 5_000)
        #expect(!clock.isRunning)
    }
}
