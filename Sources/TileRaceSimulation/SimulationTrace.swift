/// Each party's last doings, for a violation report (`isFull`: every line). Traced only
/// when asked or on the rerun that reports: untraced, `note` costs nothing.
struct SimulationTrace {
    /// Lines kept per party when not tracing everything.
    static let recentLineCount = 24

    let isOn: Bool
    let isFull: Bool
    /// Every line, in order, when `isFull`.
    private(set) var lines: [String] = []
    private var recent: [String: [String]] = [:]

    init(isOn: Bool, isFull: Bool) {
        self.isOn = isOn || isFull
        self.isFull = isFull
    }

    mutating func note(_ party: String, at time: Int, _ text: @autoclosure () -> String) {
        guard isOn else { return }
        let line = "\(SimulationTrace.format(time)) \(party): \(text())"
        if isFull { lines.append(line) }
        var kept = recent[party, default: []]
        if kept.count == SimulationTrace.recentLineCount { kept.removeFirst() }
        kept.append(line)
        recent[party] = kept
    }

    /// The last lines of every party, party by party.
    var recentByParty: [(party: String, lines: [String])] {
        recent.keys.sorted().map { ($0, recent[$0] ?? []) }
    }

    /// `12.345s`.
    static func format(_ milliseconds: Int) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}
