/// Protocol text written as UTF-8 straight into the bytes to send or keep,
/// with no `String` per number.
public enum LineBytes {
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        // A native or literal string is contiguous: one copy, not a walk through the UTF-8 view.
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: text.utf8) }
    }

    /// Appends a number in decimal, as `String(value)` writes it.
    public static func append(decimal value: Int, to bytes: inout [UInt8]) {
        ByteCursor.append(to: &bytes, capacity: ByteCursor.maximumDecimalLength) { $0.write(decimal: value) }
    }
}
