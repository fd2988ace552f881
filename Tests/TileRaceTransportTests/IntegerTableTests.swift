import Testing
import TileRaceTransport

/// `IntegerTable` against `Dictionary`, the behaviour it stands in for.
struct IntegerTableTests {
    @Test func anEmptyTableHasNothing() {
        let table = IntegerTable<String>()
        #expect(table.isEmpty && table.count == 0 && table.values.isEmpty)
        #expect(table[1] == nil && table[-5] == nil)
    }

    @Test func setReplaceAndRemove() {
        var table = IntegerTable<String>()
        table[7] = "seven"
        table[8] = "eight"
        #expect(table[7] == "seven" && table[8] == "eight" && table.count == 2)
        table[7] = "SEVEN"
        #expect(table[7] == "SEVEN" && table.count == 2)
        table[7] = nil
        #expect(table[7] == nil && table[8] == "eight" && table.count == 1)
        table[7] = nil
        #expect(table.count == 1)
        table[8] = nil
        #expect(table.isEmpty)
    }

    /// Sequential numbers (the server's connections), far more than the
    /// first slots: the table grows and finds every one.
    @Test func growsAndFindsEveryKey() {
        var table = IntegerTable<Int>()
        for key in 1...5000 { table[key] = key * 3 }
        #expect(table.count == 5000)
        #expect((1...5000).allSatisfy { table[$0] == $0 * 3 })
        #expect(table[0] == nil && table[5001] == nil)
        #expect(table.values.sorted() == (1...5000).map { $0 * 3 })
        for key in stride(from: 1, through: 5000, by: 2) { table[key] = nil }
        #expect(table.count == 2500)
        #expect((1...5000).allSatisfy { table[$0] == ($0 % 2 == 0 ? $0 * 3 : nil) })
    }

    /// Random sets and removals over a few keys scattered widely (so they
    /// share slots, and runs of taken slots form, wrap around the end and
    /// are cut by removals) agree with a dictionary after every step.
    @Test(arguments: [6, 12, 40])
    func randomChangesAgreeWithADictionary(keyCount: Int) {
        var table = IntegerTable<Int>()
        var model: [Int: Int] = [:]
        var state: UInt64 = 0x1234_5678 &+ UInt64(keyCount)
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for round in 0..<40 {
            let keys = (0..<keyCount).map { _ in next() % 1_000_000_000 + 1 }
            for step in 0..<(keyCount * 20) {
                let key = keys[next() % keys.count]
                if next() % 2 == 0 {
                    table[key] = nil
                    model[key] = nil
                } else {
                    table[key] = round * 100_000 + step
                    model[key] = round * 100_000 + step
                }
                #expect(table.count == model.count)
                #expect(keys.allSatisfy { table[$0] == model[$0] })
            }
        }
        #expect(table.values.sorted() == model.values.sorted())
    }

    /// A copy is a value: changing it leaves the original as it was.
    @Test func copiesAreIndependent() {
        var table = IntegerTable<String>()
        table[1] = "one"
        var copy = table
        copy[1] = nil
        copy[2] = "two"
        #expect(table[1] == "one" && table[2] == nil && table.count == 1)
        #expect(copy[1] == nil && copy[2] == "two" && copy.count == 1)
    }
}
