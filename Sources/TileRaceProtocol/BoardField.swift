/// The `board=` value: tile values row by row, comma-separated, 0 for empty.
public enum BoardField {
    /// Writes tile values (row-major) as the wire value.
    public static func encode(_ values: [Int]) -> String {
        var bytes: [UInt8] = []
        ByteCursor.append(to: &bytes, capacity: maximumWrittenLength(of: values)) { write(values, to: &$0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The most bytes `write(_:to:)` writes for `values`.
    static func maximumWrittenLength(of values: [Int]) -> Int {
        values.count * (ByteCursor.maximumDecimalLength + 1)
    }

    static func write(_ values: [Int], to cursor: inout ByteCursor) {
        for (index, value) in values.enumerated() {
            if index > 0 { cursor.write(byte: UInt8(ascii: ",")) }
            cursor.write(decimal: value)
        }
    }

    /// Requires a square number (9 to 64) of values, each 0 or a power of two from 2.
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

    public static func rows(_ values: [Int]) -> [[Int]] {
        let size = Int(Double(values.count).squareRoot())
        guard size > 0 else { return [] }
        return stride(from: 0, to: values.count, by: size).map { Array(values[$0..<min($0 + size, values.count)]) }
    }
}
