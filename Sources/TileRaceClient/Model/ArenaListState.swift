import TileRaceProtocol

/// The arena list (`ARENAS`): running, upcoming and just over, oldest first.
struct ArenaListState: Hashable, Sendable {
    var arenas: [ArenaInfo] = []
    /// The model's clock when the list came: its seconds count down from there.
    var fetchedAt = 0
    var selection = 0
    var isLoading = true
    /// The arena asked to join, until `OK ARENA` or its refusal.
    var joining: Int?

    var selected: ArenaInfo? { arenas.indices.contains(selection) ? arenas[selection] : nil }

    /// As the arena screen counts it.
    func clock(of arena: ArenaInfo, at now: Int) -> String {
        ArenaState.clock(
            startsAt: fetchedAt + arena.startsIn * 1000, endsAt: fetchedAt + arena.endsIn * 1000, isOver: arena.state == .over, at: now)
    }
}
