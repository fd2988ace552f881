import Foundation
import TileRaceProtocol

/// What the shards of one server share.
///
/// The one exception to "state is owned by one serial queue": a lock guards
/// it. Each call holds the lock for a few dictionary operations and calls
/// nothing else, so no shard waits long and no lock order can deadlock. With
/// one shard no lock is taken. An `NSLock` (a pthread mutex) rather than
/// `Synchronization.Mutex`, whose futex Thread Sanitizer cannot see on Linux.
package final class Registry: @unchecked Sendable {
    let shardCount: Int
    private let lock = NSLock()
    private var state: ServerRegistry

    package init(shardCount: Int = 1) {
        self.shardCount = max(1, shardCount)
        state = ServerRegistry(shardCount: self.shardCount)
    }

    /// Runs `body` on the shared state, under the lock when shards share it.
    func withState<Result>(_ body: (inout ServerRegistry) -> Result) -> Result {
        guard shardCount > 1 else { return body(&state) }
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}

/// The facts the shards share. Nothing here changes per move (shards add
/// moves once a second). A value, so its rules test without locks.
struct ServerRegistry {
    package struct ResumeTarget: Hashable, Sendable {
        var session: ConnectionID
        var shard: Int
    }

    enum Refusal: Hashable {
        case serverFull
        case tooManyFromAddress
    }

    enum Registration: Hashable {
        case registered
        case nameTaken
        case full
    }

    struct RoomFacts: Hashable {
        var host: Int?
        /// Set only when no shard here hosts one.
        var remote: RoomDescription?
        /// Every shard's.
        var roomCount: Int
    }

    struct Placement {
        var shard: Int
        var expires: Int
    }

    /// How long a placed room counts for its shard without being registered.
    static let placementMilliseconds = 5000

    struct Listing {
        var shard: Int
        var description: RoomDescription
    }

    /// `maximumRooms` leaves `daily` out, `roomCount` counts it. `CREATE`
    /// checks early and `register` again.
    static func hasRoom(forAnotherOf roomCount: Int, maximumRooms: Int) -> Bool {
        roomCount - 1 < maximumRooms
    }

    /// Lower-case keys.
    var nicknames: [String: ConnectionID] = [:]
    /// Away ones included.
    var sessionCount = 0
    var connectionsByAddress: [String: Int] = [:]
    /// Join codes and resume secrets.
    var guessesByAddress: [String: JoinCodeGuard] = [:]
    var resumeSecrets: [String: ResumeTarget] = [:]
    /// `daily` is on shard 0 from the start.
    var rooms: [String: Listing]
    var remoteRooms: [String: RoomDescription] = [:]
    /// Shard 0's arenas as of its last change, so any shard answers `ARENAS`
    /// and `STANDINGS` without moving the session.
    var arenas: [Int: Arena] = [:]
    /// Arenas other servers sharing the store host, as of their last publication.
    var remoteArenas: [Int: ArenaInfo] = [:]
    /// Lower-case nicknames connected to other servers sharing the store, as
    /// of their last publication: `SUBMIT` cannot claim them here.
    var remoteNicknames: Set<String> = []
    /// Away ones included (`INFO`'s players).
    var greetedCount = 0
    /// Each shard adds its count once a second.
    var moveRate = MoveRate()
    /// Bans as last read from the store (at start, after each change here,
    /// and every few seconds for other servers' bans).
    var bans: [String: BanInfo] = [:]
    /// Each shard closes its banned sessions once per change.
    var bansVersion = 0
    var notices: [OperatorNotice] = []
    var lastNoticeNumber = 0
    /// Kicks of sessions on other shards, with the `BYE` text: closed at
    /// their shard's next sweep.
    var kicks: [ConnectionID: String] = [:]
    /// Every connection when there are several shards, for `CONNECTIONS`
    /// asked on another shard.
    var connections: [ConnectionID: NotedConnection] = [:]
    /// Never on disk: lasts until unmuted or the server stops.
    var mutedNicknames: Set<String> = []
    /// `REPORT`'s limits by reporter nickname key, in memory only: when it
    /// reported lately (wall ms), and whom it reported on which day.
    var reportTimes: [String: [Int]] = [:]
    var reportedPairs: [String: String] = [:]
    /// Rooms placed on a shard but not yet registered, counted as that
    /// shard's so a burst of `CREATE`s spreads out. Forgotten after
    /// `placementMilliseconds` if their `CREATE` never arrives.
    var placements: [Placement] = []
    let shardCount: Int

    init(shardCount: Int) {
        self.shardCount = shardCount
        let daily = Room.daily()
        rooms = [daily.key: Listing(shard: 0, description: daily.description)]
    }

    // MARK: Connections and nicknames

    /// A connection (`isNew`) or one admitted already being counted against `address` (nil: not yet);
    /// `isExempt`: no per-address limit.
    mutating func admit(address: String?, isExempt: Bool, limits: ServerLimits, isNew: Bool = true) -> Refusal? {
        guard !isNew || sessionCount < limits.maximumConnections else { return .serverFull }
        if let address {
            guard isExempt || connectionsByAddress[address, default: 0] < limits.maximumConnectionsPerAddress else {
                return .tooManyFromAddress
            }
            connectionsByAddress[address, default: 0] += 1
        }
        if isNew { sessionCount += 1 }
        return nil
    }

    /// The nickname is freed only if this session still owns it; its `CONNECTIONS` entry goes.
    mutating func release(_ session: ConnectionID, nicknameKey: String?, secret: String?) {
        if let nicknameKey { releaseNickname(nicknameKey, of: session) }
        if let secret { resumeSecrets[secret] = nil }
        connections[session] = nil
        sessionCount -= 1
    }

    mutating func claimNickname(_ key: String, for session: ConnectionID) -> Bool {
        if let owner = nicknames[key], owner != session { return false }
        nicknames[key] = session
        return true
    }

    mutating func releaseNickname(_ key: String, of session: ConnectionID) {
        if nicknames[key] == session { nicknames[key] = nil }
    }

    // MARK: Rooms

    /// What `ROOMS` costs by.
    var knownRoomCount: Int { rooms.count + remoteRooms.count }

    func listing() -> [RoomDescription] {
        var listed = rooms.values.map(\.description).filter { !$0.isPrivate }
        listed += remoteRooms.filter { rooms[$0.key] == nil }.map(\.value)
        return listed.sorted { (Room.key($0.name), $0.name) < (Room.key($1.name), $1.name) }
    }

    /// `daily` and private rooms left out.
    func publicRooms() -> [RoomDescription] {
        rooms.filter { !$0.value.description.isPrivate && $0.key != "daily" }.sorted { $0.key < $1.key }.map(\.value.description)
    }

    func facts(ofRoom key: String) -> RoomFacts {
        let host = rooms[key]?.shard
        return RoomFacts(host: host, remote: host == nil ? remoteRooms[key] : nil, roomCount: rooms.count)
    }

    /// The shard with the fewest rooms, placements counted (`preferred` on a
    /// tie).
    mutating func shardForNewRoom(preferring preferred: Int, now: Int) -> Int {
        guard shardCount > 1 else { return preferred }
        placements.removeAll { $0.expires <= now }
        var counts = [Int](repeating: 0, count: shardCount)
        for listing in rooms.values { counts[listing.shard] += 1 }
        for placement in placements { counts[placement.shard] += 1 }
        var best = preferred
        for shard in counts.indices where counts[shard] < counts[best] { best = shard }
        placements.append(Placement(shard: best, expires: now + ServerRegistry.placementMilliseconds))
        return best
    }

    /// A room placed there arrived: it counts as listed from now on.
    mutating func settlePlacement(on shard: Int) {
        if let settled = placements.firstIndex(where: { $0.shard == shard }) { placements.remove(at: settled) }
    }

    /// Lists a new room unless its name is taken or the room limit is reached;
    /// checked in the same step so concurrent `CREATE`s cannot both pass.
    mutating func register(_ description: RoomDescription, shard: Int, maximumRooms: Int) -> Registration {
        settlePlacement(on: shard)
        let key = Room.key(description.name)
        guard rooms[key] == nil else { return .nameTaken }
        guard ServerRegistry.hasRoom(forAnotherOf: rooms.count, maximumRooms: maximumRooms) else { return .full }
        rooms[key] = Listing(shard: shard, description: description)
        return .registered
    }

    // MARK: Guesses

    /// Nil when a guess from `address` may be checked now, else the ms to wait.
    mutating func guessWait(address: String, now: Int, fresh: JoinCodeGuard) -> Int? {
        var byAddress = guessesByAddress[address] ?? fresh
        defer { guessesByAddress[address] = byAddress }
        return byAddress.mayCheck(now: now) ? nil : byAddress.wait(now: now)
    }

    // MARK: Operator

    /// `change` is what the store has already. `readAt`: the `bansVersion` when
    /// the store was read, for a read of the whole list; a ban or unban made
    /// here since may have overtaken it, so it changes nothing then (the next
    /// read brings what it had). Returns whether it changed any.
    mutating func changeBans(readAt version: Int? = nil, _ change: (inout [String: BanInfo]) -> Void) -> Bool {
        if let version, version != bansVersion { return false }
        let old = bans
        change(&bans)
        // A ban or unban counts as a change even when this list had it already (or never had it).
        guard bans != old || version == nil else { return false }
        bansVersion += 1
        return true
    }

    /// The latest 16 are kept.
    mutating func announce(_ text: String) {
        lastNoticeNumber += 1
        notices.append(OperatorNotice(number: lastNoticeNumber, text: text))
        if notices.count > 16 { notices.removeFirst(notices.count - 16) }
    }

    /// Counts a report by `reporter` (a nickname key) of the nickname `reported` unless
    /// it passes `REPORT`'s limits (protocol.md 5.6).
    /// - Returns: the refusal, or nil when counted.
    mutating func admitReport(by reporter: String, of reported: String, at wall: Int, today: String) -> ProtocolError? {
        let window = ServerRegistry.reportsPerNickname
        let times = reportTimes[reporter, default: []].filter { wall - $0 < window.milliseconds }
        if times.count >= window.count, let oldest = times.first {
            let minutes = max(1, (oldest + window.milliseconds - wall + 59_999) / 60_000)
            reportTimes[reporter] = times
            return ProtocolError(
                .flood, "at most \(window.count) reports per \(window.milliseconds / 60_000) minutes; try again in \(minutes) min")
        }
        let pair = reporter + " " + Names.nicknameKey(reported)
        if reportedPairs[pair] == today {
            return ProtocolError(.flood, "you reported \(reported) today already: the operators have it")
        }
        // Forget what no longer limits anyone, so neither grows past a day's reports.
        reportedPairs = reportedPairs.filter { $0.value == today }
        reportTimes = reportTimes.filter { $0.value.last.map { wall - $0 < window.milliseconds } ?? false }
        reportedPairs[pair] = today
        reportTimes[reporter] = times + [wall]
        return nil
    }

    /// A nickname's reports, on top of each connection's (`RequestVerb.reportWindow`).
    static let reportsPerNickname = RequestWindow(count: 3, milliseconds: 600_000)

    mutating func setMuted(_ key: String, _ isMuted: Bool) -> Bool {
        isMuted ? mutedNicknames.insert(key).inserted : mutedNicknames.remove(key) != nil
    }

    /// The store's list, by target key.
    static func keyed(_ stored: [BanInfo]) -> [String: BanInfo] {
        Dictionary(stored.map { ($0.target.key, $0) }, uniquingKeysWith: { _, last in last })
    }
}

extension ServerRegistry {
    struct OperatorNotice: Hashable {
        var number: Int
        var text: String
    }

    struct NotedConnection: Hashable {
        var shard: Int
        /// Idle time as of `heardAt`.
        var info: ConnectionInfo
        /// Monotonic ms.
        var heardAt: Int
    }
}
