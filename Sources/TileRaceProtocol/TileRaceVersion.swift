/// The version of TileRace, kept here only: `tilerace --version` prints it,
/// the server names itself `tilerace-<version>` in its greeting
/// (`HELLO tilerace 1 server=tilerace-<version> ...`), and the package
/// script names its archive after it.
public enum TileRaceVersion {
    /// The version, `major.minor.patch`.
    public static let current = "0.1.0"
}
