import Dispatch
import TileRaceProtocol

/// What the shards of one server share (each shard is a `ServerCore` on a
/// queue of its own, hosting some rooms): nicknames, the room directory
/// (which shard hosts which room, and each room's summary for `ROOMS`),
/// resume secrets, connection counts, the per-address guess guards, what
/// `INFO` counts, and the operator's bans, notices and kicks
/// (`ServerCore+Operator`). None of it changes per move (a shard adds its
/// moves once a second), so a core asks it only when a player connects,
/// greets, renames, enters or leaves a room, or a room changes state.
///
/// A core never calls it: it asks questions and tells changes as actions
/// (`ServerAction.askRegistry`, `.tellRegistry`) and gets the answers as
/// inputs (`ServerInput.registryAnswered`), as it does with the leaderboard;
/// its shard (`ServerShard`) carries them out here. The rules are `State`'s,
/// a value with no queue. Shared by several shards, the state is owned by the
/// registry's own serial queue: questions and changes go there
/// asynchronously and answers come back to the asking shard's queue, so no
/// shard ever waits for another. With one shard it has no queue: that shard's
/// queue owns it, and answers are given at once, with no queue hop.
package final class ServerRegistry: @unchecked Sendable {
    /// Where a resume secret leads.
    package struct ResumeTarget: Hashable, Sendable {
        /// The session it resumes.
        var session: ConnectionID
        /// The shard the session lives on.
        var shard: Int
    }

    /// Whether a server holding `roomCount` rooms (`daily` among them) may
    /// have one more under `maximumRooms` (which leaves `daily` out): the
    /// rule `CREATE` checks early and `register` checks again.
    static func hasRoom(forAnotherOf roomCount: Int, maximumRooms: Int) -> Bool {
        roomCount - 1 < maximumRooms
    }

    /// A room placed on `shard` by `shardForNewRoom`, until it is registered or `expires`.
    struct Placement {
        var shard: Int
        var expires: Int
    }

    /// How long a placed room counts for its shard without being registered.
    static let placementMilliseconds = 5000

    /// A room in the directory.
    struct Listing {
        /// The shard that hosts it.
        var shard: Int
        /// Its summary, as `ROOMS` shows it.
        var description: RoomDescription
    }

    /// Why a connection is refused.
    package enum Refusal: Hashable, Sendable {
        /// The server has its maximum of connections.
        case serverFull
        /// Its address has its maximum of connections.
        case tooManyFromAddress
    }

    /// What the registry knows of a room name (`RegistryQuestion.room`).
    package struct RoomFacts: Hashable, Sendable {
        /// The shard hosting a room of that name, if one does.
        var host: Int?
        /// Another server's public room of that name, when no shard here hosts one.
        var remote: RoomDescription?
        /// The rooms of every shard of this server.
        package var roomCount: Int
    }

    /// The shared facts, and the rules that answer questions and apply changes.
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
        /// Rooms by key (lower-case name); `daily` is on shard 0 from the start.
        var rooms: [String: Listing]
        /// Other servers' public rooms by key, from the shared room directory.
        var remoteRooms: [String: RoomDescription] = [:]
        /// Greeted sessions in all shards, away ones included (`INFO`'s players).
        var greetedCount = 0
        /// Moves played in all shards over the last minute (each shard adds its count once a second).
        var moveRate = MoveRate()
        /// The operator's bans, by `BanTarget.key`: what the store holds,
        /// as last read from it (at start, after each change made here, and
        /// every few seconds, for bans made by servers sharing the store).
        var bans: [String: BanInfo] = [:]
        /// Counts changes of `bans`: each shard closes its banned sessions once per change.
        var bansVersion = 0
        /// The operator's latest notices (`ANNOUNCE`), numbered from 1.
        var notices: [OperatorNotice] = []
        /// The number of the latest notice (0: none yet).
        var lastNoticeNumber = 0
        /// Sessions the operator kicked that live on another shard, with
        /// the `BYE` text: their shard closes them at its next sweep.
        var kicks: [ConnectionID: String] = [:]
        /// Every connection with several shards, and the shard listing it:
        /// added at connect, renamed at `HELLO` and `NICK`, gone at close,
        /// and each shard's refreshed at its sweep (room, idle time), for
        /// `CONNECTIONS` asked on another shard.
        var connections: [ConnectionID: NotedConnection] = [:]

        /// Nickname keys (lower case) an operator muted: their `SAY` is
        /// refused (`ERR muted`) on every shard, until unmuted or the server stops.
        var mutedNicknames: Set<String> = []
        /// Rooms placed on a shard (`shardForNewRoom`) and not yet
        /// registered there, oldest first: counted as that shard's, so a
        /// burst of `CREATE`s asked before any is registered spreads over
        /// the shards instead of all going to the one that was emptiest.
        /// Each `register` from the shard settles its oldest one; one whose
        /// `CREATE` never got there (the session left on the way, the name
        /// was taken meanwhile) is forgotten after `placementMilliseconds`.
        var placements: [Placement] = []
        /// How many shards share it.
        let shardCount: Int

        init(shardCount: Int) {
            self.shardCount = shardCount
            let daily = Room.daily()
            rooms = [daily.key: Listing(shard: 0, description: daily.description)]
        }

        /// Answers a question, claiming what it claims.
        mutating func answer(_ question: RegistryQuestion) -> RegistryAnswer {
            switch question {
            case .admit(let address, let isExempt, let maximumConnections, let maximumPerAddress):
                guard sessionCount < maximumConnections else { return .admission(.serverFull) }
                guard isExempt || connectionsByAddress[address, default: 0] < maximumPerAddress else {
                    return .admission(.tooManyFromAddress)
                }
                sessionCount += 1
                connectionsByAddress[address, default: 0] += 1
                return .admission(nil)
            case .claimNickname(let key, let session):
                if let owner = nicknames[key], owner != session { return .claimed(false) }
                nicknames[key] = session
                return .claimed(true)
            case .nicknameOwner(let key):
                return .nicknameOwner(nicknames[key])
            case .listing:
                var listed = rooms.values.map(\.description).filter { !$0.isPrivate }
                listed += remoteRooms.filter { rooms[$0.key] == nil }.map(\.value)
                listed.sort { (Room.key($0.name), $0.name) < (Room.key($1.name), $1.name) }
                return .listing(listed, known: rooms.count + remoteRooms.count)
            case .publicRooms:
                let published = rooms.filter { !$0.value.description.isPrivate && $0.key != "daily" }.sorted { $0.key < $1.key }
                return .publicRooms(published.map(\.value.description))
            case .room(let key):
                let host = rooms[key]?.shard
                return .room(RoomFacts(host: host, remote: host == nil ? remoteRooms[key] : nil, roomCount: rooms.count))
            case .shardForNewRoom(let preferred, let now):
                guard shardCount > 1 else { return .shard(preferred) }
                placements.removeAll { $0.expires <= now }
                var counts = [Int](repeating: 0, count: shardCount)
                for listing in rooms.values { counts[listing.shard] += 1 }
                for placement in placements { counts[placement.shard] += 1 }
                var best = preferred
                for shard in counts.indices where counts[shard] < counts[best] { best = shard }
                placements.append(Placement(shard: best, expires: now + ServerRegistry.placementMilliseconds))
                return .shard(best)
            case .register(let description, let shard, let maximumRooms):
                if let settled = placements.firstIndex(where: { $0.shard == shard }) { placements.remove(at: settled) }
                let key = Room.key(description.name)
                guard rooms[key] == nil else { return .registered(.nameTaken) }
                guard ServerRegistry.hasRoom(forAnotherOf: rooms.count, maximumRooms: maximumRooms) else {
                    return .registered(.full)
                }
                rooms[key] = Listing(shard: shard, description: description)
                return .registered(.registered)
            case .resumeTarget(let secret):
                return .resumeTarget(resumeSecrets[secret])
            case .info(let second):
                let races = rooms.values.filter { $0.description.state == .racing }.count
                return .info(players: greetedCount, rooms: rooms.count, races: races, movesInLastMinute: moveRate.total(atSecond: second))
            case .checkGuess(let address, let now, let fresh):
                var byAddress = guessesByAddress[address] ?? fresh
                defer { guessesByAddress[address] = byAddress }
                return .guessWait(byAddress.mayCheck(now: now) ? nil : byAddress.wait(now: now))
            case .ban(let targets, let wall):
                for target in targets {
                    if let ban = bans[target.key], ban.isActive(at: wall) { return .ban(ban) }
                }
                return .ban(nil)
            case .moderation(_, let sessions):
                var taken: [ConnectionID: String] = [:]
                for id in sessions {
                    if let bye = kicks.removeValue(forKey: id) { taken[id] = bye }
                }
                return .moderation(news(kicks: taken))
            case .announce(let text):
                lastNoticeNumber += 1
                notices.append(OperatorNotice(number: lastNoticeNumber, text: text))
                if notices.count > 16 { notices.removeFirst(notices.count - 16) }
                return .moderation(news(kicks: [:]))
            case .connections(let exceptShard):
                return .connections(connections.values.filter { $0.shard != exceptShard })
            case .isMuted(let key):
                return .muted(mutedNicknames.contains(key))
            }
        }

        /// Applies a change.
        mutating func apply(_ change: RegistryChange) {
            switch change {
            case .releaseSession(let session, let nicknameKey, let secret):
                if let nicknameKey, nicknames[nicknameKey] == session { nicknames[nicknameKey] = nil }
                if let secret { resumeSecrets[secret] = nil }
                sessionCount -= 1
            case .releaseNickname(let key, let session):
                if nicknames[key] == session { nicknames[key] = nil }
            case .connectionClosed(let address):
                let remaining = connectionsByAddress[address, default: 1] - 1
                connectionsByAddress[address] = remaining > 0 ? remaining : nil
            case .describe(let description):
                rooms[Room.key(description.name)]?.description = description
            case .removeRoom(let key):
                rooms[key] = nil
            case .addRoom(let description, let shard):
                rooms[Room.key(description.name)] = Listing(shard: shard, description: description)
            case .setResumeSecret(let secret, let target, let old):
                if let old { resumeSecrets[old] = nil }
                resumeSecrets[secret] = target
            case .moveResumeSecret(let secret, let shard):
                resumeSecrets[secret]?.shard = shard
            case .remoteRooms(let byKey):
                remoteRooms = byKey
            case .wrongGuess(let address, let now, let fresh):
                var byAddress = guessesByAddress[address] ?? fresh
                byAddress.recordFailure(now: now)
                guessesByAddress[address] = byAddress
            case .forgetGuesses(let now):
                guessesByAddress = guessesByAddress.filter { !$0.value.isForgettable(now: now) }
            case .greeted:
                greetedCount += 1
            case .ungreeted:
                greetedCount -= 1
            case .moves(let count, let second):
                moveRate.add(count, atSecond: second)
            case .reset:
                self = State(shardCount: shardCount)
            case .changeBans(let change):
                let old = bans
                change.apply(to: &bans)
                if bans != old { bansVersion += 1 }
            case .kick(let id, let bye):
                kicks[id] = bye
            case .noteConnection(let id, let noted):
                connections[id] = noted
            case .forgetConnection(let id):
                connections[id] = nil
            case .shardConnections(let shard, let noted):
                connections = connections.filter { $0.value.shard != shard }.merging(noted) { _, new in new }
            case .setMuted(let key, let isMuted):
                if isMuted { mutedNicknames.insert(key) } else { mutedNicknames.remove(key) }
            }
        }

        /// What the operator's requests left for the shards to carry out.
        private func news(kicks: [ConnectionID: String]) -> ModerationNews {
            ModerationNews(bans: bans, bansVersion: bansVersion, notices: notices, kicks: kicks)
        }
    }

    /// How many shards share it.
    let shardCount: Int
    /// The queue that owns the state when shards share it; nil for one shard.
    let queue: DispatchQueue?
    private var state: State

    /// A registry for `shardCount` shards.
    package init(shardCount: Int = 1) {
        self.shardCount = max(1, shardCount)
        queue = self.shardCount > 1 ? DispatchQueue(label: "tilerace.server.registry") : nil
        state = State(shardCount: self.shardCount)
    }

    /// Answers a question now: at once with no queue (call it on the one
    /// shard's queue), else waiting for the registry's queue (tests).
    package func answerNow(_ question: RegistryQuestion) -> RegistryAnswer {
        sync { $0.answer(question) }
    }

    /// Answers a question on the registry's queue and hands the answer to
    /// `reply` there (which hops to the asker's queue); with no queue, at once.
    package func answer(_ question: RegistryQuestion, reply: @escaping @Sendable (RegistryAnswer) -> Void) {
        guard let queue else { return reply(state.answer(question)) }
        queue.async {
            let answer = self.state.answer(question)
            reply(answer)
        }
    }

    /// Applies a change: on the registry's queue, after what was asked or
    /// told before; with no queue, at once.
    package func apply(_ change: RegistryChange) {
        guard let queue else { return state.apply(change) }
        queue.async { self.state.apply(change) }
    }

    /// Runs `body` with the state (waiting for the registry's queue, when it
    /// has one), and returns what it returns: for tests and inspection.
    func sync<Result>(_ body: (inout State) -> Result) -> Result {
        guard let queue else { return body(&state) }
        dispatchPrecondition(condition: .notOnQueue(queue))
        return queue.sync { body(&state) }
    }

    /// Mutes a nickname on this server (every shard), or unmutes it: while
    /// muted, its `SAY` is refused with `ERR muted` (it knows it is muted;
    /// nothing it says is sent). The mute is by nickname, without regard to
    /// case, holds across reconnects, and lasts until unmuted or the server
    /// stops (it is not written to disk). For the operator's `mute NICK`;
    /// call it off the registry's queue (and, with one shard, on that
    /// shard's queue, which owns the state).
    /// - Returns: whether this changed anything.
    @discardableResult
    package func setMuted(_ nickname: String, _ isMuted: Bool) -> Bool {
        let key = Names.nicknameKey(nickname)
        return sync { state in
            guard state.mutedNicknames.contains(key) != isMuted else { return false }
            state.apply(.setMuted(key: key, isMuted))
            return true
        }
    }

    /// The nicknames muted on this server (their keys, lower case), sorted.
    package var mutedNicknames: [String] {
        sync { $0.mutedNicknames.sorted() }
    }

    /// The shard hosting the room with this key (tests).
    func shard(hostingRoom key: String) -> Int? {
        sync { $0.rooms[key]?.shard }
    }
}
