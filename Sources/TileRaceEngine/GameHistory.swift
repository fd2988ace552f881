/// The states undo walks back through, oldest first.
///
/// States pushed while a game plays on the packed 4x4 board stay packed; the
/// others are plain. A game only leaves the packed board when a tile outgrows
/// it and only returns by undo, so every packed state is older than every
/// plain one, and popping takes the plain ones first.
///
struct GameHistory: Sendable {
    /// Packed states.
    private var packed: [PackedState4x4] = []
    /// Plain states, all newer than every packed one.
    private var plain: [Game.State] = []

    /// The number of states.
    var count: Int { packed.count &+ plain.count }

    /// Whether some plain states are left (packed states may be pushed only when not).
    var hasPlainStates: Bool { !plain.isEmpty }

    /// Adds a packed state.
    @inline(__always)
    mutating func push(_ state: PackedState4x4) {
        assert(plain.isEmpty, "a packed state pushed after a plain one")
        packed.append(state)
    }

    /// Adds a plain state.
    mutating func push(_ state: Game.State) {
        plain.append(state)
    }

    /// Removes and returns the newest state, or nil when there is none.
    mutating func popLast() -> Game.Storage? {
        if let state = plain.popLast() { return .plain(state) }
        if let state = packed.popLast() { return .packed(state) }
        return nil
    }

    /// Makes room for `count` more states without reallocating.
    mutating func reserveCapacity(_ count: Int, packed isPacked: Bool) {
        if isPacked {
            packed.reserveCapacity(packed.count &+ count)
        } else {
            plain.reserveCapacity(plain.count &+ count)
        }
    }

    /// Forgets every state, keeping the memory for reuse.
    mutating func removeAll() {
        packed.removeAll(keepingCapacity: true)
        plain.removeAll(keepingCapacity: true)
    }

    /// The states, oldest first, all as plain states (slow: for comparisons).
    var states: [Game.State] {
        packed.map(\.state) + plain
    }
}
