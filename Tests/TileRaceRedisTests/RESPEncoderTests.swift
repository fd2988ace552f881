import Testing

@testable import TileRaceRedis

/// `RESPEncoder`: the bytes of a command, and their trip through the parser.
@Suite struct RESPEncoderTests {
    @Test func aCommandIsAnArrayOfBulkStrings() {
        #expect(
            String(decoding: RESPEncoder.command(["SET", "key", "välue"]), as: UTF8.self)
                == "*3\r\n$3\r\nSET\r\n$3\r\nkey\r\n$6\r\nvälue\r\n")
        #expect(String(decoding: RESPEncoder.command([]), as: UTF8.self) == "*0\r\n")
        #expect(String(decoding: RESPEncoder.command([""]), as: UTF8.self) == "*1\r\n$0\r\n\r\n")
    }
}
