/// Where the server keeps its files by default.
public enum DataDirectory {
    /// `$XDG_DATA_HOME/tilerace` when that is an absolute path, else
    /// `$HOME/.local/share/tilerace`; nil when neither can be found.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let base = environment["XDG_DATA_HOME"], base.hasPrefix("/") {
            return base + "/tilerace"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return home + "/.local/share/tilerace"
        }
        return nil
    }
}
