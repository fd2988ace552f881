/// Writing a protocol line as UTF-8 bytes, for the lines a server sends most
/// (`OK MOVE`, `PROGRESS`): words and numbers go straight into the bytes
/// that will be written to the socket, with no `String` per number or per
/// line in between.
public enum LineBytes {
    /// Appends text as it is.
    @inlinable
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a literal's bytes.
    @inlinable
    public static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a number in decimal, as `String(value)` writes it.
    @inlinable
    public static func append(decimal value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Written backwards, then swapped into place (reversing a slice of
        // the array would copy it).
        var low = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        var high = bytes.count - 1
        while low < high {
            bytes.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// Appends a flag's wire word: `yes` or `no`.
    @inlinable
    public static func append(flag: Bool, to bytes: inout [UInt8]) {
        append(flag ? "yes" : "no", to: &bytes)
    }
}
