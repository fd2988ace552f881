import TileRaceProtocol
import TileRaceServer

/// The chat's invariants, checked on each batch of a server's actions (one
/// input handled): a line said in a room (a `CHAT` that is not history)
/// reaches every member and watcher who was in the room before and after
/// the batch, each the same number of times (once per time it was said),
/// and nobody who was in neither; a batch of history holds at most the
/// room's 20 lines. Per connection the lines keep the order they were said
/// in: a batch's lines go out in one write, in order.
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
