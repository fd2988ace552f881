import TileRaceProtocol

/// The operator's part of the registry (`ServerCore+Operator`): bans in
/// force, notices, kicks of sessions on other shards, and every shard's
/// connections for `CONNECTIONS`.
extension ServerRegistry {
    /// One of the operator's notices (`ANNOUNCE`), numbered from 1.
    package struct OperatorNotice: Hashable, Sendable {
        /// Its number: later notices have larger ones.
        var number: Int
        /// What the operator said.
        var text: String
    }

    /// A connection as its shard noted it, for `CONNECTIONS` asked on another shard.
    package struct NotedConnection: Hashable, Sendable {
        /// The shard it lives on.
        var shard: Int
        /// What `CONNECTIONS` says of it (its idle time as of `heardAt`).
        var info: ConnectionInfo
        /// When it last sent a line (monotonic milliseconds).
        var heardAt: Int
    }

    /// What the operator's requests left for a shard to carry out
    /// (`RegistryQuestion.moderation`, `.announce`).
    package struct ModerationNews: Hashable, Sendable {
        /// The bans in force, by `BanTarget.key`.
        var bans: [String: BanInfo]
        /// Counts changes of `bans`: a shard closes its banned sessions once per change.
        var bansVersion: Int
        /// The latest notices, oldest first.
        var notices: [OperatorNotice]
        /// The shard's sessions the operator kicked from another shard, with the `BYE` text.
        var kicks: [ConnectionID: String]

        /// The number of the latest notice (0: none yet).
        var lastNoticeNumber: Int { notices.last?.number ?? 0 }
    }

    /// A change of the bans in force (the store has it already).
    package enum BanChange: Hashable, Sendable {
        /// A ban is made or replaced.
        case ban(BanInfo)
        /// The ban of a target is lifted.
        case lift(BanTarget)
        /// The bans read from the store replace those known.
        case replaceAll([BanInfo])

        /// Applies the change to bans by `BanTarget.key`.
        func apply(to bans: inout [String: BanInfo]) {
            switch self {
            case .ban(let ban): bans[ban.target.key] = ban
            case .lift(let target): bans[target.key] = nil
            case .replaceAll(let stored):
                bans = Dictionary(stored.map { ($0.target.key, $0) }, uniquingKeysWith: { _, last in last })
            }
        }
    }
}
