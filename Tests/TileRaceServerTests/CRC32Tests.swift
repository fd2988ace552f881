import Testing

@testable import TileRaceServer

struct CRC32Tests {
    @Test func knownValues() {
        // The standard check value of CRC-32/ISO-HDLC.
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.hex(Array("a".utf8)) == "e8b7be43")
    }
}
