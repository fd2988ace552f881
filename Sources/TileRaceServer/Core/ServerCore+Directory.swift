import TileRaceProtocol

/// The room directory shared by servers on one store. `daily` and private
/// rooms are not published: a refusal must not reveal a private room.
extension ServerCore {
    package func startDirectory(every milliseconds: Int) {
        directoryMilliseconds = milliseconds
        timers.schedule(.directory, at: now)
    }

    /// Publishes every shard's rooms; only one core calls `startDirectory`.
    func publishRooms() {
        guard let interval = directoryMilliseconds, !isShuttingDown else { return }
        outbox.append(.publishRooms(registry.withState { $0.publicRooms() }))
        timers.schedule(.directory, at: now + interval)
    }

    /// Kept in the registry: one shard publishes, all of them list.
    func remoteRoomsArrived(_ descriptions: [RoomDescription]) {
        var byKey: [String: RoomDescription] = [:]
        for description in descriptions where description.server != nil && byKey[Room.key(description.name)] == nil {
            byKey[Room.key(description.name)] = description
        }
        registry.withState { $0.remoteRooms = byKey }
    }

    func moved(_ room: RoomDescription) -> ProtocolError {
        let server = room.server ?? ""
        return ProtocolError(.moved, "\(server) room \(room.name) is hosted by the server at \(server): connect there and ask again")
    }
}
