import TileRaceServer

/// Moves only when the simulation takes its next event. `@unchecked Sendable` because
/// `ServerClock` must be, not because it is shared.
final class SimulationClock: ServerClock, @unchecked Sendable {
    /// The wall time at the simulation's start: 2026-11-25 12:00 UTC.
    static let startEpochMilliseconds = 1_795_608_000_000

    var now = 0

    var monotonicMilliseconds: Int { now }
    var wallMilliseconds: Int { SimulationClock.startEpochMilliseconds + now }
}
