import Testing

@testable import TileRaceTransport

struct OutputBufferTests {
    @Test func linesComeOutInOrderAcrossPartialWrites() {
        var buffer = OutputBuffer()
        var written: [UInt8] = []
        var expected = ""
        for index in 0..<5000 {
            let line = "LINE \(index) " + String(repeating: "x", count: index % 37)
            buffer.append(line: line)
            expected += line + "\n"
            if index % 7 == 0 {
                let take = min(buffer.count, 1 + index % 3000)
                buffer.withUnsentBytes { written.append(contentsOf: $0.prefix(take)) }
                buffer.consume(take)
            }
        }
        buffer.withUnsentBytes { written.append(contentsOf: $0) }
        buffer.consume(buffer.count)
        #expect(buffer.isEmpty)
        #expect(String(decoding: written, as: UTF8.self) == expected)
    }

    @Test func partsOfAnArrayAreAppendedAsTheyAre() {
        var buffer = OutputBuffer()
        let bytes = Array("one\ntwo\nthree\n".utf8)
        buffer.append(bytes: bytes[..<4])
        buffer.append(bytes: bytes[8...])
        buffer.append(bytes: bytes[4..<4])
        #expect(buffer.count == 10)
        #expect(buffer.withUnsentBytes { Array($0) } == Array("one\nthree\n".utf8))
    }
}
