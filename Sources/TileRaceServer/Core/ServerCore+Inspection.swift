import TileRaceEngine
import TileRaceProtocol

/// What a core's state looks like from outside, for the deterministic
/// simulator's invariants and for tests: read-only copies, never handles.
extension ServerCore {
    package struct SessionView: Hashable, Sendable {
        package var id: ConnectionID
        /// Nil while away.
        package var connection: ConnectionID?
        package var nickname: String?
        package var room: String?
        package var game: GameView?
        package var isGreeted = false

        package var isAway: Bool { connection == nil }
    }

    package struct GameView: Hashable, Sendable {
        /// Else a practice game.
        package var isRace: Bool
        package var lastSeq: Int
        package var game: Game
        package var finish: FinishReason?
        package var isClockPaused = false
    }

    package struct RaceView: Hashable, Sendable {
        package var room: String
        package var id: Int
        package var startedAt: Int
        package var racers: [RacerView]
    }

    package struct RacerView: Hashable, Sendable {
        package var nickname: String
        package var finish: FinishReason?
    }

    package struct RoomView: Hashable, Sendable {
        package var name: String
        package var state: RoomState
        /// The ready players' nicknames, in join order.
        package var ready: [String]
        /// A rated race ended here, and its results wait for the store's ratings: its members hear of it later.
        package var awaitsRatings: Bool
    }

    /// Away sessions included.
    package var sessionViews: [SessionView] {
        sessions.sortedIDs.compactMap { sessions[$0].map(view(of:)) }
    }

    /// `daily` included.
    package var roomCount: Int { rooms.count }

    /// Neither `daily` nor quick races (the queue may pass the room limit).
    package var createdRoomCount: Int {
        rooms.values.count { !$0.isDaily && !$0.key.hasPrefix(ServerCore.quickRoomPrefix) }
    }

    package func sessionView(on connection: ConnectionID) -> SessionView? {
        session(on: connection).map(view(of:))
    }

    private func view(of session: Session) -> SessionView {
        let room = self.room(of: session)
        var game: GameView?
        if let practice = session.practice {
            game = GameView(
                isRace: false, lastSeq: practice.lastSeq, game: practice.game, finish: nil, isClockPaused: practice.pausedAt != nil)
        } else if let racer = room?.race?.racer(session.id) {
            game = GameView(isRace: true, lastSeq: racer.liveGame.lastSeq, game: racer.liveGame.game, finish: racer.finish?.reason)
        }
        return SessionView(
            id: session.id, connection: session.connection, nickname: session.nickname, room: room?.name, game: game,
            isGreeted: session.isGreeted)
    }

    package func roomView(named name: String) -> RoomView? {
        guard let room = rooms[Room.key(name)] else { return nil }
        return RoomView(
            name: room.name, state: room.state,
            ready: room.players.filter(room.ready.contains).compactMap { sessions[$0]?.nickname },
            awaitsRatings: awaitedRatings.values.contains { $0.roomKey == room.key })
    }

    package var raceViews: [RaceView] {
        rooms.keys.sorted().compactMap { key in
            guard let room = rooms[key], let race = room.race else { return nil }
            return RaceView(
                room: room.name, id: race.id, startedAt: race.startedAt,
                racers: race.racers.map { RacerView(nickname: $0.nickname, finish: $0.finish?.reason) })
        }
    }
}
