/// Where TileRace keeps its files on this machine, following the XDG base
/// directory rules. Server and client both use it, so they agree.
public enum DataPaths {
    /// The leaderboard's directory: `$XDG_DATA_HOME/tilerace` when that is an
    /// absolute path, else `$HOME/.local/share/tilerace`; nil with neither.
    public static func dataDirectory(environment: [String: String]) -> String? {
        directory(environment: environment, variable: "XDG_DATA_HOME", fallback: ".local/share")
    }

    /// The settings' directory: `$XDG_CONFIG_HOME/tilerace` when that is an
    /// absolute path, else `$HOME/.config/tilerace`; nil with neither.
    public static func configDirectory(environment: [String: String]) -> String? {
        directory(environment: environment, variable: "XDG_CONFIG_HOME", fallback: ".config")
    }

    private static func directory(environment: [String: String], variable: String, fallback: String) -> String? {
        if let base = environment[variable], base.hasPrefix("/") {
            return base + "/tilerace"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return home + "/" + fallback + "/tilerace"
        }
        return nil
    }
}
