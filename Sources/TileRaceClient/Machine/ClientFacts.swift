import TileRaceEngine
import TileRaceProtocol

/// What a client believes about itself and the server, read off its model:
/// what the deterministic simulator compares with the server's state.
package struct ClientFacts: Sendable {
    /// A game on the client's screen.
    package struct Play: Hashable, Sendable {
        /// Whether it is a race (else practice or the offline daily).
        package var isRace: Bool
        package var room: String?
        /// Whether its entries go to the server (a race, or a mirrored practice game).
        package var sendsEntries: Bool
        /// The number of the last entry sent.
        package var sequence: Int
        /// Entries sent and not acknowledged yet.
        package var unacknowledgedCount: Int
        package var game: Game
        /// How the end-of-game dialog says it ended, once it did: `won`,
        /// `noMoves`, `timeUp` or `resigned`.
        package var endOutcome: String?
        /// Whether a practice game's clock stands still for the player
        /// (paused, "keep going?", a question over it, Ctrl-Z): the server's
        /// copy must stand still too.
        package var isClockHeld: Bool
    }

    /// The nickname the server accepted for this connection.
    package var nickname: String?
    /// Whether requests can be sent.
    package var isConnected: Bool
    /// Whether it is reconnecting by itself to take a dropped seat back.
    package var isResuming: Bool
    /// Whether it waits for the server's catch-up after resuming.
    package var isCatchingUp: Bool
    /// Requests that end or replace a game, not answered yet.
    package var gameChangesAwaitingReply: Int
    /// The screen shown: `menu`, `game`, `leaderboard`, `colours`, `lobby`,
    /// `room`, `spectate`, `watch` or `statistics`.
    package var screen: String
    /// The overlay shown, if any: `help`, `confirm`, `nickname`,
    /// `connectionProblem` or `botStrength`.
    package var overlay: String?
    /// The room it is in, and whether as a watcher.
    package var room: (name: String, isWatching: Bool)?
    /// The race on screen, by room, and whether it is over.
    package var race: (room: String, isOver: Bool)?
    package var play: Play?
    package var notice: String?
    /// The characters typed in the chat's input line, while it is open.
    package var chatInputLength: Int?
    /// The lobby's create-room form, while it is open: the field with the
    /// cursor (`name`, `size`, `target`, `assists`, `timeLimit`, `code`,
    /// `rated`, `create`), the characters of the room's name, and whether
    /// the room is to be rated.
    package var createRoomForm: (field: String, nameLength: Int, isRated: Bool)?
    /// The rooms the lobby lists, in order: name, whether rated, players.
    package var lobbyRooms: [(name: String, isRated: Bool, players: Int)] = []
    /// The lobby's selected room (an index of `lobbyRooms`).
    package var lobbySelection = 0
    package var isRoomRated = false
    package var isReady = false

    init(_ model: Model) {
        nickname = model.network.nickname
        isConnected = model.connection.isConnected
        isResuming = model.network.resuming != nil
        isCatchingUp = model.network.isCatchingUp
        gameChangesAwaitingReply = model.network.gameChangesAwaitingReply
        screen = ClientFacts.name(of: model.screen)
        overlay = model.overlay.map(ClientFacts.name(of:))
        room = model.room.map { ($0.name, $0.isWatching) }
        race = model.race.map { ($0.room, $0.isOver) }
        notice = model.notice?.text
        chatInputLength = model.chat.input.map { $0.text.unicodeScalars.count }
        lobbyRooms = model.lobby.rooms.map { ($0.name, $0.isRated, $0.playerCount) }
        lobbySelection = model.lobby.selection
        isRoomRated = model.room?.options.isRated ?? false
        isReady = model.room?.isReady ?? false
        if model.screen == .lobby, let form = model.lobby.form {
            createRoomForm = ("\(form.focus)", form.name.text.unicodeScalars.count, form.isRated)
        }
        play = model.session.map { session in
            var room: String?
            if case .race(let name) = session.mode { room = name }
            return Play(
                isRace: session.isRace, room: room, sendsEntries: session.sendsEntries, sequence: session.sequence,
                unacknowledgedCount: session.unacknowledged.count, game: session.game,
                endOutcome: session.end.map { ClientFacts.name(of: $0.outcome) }, isClockHeld: Update.isPracticeClockHeld(model))
        }
    }

    private static func name(of screen: Screen) -> String {
        switch screen {
        case .menu: "menu"
        case .game: "game"
        case .leaderboard: "leaderboard"
        case .colours: "colours"
        case .lobby: "lobby"
        case .room: "room"
        case .spectate: "spectate"
        case .watch: "watch"
        case .statistics: "statistics"
        case .quickRace: "quick-race"
        }
    }

    private static func name(of outcome: EndOfGame.Outcome) -> String {
        switch outcome {
        case .won: "won"
        case .noMoves: "noMoves"
        case .timeUp: "timeUp"
        case .resigned: "resigned"
        case .lostToGhost: "lostToGhost"
        }
    }

    private static func name(of overlay: Overlay) -> String {
        switch overlay {
        case .help: "help"
        case .confirm: "confirm"
        case .nickname: "nickname"
        case .connectionProblem: "connectionProblem"
        case .botStrength: "botStrength"
        }
    }
}
