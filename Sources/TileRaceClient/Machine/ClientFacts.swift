import TileRaceEngine
import TileRaceProtocol

/// What a client believes, read off its model, for the simulator to compare with the server.
package struct ClientFacts: Sendable {
    package struct Play: Hashable, Sendable {
        /// Else practice or the offline daily.
        package var isRace: Bool
        package var room: String?
        /// A race, or a mirrored practice game.
        package var sendsEntries: Bool
        package var sequence: Int
        package var unacknowledgedCount: Int
        package var game: Game
        /// `won`, `noMoves`, `timeUp` or `resigned`, once ended.
        package var endOutcome: String?
        /// Paused, "keep going?", a question, Ctrl-Z: the server's copy must stand still too.
        package var isClockHeld: Bool
        /// Arrows move the remove-tile cursor, not the tiles.
        package var isRemovingTile = false
    }

    package var nickname: String?
    package var isConnected: Bool
    package var isResuming: Bool
    package var isCatchingUp: Bool
    package var gameChangesAwaitingReply: Int
    /// Requests sent and not answered yet (`ClientMachine` sets it).
    package var pendingRequestCount = 0
    /// `menu`, `game`, `leaderboard`, `colours`, `lobby`, `room`, `spectate`, `watch` or `statistics`.
    package var screen: String
    /// `help`, `confirm`, `nickname`, `connectionProblem` or `botStrength`.
    package var overlay: String?
    /// `isRacing`: a race is under way, ours or not; `ready`: the players shown ready.
    package var room: (name: String, isWatching: Bool, isRacing: Bool, isCountingDown: Bool, ready: [String])?
    package var race: (room: String, isOver: Bool)?
    package var play: Play?
    /// While the chat input is open.
    package var chatInputLength: Int?
    /// While open: the focused field (`name`, `size`, ..., `create`), the name's length, rated or not.
    package var createRoomForm: (field: String, nameLength: Int, isRated: Bool)?
    /// In order: name, rated, players, racing.
    package var lobbyRooms: [(name: String, isRated: Bool, players: Int, isRacing: Bool)] = []
    /// An index of `lobbyRooms`.
    package var lobbySelection = 0
    package var isRoomRated = false
    package var isReady = false

    init(_ model: Model) {
        nickname = model.network.nickname
        isConnected = model.connection.isConnected
        isResuming = model.network.resuming != nil
        isCatchingUp = model.network.isCatchingUp
        gameChangesAwaitingReply = model.network.gameChangesAwaitingReply
        // The case's name, without its payload (`quickRace` as `quick-race`).
        let screenName = Mirror(reflecting: model.screen).children.first?.label ?? "\(model.screen)"
        screen = screenName == "quickRace" ? "quick-race" : screenName
        overlay = model.overlay.map { String("\($0)".prefix { $0 != "(" }) }
        let isRaceShown = model.race.map { !$0.isOver } ?? false
        room = model.room.map { room in
            let ready = room.players.filter(\.isReady).map(\.nickname)
            return (room.name, room.isWatching, room.isRaceUnderWay || isRaceShown, room.countdownEndsAt != nil, ready)
        }
        race = model.race.map { ($0.room, $0.isOver) }
        chatInputLength = model.chat.input.map { $0.text.unicodeScalars.count }
        lobbyRooms = (model.lobby?.rooms ?? []).map { ($0.name, $0.isRated, $0.playerCount, $0.state == .racing) }
        lobbySelection = model.lobby?.selection ?? 0
        isRoomRated = model.room?.options.isRated ?? false
        isReady = model.room?.isReady ?? false
        if let form = model.lobby?.form {
            createRoomForm = ("\(form.focus)", form.name.text.unicodeScalars.count, form.isRated)
        }
        play = model.session.map { session in
            var room: String?
            if case .race(let name) = session.mode { room = name }
            return Play(
                isRace: session.isRace, room: room, sendsEntries: session.sendsEntries, sequence: session.sequence,
                unacknowledgedCount: session.unacknowledged.count, game: session.game,
                endOutcome: session.end.map { "\($0.outcome)" }, isClockHeld: Update.isPracticeClockHeld(model),
                isRemovingTile: session.removalCursor != nil)
        }
    }
}
