import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// Models and games for tests: fixed time, date, size and seeds.
enum Fixtures {
    static let now = 1_000_000
    static let today = "2026-11-22"

    static func model(
        size: TerminalSize = TerminalSize(width: 80, height: 24), options: ClientOptions = ClientOptions(),
        config: ClientConfig = ClientConfig(), interactive: Bool = false
    ) -> Model {
        Model(
            options: options, config: config, colourMode: .trueColour, isInteractive: interactive, now: now,
            today: today, size: size, seedSource: SplitMix64(seed: 7))
    }

    /// A model on a practice board of seed 42 after a few moves.
    static func practice(
        size: TerminalSize = TerminalSize(width: 80, height: 24), moves: [Direction] = [.left, .up, .right, .down, .left, .up],
        boardSize: Int = 4, animations: Bool = false
    ) -> Model {
        var options = ClientOptions()
        options.seed = "42"
        options.size = boardSize
        options.animationsEnabled = animations
        var model = model(size: size, options: options, interactive: animations)
        if animations { _ = update(&model, .key(.escape)) }
        _ = update(&model, .key(.character("p")))
        for (index, direction) in moves.enumerated() {
            _ = update(&model, .tick(now + index * 700))
            _ = Update.move(direction, model: &model)
        }
        _ = update(&model, .tick(now + moves.count * 700 + 50))
        return model
    }

    /// A game in a given position.
    static func game(_ rows: [[Int]], target: Int = 2048, seed: UInt64 = 5) -> Game {
        let board = try! Board(rows: rows)
        let config = try! GameConfig(size: rows.count, target: target)
        let state = Game.State(board: board, random: SplitMix64(seed: seed), score: 1234, moveCount: 99, hasWon: false)
        return Game(config: config, seed: Seed(seed), state: state, undoCount: 1, removalCount: 0)
    }

    /// A board with no move left.
    static let stuckRows = [[2, 4, 2, 4], [4, 2, 4, 2], [2, 4, 2, 4], [4, 2, 4, 8]]

    /// The server the connected fixtures talk to.
    static let endpoint = ServerEndpoint(host: "192.168.1.20", port: 2048)

    /// The model, connected and greeted (with `nickname` when given).
    static func connected(_ model: Model, nickname: String? = "ana") -> Model {
        var model = model
        model.network.endpoint = endpoint
        model.network.nickname = nickname
        model.network.hasConnected = true
        model.connection = .connected(endpoint)
        return model
    }

    /// A model racing in room friday against three others.
    static func race(size: TerminalSize = TerminalSize(width: 80, height: 24), assists: Bool = false) -> Model {
        var model = connected(model(size: size))
        model.config.lastNickname = "ana"
        let options = RoomOptions(size: 4, target: 2048, allowsAssists: assists, timeLimit: 300)
        model.room = WaitingRoom(
            name: "friday", options: options, isPrivate: false,
            members: [
                RoomMember(nickname: "bo", isReady: false, isYou: false, state: .racing),
                RoomMember(nickname: "ana", isReady: false, isYou: true, state: .racing),
                RoomMember(nickname: "chen", isReady: false, isYou: false, state: .racing),
                RoomMember(nickname: "dmitri", isReady: false, isYou: false, state: .finished),
            ])
        var session = PlaySession(mode: .race(room: "friday"), game: Game(config: .standard, seed: Seed(2024)), assistsAllowed: assists)
        session.clock.start(at: now - 102_700)
        model.session = session
        model.screen = .game
        let other = try! Board(rows: [[2, 0, 8, 4], [4, 32, 64, 16], [16, 128, 512, 32], [8, 64, 2, 4]])
        model.race = RaceState(
            room: "friday", options: options, phase: .racing(startedAt: now - 102_700),
            players: [
                RacePlayer(nickname: "bo", score: 4020, largestTile: 512, moves: 240, status: .playing, board: other),
                RacePlayer(nickname: "ana", score: 0, largestTile: 2, moves: 0, status: .playing, isYou: true),
                RacePlayer(nickname: "chen", score: 2980, largestTile: 256, moves: 199, status: .playing, board: other),
                RacePlayer(
                    nickname: "dmitri", score: 1804, largestTile: 128, moves: 150, status: .finished(.over), board: other,
                    finishedAfter: 80_000
                ),
            ],
            announcements: [Announcement(text: "dmitri: no moves left · 1 804", at: now - 20_000)])
        for direction in [Direction.left, .up, .left, .down, .right] {
            _ = Update.move(direction, model: &model)
        }
        return model
    }

