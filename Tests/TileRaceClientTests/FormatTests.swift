import Testing

@testable import TileRaceClient

@Suite struct FormatTests {
    @Test(arguments: [
        (0.0, "00:00.0"), (0.09, "00:00.0"), (0.1, "00:00.1"), (9.99, "00:09.9"), (59.95, "00:59.9"), (60, "01:00.0"),
        (102.75, "01:42.7"), (599.9, "09:59.9"), (3599.99, "59:59.9"), (3600, "60:00.0"), (6000.5, "100:00.5"),
        (-3, "00:00.0"), (Double.nan, "00:00.0"), (Double.infinity, "00:00.0"),
    ])
    func clock(_ seconds: Double, _ text: String) {
        #expect(Format.clock(seconds) == text)
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
        #expect(clock.elapsed(at: 50) == 0)
        clock.start(at: 10)
        #expect(clock.elapsed(at: 12.5) == 2.5)
        clock.pause(at: 13)
        #expect(clock.elapsed(at: 100) == 3)
        clock.resume(at: 20)
        #expect(clock.elapsed(at: 21) == 4)
        clock.stop(at: 22)
        #expect(clock.elapsed(at: 500) == 5)
        #expect(!clock.isRunning)
    }
}
