import Foundation

/// Reads and writes `statistics.json` in the data directory
/// (`$XDG_DATA_HOME/tilerace`, else `~/.local/share/tilerace`): the games
/// this player finished on this machine. Writes are atomic (`AtomicFile`).
/// A file that cannot be read counts as empty and is said so; it is
/// replaced by the next save.
struct StatisticsStore: Sendable {
    static let maximumFileSize = 1 << 20

    let directory: String

    var path: String { directory + "/statistics.json" }

    /// The statistics, or empty ones and why the file could not be used.
    func load() -> (statistics: GameStatistics, problem: String?) {
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            return (GameStatistics(), exists ? "cannot read \(path): statistics start afresh" : nil)
        }
        guard data.count <= StatisticsStore.maximumFileSize,
            let statistics = try? JSONDecoder().decode(GameStatistics.self, from: data)
        else {
            return (GameStatistics(), "\(path) is not valid statistics: they start afresh")
        }
        return (statistics, nil)
    }

    func save(_ statistics: GameStatistics) throws(ConfigError) {
        try AtomicFile.replace(path, in: directory, withJSON: statistics, formatting: [.sortedKeys], naming: "the statistics")
    }
}
