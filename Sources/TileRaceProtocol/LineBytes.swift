/// Writing protocol text as UTF-8 bytes, for what a server writes often
/// (a reply's line, a timed record's numbers): straight into the bytes
/// that will be written or kept, with no `String` per number in between.
/// (`OK MOVE` and `PROGRESS` are written whole through a `ByteCursor`.)
public enum LineBytes {
    /// Appends text as it is.
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        // A native or literal string's bytes are contiguous: one copy, not
        // a walk through the UTF-8 view.
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: text.utf8) }
    }

    /// Appends a number in decimal, as `String(value)` writes it.
    public static func append(decimal value: Int, to bytes: inout [UInt8]) {
        ByteCursor.append(to: &bytes, capacity: ByteCursor.maximumDecimalLength) { $0.write(decimal: value) }
    }
}
