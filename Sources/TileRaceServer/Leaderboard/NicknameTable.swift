/// A dictionary by nickname key, kept in 256 parts so that no single change
/// costs more than one part. Growing rehashes one part, not every key, and a
/// table shared with another value (the service's pending and committed
/// leaderboards, the store's) is copied one part at a time, as each is first
/// changed. With a million claims a part holds about 4,000, so a `SUBMIT`
/// never waits while a million are rehashed or copied.
public struct NicknameTable<Value: Hashable & Sendable>: Hashable, Sendable {
    private var parts = [[String: Value]](repeating: [:], count: 256)
    public private(set) var count = 0

    public init() {}

    public var isEmpty: Bool { count == 0 }
    public var keys: some Sequence<String> { parts.lazy.flatMap(\.keys) }
    public var values: some Sequence<Value> { parts.lazy.flatMap(\.values) }
    /// The most any one change copies or rehashes (tests).
    var largestPart: Int { parts.map(\.count).max() ?? 0 }

    public subscript(key: String) -> Value? {
        get { parts[Self.part(of: key)][key] }
        set {
            let part = Self.part(of: key)
            if let newValue {
                if parts[part].updateValue(newValue, forKey: key) == nil { count += 1 }
            } else if parts[part].removeValue(forKey: key) != nil {
                count -= 1
            }
        }
    }

    /// FNV-1a, the same in every process, so equal tables have equal parts.
    private static func part(of key: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in key.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash >> 24)
    }
}
