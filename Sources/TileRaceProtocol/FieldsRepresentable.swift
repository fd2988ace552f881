/// A value carried as `key=value` fields, described once by `fieldTable`,
/// which both prints and parses it, so no key is spelled twice.
public protocol FieldsRepresentable: Hashable, Sendable {
    /// Its fields in the documented order: the order they are written and read.
    static var fieldTable: [Field<Self>] { get }
    /// A request's defaults, for the fields a request may leave out.
    static var blank: Self { get }
    /// Reads the value, throwing a protocol error for missing or bad fields.
    init(fields: Fields) throws(ProtocolError)
}

extension FieldsRepresentable {
    public init(fields: Fields) throws(ProtocolError) {
        self = try Self.read(fields)
    }

    /// The table's reading, for a type that checks more after it.
    static func read(_ fields: Fields) throws(ProtocolError) -> Self {
        var value = Self.blank
        for field in Self.fieldTable { try field.read(&value, fields) }
        return value
    }

    public var fields: Fields {
        var fields = Fields()
        append(to: &fields)
        return fields
    }

    /// Appends the value's fields (for a value whose fields sit among others').
    public func append(to fields: inout Fields) {
        for field in Self.fieldTable { field.write(self, &fields) }
    }

    /// The `key=value` fields of the table, the only ones a request of this shape accepts.
    static var keys: Set<String> { Set(fieldTable.map(\.key).filter { !$0.isEmpty }) }
}

/// One row of a `fieldTable` (a positional value's row has an empty key).
public struct Field<Root>: Sendable {
    let key: String
    let write: @Sendable (Root, inout Fields) -> Void
    let read: @Sendable (inout Root, Fields) throws(ProtocolError) -> Void

    /// `encode` nil: not written; `decode` gets nil when the key is absent.
    static func row(
        _ key: String, encode: @escaping @Sendable (Root) -> String?,
        decode: @escaping @Sendable (inout Root, String?) throws(ProtocolError) -> Void
    ) -> Field {
        Field(
            key: key, write: { root, fields in if let text = encode(root) { fields.append(key, text) } },
            read: { root, fields throws(ProtocolError) in try decode(&root, fields[key]) })
    }

    static func value<Value>(
        _ key: String, _ path: WritableKeyPath<Root, Value> & Sendable, encode: @escaping @Sendable (Value) -> String?,
        decode: @escaping @Sendable (String?) throws(ProtocolError) -> Value
    ) -> Field {
        row(
            key, encode: { encode($0[keyPath: path]) },
            decode: { root, text throws(ProtocolError) in root[keyPath: path] = try decode(text) })
    }

    /// `field`, read only when present: absent, the blank's value stays (a request's default).
    static func optional(_ field: Field) -> Field {
        Field(
            key: field.key, write: field.write,
            read: { root, fields throws(ProtocolError) in
                if fields[field.key] != nil { try field.read(&root, fields) }
            })
    }

    /// Written and read only when `condition` holds (checked after the rows before it).
    static func when(_ condition: @escaping @Sendable (Root) -> Bool, _ field: Field) -> Field {
        Field(
            key: field.key, write: { root, fields in if condition(root) { field.write(root, &fields) } },
            read: { root, fields throws(ProtocolError) in if condition(root) { try field.read(&root, fields) } })
    }

    /// The rows of `Part`'s table, for a part kept in `path`.
    static func part<Part: FieldsRepresentable>(_ path: WritableKeyPath<Root, Part> & Sendable) -> [Field] {
        Part.fieldTable.map { field in
            Field(
                key: field.key, write: { root, fields in field.write(root[keyPath: path], &fields) },
                read: { root, fields throws(ProtocolError) in try field.read(&root[keyPath: path], fields) })
        }
    }

    /// The positional value at `index` (the caller checked how many there are).
    static func positional(_ index: Int, _ path: WritableKeyPath<Root, String> & Sendable, as label: String) -> Field {
        Field(
            key: "", write: { root, fields in fields.positionals.append(root[keyPath: path]) },
            read: { root, fields throws(ProtocolError) in
                try Names.validateName(fields.positionals[index], as: label)
                root[keyPath: path] = fields.positionals[index]
            })
    }

