import Dispatch
import TileRaceProtocol

/// What the shards of one server share (each shard is a `ServerCore` on a
/// queue of its own, hosting some rooms): nicknames, the room directory
/// (which shard hosts which room, and each room's summary for `ROOMS`),
/// resume secrets, connection counts, the per-address guess guards and race
/// ids. None of it changes per move, so a shard asks it only when a player
/// greets, renames, enters or leaves a room, or a room changes state.
///
/// Shared by several shards, it is owned by its own serial queue: shards call
/// it synchronously (`sync`), and it never calls back into a shard, so no two
/// queues can wait on each other. With one shard it has no queue: its one
/// core is its only caller, so it is owned by that core's queue, and a core
/// runs (and is tested) with no queue at all.
package final class ServerRegistry: @unchecked Sendable {
    /// Where a resume secret leads.
    struct ResumeTarget: Equatable {
        /// The session it resumes.
        var session: ConnectionID
        /// The shard the session lives on.
        var shard: Int
    }

    /// A room in the directory.
    struct Listing {
        /// The shard that hosts it.
        var shard: Int
        /// Its summary, as `ROOMS` shows it.
        var description: RoomDescription
    }

    /// Why a connection is refused.
    enum Refusal {
        /// The server has its maximum of connections.
        case serverFull
        /// Its address has its maximum of connections.
        case tooManyFromAddress
    }

    /// The shared facts; only `sync` touches them.
    struct State {
        /// Nickname keys (lower case) of connected clients, to their session.
        var nicknames: [String: ConnectionID] = [:]
        /// Sessions in all shards, away ones included.
        var sessionCount = 0
        /// Open connections by remote address.
        var connectionsByAddress: [String: Int] = [:]
        /// Refused join codes and resume secrets by remote address.
        var guessesByAddress: [String: JoinCodeGuard] = [:]
        /// Resume secrets, to the session each resumes.
        var resumeSecrets: [String: ResumeTarget] = [:]
        /// Rooms by key (lower-case name).
        var rooms: [String: Listing] = [:]
        /// The next race's id (unique on the server).
        var nextRaceID = 1
        /// Other servers' public rooms by key, from the shared room directory.
        var remoteRooms: [String: RoomDescription] = [:]
        /// Nickname keys (lower case) an operator muted: their `SAY` is
        /// refused (`ERR muted`) on every shard, until unmuted or the server stops.
        var mutedNicknames: Set<String> = []
    }

    /// How many shards share it.
    let shardCount: Int
    /// The queue that owns the state when shards share it; nil for one shard.
    let queue: DispatchQueue?
    private var state = State()

    /// A registry for `shardCount` shards.
    package init(shardCount: Int = 1) {
        self.shardCount = max(1, shardCount)
        queue = self.shardCount > 1 ? DispatchQueue(label: "tilerace.server.registry") : nil
    }

    /// Runs `body` with the state (on the registry's queue, when it has one),
    /// and returns what it returns.
    func sync<Result>(_ body: (inout State) -> Result) -> Result {
        guard let queue else { return body(&state) }
        return queue.sync { body(&state) }
    }

    /// Counts a new connection and its session, unless one of the limits refuses it.
    func admit(address: String, isExempt: Bool, limits: ServerLimits) -> Refusal? {
        sync { state in
            guard state.sessionCount < limits.maximumConnections else { return .serverFull }
            guard isExempt || state.connectionsByAddress[address, default: 0] < limits.maximumConnectionsPerAddress else {
                return .tooManyFromAddress
            }
            state.sessionCount += 1
            state.connectionsByAddress[address, default: 0] += 1
            return nil
        }
    }

    /// Registers a new room on `shard`; false when the name is taken.
    func register(_ room: Room, on shard: Int) -> Bool {
        let listing = Listing(shard: shard, description: room.description)
        return sync { state in
            guard state.rooms[room.key] == nil else { return false }
            state.rooms[room.key] = listing
            return true
        }
    }

    /// The shard hosting the room with this key.
    func shard(hostingRoom key: String) -> Int? {
        sync { $0.rooms[key]?.shard }
    }

    /// The shard a new room goes to: the one hosting the fewest rooms
    /// (`preferred` on a tie).
    func shardForNewRoom(preferring preferred: Int) -> Int {
        guard shardCount > 1 else { return preferred }
        return sync { state in
            var counts = [Int](repeating: 0, count: shardCount)
            for listing in state.rooms.values { counts[listing.shard] += 1 }
            var best = preferred
            for shard in counts.indices where counts[shard] < counts[best] { best = shard }
            return best
        }
    }

    /// The public rooms of every shard, and of other servers (from the shared
    /// room directory) under names not used here, by name.
    func listedRooms() -> [RoomDescription] {
        sync { state in
            var listed = state.rooms.values.map(\.description).filter { !$0.isPrivate }
            listed += state.remoteRooms.filter { state.rooms[$0.key] == nil }.map(\.value)
            return listed.sorted { (Room.key($0.name), $0.name) < (Room.key($1.name), $1.name) }
        }
    }
}
