import Testing

@testable import TileRaceEngine

/// Seeds: decimal text is the number, other text is FNV-1a 64.
struct SeedTests {
    /// The FNV-1a 64 test vectors published with the reference implementation
    /// (Fowler, Noll, Vo: the FNV test suite): "", "a", "foobar".
    @Test func fnv1aMatchesThePublishedVectors() {
        #expect(Seed.fnv1a64("".utf8) == 0xCBF2_9CE4_8422_2325)
        #expect(Seed.fnv1a64("a".utf8) == 0xAF63_DC4C_8601_EC8C)
        #expect(Seed.fnv1a64("foobar".utf8) == 0x8594_4171_F739_67E8)
    }

    @Test func decimalTextIsTheNumber() throws {
        #expect(try Seed(parsing: "42").value == 42)
        #expect(try Seed(parsing: "0").value == 0)
        #expect(try Seed(parsing: "00042").value == 42)
        #expect(try Seed(parsing: "18446744073709551615").value == UInt64.max)
    }

    @Test func otherTextIsHashed() throws {
        #expect(try Seed(parsing: "a").value == 0xAF63_DC4C_8601_EC8C)
        #expect(try Seed(parsing: "foobar").value == 0x8594_4171_F739_67E8)
        // One past UInt64.max does not fit: hashed, like any text.
        #expect(try Seed(parsing: "18446744073709551616").value == Seed.fnv1a64("18446744073709551616".utf8))
        #expect(try Seed(parsing: "-5").value == Seed.fnv1a64("-5".utf8))
        #expect(try Seed(parsing: "+5").value == Seed.fnv1a64("+5".utf8))
        #expect(try Seed(parsing: " 5").value == Seed.fnv1a64(" 5".utf8))
        // Arabic-Indic digits are not ASCII digits.
        #expect(try Seed(parsing: "٤٢").value == Seed.fnv1a64("٤٢".utf8))
    }

    @Test func hashesUTF8Bytes() throws {
        // "é" is the two bytes C3 A9: FNV-1a over them, worked out step by step.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte: UInt8 in [0xC3, 0xA9] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        #expect(try Seed(parsing: "é").value == hash)
    }

    @Test func emptyTextIsRefused() {
        #expect(throws: EngineError.emptySeed) { try Seed(parsing: "") }
    }

    @Test func keepsTheText() throws {
        #expect(try Seed(parsing: "friday").text == "friday")
        #expect(try Seed(parsing: "007").text == "007")
        #expect(Seed(7).text == "7")
        #expect(Seed(7).description == "7")
    }

    @Test func equalityComparesValueAndText() throws {
        #expect(try Seed(parsing: "7") == Seed(7))
        #expect(try Seed(parsing: "007") != Seed(7))
        #expect(try Seed(parsing: "007").value == Seed(7).value)
        #expect(Set([try Seed(parsing: "7"), Seed(7)]).count == 1)
    }
}
