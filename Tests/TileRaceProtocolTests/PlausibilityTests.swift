import Testing
import TileRaceEngine

@testable import TileRaceProtocol

/// The rules of docs/fair-play.md on timed records: what programs do is
/// caught, what people do is not, and the thresholds sit where stated.
struct PlausibilityTests {
    /// `count` moves, each `gaps(index)` ms after the one before.
    private static func game(_ count: Int, entry: (Int) -> GameLog.Entry = { _ in .move(.left) }, gaps: (Int) -> Int) -> GameLog {
        var times: [Int] = []
        var time = 0
        for index in 0..<count {
            if index > 0 { time += gaps(index) }
            times.append(time)
        }
        return GameLog((0..<count).map(entry), times: times)!
    }

    /// A person's gaps: quick runs of 60-150 ms, then a pause to think of up to 2 s (deterministic).
    private static func personGap(_ index: Int) -> Int {
        var random = SplitMix64(seed: UInt64(index))
        let roll = Int(random.next() % 100)
        return roll < 70 ? 60 + roll : 200 + Int(random.next() % 1800)
    }

    @Test func aComputedGameSentInTwoLinesBreaksTheRate() {
        // The measurement: 943 moves in two MOVE lines, 30 ms apart.
        #expect(Plausibility.judge(Self.game(943) { $0 == 500 ? 30 : 0 }) == .rate)
    }

    @Test func theRateIsMoreThan250MovesWithin10Seconds() {
        // 251 moves within 9,999 ms break it; within exactly 10 s they do not.
        #expect(Plausibility.judge(Self.game(251) { $0 == 250 ? 9_999 - 249 * 1 : 1 }) == .rate)
        #expect(Plausibility.judge(Self.game(251) { $0 == 250 ? 10_000 - 249 * 1 : 1 }) == nil)
        // 25 a second (40 ms apart) for a minute is within the rule; 39 ms apart is not.
        #expect(!Plausibility.breaksRate((0..<1500).map { $0 * 40 }))
        #expect(Plausibility.breaksRate((0..<1500).map { $0 * 39 }))
    }

    @Test func handPlayIsNeverHeldEvenInBursts() {
        #expect(Plausibility.judge(Self.game(3000, gaps: Self.personGap)) == nil)
        // Mashing two keys at 15 a second for 20 s (66 ms apart, give or take 20 ms), then playing on.
        #expect(Plausibility.judge(Self.game(600) { $0 < 300 ? 56 + $0 % 21 : Self.personGap($0) }) == nil)
        // A stalled connection: 10 s of moves (at 10 a second) arrive at once, the rest at a person's pace.
        #expect(Plausibility.judge(Self.game(500) { $0 <= 100 ? 0 : Self.personGap($0) }) == nil)
        // Auto-repeat (30 a second) moves a tile a few times, then changes nothing: bursts of 6.
        #expect(Plausibility.judge(Self.game(1000) { $0 % 6 == 0 ? 700 : 33 }) == nil)
    }

    @Test func aBotsMetronomeIsSteady() {
        // A bot at its default pace, 4 a second, as the server sees it: 250 ms and a few ms of timer jitter.
        #expect(Plausibility.judge(Self.game(400) { 250 + $0 % 5 }) == .steady)
        // Across a network, 20 ms either way now and then.
        #expect(Plausibility.judge(Self.game(400) { $0 % 15 == 0 ? 230 : 250 + $0 % 3 }) == .steady)
        // A script at 20 a second that skips a beat where a move it tried changed nothing (measured: 82% of gaps at 50 ms).
        #expect(Plausibility.judge(Self.game(400) { $0 % 6 == 0 ? 100 : $0 % 11 == 0 ? 150 : 49 + $0 % 3 }) == .steady)
        // A program sending its moves ten to a line, a line a second.
        #expect(Plausibility.judge(Self.game(400) { $0 % 10 == 0 ? 1000 : 0 }) == .steady)
        // The slowest bot (0.1 a second).
        #expect(Plausibility.judge(Self.game(400) { 10_000 + $0 % 7 }) == .steady)
        // A bot game too short to tell: listed.
        #expect(Plausibility.judge(Self.game(300) { _ in 250 }) == nil)
    }

    @Test func undoAndRemovalAreNotCountedAndUntimedRecordsAreNotJudged() {
        // 600 undos held down at 30 a second among a person's moves.
        let log = Self.game(900, entry: { $0 % 3 == 0 ? .move(.up) : .undo }, gaps: { $0 % 3 == 0 ? Self.personGap($0) : 0 })
        #expect(Plausibility.judge(log) == nil)
        #expect(Plausibility.judge(GameLog(Array(repeating: .move(.left), count: 1000))) == nil)
    }

    @Test func eachRuleExplainsItselfToThePlayer() {
        #expect(Plausibility.Rule.rate.explanation == "over 250 moves within 10 s, faster than hands play")
        #expect(Plausibility.Rule.steady.explanation == "moves at a program's steady pace")
    }
}
