/// A player's report of another (`REPORT`, protocol.md 5.6; `REPORTS`, section 13), as the store
/// keeps it and the operator's `REPORTS` lists it: a `REPORT` item, then its
/// room lines as `REPORT-LINE` items. Nothing of it is ever sent to the
/// reported player. The one place where chat is written to disk.
public struct PlayerReport: FieldsRepresentable {
    /// The record number the store gave it; `DISMISS` names it.
    public var id: Int
    public var reporter: String
    /// Who is reported (connected or not).
    public var nickname: String
    /// When, in milliseconds since 1970 UTC.
    public var milliseconds: Int
    public var reason: String
    /// The recent races the two raced in together, oldest first.
    public var races: [SharedRace]
    /// The last lines said in the reporter's room (or lobby), oldest first;
    /// not among the fields: `REPORT-LINE` items, or `linesText` in the store.
    public var lines: [ChatLine]

    public init(
        id: Int, reporter: String, nickname: String, milliseconds: Int, reason: String, races: [SharedRace] = [], lines: [ChatLine] = []
    ) {
        self.id = id
        self.reporter = reporter
        self.nickname = nickname
        self.milliseconds = milliseconds
        self.reason = reason
        self.races = races
        self.lines = lines
    }

    /// At most this many room lines go with a report.
    public static let maximumLines = 20
    /// At most this many shared races go with a report.
    public static let maximumRaces = 5

    public static let blank = PlayerReport(id: 0, reporter: "", nickname: "", milliseconds: 0, reason: "")

    public static let fieldTable: [Field<PlayerReport>] = [
        .integer("id", \.id, in: 1...Int.max), .name("from", \.reporter, as: "nickname"), .name("nick", \.nickname, as: "nickname"),
        .value(
            "at", \.milliseconds, encode: { UTCTime.timestamp(epochMilliseconds: $0) },
            decode: { text throws(ProtocolError) in
                let at = try Fields.required(text, "at")
                guard let milliseconds = UTCTime.epochMilliseconds(timestamp: at) else {
                    throw ProtocolError(.badArguments, "at=\(TextFilter.quoted(at)) is not a UTC time")
                }
                return milliseconds
            }),
        .value(
            "races", \.races, encode: { $0.isEmpty ? "-" : $0.map(\.description).joined(separator: ",") },
            decode: { text throws(ProtocolError) in try SharedRace.list(try Fields.required(text, "races")) }),
        .percentText("reason", \.reason),
    ]

    /// The room lines as one word for the store: `nick:text` each (text
    /// percent-encoded, commas too), joined by commas; `-` for none.
    public var linesText: String {
        guard !lines.isEmpty else { return "-" }
        return lines.map { line in
            line.nickname + ":" + PercentText.encode(line.text).replacing(",", with: "%2C")
        }.joined(separator: ",")
    }

    /// The lines `linesText` wrote, said in `room`.
    public static func lines(_ text: String, room: String?) throws(ProtocolError) -> [ChatLine] {
        guard text != "-" else { return [] }
        var lines: [ChatLine] = []
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2 else { throw ProtocolError(.badArguments, "a report line is not nick:text") }
            let nickname = String(pieces[0])
            try Names.validateName(nickname, as: "nickname")
            let text = try PercentText.decode(String(pieces[1]), key: "lines", code: .badArguments)
            lines.append(ChatLine(room: room, nickname: nickname, text: text))
        }
        return lines
    }
}

/// A race two players raced in together: the operator finds its players'
/// entries with `RECORD` and replays its seed (`tilerace replay --seed`).
public struct SharedRace: Hashable, Sendable, CustomStringConvertible {
    /// The race's number on its server (`START race=`).
    public var id: Int
    public var room: String
    public var seed: String

    public init(id: Int, room: String, seed: String) {
        self.id = id
        self.room = room
        self.seed = seed
    }

    /// `<race>:<room>:<seed>`.
    public var description: String { "\(id):\(room):\(seed)" }

    /// `-`, or `SharedRace` descriptions joined by commas.
    public static func list(_ text: String) throws(ProtocolError) -> [SharedRace] {
        guard text != "-" else { return [] }
        var races: [SharedRace] = []
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard pieces.count == 3, let id = Int(pieces[0]), id >= 0, Names.isValidName(String(pieces[1])),
                Names.isValidSeed(String(pieces[2]))
            else {
                throw ProtocolError(.badArguments, "races= takes <race>:<room>:<seed> joined by commas, not \(TextFilter.quoted(text))")
            }
            races.append(SharedRace(id: id, room: String(pieces[1]), seed: String(pieces[2])))
        }
        return races
    }
}

extension Fields {
    /// These fields, then `value`'s.
    func appending(_ value: some FieldsRepresentable) -> Fields {
        var fields = self
        value.append(to: &fields)
        return fields
    }
}
