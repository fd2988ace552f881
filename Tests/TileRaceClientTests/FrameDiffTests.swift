import Testing

@testable import TileRaceClient

@Suite struct FrameDiffTests {
    private func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test func firstFrameClearsAndDrawsOnlyNonBlankCells() {
        var frame = Frame(width: 10, height: 3)
        frame.text("hi", x: 2, y: 1)
        let output = text(FrameDiff.bytes(from: nil, to: frame, colourMode: .trueColour))
        #expect(output == "\u{1B}[0m\u{1B}[2J\u{1B}[2;3Hhi")
    }

    @Test func identicalFramesCostNothing() {
        var frame = Frame(width: 20, height: 5)
        frame.text("score 12", x: 1, y: 1, style: CellStyle(foreground: RGB(1, 2, 3)))
        #expect(FrameDiff.bytes(from: frame, to: frame, colourMode: .trueColour).isEmpty)
    }

    @Test func onlyChangedCellsAreWrittenWithCursorMoves() {
        var old = Frame(width: 20, height: 5)
        old.text("00:41.9", x: 10, y: 0)
        old.text("unchanged", x: 0, y: 3)
        var new = old
        new.text("00:42.0", x: 10, y: 0)
        // Cells 14 (1 -> 2) and 16 (9 -> 0) changed; "." between them is rewritten (cheaper than a move).
        #expect(text(FrameDiff.bytes(from: old, to: new, colourMode: .trueColour)) == "\u{1B}[1;15H2.0")
    }

    @Test func distantChangesUseSeparateCursorMoves() {
        let old = Frame(width: 30, height: 4)
        var new = old
        new.text("a", x: 0, y: 0)
        new.text("b", x: 25, y: 0)
        new.text("c", x: 3, y: 2)
        #expect(text(FrameDiff.bytes(from: old, to: new, colourMode: .trueColour)) == "\u{1B}[1;1Ha\u{1B}[1;26Hb\u{1B}[3;4Hc")
    }

    @Test func stylesAreSetOnceAndResetAtTheEnd() {
        let old = Frame(width: 10, height: 1)
        var new = old
        let red = CellStyle(foreground: RGB(255, 0, 0), isBold: true)
        new.text("ab", x: 0, y: 0, style: red)
        new.text("c", x: 2, y: 0)
        let output = text(FrameDiff.bytes(from: old, to: new, colourMode: .trueColour))
        #expect(output == "\u{1B}[1;1H\u{1B}[0;1;38;2;255;0;0mab\u{1B}[0mc")
    }

    @Test func colourModesChangeTheSequences() {
        var new = Frame(width: 2, height: 1)
        new.text("x", x: 0, y: 0, style: CellStyle(foreground: RGB(255, 0, 0), background: RGB(0, 0, 0)))
        let old = Frame(width: 2, height: 1)
        #expect(text(FrameDiff.bytes(from: old, to: new, colourMode: .palette256)) == "\u{1B}[1;1H\u{1B}[0;38;5;196;48;5;16mx\u{1B}[0m")
        #expect(text(FrameDiff.bytes(from: old, to: new, colourMode: .none)) == "\u{1B}[1;1Hx")
    }

    @Test func aSizeChangeRedrawsEverything() {
        var old = Frame(width: 4, height: 2)
        old.text("ab", x: 0, y: 0)
        var new = Frame(width: 5, height: 2)
        new.text("ab", x: 0, y: 0)
        #expect(text(FrameDiff.bytes(from: old, to: new, colourMode: .trueColour)) == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1Hab")
    }

    @Test func aTickingClockRewritesFewBytes() {
        var model = Fixtures.practice()
        let first = view(model, size: model.size, theme: .classic)
        _ = update(&model, .tick(Fixtures.now + 10_000))
        let second = view(model, size: model.size, theme: .classic)
        let bytes = FrameDiff.bytes(from: first, to: second, colourMode: .trueColour)
        #expect(!bytes.isEmpty)
        #expect(bytes.count < 400, "a clock tick wrote \(bytes.count) bytes")
        var changed = 0
        for y in 0..<first.height {
            for x in 0..<first.width where first[x, y] != second[x, y] { changed += 1 }
        }
        #expect(changed < 60)
    }
}
