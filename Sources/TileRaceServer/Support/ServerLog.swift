import TileRaceProtocol
import TileRaceTransport

/// The server's log, on standard error, as `text` or `json` (one object a
/// line, for log collectors).
public struct ServerLog: Sendable {
    public enum Level: Int, Comparable, Sendable {
        /// Errors and warnings only (`--quiet`); their messages start with
        /// `error:` or `warning:`.
        case error
        /// Also connections, races and the server's start and stop (the default).
        case info
        /// Also every request (`--verbose`).
        case debug

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How each line is written (`tilerace serve --log-format`).
    public enum Format: String, CaseIterable, Hashable, Sendable {
        /// `2026-11-25T08:01:48.123Z conn 1 10.0.0.5:51234 connected`: for people.
        case text
        /// `{"time":"2026-11-25T08:01:48.123Z","level":"info","event":"connection.opened",`
        /// `"message":"conn 1 10.0.0.5:51234 connected","fields":{"connection":"conn 1","peer":"10.0.0.5:51234"}}`:
        /// one object a line, for log collectors.
        case json

        /// The line (with its newline) for `entry` of `level` at `time` (ISO 8601, UTC, milliseconds).
        public func line(_ entry: LogEntry, level: Level, time: String) -> String {
            switch self {
            case .text:
                return time + " " + entry.message + "\n"
            case .json:
                var line = "{\"time\":" + TextFilter.jsonQuoted(time) + ",\"level\":" + TextFilter.jsonQuoted("\(level)")
                line +=
                    ",\"event\":" + TextFilter.jsonQuoted(entry.event) + ",\"message\":" + TextFilter.jsonQuoted(entry.message)
                    + ",\"fields\":{"
                for (index, field) in entry.fields.enumerated() {
                    if index > 0 { line += "," }
                    line += TextFilter.jsonQuoted(field.key) + ":"
                    switch field.value {
                    case .text(let text): line += TextFilter.jsonQuoted(text)
                    case .number(let number): line += String(number)
                    }
                }
                return line + "}}\n"
            }
        }
    }

    public var level: Level
    public var format: Format
    /// Writes one finished line (with its newline).
    public var write: @Sendable (String) -> Void
    /// Gives the wall time for timestamps.
    public var clock: any ServerClock

    public init(
        level: Level, format: Format = .text, clock: any ServerClock = SystemClock(), write: @escaping @Sendable (String) -> Void
    ) {
        self.level = level
        self.format = format
        self.clock = clock
        self.write = write
    }

    /// A log on standard error, written off the caller's queue: a full pipe
    /// never stalls the server (lines past a bound are dropped and counted).
    public static func standardError(level: Level = .info) -> ServerLog {
        let writer = LogWriter { text in try? FileSystem.writeAll(2, Array(text.utf8), path: "standard error") }
        return ServerLog(level: level) { line in writer.write(line) }
    }

    /// A log that writes nothing (for a server embedded in another program).
    public static let silent = ServerLog(level: .error) { _ in }

    /// Writes an entry if its level is enabled: the one way into the log.
    public func callAsFunction(_ level: Level, _ entry: @autoclosure () -> LogEntry) {
        guard level <= self.level else { return }
        write(format.line(entry(), level: level, time: UTCTime.timestamp(epochMilliseconds: clock.wallMilliseconds)))
    }

    public func callAsFunction(
        _ level: Level, _ event: String, _ fields: @autoclosure () -> [LogEntry.Field], message: @autoclosure () -> String
    ) {
        callAsFunction(level, LogEntry(event, fields(), message: message()))
    }

    /// Writes a line with no event of its own (`LogEntry(message:)`) if its level is enabled.
    public func callAsFunction(_ level: Level, _ message: @autoclosure () -> String) {
        callAsFunction(level, LogEntry(message: message()))
    }
}