    /// Leaderboard entries, ranked by score, as a server sends them.
    static let entries: [LeaderboardEntry] = [
        ("bo", 61204, 4096), ("ana", 20116, 2048), ("chen", 16880, 1024), ("dmitri", 9020, 512), ("eve", 8800, 512),
        ("Zed", 4410, 256), ("fay", 3000, 256), ("gus", 2048, 256), ("hal", 1500, 128), ("ivy", 900, 64),
        ("jo", 880, 64), ("kim", 700, 64), ("lou", 640, 64), ("max", 512, 64), ("ned", 400, 32),
        ("oz", 300, 32), ("pia", 200, 16), ("quin", 120, 16), ("ray", 64, 8), ("sol", 12, 4),
    ].enumerated().map { index, entry in
        let result = GameResult(
            score: entry.1, largestTile: entry.2, moves: 100 + index, milliseconds: (100 + index * 37) * 1000 + 400,
            size: 4, target: 2048, assists: 0, seed: "42")
        return LeaderboardEntry(rank: index + 1, nickname: entry.0, result: result, date: "2026-11-\(10 + index % 12)")
    }

    /// A line of the final standings, as a `RESULT` line gives it.
    static func standing(
        _ place: Int, _ nickname: String, score: Int, largestTile: Int, moves: Int, reason: FinishReason, milliseconds: Int
    ) -> Standing {
        Standing(
            RacerFinish(
                room: "friday", race: 1, place: place, nickname: nickname, reason: reason, score: score, largestTile: largestTile,
                moves: moves, milliseconds: milliseconds))
    }

    /// A room description as the server sends it.
    static func room(
        _ name: String, state: RoomState = .waiting, size: Int = 4, target: Int = 2048, assists: Bool = false,
        limit: Int = 0, isPrivate: Bool = false, players: Int = 1, watchers: Int = 0
    ) -> RoomDescription {
        RoomDescription(
            name: name, state: state, size: size, target: target, allowsAssists: assists, timeLimit: limit,
            isPrivate: isPrivate, playerCount: players, watcherCount: watchers)
    }

    /// `update` with a reply to `request`.
    @discardableResult
    static func reply(_ model: inout Model, to request: ClientMessage, _ reply: OkReply, items: [ServerMessage] = []) -> [Effect] {
        update(&model, .server(.reply(request, .success(reply), items: items)))
    }

    /// `update` with an `ERR` to `request`.
    @discardableResult
    static func refuse(_ model: inout Model, _ request: ClientMessage, _ code: ErrorCode, _ text: String = "refused") -> [Effect] {
        update(&model, .server(.reply(request, .failure(ProtocolError(code, text)), items: [])))
    }

    /// `update` with an event.
    @discardableResult
    static func event(_ model: inout Model, _ event: ServerEvent) -> [Effect] {
        update(&model, .server(.event(event)))
    }

    /// Lets the time pass in which a dialog that just opened by itself ignores keys.
    static func settle(_ model: inout Model) {
        _ = update(&model, .tick(model.now + ShownDialog.guardMilliseconds))
    }
}

extension Fixtures {
    /// A record of seed 42: moves, an undo and a removal.
    static let recordLog = "LDRDLULZDX30LURDLDRU"

    /// The leaderboard entry of `recordLog` (figures from the engine; `score`
    /// changed when `tampered`).
    static func recordEntry(tampered: Bool = false) -> LeaderboardEntry {
        let game = try! Replay.run(seedText: "42", log: recordLog).game
        let result = GameResult(
            score: game.score + (tampered ? 8 : 0), largestTile: game.board.largestValue, moves: game.moveCount, milliseconds: 61_000,
            size: 4, target: 2048, assists: game.assistCount, seed: "42")
        return LeaderboardEntry(rank: 1, nickname: "bo", result: result, date: "2026-11-22")
    }

    /// A model on the watch screen, the record of `recordEntry` arrived (in
    /// two `LOG` lines) and playing from its start.
    static func watching(size: TerminalSize = TerminalSize(width: 80, height: 24), tampered: Bool = false) -> Model {
        var model = connected(Fixtures.model(size: size))
        model.screen = .leaderboard(LeaderboardState())
        model.leaderboard?.entries = [recordEntry(tampered: tampered)]
        model.leaderboard?.total = 1
        model.leaderboard?.status = .loaded
        _ = update(&model, .key(.enter))
        let chunks = RecordChunks.split(recordLog, maximumLength: 12)
        reply(
            &model, to: .record(RecordQuery(nickname: "bo")),
            .record(RecordSummary(nickname: "bo", seed: "42", size: 4, target: 2048, entries: 18, count: chunks.count)),
            items: chunks.map { .log($0) })
        return model
    }
}
