import TileRaceProtocol

/// What to ask the server next, once connected and named.
enum NetworkGoal: Hashable, Sendable {
    case openLobby
    case joinRoom(String, code: String?)
    case watchRoom(String, code: String?)
    case createRoom(RoomRequest)
    case joinDaily
    /// An arena another server hosts (`ERR moved`), joined once there.
    case joinArena(ArenaInfo)
    /// The connection dropped while queued, and the server forgot the place.
    case quickRace
}

/// The client's side of the conversation with the server.
struct NetworkState: Hashable, Sendable {
    /// The server to connect to; nil when playing offline.
    var endpoint: ServerEndpoint?
    /// Where to go back to when the server `ERR moved` sent us to is gone.
    var homeEndpoint: ServerEndpoint?
    /// The unreachable server we left for `homeEndpoint`, until greeted there.
    var returnedHomeFrom: ServerEndpoint?
    var nickname: String?
    /// Beyond protocol version 1 (a `RESYNC` request).
    var serverFeatures: Set<ServerFeature> = []
    var takenNickname: String?
    /// From `--room`, a reconnect, or a choice made during the nickname prompt.
    var goal: NetworkGoal?
    /// From `--room` or the room lost on a drop; created when missing, code asked for when private.
    var autoRoom: RoomRequest?
    var hasTriedCreatingAutoRoom = false
    /// While rejoining after a drop: a refusal then means the room is gone, not private.
    var rejoiningRoom: String?
    /// Stops a loop of servers pointing at each other at three.
    var movesFollowed = 0
    /// The first greeting does `--room`.
    var hasConnected = false
    /// From `OK HELLO session=`; kept in memory only.
    var resumeSecret: String?
    var resuming: ResumeAttempt?
    /// From a resumed `OK HELLO` until `RESYNC` (or the next event outside a game).
    var isCatchingUp = false
    /// After a resume while not racing: the catch-up `START` is watched, even if it names us, unless our `RESYNC` follows.
    var isCatchingUpOutsideRace = false
    /// That `START` if it names us: a `RESYNC` next means it is ours (its `START` was lost with the connection).
    var catchUpStart: RaceStart?
    /// `RESTART`, `RESIGN`, `PRACTICE`, `LEAVE` unanswered: replies to earlier `MOVE`s are not compared.
    var gameChangesAwaitingReply = 0
    /// After `QUIT`, the connection's end is expected, not a loss to recover from.
    var isQuitting = false

    /// This connection's, else `--nick`, else the last one used.
    func preferredNickname(options: ClientOptions, config: ClientConfig) -> String? { nickname ?? options.nickname ?? config.lastNickname }
}

/// Why the nickname prompt is shown, and what follows it.
struct NicknamePrompt: Hashable, Sendable {
    var field: TextField
    var message: String?
    var isChecking = false
    var goal: NetworkGoal
}

/// The connection failed or was lost: what to tell the player.
struct ConnectionProblem: Hashable, Sendable {
    var message: String
    /// "Keep playing offline" then keeps the board.
    var wasRacing: Bool
}
