import Testing

@testable import TileRaceEngine

/// Replays and their JSON line. Expected lines come from the independent
/// Python reference, Scripts/reference_replay.py (same seed, size, target, log).
struct ReplayTests {
    @Test(arguments: [
        (
            "42", 4, 2048, "LLURZDX03L",
            #"{"board":[[0,0,0,0],[2,0,0,0],[4,0,2,0],[4,0,0,0]],"score":8,"moves":4,"invalid":2,"undos":1,"removals":0,"won":false,"over":false,"max":4}"#
        ),
        (
            "race", 4, 32, "UULDRLRLUDRDLRLRDURDRLRDRRLLRRRRUURRRRDULUDRRULUULULUUUDURDD",
            #"{"board":[[0,0,0,4],[2,4,0,16],[0,64,16,4],[2,4,8,2]],"score":420,"moves":54,"invalid":6,"undos":0,"removals":0,"won":true,"over":false,"max":64}"#
        ),
        (
            "7", 3, 2048, "RLULUDLDUDLDLRRLRDUUUDLUULDLRUURUULUUURLRUDRLLDLRUUDDRLLDURRRDLRDURLDURDRDDUDUUDZX00LRUD",
            #"{"board":[[2,8,2],[4,2,4],[16,8,2]],"score":76,"moves":19,"invalid":67,"undos":0,"removals":0,"won":false,"over":true,"max":16}"#
        ),
        (
            "2026-11-22", 8, 8, "DDRRUULLX77ZZZLX00",
            #"{"board":[[0,0,0,0,0,0,0,0],[2,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[2,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[2,0,0,2,0,0,0,0],[8,0,0,0,0,0,0,0]],"score":12,"moves":5,"invalid":3,"undos":3,"removals":0,"won":true,"over":false,"max":8}"#
        ),
        (
            "9", 5, 2048, "",
            #"{"board":[[0,0,0,2,0],[0,0,2,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],"score":0,"moves":0,"invalid":0,"undos":0,"removals":0,"won":false,"over":false,"max":2}"#
        ),
    ])
    func matchesTheReference(seed: String, size: Int, target: Int, log: String, json: String) throws {
        let result = try Replay.run(seedText: seed, size: size, target: target, log: log)
        #expect(result.jsonLine == json)
    }

    @Test func entriesAfterTheEndAreInvalid() throws {
        // The 3x3 game above ends before its last six entries (Z, X00, L, R, U, D): all invalid, undo included.
        let log = "RLULUDLDUDLDLRRLRDUUUDLUULDLRUURUULUUURLRUDRLLDLRUUDDRLLDURRRDLRDURLDURDRDDUDUUD"
        let ended = try Replay.run(seedText: "7", size: 3, log: log)
        let after = try Replay.run(seedText: "7", size: 3, log: log + "ZX00LRUD")
        #expect(ended.game.isOver)
        #expect(after.invalidCount == ended.invalidCount + 6)
        #expect(after.game.state == ended.game.state)
    }

    @Test func countsEveryKindOfInvalidEntry() throws {
        // Seed 1 starts with [2, 2, 0, 0]: Z (nothing to undo), U (changes
        // nothing), X33 (empty), X40 (off the board) are all skipped.
        let result = try Replay.run(seedText: "1", log: "ZUX33X40")
        #expect(result.invalidCount == 4)
        #expect(result.game == Game(seed: Seed(1)))
    }

    @Test func refusesBadInputs() {
        #expect(throws: EngineError.emptySeed) { try Replay.run(seedText: "", log: "L") }
        #expect(throws: EngineError.invalidSize(2)) { try Replay.run(seedText: "1", size: 2, log: "L") }
        #expect(throws: EngineError.invalidTarget(12)) { try Replay.run(seedText: "1", target: 12, log: "L") }
        #expect(throws: EngineError.self) { try Replay.run(seedText: "1", log: "L L") }
        #expect(throws: Never.self) { try Replay.run(seedText: "1", log: "L L", ignoringWhitespace: true) }
    }

    @Test func replayEqualsPlayingTheEntries() throws {
        let log = try GameLog(parsing: "LDRUX11ZZLLDD")
        var game = Game(config: try GameConfig(size: 5), seed: Seed(3))
        var invalid = 0
        for entry in log.entries {
            do { try game.apply(entry) } catch { invalid += 1 }
        }
        let result = Replay.run(seed: Seed(3), config: try GameConfig(size: 5), log: log)
        #expect(result.game == game)
        #expect(result.invalidCount == invalid)
    }
}
