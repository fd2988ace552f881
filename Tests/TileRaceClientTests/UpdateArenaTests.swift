import Testing
import TileRaceProtocol

@testable import TileRaceClient

/// Arenas (protocol.md 5.9): the menu's entry, the list, joining and every
/// refusal, the arena screen's keys, its standings kept live by `SCORED`, its
/// races coming back to it, and the podium at its end; drawn at 80x24 and 60x18.
@Suite struct UpdateArenaTests {
    static let running = ArenaInfo(
        id: 1, state: .running, settings: ArenaSettings(length: 1800, raceLimit: 180), startsIn: 0, endsIn: 723, players: 4)
    static let upcoming = ArenaInfo(
        id: 2, state: .upcoming, settings: ArenaSettings(length: 600, raceLimit: 60, isRated: true, raceSize: 3), startsIn: 252,
        endsIn: 852, players: 0)
    static let over = ArenaInfo(id: 3, state: .over, settings: ArenaSettings(raceLimit: 0), startsIn: 0, endsIn: 0, players: 9)

    /// Connected as ana to a server with arenas.
    static func ready(size: TerminalSize = TerminalSize(width: 80, height: 24), token: String? = "tana") -> Model {
        var model = Fixtures.connected(Fixtures.model(size: size))
        model.network.serverFeatures = [.resync, .ratings, .queue, .arena]
        if let token { model.config.setToken(token, for: "ana") }
        return model
    }

    /// The list as the server gave it.
    static func listed(size: TerminalSize = TerminalSize(width: 80, height: 24), token: String? = "tana") -> Model {
        var model = ready(size: size, token: token)
        _ = update(&model, .key(.character("a")))
        Fixtures.reply(&model, to: .arenas, .arenas(count: 3), items: [.arena(running), .arena(upcoming), .arena(over)])
        return model
    }

    static func standing(_ rank: Int, _ nickname: String, points: Int, streak: Int = 0, sheet: String, left: Bool = false)
        -> ArenaStanding
    {
        ArenaStanding(
            arena: 1, rank: rank, nickname: nickname, points: points, streak: streak, races: sheet.count,
            performance: sheet.isEmpty ? nil : 1500 + 40 * points, sheet: sheet, hasLeft: left)
    }

    static let standings = [
        standing(1, "bo", points: 10, streak: 3, sheet: "2244"), standing(2, "chen", points: 5, streak: 1, sheet: "2012"),
        standing(3, "ana", points: 4, streak: 2, sheet: "022"), standing(4, "dmitri", points: 2, sheet: "0200"),
        standing(5, "eve", points: 0, sheet: "", left: true),
    ]

    /// In arena 1, its standings in.
    static func inArena(size: TerminalSize = TerminalSize(width: 80, height: 24)) -> Model {
        var model = listed(size: size)
        _ = update(&model, .key(.enter))
        Fixtures.reply(&model, to: .arena(id: 1), .arena(running))
        Fixtures.reply(
            &model, to: .standings(arena: 1, limit: 100), .standings(arena: 1, count: 5), items: standings.map { .standing($0) })
        return model
    }

