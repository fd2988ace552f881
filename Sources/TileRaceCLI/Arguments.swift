/// The arguments of one command, checked against the options it declares.
public struct Arguments: Sendable {
    public struct Option: Sendable, Hashable {
        /// With its dashes: `--seed`.
        public var name: String
        /// The placeholder of its value (`S`); nil for a flag.
        public var valueName: String?
        public var help: String

        public static func value(_ name: String, _ valueName: String, _ help: String) -> Option {
            Option(name: name, valueName: valueName, help: help)
        }

        public static func flag(_ name: String, _ help: String) -> Option {
            Option(name: name, valueName: nil, help: help)
        }
    }

    public private(set) var flags: Set<String> = []
    public private(set) var values: [String: String] = [:]
    public private(set) var positionals: [String] = []

    /// `--` ends the options; a lone `-` is positional. An option given twice is a mistake:
    /// which one was meant cannot be told.
    public init(parsing words: [String], options: [Option]) throws(CommandLineError) {
        let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            guard !optionsEnded, word.hasPrefix("-"), word != "-" else {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (name, inlineValue) = Arguments.split(word)
            guard let option = byName[name] else {
                throw CommandLineError("unknown option \(Arguments.quoted(name))")
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw CommandLineError("\(name) takes no value") }
                guard flags.insert(name).inserted else { throw CommandLineError("\(name) is given twice; give it once") }
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < words.count else { throw CommandLineError("\(name) needs a value") }
                value = words[index]
                index += 1
            }
            if let earlier = values[name] {
                throw CommandLineError(
                    "\(name) is given twice (\(Arguments.quoted(earlier)), then \(Arguments.quoted(value))); give it once")
            }
            values[name] = value
        }
    }

    /// A flag given, or an option given a value.
    public func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    public func value(_ name: String) -> String? { values[name] }

    /// A whole number within `range`, or `defaultValue` when not given.
    public func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws(CommandLineError) -> Int {
        guard let text = values[name] else { return defaultValue }
        guard let number = Int(text), range.contains(number) else {
            throw CommandLineError(
                "invalid value \(Arguments.quoted(text)) for \(name): expected a whole number from \(range.lowerBound) to \(range.upperBound)",
                option: name)
        }
        return number
    }

    /// One of `Choice`'s cases, by raw value; nil when not given.
    public func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, as _: Choice.Type) throws(CommandLineError) -> Choice?
    where Choice.RawValue == String {
        guard let text = values[name] else { return nil }
        guard let choice = Choice(rawValue: text) else {
            let words = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandLineError("invalid value \(Arguments.quoted(text)) for \(name): expected one of \(words)", option: name)
        }
        return choice
    }

    public func requireNoPositionals() throws(CommandLineError) {
        if let first = positionals.first {
            throw CommandLineError("unexpected argument \(Arguments.quoted(first))")
        }
    }

    /// What is given here wins, also over an option of the same `exclusiveGroups` group
    /// (`--quiet` here drops `verbose yes` there).
    public func overriding(_ defaults: Arguments, exclusiveGroups: [Set<String>] = []) -> Arguments {
        let given = flags.union(values.keys)
        let isOverridden = { (name: String) in
            given.contains(name) || exclusiveGroups.contains { $0.contains(name) && !$0.isDisjoint(with: given) }
        }
        var merged = self
        merged.flags.formUnion(defaults.flags.filter { !isOverridden($0) })
        for (name, value) in defaults.values where !isOverridden(name) {
            merged.values[name] = value
        }
        return merged
    }

    private static func split(_ word: String) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    /// A user's word for an error message, control characters made visible.
    public static func quoted(_ text: String) -> String {
        let visible = text.unicodeScalars.map { scalar -> String in
            scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        return "'" + (visible.count > 60 ? String(visible.prefix(60)) + "…" : visible) + "'"
    }
}
