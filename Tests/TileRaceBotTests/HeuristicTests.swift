import Testing
import TileRaceEngine

@testable import TileRaceBot

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Each term of the board heuristic, one weight at a time: two lines that
/// differ in that term only, and the difference their values show.
struct HeuristicTests {
    /// A line of exponents (0 for empty).
    private func line(_ exponents: [UInt8]) -> SIMD8<UInt8> {
        var line = SIMD8<UInt8>()
        for (index, exponent) in exponents.enumerated() { line[index] = exponent }
        return line
    }

    private func value(_ exponents: [UInt8]) -> Double {
        Heuristic.lineValue(line(exponents), count: exponents.count)
    }

    @Test func anEmptyLineScoresTheOffsetAndItsEmptyCells() {
        #expect(value([0, 0, 0, 0]) == Heuristic.livePenaltyOffset + 4 * Heuristic.emptyCellWeight)
        #expect(value([0, 0, 0]) == Heuristic.livePenaltyOffset + 3 * Heuristic.emptyCellWeight)
    }

    @Test func theOffsetKeepsEveryLiveMidGameBoardAboveALostOne() {
        // A full board of large tiles up to 2048, none mergeable: still above 0.
        let board = try! Board(rows: [
            [2048, 1024, 512, 256], [16, 32, 64, 128], [8, 4, 2, 4], [2, 8, 16, 2],
        ])
        #expect(Heuristic.boardValue(board) > 0)
    }

    @Test func everyEmptyCellIsWorthItsWeight() {
        #expect(Heuristic.emptyCells(line([2, 0, 2, 0]), count: 4) == 2)
        // A line one cell longer, the new cell empty: nothing else changes.
        #expect(Heuristic.lineValue(line([1, 0, 0, 0, 0]), count: 5) - value([1, 0, 0, 0]) == Heuristic.emptyCellWeight)
    }

    @Test func tilesThatCanMergeAreWorthTheMergeWeight() {
        #expect(Heuristic.mergeableTiles(line([1, 0, 1, 2]), count: 4) == 2)
        #expect(Heuristic.mergeableTiles(line([3, 3, 3, 0]), count: 4) == 3)
        #expect(Heuristic.mergeableTiles(line([1, 2, 1, 2]), count: 4) == 0)
        // Same tiles, same empties, same disorder, no tile at an end holds the largest.
        #expect(value([2, 2, 3, 0]) - value([2, 3, 2, 0]) == 2 * Heuristic.mergeWeight)
    }

    @Test func disorderCostsTheMonotonicityWeight() {
        #expect(Heuristic.disorder(line([1, 2, 3, 4]), count: 4) == 0)
        #expect(Heuristic.disorder(line([4, 3, 2, 1]), count: 4) == 0)
        let power = Heuristic.monotonicityPower
        // 1 3 2 4 falls once, from 3 to 2; its rises are larger.
        let fall = pow(3, power) - pow(2, power)
        #expect(Heuristic.disorder(line([1, 3, 2, 4]), count: 4) == fall)
        #expect(value([1, 3, 2, 4]) - value([1, 2, 3, 4]) == -Heuristic.monotonicityWeight * fall)
    }

    @Test func largerTilesCostTheTileSumWeight() {
        let power = Heuristic.tileSumPower
        #expect(Heuristic.tileSum(line([2, 0, 1, 0]), count: 4) == pow(2, power) + 1)
        // One tile at the end of an otherwise empty line: larger costs more
        // (minus the larger edge bonus it also earns).
        let difference = value([2, 0, 0, 0]) - value([1, 0, 0, 0])
        #expect(abs(difference - (-Heuristic.tileSumWeight * (pow(2, power) - 1) + Heuristic.edgeWeight)) < 1e-6)
    }

    @Test func theLargestTileAtAnEndEarnsTheEdgeWeight() {
        #expect(Heuristic.edgeExponent(line([5, 1, 0, 0]), count: 4) == 5)
        #expect(Heuristic.edgeExponent(line([0, 1, 0, 5]), count: 4) == 5)
        #expect(Heuristic.edgeExponent(line([1, 5, 1, 0]), count: 4) == 0)
        // 0 3 0 0 against 3 0 0 0: the same tile; in the middle it also makes the line disordered.
        let disorder = pow(3, Heuristic.monotonicityPower)
        #expect(value([0, 3, 0, 0]) - value([3, 0, 0, 0]) == -Heuristic.monotonicityWeight * disorder - Heuristic.edgeWeight * 3)
    }

    @Test func aCornerCountsForItsRowAndItsColumn() throws {
        let corner = try Board(rows: [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 64]])
        let edge = try Board(rows: [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 64, 0]])
        let disorder = pow(6, Heuristic.monotonicityPower)
        #expect(
            Heuristic.boardValue(corner) - Heuristic.boardValue(edge) == Heuristic.monotonicityWeight * disorder + Heuristic.edgeWeight * 6)
    }

    @Test func thePackedTableAgreesWithThePlainBoardValue() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            var board = Board(size: 4)
            for row in 0..<4 {
                for column in 0..<4 { board.setExponent(Int(random.next() % 15), row: row, column: column) }
            }
            let packed = PackedBoard4x4(board)!
            #expect(HeuristicTable4x4.shared.boardValue(packed.bits) == Heuristic.boardValue(board))
        }
    }
}
