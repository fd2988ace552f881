/// The one version: `--version`, the greeting's `server=tilerace-<version>`, the package archive.
public enum TileRaceVersion {
    /// The version, `major.minor.patch`.
    public static let current = "0.1.0"
}