    static func integer(
        _ key: String, _ path: WritableKeyPath<Root, Int> & Sendable, in range: ClosedRange<Int>? = nil, code: ErrorCode = .badArguments
    ) -> Field {
        value(
            key, path, encode: { String($0) },
            decode: { text throws(ProtocolError) in
                try Fields.integer(try Fields.required(text, key), named: key, in: range, code: code)
            })
    }

    /// Written only when set.
    static func integer(
        _ key: String, _ path: WritableKeyPath<Root, Int?> & Sendable, in range: ClosedRange<Int>? = nil, code: ErrorCode = .badArguments
    ) -> Field {
        value(
            key, path, encode: { $0.map { String($0) } },
            decode: { text throws(ProtocolError) in
                try text.map { (text: String) throws(ProtocolError) in try Fields.integer(text, named: key, in: range, code: code) }
            })
    }

    /// A number, or `-` for none.
    static func dashedInteger(_ key: String, _ path: WritableKeyPath<Root, Int?> & Sendable, in range: ClosedRange<Int>? = nil) -> Field {
        value(
            key, path, encode: { $0.map { String($0) } ?? "-" },
            decode: { text throws(ProtocolError) in
                let text = try Fields.required(text, key)
                return text == "-" ? nil : try Fields.integer(text, named: key, in: range)
            })
    }

    static func string(_ key: String, _ path: WritableKeyPath<Root, String> & Sendable) -> Field {
        value(key, path, encode: { $0 }, decode: { text throws(ProtocolError) in try Fields.required(text, key) })
    }

    /// Written only when set; read through `check`, which throws the refusal of a bad value.
    static func string(
        _ key: String, _ path: WritableKeyPath<Root, String?> & Sendable,
        check: @escaping @Sendable (String) throws(ProtocolError) -> Void = { _ in }
    ) -> Field {
        value(
            key, path, encode: { $0 },
            decode: { text throws(ProtocolError) in
                if let text { try check(text) }
                return text
            })
    }

    static func name(_ key: String, _ path: WritableKeyPath<Root, String> & Sendable, as label: String? = nil) -> Field {
        value(
            key, path, encode: { $0 },
            decode: { text throws(ProtocolError) in
                let name = try Fields.required(text, key)
                try Names.validateName(name, as: label ?? key)
                return name
            })
    }

    /// A name written only when set.
    static func name(_ key: String, _ path: WritableKeyPath<Root, String?> & Sendable, as label: String? = nil) -> Field {
        string(key, path) { text throws(ProtocolError) in try Names.validateName(text, as: label ?? key) }
    }

    /// A name, or `-` for none.
    static func dashedName(_ key: String, _ path: WritableKeyPath<Root, String?> & Sendable) -> Field {
        value(
            key, path, encode: { $0 ?? "-" },
            decode: { text throws(ProtocolError) in
                let name = try Fields.required(text, key)
                guard name != "-" else { return nil }
                try Names.validateName(name, as: key)
                return name
            })
    }

    /// `isRequired: false`: written only when non-empty, absent reads as none.
    static func names(_ key: String, _ path: WritableKeyPath<Root, [String]> & Sendable, as label: String, isRequired: Bool) -> Field {
        value(
            key, path, encode: { isRequired || !$0.isEmpty ? $0.joined(separator: ",") : nil },
            decode: { text throws(ProtocolError) in
                let names = (isRequired ? try Fields.required(text, key) : text ?? "").split(separator: ",").map(String.init)
                for name in names { try Names.validateName(name, as: label) }
                return names
            })
    }

    /// A seed's text (`Names.isValidSeed`).
    static func seed(_ key: String, _ path: WritableKeyPath<Root, String> & Sendable) -> Field {
        value(
            key, path, encode: { $0 },
            decode: { text throws(ProtocolError) in
                let seed = try Fields.required(text, key)
                guard Names.isValidSeed(seed) else {
                    throw ProtocolError(.badArguments, "seed=\(TextFilter.quoted(seed)) is not a valid seed")
                }
                return seed
            })
    }

    /// A UTC date, `YYYY-MM-DD`.
    static func date(_ key: String, _ path: WritableKeyPath<Root, String> & Sendable) -> Field {
        value(
            key, path, encode: { $0 }, decode: { text throws(ProtocolError) in try Field.checkedDate(try Fields.required(text, key), key) })
    }

