/// The version of TileRace: the one place it is written.
public enum TileRaceVersion {
    /// This program's version, e.g. `0.9.0`.
    public static let current = "0.9.0"
}
