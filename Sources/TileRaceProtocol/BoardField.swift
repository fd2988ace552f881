/// The `board=` value: tile values row by row, comma-separated, 0 for empty.
public enum BoardField {
    /// Writes tile values (row-major) as the wire value.
    public static func encode(_ values: [Int]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 3)
        write(values, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the wire value of tile values (row-major) to `bytes`: into
    /// the line itself, no list of strings in between (every PROGRESS holds a board).
    public static func write(_ values: [Int], to bytes: inout [UInt8]) {
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            LineBytes.append(decimal: value, to: &bytes)
        }
    }

    /// Reads the wire value; it must hold a square number (9 to 64) of values,
    /// each 0 or a power of two from 2.
    public static func decode(_ text: String) throws(ProtocolError) -> [Int] {
        var values: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Int(part), value == 0 || (value >= 2 && value.nonzeroBitCount == 1) else {
                throw ProtocolError(.badArguments, "board value \(TextFilter.quoted(String(part))) is not 0 or a power of two")
            }
            values.append(value)
        }
        let size = Int(Double(values.count).squareRoot())
        guard size * size == values.count, (3...8).contains(size) else {
            throw ProtocolError(.badArguments, "board has \(values.count) values; expected 9, 16, ... or 64")
        }
        return values
    }

    /// Reads a board into rows.
    public static func rows(_ values: [Int]) -> [[Int]] {
        let size = Int(Double(values.count).squareRoot())
        guard size > 0 else { return [] }
        return stride(from: 0, to: values.count, by: size).map { Array(values[$0..<min($0 + size, values.count)]) }
    }
}
