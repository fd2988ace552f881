import TileRaceProtocol

/// The requests as data: verb, what it needs, its usage for `HELP`, and its
/// handler. Adding a request means adding a row here and a handler method.
enum CommandTable {
    /// One request.
    struct Command: Sendable {
        /// The verb, upper case.
        let verb: String
        /// The usage shown by `HELP`.
        let usage: String
        /// What it does, shown by `HELP`.
        let summary: String
        /// Conditions checked in order before the handler runs.
        let requirements: [Requirement]
        /// Carries the parsed request out; throws to reply `ERR`.
        let handler: @Sendable (ServerCore, Session, ClientMessage) throws(ProtocolError) -> Void
    }

    /// Every request, in the order `HELP` lists them.
    static let commands: [Command] = [
        Command(verb: "HELLO", usage: "HELLO tilerace 1 [nick]", summary: "introduce yourself",
                requirements: [.notGreeted]) { core, session, message throws(ProtocolError) in
            if case .hello(let nick) = message { try core.hello(session, nick: nick) }
        },
        Command(verb: "NICK", usage: "NICK <nick>", summary: "set your nickname",
                requirements: [.greeted, .free]) { core, session, message throws(ProtocolError) in
            if case .nick(let nick) = message { try core.nick(session, nick) }
        },
        Command(verb: "PING", usage: "PING [token]", summary: "check the server answers (PONG)",
                requirements: []) { core, session, message throws(ProtocolError) in
            if case .ping(let token) = message { core.ping(session, token: token) }
        },
        Command(verb: "QUIT", usage: "QUIT", summary: "say goodbye and disconnect",
                requirements: []) { core, session, _ throws(ProtocolError) in core.quit(session) },
        Command(verb: "HELP", usage: "HELP", summary: "list the requests",
                requirements: []) { core, session, _ throws(ProtocolError) in core.help(session) },
        Command(verb: "ROOMS", usage: "ROOMS", summary: "list the public rooms",
                requirements: [.greeted]) { core, session, _ throws(ProtocolError) in core.listRooms(session) },
        Command(verb: "CREATE", usage: "CREATE <room> [size=4] [target=2048] [assists=no] [limit=0] [code=<code>]",
                summary: "create a room and join it", requirements: [.greeted, .named, .free]) { core, session, message throws(ProtocolError) in
            if case .create(let room, let options) = message { try core.create(session, room: room, options: options) }
        },
        Command(verb: "JOIN", usage: "JOIN <room> [code=<code>]", summary: "join a room as a player",
                requirements: [.greeted, .named, .free]) { core, session, message throws(ProtocolError) in
            if case .join(let room, let code) = message { try core.join(session, room: room, code: code) }
        },
        Command(verb: "WATCH", usage: "WATCH <room> [code=<code>]", summary: "watch a room",
                requirements: [.greeted, .free]) { core, session, message throws(ProtocolError) in
            if case .watch(let room, let code) = message { try core.watch(session, room: room, code: code) }
        },
        Command(verb: "WHO", usage: "WHO", summary: "list the people in your room",
                requirements: [.greeted, .member]) { core, session, _ throws(ProtocolError) in core.who(session) },
        Command(verb: "READY", usage: "READY [yes|no]", summary: "mark yourself ready to race (or not)",
                requirements: [.greeted, .player, .roomNotRacing]) { core, session, message throws(ProtocolError) in
            if case .ready(let isReady) = message { core.ready(session, isReady) }
        },
        Command(verb: "LEAVE", usage: "LEAVE", summary: "leave your room",
                requirements: [.greeted, .member]) { core, session, _ throws(ProtocolError) in core.leave(session) },
        Command(verb: "MOVE", usage: "MOVE <seq> <log>", summary: "play entries (L R U D, Z undo, X<row><col> remove)",
                requirements: [.greeted, .racing]) { core, session, message throws(ProtocolError) in
            if case .move(let seq, let entries) = message { try core.move(session, seq: seq, entries: entries) }
        },
        Command(verb: "RESTART", usage: "RESTART", summary: "start your game again from the same seed",
                requirements: [.greeted, .racing]) { core, session, _ throws(ProtocolError) in core.restart(session) },
        Command(verb: "RESIGN", usage: "RESIGN", summary: "finish your game now",
                requirements: [.greeted, .racing]) { core, session, _ throws(ProtocolError) in core.resign(session) },
        Command(verb: "SUBMIT", usage: "SUBMIT <nick> [token=<token>]", summary: "put your last finished game on the leaderboard",
                requirements: [.greeted]) { core, session, message throws(ProtocolError) in
            if case .submit(let nick, let token) = message { try core.submit(session, nick: nick, token: token) }
        },
        Command(verb: "TOP", usage: "TOP [board=all|daily] [date=YYYY-MM-DD] [sort=rank|nick|score] [order=asc|desc] [offset=0] [limit=20]",
                summary: "read a leaderboard", requirements: [.greeted]) { core, session, message throws(ProtocolError) in
            if case .top(let query) = message { core.top(session, query) }
        },
        Command(verb: "PRACTICE", usage: "PRACTICE [seed=<seed>] [size=4] [target=2048]", summary: "start a solo game",
                requirements: [.greeted, .free]) { core, session, message throws(ProtocolError) in
            if case .practice(let options) = message { try core.practice(session, options) }
        },
    ]

    /// The commands by verb.
    static let byVerb: [String: Command] = Dictionary(uniqueKeysWithValues: commands.map { ($0.verb, $0) })
}
