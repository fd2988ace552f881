/// The fields of a line after its verb, with typed accessors that throw protocol errors.
public struct Fields: Hashable, Sendable {
    /// Values without `=`, in order.
    public var positionals: [String]
    /// `key=value` pairs, in order.
    public var pairs: [(key: String, value: String)]

    public init(positionals: [String] = [], pairs: [(key: String, value: String)] = []) {
        self.positionals = positionals
        self.pairs = pairs
    }

    /// Splits words (already separated at spaces) into positionals and pairs.
    public init<Words: Sequence>(words: Words) where Words.Element == Substring {
        self.init()
        for word in words { add(word) }
    }

    /// Adds one word: a pair when it holds `=`, else a positional value.
    mutating func add(_ word: Substring) {
        if let equals = word.utf8.firstIndex(of: UInt8(ascii: "=")) {
            append(String(word[..<equals]), String(word[word.utf8.index(after: equals)...]))
        } else {
            if positionals.isEmpty { positionals.reserveCapacity(Fields.usualCount) }
            positionals.append(String(word))
        }
    }

    /// Room for the usual few values, so a line allocates once.
    private static let usualCount = 8

    public static func == (lhs: Fields, rhs: Fields) -> Bool {
        lhs.positionals == rhs.positionals && lhs.pairs.elementsEqual(rhs.pairs, by: { $0 == $1 })
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(positionals)
        for pair in pairs {
            hasher.combine(pair.key)
            hasher.combine(pair.value)
        }
    }

    /// The value of a key (the last one given), or nil.
    public subscript(key: String) -> String? {
        pairs.last(where: { $0.key == key })?.value
    }

    public mutating func append(_ key: String, _ value: String) {
        if pairs.isEmpty { pairs.reserveCapacity(Fields.usualCount) }
        pairs.append((key, value))
    }

    /// Appends a pair whose value is a yes/no word.
    public mutating func append(_ key: String, _ value: Bool) {
        append(key, value ? "yes" : "no")
    }

    public mutating func append(_ key: String, _ value: Int) {
        append(key, String(value))
    }

    /// The fields written as words after a verb: positionals, then pairs.
    public var words: [String] {
        positionals + pairs.map { "\($0.key)=\($0.value)" }
    }

    /// Each word after a space, without intermediate strings.
    public func write(to line: inout String) {
        for positional in positionals {
            line += " "
            line += positional
        }
        for pair in pairs {
            line += " "
            line += pair.key
            line += "="
            line += pair.value
        }
    }

    // MARK: Reading

    /// Refuses keys outside `known` with `bad-option`: requests are strict.
    public func requireOnlyKeys(_ known: Set<String>) throws(ProtocolError) {
        if let unknown = pairs.first(where: { !known.contains($0.key) }) {
            let list = known.sorted().joined(separator: ", ")
            throw ProtocolError(.badOption, "unknown option \(TextFilter.quoted(unknown.key))" + (known.isEmpty ? "" : "; known: \(list)"))
        }
    }

    public func string(_ key: String) throws(ProtocolError) -> String {
        try Fields.required(self[key], key)
    }

    /// A required integer, optionally within a range.
    public func integer(_ key: String, in range: ClosedRange<Int>? = nil, code: ErrorCode = .badArguments) throws(ProtocolError) -> Int {
        try Fields.integer(try string(key), named: key, in: range, code: code)
    }

    public func bool(_ key: String, code: ErrorCode = .badArguments) throws(ProtocolError) -> Bool {
        try Fields.bool(try string(key), named: key, code: code)
    }

    /// A required name (nickname, room name, code).
    public func name(_ key: String) throws(ProtocolError) -> String {
        let value = try string(key)
        try Names.validateName(value, as: key)
        return value
    }

    /// The accepted and listed words are the enum's own raw values, so they cannot drift.
    public func choice<Choice: RawRepresentable & CaseIterable>(
        _ key: String, as _: Choice.Type, code: ErrorCode = .badArguments
    ) throws(ProtocolError) -> Choice where Choice.RawValue == String {
        try Fields.choice(try string(key), named: key, as: Choice.self, code: code)
    }

    static func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: String, named key: String, as _: Choice.Type, code: ErrorCode = .badArguments
    ) throws(ProtocolError) -> Choice where Choice.RawValue == String {
        guard let choice = Choice(rawValue: value) else {
            let words = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw ProtocolError(code, "\(key)=\(TextFilter.printableASCII(value)) must be one of \(words)")
        }
        return choice
    }

    /// The text of a required field, or the `missing field` error.
    static func required(_ text: String?, _ key: String) throws(ProtocolError) -> String {
        guard let text else { throw ProtocolError(.badArguments, "missing field \(key)=") }
        return text
    }

    /// Parses an integer value (an optional `-` then digits), optionally within a range.
    public static func integer(_ text: String, named name: String, in range: ClosedRange<Int>? = nil, code: ErrorCode = .badArguments)
        throws(ProtocolError) -> Int
    {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(text) else {
            throw ProtocolError(code, "\(name)=\(TextFilter.printableASCII(text)) is not a whole number")
        }
        if let range, !range.contains(value) {
            throw ProtocolError(code, "\(name)=\(value) is out of range \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    public static func bool(_ text: String, named name: String, code: ErrorCode = .badArguments) throws(ProtocolError) -> Bool {
        switch text {
        case "yes": return true
        case "no": return false
        default: throw ProtocolError(code, "\(name)=\(TextFilter.printableASCII(text)) must be yes or no")
        }
    }
}