    /// A UTC date written only when set.
    static func date(_ key: String, _ path: WritableKeyPath<Root, String?> & Sendable, code: ErrorCode) -> Field {
        string(key, path) { text throws(ProtocolError) in _ = try Field.checkedDate(text, key, code: code) }
    }

    private static func checkedDate(_ date: String, _ key: String, code: ErrorCode = .badArguments) throws(ProtocolError) -> String {
        guard Names.isValidDate(date) else { throw ProtocolError(code, "\(key)=\(TextFilter.quoted(date)) is not YYYY-MM-DD") }
        return date
    }

    /// A board's tiles (`BoardField`).
    static func board(_ key: String, _ path: WritableKeyPath<Root, [Int]> & Sendable) -> Field {
        value(
            key, path, encode: BoardField.encode,
            decode: { text throws(ProtocolError) in try BoardField.decode(try Fields.required(text, key)) })
    }

    /// A required `yes` or `no`.
    static func bool(_ key: String, _ path: WritableKeyPath<Root, Bool> & Sendable, code: ErrorCode = .badArguments) -> Field {
        value(
            key, path, encode: { $0 ? "yes" : "no" },
            decode: { text throws(ProtocolError) in
                try Fields.bool(try Fields.required(text, key), named: key, code: code)
            })
    }

    /// `key=yes`, written only when true; absent reads as false.
    static func flag(_ key: String, _ path: WritableKeyPath<Root, Bool> & Sendable, code: ErrorCode = .badArguments) -> Field {
        value(
            key, path, encode: { $0 ? "yes" : nil },
            decode: { text throws(ProtocolError) in
                try text.map { (text: String) throws(ProtocolError) in try Fields.bool(text, named: key, code: code) } ?? false
            })
    }

    /// One of an enum's wire words.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ path: WritableKeyPath<Root, Choice> & Sendable, code: ErrorCode = .badArguments
    ) -> Field where Choice.RawValue == String {
        value(
            key, path, encode: { $0.rawValue },
            decode: { text throws(ProtocolError) in
                try Fields.choice(try Fields.required(text, key), named: key, as: Choice.self, code: code)
            })
    }

    /// One of an enum's wire words, written only when set.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, _ path: WritableKeyPath<Root, Choice?> & Sendable, code: ErrorCode = .badArguments
    ) -> Field where Choice.RawValue == String {
        value(
            key, path, encode: { $0?.rawValue },
            decode: { text throws(ProtocolError) in
                try text.map { (text: String) throws(ProtocolError) in try Fields.choice(text, named: key, as: Choice.self, code: code) }
            })
    }

    /// Percent-encoded text (`PercentText`), written only when not empty.
    static func percentText(_ key: String, _ path: WritableKeyPath<Root, String> & Sendable, code: ErrorCode = .badArguments) -> Field {
        value(
            key, path, encode: { $0.isEmpty ? nil : PercentText.encode($0) },
            decode: { text throws(ProtocolError) in
                try text.map { (text: String) throws(ProtocolError) in try PercentText.decode(text, key: key, code: code) } ?? ""
            })
    }

    /// Derived from the value: written, checked against `choices` when read, not kept.
    static func derived(_ key: String, _ word: @escaping @Sendable (Root) -> String, among choices: [String]) -> Field {
        Field(
            key: key, write: { root, fields in fields.append(key, word(root)) },
            read: { _, fields throws(ProtocolError) in
                let value = try fields.string(key)
                guard choices.contains(value) else {
                    throw ProtocolError(
                        .badArguments, "\(key)=\(TextFilter.printableASCII(value)) must be one of \(choices.joined(separator: ", "))")
                }
            })
    }

    /// An optional `ShownRating`'s fields.
    static func rating(_ path: WritableKeyPath<Root, ShownRating?> & Sendable) -> Field {
        Field(
            key: "rating", write: { root, fields in root[keyPath: path]?.append(to: &fields) },
            read: { root, fields throws(ProtocolError) in root[keyPath: path] = try ShownRating.optional(in: fields) })
    }
}
