/// Keys of messages whose values are enum cases, spelled once for printer and parser.
enum WireKey: String {
    case nick, session, resumed, count, room, ready, seed, restarts, score, time, `operator`, target, board, date, waiting, ms
    case reason, race, offer, seconds, text, bot, strength, resume, via, code, token, role
    case id, watch
    case refunded, points
}

extension Fields {
    /// Fields of one pair.
    init(_ key: WireKey, _ value: String) { self.init(pairs: [(key.rawValue, value)]) }
    init(_ key: WireKey, _ value: Int) { self.init(key, String(value)) }
    init(_ key: WireKey, _ value: Bool) { self.init(key, value ? "yes" : "no") }

    subscript(key: WireKey) -> String? { self[key.rawValue] }

    mutating func append(_ key: WireKey, _ value: String) { append(key.rawValue, value) }
    mutating func append(_ key: WireKey, _ value: Int) { append(key.rawValue, value) }
    mutating func append(_ key: WireKey, _ value: Bool) { append(key.rawValue, value) }

    func string(_ key: WireKey) throws(ProtocolError) -> String { try string(key.rawValue) }
    func integer(_ key: WireKey) throws(ProtocolError) -> Int { try integer(key.rawValue) }
    func name(_ key: WireKey) throws(ProtocolError) -> String { try name(key.rawValue) }
    func bool(_ key: WireKey) throws(ProtocolError) -> Bool { try bool(key.rawValue) }
    func flag(_ key: WireKey, code: ErrorCode = .badArguments) throws(ProtocolError) -> Bool {
        try self[key].map { (text: String) throws(ProtocolError) in try Fields.bool(text, named: key.rawValue, code: code) } ?? false
    }
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: WireKey, as type: Choice.Type) throws(ProtocolError) -> Choice
    where Choice.RawValue == String { try choice(key.rawValue, as: type) }
}
