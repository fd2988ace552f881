import TileRaceTransport

/// A table of connections' values (the core's sessions, a shard's
/// connections) by `ConnectionID`.
extension IntegerTable {
    /// The value for connection `id` (by its number); setting nil removes it.
    subscript(id: ConnectionID) -> Value? {
        get { self[id.number] }
        set { self[id.number] = newValue }
    }

    /// The connections that have a value, in order.
    var sortedIDs: [ConnectionID] { keys.sorted().map(ConnectionID.init(number:)) }
}