    static func snapshot(_ model: Model, _ name: String) {
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 60, height: 18)] {
            var model = model
            model.size = size
            assertSnapshot(view(model, size: size, theme: .classic).plainText, named: "\(name)-\(size.width)x\(size.height)")
        }
    }

    // MARK: The menu and the list

    @Test func theMenuShowsArenaOnlyWhereTheServerOffersIt() {
        var older = Self.ready()
        older.network.serverFeatures = [.queue]
        #expect(!view(older, size: older.size, theme: .classic).plainText.contains("Arena"))
        #expect(update(&older, .key(.character("a"))).isEmpty && older.screen == .menu)
        var model = Self.ready()
        #expect(view(model, size: model.size, theme: .classic).plainText.contains("Arena"))
        Self.snapshot(model, "arena-menu")
        _ = update(&model, .key(.down))
        _ = update(&model, .key(.down))
        #expect(model.menu.selection == .arena)
        #expect(update(&model, .key(.enter)) == [.send(.arenas)])
        #expect(model.arenaList?.isLoading == true)
    }

    @Test func theListChoosesTheFirstNotOverAndCountsDown() {
        var model = Self.listed()
        #expect(model.arenaList?.selected?.id == 1)
        #expect(model.arenaList?.clock(of: Self.upcoming, at: model.now) == "starts in 4:12")
        #expect(model.arenaList?.clock(of: Self.running, at: model.now) == "ends in 12:03")
        model.now += 3_000
        #expect(model.arenaList?.clock(of: Self.running, at: model.now) == "ends in 12:00")
        Self.snapshot(model, "arena-list")
    }

    @Test func enterJoinsWithTheTokenOnlyWhereRated() {
        var model = Self.listed()
        #expect(update(&model, .key(.enter)) == [.send(.arena(id: 1, token: nil))])
        model = Self.listed()
        _ = update(&model, .key(.down))
        #expect(update(&model, .key(.enter)) == [.send(.arena(id: 2, token: "tana"))])
        // Without the claim, a rated arena is not asked for.
        model = Self.listed(token: nil)
        _ = update(&model, .key(.down))
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.notice?.text == "arena 2 is rated: submit a 4x4 game first to claim your nickname")
        _ = update(&model, .key(.down))
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.notice?.text == "arena 3 is over: nobody joins it now")
        #expect(update(&model, .key(.character("g"))) == [.send(.arenas)])
        _ = update(&model, .key(.character("q")))
        #expect(model.screen == .menu)
    }

    @Test(arguments: [
        (ErrorCode.badArguments, 1, "cannot join arena 1: there is no such arena any more"),
        (.notEligible, 2, "cannot join arena 2: it is rated, and the server did not take your nickname's claim (bots cannot join)"),
        (.notEligible, 1, "cannot join arena 1: it is over, or not open to you: arena 1 is over"),
        (.busy, 1, "cannot join arena 1: you are in another arena: leave it first"),
        (.badToken, 2, "cannot join arena 2: your nickname is claimed, and this machine does not hold its token"),
    ])
    func everyRefusalSaysWhy(code: ErrorCode, id: Int, text: String) {
        var model = Self.listed()
        let request = ClientMessage.arena(id: id, token: id == 2 ? "tana" : nil)
        let effects = Fixtures.refuse(&model, request, code, "arena \(id) is over")
        #expect(model.notice?.text == text)
        #expect(model.arenaList != nil && model.arena == nil)
        // A vanished arena: the list is asked again.
        #expect(effects == (code == .badArguments ? [.send(.arenas)] : []))
    }

    // MARK: The arena screen

    @Test func joiningShowsTheArenaAndAsksItsStandings() {
        var model = Self.listed()
        _ = update(&model, .key(.enter))
        #expect(Fixtures.reply(&model, to: .arena(id: 1), .arena(Self.running)) == [.send(.standings(arena: 1, limit: 100))])
        #expect(model.screen == .arena)
        #expect(model.arena?.clock(at: model.now) == "ends in 12:03")
        #expect(model.tickIntervalMilliseconds != nil)
    }

    @Test func theScreenShowsRankStreakAndPairing() {
        let model = Self.inArena()
        #expect(ArenaView.ownLines(model.arena!, model: model).first == "you: 3rd of 5 · 4 points · x2 on fire (2 wins in a row)")
        Self.snapshot(model, "arena-pairing")
    }

    @Test func bAsksForBerserkOnceAndTheScreenSaysSo() {
        var model = Self.inArena()
        #expect(update(&model, .key(.character("b"))) == [.send(.berserk)])
        #expect(model.config.isBellEnabled == ClientConfig().isBellEnabled)
        Fixtures.reply(&model, to: .berserk, .berserk)
        #expect(model.arena?.isBerserk == true)
        #expect(update(&model, .key(.character("b"))).isEmpty)
        #expect(model.notice?.text == "berserk is on for your next race already")
        model.notice = nil
        Self.snapshot(model, "arena-berserk")
        Fixtures.refuse(&model, .berserk, .busy)
        #expect(model.notice?.text == "no berserk: it is chosen between races, not in one")
    }

    @Test func withoutATimeLimitThereIsNoBerserk() {
        var model = Self.inArena()
        model.arena?.info.settings.raceLimit = 0
        #expect(update(&model, .key(.character("b"))).isEmpty)
        #expect(model.notice?.text == "no berserk here: this arena's races have no time limit to halve")
    }

    @Test func scoredReordersTheTable() {
        var model = Self.inArena()
        Fixtures.event(&model, .scored(Self.standing(1, "ana", points: 8, streak: 3, sheet: "0224")))
        Fixtures.event(&model, .scored(Self.standing(3, "bo", points: 10, streak: 0, sheet: "22440")))
        #expect(model.arena?.standings.map(\.nickname) == ["ana", "chen", "bo", "dmitri", "eve"])
        #expect(model.arena?.standings.map(\.rank) == [1, 2, 3, 4, 5])
        #expect(model.notice?.text == "arena: +4 · 8 points, 1st, on fire: wins score double")
        // Another arena's lines are not ours.
        var other = Self.standing(1, "zed", points: 2, sheet: "2")
        other.arena = 9
        Fixtures.event(&model, .scored(other))
        #expect(model.arena?.standings.count == 5)
    }

    @Test func lLeavesTheArenaForTheList() {
        var model = Self.inArena()
        #expect(update(&model, .key(.character("l"))) == [.send(.arenaLeave), .send(.arenas)])
        #expect(model.arena == nil)
        #expect(model.arenaList != nil)
        #expect(model.notice?.text == "you left arena 1: your points stay in its standings")
    }

    /// `w`: the arena's standings live without playing (no claim even where rated); no berserk; `l` stops watching.
    @Test func wWatchesTheChosenArenaLiveAndLStopsWatching() {
        var rated = Self.listed(token: nil)
        _ = update(&rated, .key(.down))
        #expect(update(&rated, .key(.character("w"))) == [.send(.arena(id: 2, isWatching: true))])
        var model = Self.listed()
        #expect(update(&model, .key(.character("w"))) == [.send(.arena(id: 1, isWatching: true))])
        let asked = Fixtures.reply(&model, to: .arena(id: 1, isWatching: true), .arena(Self.running))
        #expect(asked == [.send(.standings(arena: 1, limit: 100))])
        #expect(model.screen == .arena)
        #expect(model.arena?.isWatching == true)
        #expect(model.notice?.text == "watching arena 1: its standings change as races score")
        let others = Self.standings.filter { $0.nickname != "ana" }.enumerated().map { index, standing in
            var standing = standing
            standing.rank = index + 1
            return standing
        }
        Fixtures.reply(&model, to: .standings(arena: 1, limit: 100), .standings(arena: 1, count: 4), items: others.map { .standing($0) })
        Fixtures.event(&model, .scored(Self.standing(2, "dmitri", points: 6, streak: 2, sheet: "020022")))
        #expect(model.arena?.standings.map(\.nickname) == ["bo", "dmitri", "chen", "eve"])
        #expect(update(&model, .key(.character("b"))).isEmpty)
        #expect(model.notice?.text == "you are watching: Enter on the list of arenas joins one")
        model.notice = nil
        Self.snapshot(model, "arena-watching")
        #expect(update(&model, .key(.character("l"))) == [.send(.arenaLeave), .send(.arenas)])
        #expect(model.arena == nil)
        #expect(model.notice?.text == "you stopped watching arena 1")
    }

    // MARK: Its races

    static let quickRoom = RoomDescription(
        name: "quick-7", state: .waiting, size: 4, target: 2048, allowsAssists: false, timeLimit: 180, isPrivate: false,
        playerCount: 2, watcherCount: 0)

    @Test func matchedEntersTheRaceAndItsEndComesBackToTheArena() throws {
        var model = Self.inArena()
        _ = update(&model, .key(.character("b")))
        Fixtures.reply(&model, to: .berserk, .berserk)
        #expect(Fixtures.event(&model, .matched(Self.quickRoom)) == [.send(.who)])
        #expect(model.screen == .room && model.room?.name == "quick-7")
        #expect(model.arena?.isBerserk == false)
        Fixtures.event(&model, .joined(room: "quick-7", nickname: "bo", role: .player))
        Fixtures.event(&model, .berserk(arena: 1, room: "quick-7", nickname: "ana", limit: 90))
        #expect(model.notice?.text == "you go berserk: 1:30 on the clock")
        Fixtures.event(&model, .berserk(arena: 1, room: "quick-7", nickname: "bo", limit: 90))
        #expect(model.notice?.text == "bo goes berserk: 1:30 on the clock")
        let start = RaceStart(
            room: "quick-7", race: 12, seed: "77", size: 4, target: 2048, allowsAssists: false, timeLimit: 180, players: ["ana", "bo"])
        Fixtures.event(&model, .start(start))
        #expect(model.screen == .game && model.session?.isRace == true)
        // Our own clock is the halved one.
        #expect(model.race?.options.timeLimit == 90)
        for (place, nickname) in ["bo", "ana"].enumerated() {
            Fixtures.event(
                &model,
                .result(
                    RacerFinish(
                        room: "quick-7", race: 12, place: place + 1, nickname: nickname, reason: .resigned, score: 10, largestTile: 8,
                        moves: 5, milliseconds: 9000)))
        }
        Fixtures.event(&model, .end(room: "quick-7", race: 12, count: 2))
        Fixtures.event(&model, .scored(Self.standing(2, "ana", points: 4, streak: 0, sheet: "0220")))
        Fixtures.event(&model, .left(room: "quick-7", nickname: "ana"))
        // The race's standings stay until a key; then the arena, not the lobby.
        #expect(model.room == nil && model.screen == .game && model.race?.isOver == true)
        _ = update(&model, .tick(model.now + ShownDialog.guardMilliseconds))
        model.session?.end?.isHidden = true
        #expect(
            view(model, size: model.size, theme: .classic).plainText.contains("Enter the arena  c save  Tab pick  ! report  l leave arena"))
        #expect(update(&model, .key(.enter)) == [.send(.standings(arena: 1, limit: 100))])
        #expect(model.screen == .arena && model.race == nil && model.session == nil)
        #expect(model.arena?.standing(of: "ana")?.rank == 2)
    }

    @Test func leavingARaceRoomGoesBackToTheArena() {
        var model = Self.inArena()
        Fixtures.event(&model, .matched(Self.quickRoom))
        #expect(update(&model, .key(.character("q"))) == [.send(.leave), .send(.standings(arena: 1, limit: 100))])
        #expect(model.screen == .arena && model.room == nil)
        #expect(model.arena != nil)
    }

    /// Pairing comes within 2 s of a race's end: the race's room and standings take `l` too.
    @Test func lInARaceRoomLeavesTheArenaToo() {
        var model = Self.inArena()
        Fixtures.event(&model, .matched(Self.quickRoom))
        #expect(update(&model, .key(.character("l"))) == [.send(.leave), .send(.arenaLeave), .send(.arenas)])
        #expect(model.arena == nil && model.room == nil && model.arenaList != nil)
    }

    @Test func arenaEndShowsThePodiumThenTheMenu() {
        var model = Self.inArena()
        #expect(
            Fixtures.event(&model, .arenaEnd(arena: 1, players: 5, podium: ["bo", "chen", "ana"]))
                == [.send(.standings(arena: 1, limit: 100))])
        #expect(model.arena?.isOver == true)
        #expect(model.tickIntervalMilliseconds == nil || model.notice != nil)
        // No more pairing: a late MATCHED is left.
        #expect(Fixtures.event(&model, .matched(Self.quickRoom)) == [.send(.leave)])
        model.notice = nil
        Self.snapshot(model, "arena-final")
        #expect(!update(&model, .key(.character("b"))).contains(.send(.berserk)))
        _ = update(&model, .key(.enter))
        #expect(model.screen == .menu && model.arena == nil)
    }

    @Test func aNewSessionJoinsTheArenaAgain() {
        var model = Self.inArena()
        #expect(Update.arenaAgain(&model) == [.send(.arena(id: 1, token: nil))])
        // Refused then: out of it.
        Fixtures.refuse(&model, .arena(id: 1), .notEligible, "arena 1 is over")
        #expect(model.arena == nil && model.screen == .menu)
    }
}
