/// Where the server gets unpredictable numbers: race and practice seeds, and
/// the secret tokens that protect nicknames. Passed in, so tests can fix it.
public struct RandomSource: Sendable {
    public var next: @Sendable () -> UInt64

    public init(next: @escaping @Sendable () -> UInt64) {
        self.next = next
    }

    /// The operating system's cryptographic generator.
    public static let system = RandomSource {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// A secret token: 32 lower-case hexadecimal characters (128 bits).
    public func token() -> String {
        hex(next()) + hex(next())
    }

    /// A seed for a race or practice game: a decimal number below 10^9, short
    /// enough to read aloud.
    public func seedText() -> String {
        String(next() % 1_000_000_000)
    }

    private func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
