import TileRaceProtocol
import TileRaceServer

/// Chat invariants per batch of actions: a line said in a room reaches every member and
/// watcher present before and after the batch, once per saying, and nobody present in
/// neither; history holds at most 20 lines; per connection, lines keep their order.
extension Simulation {
    func checkChat(_ actions: [ServerAction], on index: Int) {
        guard let core = servers[index].core else { return }
        let before = chatMembership[index] ?? [:]
        let after = Simulation.membership(core)
        chatMembership[index] = after
        var receivers: [String: [ConnectionID: Int]] = [:]
        var rooms: [String: String] = [:]
        for case .send(let id, let lines) in actions {
            var history = 0
            for line in lines.lines where line.hasPrefix("CHAT ") {
                guard case .event(.chat(let chat)) = try? ServerMessage.parse(line) else { continue }
                if chat.isHistory {
                    history += 1
                } else if let room = chat.room {
                    receivers[line, default: [:]][id, default: 0] += 1
                    rooms[line] = Names.nicknameKey(room)
                }
            }
            if history > ServerLimits.standard.chatHistoryLines {
                fail("a room's history is its last 20 lines", "\(serverName(index)) sent \(id) \(history) lines of history at once")
                return
            }
        }
        for line in receivers.keys.sorted() {
            guard let counts = receivers[line], let room = rooms[line] else { continue }
            let wasIn = Set(before.filter { $0.value == room }.keys)
            let isIn = Set(after.filter { $0.value == room }.keys)
            if let stranger = counts.keys.sorted().first(where: { !wasIn.contains($0) && !isIn.contains($0) }) {
                fail("no line reaches another room", "\(serverName(index)) sent \(stranger), not in room \(room), the line \(line)")
                return
            }
            if let missed = wasIn.intersection(isIn).sorted().first(where: { counts[$0] == nil }) {
                fail("every member hears each line", "\(serverName(index)) did not send \(missed), in room \(room), the line \(line)")
                return
            }
            if Set(counts.values).count > 1 {
                fail("every member hears each line once", "\(serverName(index)) sent the line \(line) unevenly: \(counts)")
                return
            }
        }
    }

    /// The connections in a room (as player or watcher), with the room's key.
    private static func membership(_ core: ServerCore) -> [ConnectionID: String] {
        var members: [ConnectionID: String] = [:]
        for view in core.sessionViews {
            guard let connection = view.connection, let room = view.room else { continue }
            members[connection] = Names.nicknameKey(room)
        }
        return members
    }
}
