/// Per "seeded 2048 v1": decimal digits fitting `UInt64` are that number; any other
/// non-empty text is hashed with 64-bit FNV-1a over its UTF-8.
public struct Seed: Hashable, Sendable, CustomStringConvertible {
    /// The 64-bit value the random generator starts from.
    public let value: UInt64
    /// Nil for a numeric seed (its text is written only when asked, keeping `Seed(n)` cheap).
    private let givenText: String?

    /// The text the seed was given as (the decimal digits for a numeric seed).
    public var text: String { givenText ?? String(value) }

    /// Creates a seed from a number; its text is the number in decimal.
    public init(_ value: UInt64) {
        self.value = value
        self.givenText = nil
    }

    /// - Throws: `EngineError.emptySeed` when the text is empty.
    public init(parsing text: String) throws(EngineError) {
        guard !text.isEmpty else { throw .emptySeed }
        self.givenText = text
        self.value = Seed.decimalValue(of: text) ?? Seed.fnv1a64(text.utf8)
    }

    public var description: String { text }

    /// Seeds are equal when their values and texts are (`007` is not `7`).
    public static func == (lhs: Seed, rhs: Seed) -> Bool {
        lhs.value == rhs.value && (lhs.givenText == rhs.givenText || lhs.text == rhs.text)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(text)
    }

    /// The value of a text made only of ASCII digits that fits in `UInt64`, or nil.
    static func decimalValue(of text: String) -> UInt64? {
        var value: UInt64 = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            if overflowA || overflowB { return nil }
            value = sum
        }
        return value
    }

    public static func fnv1a64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
