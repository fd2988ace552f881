import TileRaceProtocol

/// What the client wants from the server next, once it has what that needs
/// (a connection, a nickname).
enum NetworkGoal: Hashable, Sendable {
    case openLobby
    /// Join a room as a player (with its code when private).
    case joinRoom(String, code: String?)
    case watchRoom(String, code: String?)
    case createRoom(RoomRequest)
    /// Join the `daily` room to race the daily challenge.
    case joinDaily
    /// Wait in the quick race queue again: the connection dropped while
    /// waiting, and the server forgot the queue's place.
    case quickRace
}

/// The client's side of the conversation with the server: where it is, who
/// we are there, and what waits to be done.
struct NetworkState: Hashable, Sendable {
    /// The server to connect to; nil when playing offline.
    var endpoint: ServerEndpoint?
    /// The server this run started with: where to go back to when the one a
    /// room moved us to (`ERR moved`) is gone.
    var homeEndpoint: ServerEndpoint?
    /// The server we could not reach and left for `homeEndpoint`, until we are greeted there.
    var returnedHomeFrom: ServerEndpoint?
    /// The nickname the server accepted for this connection.
    var nickname: String?
    /// What the server's greeting offers beyond the first version of the
    /// protocol (a `RESYNC` request).
    var serverFeatures: Set<ServerFeature> = []
    /// A nickname the server said is in use by someone else.
    var takenNickname: String?
    /// What to do once connected and named (from `--room`, a reconnect, or a
    /// choice made while the nickname was asked).
    var goal: NetworkGoal?
    /// The room to go into whatever it takes: the one `--room` names (with
    /// default options), or the one we were in when the connection dropped.
    /// Created with these options when missing; its code asked for when private.
    var autoRoom: RoomRequest?
    /// Whether `CREATE` was tried for `autoRoom` after `JOIN` found nothing.
    var hasTriedCreatingAutoRoom = false
    /// The room we were in when the connection dropped, while going back into
    /// it: a refusal then means the room is gone (the server restarted), not
    /// that it is private.
    var rejoiningRoom: String?
    /// `ERR moved` followed since the last room entered (a loop of servers
    /// pointing at each other stops at three).
    var movesFollowed = 0
    /// Whether the connection was ever made (the first greeting does `--room`).
    var hasConnected = false
    /// The secret that takes this connection's seat back if it drops (from
    /// `OK HELLO session=`); kept in memory only.
    var resumeSecret: String?
    /// Set while reconnecting by itself to take a dropped connection's seat back.
    var resuming: ResumeAttempt?
    /// Set from a resumed `OK HELLO` until the server's `RESYNC` (or, outside
    /// a game, the next event): the catch-up events describe what we have.
    var isCatchingUp = false
    /// Set from a resumed `OK HELLO` in a room that races, when we were not
    /// racing, until the catch-up's `START`: that race is watched from the
    /// room, even if it names our nickname (an earlier seat of ours that left
    /// it), unless our `RESYNC` follows.
    var isCatchingUpOutsideRace = false
    /// That `START` when it names our nickname, until the next event: a
    /// `RESYNC` then says the race is ours after all (it started while our
    /// connection was failing, its `START` lost with it).
    var catchUpStart: RaceStart?
    /// Requests sent that end or replace a game (`RESTART`, `RESIGN`,
    /// `PRACTICE`, `LEAVE`) not answered yet: replies to `MOVE` lines before
    /// them are about the earlier game and are not compared.
    var gameChangesAwaitingReply = 0
    /// Set once the player quit while connected: `QUIT` went out and the
    /// runtime waits briefly for the server's goodbye, so the end of the
    /// connection that follows is expected, not a loss to recover from.
    var isQuitting = false

    /// The nickname to offer: the one this connection has, else `--nick`, else the last one used.
    func preferredNickname(options: ClientOptions, config: ClientConfig) -> String? {
        nickname ?? options.nickname ?? config.lastNickname
    }
}

/// Why the nickname prompt is shown, and what follows it.
struct NicknamePrompt: Hashable, Sendable {
    var field: TextField
    /// Why it is asked, e.g. that the last one is in use.
    var message: String?
    /// Whether `NICK` was sent and the answer is awaited.
    var isChecking = false
    /// What to do once the server accepts it.
    var goal: NetworkGoal
}

/// The connection failed or was lost: what to tell the player.
struct ConnectionProblem: Hashable, Sendable {
    /// What happened, in one line (already filtered).
    var message: String
    /// Whether a race was under way: "keep playing offline" then keeps the board.
    var wasRacing: Bool
}
