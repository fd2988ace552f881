/// XDG base directories, for server and client alike.
public enum DataPaths {
    /// `$XDG_DATA_HOME/tilerace` when absolute, else `$HOME/.local/share/tilerace`.
    public static func dataDirectory(environment: [String: String]) -> String? {
        directory(environment: environment, variable: "XDG_DATA_HOME", fallback: ".local/share")
    }

    /// `$XDG_CONFIG_HOME/tilerace` when absolute, else `$HOME/.config/tilerace`.
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
