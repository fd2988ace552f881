import TileRaceProtocol
import TileRaceTransport

/// The server's log: one line per event on standard error, each starting with
/// a UTC timestamp. `quiet` keeps errors only; `verbose` adds every request.
public struct ServerLog: Sendable {
    /// How much to log.
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

    /// The most detailed level written.
    public var level: Level
    /// Writes one finished line (with its newline).
    public var write: @Sendable (String) -> Void
    /// Gives the wall time for timestamps.
    public var clock: any ServerClock

    /// Creates a log writing through `write`.
    public init(level: Level, clock: any ServerClock = SystemClock(), write: @escaping @Sendable (String) -> Void) {
        self.level = level
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

    /// Whether lines of `level` are written.
    public func isEnabled(_ level: Level) -> Bool { level <= self.level }

    /// Writes a line if its level is enabled.
    public func callAsFunction(_ level: Level, _ message: @autoclosure () -> String) {
        guard isEnabled(level) else { return }
        write(UTCTime.timestamp(epochMilliseconds: clock.wallMilliseconds) + " " + message() + "\n")
    }
}
