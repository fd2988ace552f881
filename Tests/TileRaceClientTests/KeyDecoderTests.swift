import Testing

@testable import TileRaceClient

@Suite struct KeyDecoderTests {
    /// Bytes and the keys they make, decoded whole.
    static let table: [(bytes: [UInt8], keys: [Key])] = [
        (Array("aZ9 ?".utf8), [.character("a"), .character("Z"), .character("9"), .character(" "), .character("?")]),
        ([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44], [.up, .down, .right, .left]),
        ([0x1B, 0x4F, 0x41, 0x1B, 0x4F, 0x44, 0x1B, 0x4F, 0x48, 0x1B, 0x4F, 0x46], [.up, .left, .home, .end]),
        (
            Array("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~".utf8),
            [.pageUp, .pageDown, .home, .end, .home, .end, .home, .end]
        ),
        (Array("\u{1B}[3~\u{1B}[2~\u{1B}[Z".utf8), [.delete, .insert, .backTab]),
        (Array("\u{1B}[1;5A\u{1B}[1;2D".utf8), [.up, .left]),
        ([0x0D, 0x0A, 0x09, 0x7F, 0x08], [.enter, .enter, .tab, .backspace, .backspace]),
        ([0x03, 0x1A, 0x15], [.control("c"), .control("z"), .control("u")]),
        (Array("é€".utf8), [.character("é"), .character("€")]),
        (Array("\u{1B}[15~x".utf8), [.character("x")]),
        (Array("\u{1B}[200~y".utf8), [.character("y")]),
        (Array("\u{1B}[<0;10;5Mz".utf8), [.character("z")]),
        // Alt with an arrow is the arrow; Alt with a character is no key (never Escape, then the character).
        ([0x1B, 0x1B, 0x5B, 0x41], [.up]),
        ([0x1B, 0x71], []),
        (Array("\u{1B}n\u{1B}Té\u{1B}\u{7F}\u{1B}\ra".utf8), [.character("é"), .character("a")]),
        ([0x1B, 0xC3, 0xA9, 0x62], [.character("b")]),
        // Escape twice.
        ([0x1B, 0x1B], [.escape, .escape]),
        // The Linux console's F1 and F5.
        (Array("\u{1B}[[Ac\u{1B}[[E".utf8), [.character("c")]),
        ([0xFF, 0x61, 0xC3, 0x28], [.character("a"), .character("(")]),
        ([0x00, 0x1C, 0x62], [.character("b")]),
    ]

    @Test(arguments: table.indices)
    func decodesWhole(_ index: Int) {
        var decoder = KeyDecoder()
        let (bytes, keys) = Self.table[index]
        #expect(decoder.feed(bytes) + decoder.flush() == keys)
    }

    @Test(arguments: table.indices)
    func decodesByteByByte(_ index: Int) {
        var decoder = KeyDecoder()
        let (bytes, keys) = Self.table[index]
        var decoded: [Key] = []
        for byte in bytes { decoded += decoder.feed([byte]) }
        // Only a trailing lone ESC may wait for the flush.
        decoded += decoder.flush()
        #expect(decoded == keys)
    }

    @Test(arguments: table.indices)
    func decodesSplitAtEveryPoint(_ index: Int) {
        let (bytes, keys) = Self.table[index]
        for split in 0...bytes.count {
            var decoder = KeyDecoder()
            let decoded = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...]) + decoder.flush()
            #expect(decoded == keys, "split at \(split)")
        }
    }

    @Test func aLoneEscapeWaitsForTheFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingInput)
    }

    @Test func aSplitArrowIsNotAnEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed([0x5B]).isEmpty)
        #expect(decoder.feed([0x41]) == [.up])
        #expect(!decoder.hasPendingInput)
    }

    @Test func anUnfinishedSequenceIsDroppedOnFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("a".utf8)) == [.character("a")])
    }

    @Test func anUnknownLongSequenceIsDroppedWhole() {
        var decoder = KeyDecoder()
        let junk = [0x1B, 0x5B] + Array(repeating: UInt8(ascii: "1"), count: 100) + Array("~b".utf8)
        #expect(decoder.feed(junk) + decoder.flush() == [.character("b")])
    }
}
