import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceServer

/// Rooms, countdowns and races in the state machine, with a clock the test moves.
struct CoreRaceTests {
    /// ana and bo in room `r` (options as given), both ready; outputs cleared.
    private func readyRoom(_ harness: CoreHarness, options: String = "") -> (ConnectionID, ConnectionID) {
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "CREATE r \(options)")
        _ = harness.ask(bo, "JOIN r")
        _ = harness.ask(ana, "READY")
        _ = harness.ask(bo, "READY")
        _ = harness.take(ana)
        return (ana, bo)
    }

    /// ana, bo and cy racing in room `r`, their output so far taken.
    private func racingThree(_ harness: CoreHarness) -> (ConnectionID, ConnectionID, ConnectionID) {
        let (ana, bo) = readyRoom(harness)
        let cy = harness.player("cy")
        _ = harness.ask(cy, "JOIN r")
        _ = harness.ask(cy, "READY")
        harness.advance(3000)
        for id in [ana, bo, cy] { _ = harness.take(id) }
        return (ana, bo, cy)
    }

    @Test func theRaceStartsWhenTheCountdownEnds() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "CREATE r")
        _ = harness.ask(bo, "JOIN r")
        #expect(harness.take(ana) == ["JOINED room=r nick=bo role=player"])
        #expect(harness.ask(ana, "READY") == ["OK READY ready=yes", "READY room=r nick=ana ready=yes"])
        #expect(
            harness.ask(bo, "READY") == [
                "READY room=r nick=ana ready=yes", "OK READY ready=yes", "READY room=r nick=bo ready=yes",
                "COUNTDOWN room=r ms=3000",
            ])
        harness.advance(2999)
        #expect(harness.take(ana) == ["READY room=r nick=bo ready=yes", "COUNTDOWN room=r ms=3000"])
        harness.advance(1)
        let start = "START room=r race=1 seed=1 size=4 target=2048 assists=no limit=0 players=ana,bo"
        #expect(harness.take(ana) == [start])
        #expect(harness.take(bo) == [start])
        #expect(
            harness.ask(ana, "WHO") == [
                "MEMBER nick=ana role=player ready=no state=racing", "MEMBER nick=bo role=player ready=no state=racing",
                "OK WHO room=r count=2",
            ])
        #expect(harness.ask(bo, "READY") == ["ERR race-in-progress the room is racing; wait for the race to end"])
    }

    /// A room made again under the name of one that closed is a new room:
    /// its member finds it, not the old one it remembered finding.
    @Test func aRoomMadeAgainUnderTheSameNameIsTheOneFound() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        _ = harness.ask(ana, "CREATE r")
        #expect(harness.ask(ana, "WHO") == ["MEMBER nick=ana role=player ready=no state=waiting", "OK WHO room=r count=1"])
        _ = harness.ask(ana, "LEAVE")
        _ = harness.ask(ana, "CREATE r")
        _ = harness.ask(bo, "JOIN r")
        #expect(harness.take(ana) == ["JOINED room=r nick=bo role=player"])
        #expect(harness.ask(ana, "READY") == ["OK READY ready=yes", "READY room=r nick=ana ready=yes"])
        #expect(harness.take(bo) == ["READY room=r nick=ana ready=yes"])
        #expect(harness.ask(ana, "WHO").last == "OK WHO room=r count=2")
    }

    @Test func theCountdownStopsWhenSomeoneUnreadiesJoinsOrLeaves() {
        let harness = CoreHarness()
        let (ana, bo) = readyRoom(harness)
        _ = harness.take(bo)
        harness.advance(1000)
        #expect(harness.ask(bo, "READY no") == ["OK READY ready=no", "READY room=r nick=bo ready=no", "CANCEL room=r reason=unready"])
        harness.advance(5000)
        #expect(harness.take(ana) == ["READY room=r nick=bo ready=no", "CANCEL room=r reason=unready"])

        _ = harness.ask(bo, "READY")
        _ = harness.take(ana)
        let cy = harness.player("cy")
        #expect(harness.ask(cy, "JOIN r").first?.hasPrefix("OK JOIN room=r state=waiting") == true)
        #expect(harness.take(ana) == ["CANCEL room=r reason=joined", "JOINED room=r nick=cy role=player"])
        _ = harness.ask(cy, "READY")
        _ = harness.take(bo)
        _ = harness.take(ana)
        // ana leaves during the countdown: the others are still ready, so it starts over without her.
        #expect(harness.ask(ana, "LEAVE") == ["OK LEAVE room=r"])
        #expect(harness.take(bo) == ["LEFT room=r nick=ana", "CANCEL room=r reason=left", "COUNTDOWN room=r ms=3000"])
        harness.advance(3000)
        #expect(harness.take(cy).last == "START room=r race=1 seed=1 size=4 target=2048 assists=no limit=0 players=bo,cy")
    }

    @Test func theTimeLimitFinishesEveryoneStillRacing() {
        let harness = CoreHarness()
        let (ana, bo) = readyRoom(harness, options: "limit=10")
        harness.advance(3000)
        _ = harness.take(ana)
        _ = harness.take(bo)
        harness.advance(9999)
        #expect(harness.take(bo).isEmpty)
        harness.advance(1)
        let expected = [
            "FINISH room=r nick=ana reason=time score=0 max=2 moves=0 time=10000",
            "FINISH room=r nick=bo reason=time score=0 max=2 moves=0 time=10000",
            "RESULT room=r race=1 place=1 nick=ana reason=time score=0 max=2 moves=0 time=10000",
            "RESULT room=r race=1 place=2 nick=bo reason=time score=0 max=2 moves=0 time=10000",
            "END room=r race=1 count=2",
        ]
        #expect(harness.take(ana) == expected)
        #expect(harness.take(bo) == expected)
        #expect(harness.ask(ana, "ROOMS").contains { $0.hasPrefix("ROOM room=r state=waiting") })
    }

    @Test func aRoomSendsItsRacersProgressTogether() throws {
        let harness = CoreHarness()
        let (ana, bo, cy) = racingThree(harness)
        var players = try [ana, bo, cy].map { _ in try Autoplayer(seed: "1") }
        func move(_ index: Int, _ id: ConnectionID) {
            _ = harness.ask(id, "MOVE 1 \(players[index].next()!.letter)")
        }
        move(0, ana)
        #expect(harness.take(bo).count == 1)  // the first goes out at once
        _ = harness.take(cy)
        harness.advance(10)
        move(1, bo)
        harness.advance(10)
        move(2, cy)
        #expect(harness.take(ana).isEmpty)
        harness.advance(80)  // an interval after the first sending: bo's and cy's together
        #expect(harness.take(ana).map { $0.field("nick") } == ["bo", "cy"])
        #expect(harness.take(bo).map { $0.field("nick") } == ["cy"])
    }

    @Test func progressIsCoalescedToOnePerRacerPerInterval() throws {
        let harness = CoreHarness()
        let (ana, bo) = readyRoom(harness)
        harness.advance(3000)
        _ = harness.take(bo)
        var player = try Autoplayer(seed: "1")
        var seq = 1
        func move() {
            let direction = player.next()!
            _ = harness.ask(ana, "MOVE \(seq) \(direction.letter)")
            seq += 1
        }
        move()
        #expect(harness.take(bo).count == 1)  // the first goes out at once
        harness.advance(10)
        move()
        harness.advance(10)
        move()
        #expect(harness.take(bo).isEmpty)
        harness.advance(79)
        #expect(harness.take(bo).isEmpty)
        harness.advance(1)  // 100 ms after the first
        let coalesced = harness.take(bo)
        #expect(coalesced.count == 1)
        #expect(coalesced.first?.number("moves") == 3)
        #expect(coalesced.first?.field("board") == BoardField.encode(player.game.board.rows.flatMap { $0 }))
        harness.advance(50)
        move()
        harness.advance(10)
        // Resigning sends the pending progress at once, before the FINISH.
        _ = harness.ask(ana, "RESIGN")
        let lines = harness.take(bo)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("PROGRESS room=r nick=ana") == true && lines.first?.number("moves") == 4)
        #expect(lines.last?.hasPrefix("FINISH room=r nick=ana reason=resigned") == true)
        harness.advance(1000)
        #expect(!harness.take(bo).contains { $0.hasPrefix("PROGRESS") })
    }

    /// The room's `PROGRESS` timer is set again in its next race (the room
    /// keeps whether it is set, and each sending clears it).
    @Test func progressIsCoalescedAgainInTheRoomsNextRace() throws {
        let harness = CoreHarness()
        let (ana, bo) = readyRoom(harness)
        for race in 1...2 {
            harness.advance(3000)
            _ = harness.take(ana)
            _ = harness.take(bo)
            var player = try Autoplayer(seed: "1")
            _ = harness.ask(ana, "MOVE 1 \(player.next()!.letter)")
            #expect(harness.take(bo).count == 1, "race \(race): the first goes out at once")
            harness.advance(10)
            _ = harness.ask(ana, "MOVE 2 \(player.next()!.letter)")
            #expect(harness.take(bo).isEmpty, "race \(race)")
            harness.advance(90)
            #expect(harness.take(bo).map { $0.number("moves") } == [2], "race \(race): sent by the timer")
            // A pending line, then the race ends: resigning sends it at once.
            harness.advance(10)
            _ = harness.ask(ana, "MOVE 3 \(player.next()!.letter)")
            _ = harness.ask(ana, "RESIGN")
            _ = harness.ask(bo, "RESIGN")
            harness.advance(1000)
            _ = harness.ask(ana, "READY")
            _ = harness.ask(bo, "READY")
        }
    }

    /// A room's due `PROGRESS` lines are written once: each member gets them
    /// in one piece of that one copy, a racer without its own line. A racer
    /// still racing gets them as lines that may wait for its next reply
    /// (`sendSoon`); a watcher, who sends no moves, at once.
    @Test func aRoomsProgressGoesToEachMemberInOnePieceWithoutItsOwnLine() throws {
        let harness = CoreHarness()
        let (ana, bo, cy) = racingThree(harness)
        let eve = harness.player("eve")
        _ = harness.ask(eve, "WATCH r")
        var games = try [ana, bo, cy].map { _ in try Autoplayer(seed: "1") }
        // Each racer's first move goes out at once; the second ones wait for the room's next sending.
        for (index, id) in [ana, bo, cy].enumerated() { _ = harness.ask(id, "MOVE 1 \(games[index].next()!.letter)") }
        harness.advance(10)
        for (index, id) in [ana, bo, cy].enumerated() { _ = harness.ask(id, "MOVE 2 \(games[index].next()!.letter)") }
        for id in [ana, bo, cy, eve] { _ = harness.take(id) }
        harness.clock.advance(100)
        var actions: [ServerAction] = []
        harness.core.handle(.tick, into: &actions)
        var sent: [ConnectionID: [OutgoingLines]] = [:]
        var mayWait: Set<ConnectionID> = []
        for action in actions {
            switch action {
            case .send(let id, let lines):
                sent[id, default: []].append(lines)
            case .sendSoon(let id, let lines):
                sent[id, default: []].append(lines)
                mayWait.insert(id)
            default:
                break
            }
        }
        #expect(sent.keys.sorted { $0.number < $1.number } == [ana, bo, cy, eve])
        #expect(mayWait == [ana, bo, cy])
        #expect(sent.values.allSatisfy { $0.count == 1 })
        let nicknames = { (id: ConnectionID) in (sent[id]?.first?.lines ?? []).map { $0.field("nick") ?? "?" } }
        #expect(nicknames(ana) == ["bo", "cy"])
        #expect(nicknames(bo) == ["ana", "cy"])
        #expect(nicknames(cy) == ["ana", "bo"])
        #expect(nicknames(eve) == ["ana", "bo", "cy"])
        #expect(sent[eve]?.first?.lines.allSatisfy { $0.hasPrefix("PROGRESS room=r ") && $0.number("moves") == 2 } == true)
        // One copy of the bytes: every piece lies in the watcher's storage.
        let storages = sent.values.compactMap { pieces -> Int? in
            guard let (first, second) = pieces.first?.parts else { return nil }
            let part = first.isEmpty ? second : first
            return part.withUnsafeBufferPointer { $0.baseAddress.map { Int(bitPattern: $0) - part.startIndex } }
        }
        #expect(storages.count == 4 && Set(storages).count == 1)
    }

    /// With no wait (`--progress-wait 0`) a racer's news is written at
    /// once, as a watcher's is: no line may wait for a reply.
    @Test func withNoWaitTheRoomsProgressGoesOutAtOnce() throws {
        var limits = ServerLimits.standard
        limits.progressWaitMilliseconds = 0
        let harness = CoreHarness(limits: limits)
        let (ana, bo, cy) = racingThree(harness)
        var game = try Autoplayer(seed: "1")
        var actions: [ServerAction] = []
        harness.core.handle(.received(ana, Array("MOVE 1 \(game.next()!.letter)\n".utf8)), into: &actions)
        var progressTo: [ConnectionID] = []
        for action in actions {
            switch action {
            case .sendSoon(let id, _):
                Issue.record("\(id) was sent lines that wait")
            case .send(let id, let lines) where lines.lines.contains(where: { $0.hasPrefix("PROGRESS room=r nick=ana ") }):
                progressTo.append(id)
            default:
                break
            }
        }
        #expect(Set(progressTo) == [bo, cy])
    }

    @Test func aWatcherCatchesUpWithTheRace() throws {
        let harness = CoreHarness()
        let (ana, bo) = readyRoom(harness)
        harness.advance(3000)
        var player = try Autoplayer(seed: "1")
        _ = harness.ask(ana, "MOVE 1 \(player.next()!.letter)")
        _ = harness.ask(bo, "RESIGN")
        let eve = harness.player("eve")
        let lines = harness.ask(eve, "WATCH r")
        #expect(lines.count == 5)
        #expect(lines[0] == "OK WATCH room=r state=racing size=4 target=2048 assists=no limit=0 private=no players=2 watchers=1")
        #expect(lines[1] == "START room=r race=1 seed=1 size=4 target=2048 assists=no limit=0 players=ana,bo elapsed=0")
        #expect(lines[2].hasPrefix("PROGRESS room=r nick=ana score=") && lines[2].number("moves") == 1)
        #expect(lines[3].hasPrefix("PROGRESS room=r nick=bo score=0 max=") && lines[3].number("moves") == 0)
        #expect(lines[4].hasPrefix("FINISH room=r nick=bo reason=resigned"))
        #expect(harness.take(ana).last == "JOINED room=r nick=eve role=watcher")
        // A watcher without a nickname is counted but not announced.
        let anonymous = harness.connect()
        _ = harness.ask(anonymous, "HELLO tilerace 1")
        #expect(harness.ask(anonymous, "WATCH r").first?.hasSuffix("watchers=2") == true)
        #expect(harness.take(ana).isEmpty)
        #expect(harness.ask(ana, "WHO").suffix(2) == ["MEMBER nick=eve role=watcher ready=no state=waiting", "OK WHO room=r count=3"])
        #expect(harness.ask(anonymous, "MOVE 1 L") == ["ERR not-racing no game is running for you"])
    }

    @Test func aRacerWhoLeavesOrDropsFinishesAsLeftAndTheRaceGoesOn() throws {
        var limits = ServerLimits.standard
        limits.resumeGraceMilliseconds = 0  // no seat held (resuming: CoreResumeTests)
        let harness = CoreHarness(limits: limits)
        let (ana, bo, cy) = racingThree(harness)
        harness.disconnect(bo)
        #expect(harness.take(ana) == ["FINISH room=r nick=bo reason=left score=0 max=2 moves=0 time=0", "LEFT room=r nick=bo"])
        harness.advance(500)
        _ = harness.take(cy)
        #expect(harness.ask(cy, "LEAVE") == ["OK LEAVE room=r"])
        #expect(harness.take(ana) == ["FINISH room=r nick=cy reason=left score=0 max=2 moves=0 time=500", "LEFT room=r nick=cy"])
        var player = try Autoplayer(seed: "1")
        let reply = harness.ask(ana, "MOVE 1 \(player.next()!.letter)")
        #expect(reply.first?.hasPrefix("OK MOVE seq=1") == true)
        let end = harness.ask(ana, "RESIGN")
        // bo and cy tie on score and moves; bo finished (dropped) first.
        #expect(end.filter { $0.hasPrefix("RESULT") }.map { $0.field("nick")! } == ["ana", "bo", "cy"])
        #expect(harness.take(cy).isEmpty)  // cy left: no more news from the room
        #expect(harness.ask(cy, "SUBMIT cy").first?.hasPrefix("OK SUBMIT nick=cy board=all score=0") == true)
    }

    @Test func resyncAnswersWithTheServersCopyAndTheOldMoveThatCannotBeNextStillDoes() throws {
        let harness = CoreHarness()
        let greeting = harness.take(harness.connect())
        #expect(greeting.first?.hasSuffix(" features=resync,ratings,queue,strength,via,reports,arena") == true)
        let (ana, _) = readyRoom(harness)
        #expect(harness.ask(ana, "RESYNC") == ["ERR not-racing no game is running for you"])
        harness.advance(3000)
        _ = harness.take(ana)
        var player = try Autoplayer(seed: "1")
        _ = harness.ask(ana, "MOVE 1 \(player.next()!.letter)")
        _ = harness.take(ana)
        let expected = ServerMessage.event(.resync(GameSync(seq: 1, game: player.game)))
        #expect(harness.ask(ana, "RESYNC") == ["OK RESYNC", expected.line])
        // A client from before RESYNC asks with a MOVE that cannot be next.
        #expect(
            harness.ask(ana, "MOVE 2147483647 L") == [
                "ERR bad-seq expected MOVE 2, got MOVE 2147483647; nothing was applied", expected.line,
            ])
        // Practice games answer it too.
        let bo = harness.player("bo-2")
        _ = harness.ask(bo, "PRACTICE seed=1")
        #expect(
            harness.ask(bo, "RESYNC") == [
                "OK RESYNC", ServerMessage.event(.resync(GameSync(seq: 0, game: try Autoplayer(seed: "1").game))).line,
            ])
    }

    @Test func restartGoesBackToTheSeedWithTheClockRunning() throws {
        let harness = CoreHarness()
        let (ana, _) = readyRoom(harness)
        harness.advance(3000)
        var player = try Autoplayer(seed: "1")
        let first = player.next()!
        _ = harness.ask(ana, "MOVE 1 \(first.letter)")
        harness.advance(700)
        #expect(harness.ask(ana, "RESTART") == ["OK RESTART seed=1 restarts=1"])
        #expect(harness.ask(ana, "MOVE 2 \(first.letter)").first?.hasPrefix("ERR bad-seq expected MOVE 1, got MOVE 2") == true)
        #expect(harness.take(ana).isEmpty)
        let again = harness.ask(ana, "MOVE 1 \(first.letter)")
        #expect(again.first == "OK MOVE seq=1 score=\(player.game.score) moves=1 max=\(player.game.board.largestValue) won=no over=no")
        harness.advance(300)
        let resign = harness.ask(ana, "RESIGN")
        #expect(resign.first == "OK RESIGN score=\(player.game.score)")
        #expect(resign.dropFirst().first?.hasSuffix("time=1000") == true)
    }

    @Test func aMoveLineStopsAtTheTargetAndLaterEntriesAreIgnored() throws {
        let harness = CoreHarness()
        let (ana, bo) = readyRoom(harness, options: "target=8")
        harness.advance(3000)
        _ = harness.take(ana)
        _ = harness.take(bo)
        var player = try Autoplayer(seed: "1", target: 8)
        var log = ""
        while !player.game.hasWon, let direction = player.next() { log.append(direction.letter) }
        let moves = log.count
        let lines = harness.ask(ana, "MOVE 1 \(log)LLLLRRRR")
        #expect(lines[0] == "OK MOVE seq=\(moves) score=\(player.game.score) moves=\(moves) max=8 won=yes over=no finished=target")
        #expect(lines[1].hasPrefix("FINISH room=r nick=ana reason=target score=\(player.game.score) max=8 moves=\(moves) time=0"))
        let standings = harness.ask(bo, "RESIGN").filter { $0.hasPrefix("RESULT") }
        #expect(standings.map { $0.field("nick")! } == ["ana", "bo"])
    }

    @Test func withoutAssistsTheServerDropsTheUndoHistory() throws {
        let harness = CoreHarness()
        let (ana, _) = readyRoom(harness, options: "size=8 target=1048576")
        harness.advance(3000)
        _ = harness.take(ana)
        var player = try Autoplayer(seed: "1", size: 8, target: 1_048_576)
        var log = ""
        while log.count < 600, let direction = player.next() { log.append(direction.letter) }
        #expect(log.count == 600)
        for start in stride(from: 0, to: 600, by: 200) {
            let chunk = log.dropFirst(start).prefix(200)
            #expect(harness.ask(ana, "MOVE \(start + 1) \(chunk)").first?.hasPrefix("OK MOVE seq=\(start + 200) ") == true)
        }
        let racer = try #require(harness.core.rooms["r"]?.race?.racers.first)
        #expect(racer.liveGame.game.historyDepth < LiveGame.historyTrimInterval)
        #expect(racer.liveGame.game.board == player.game.board)
        #expect(racer.liveGame.game.score == player.game.score && racer.liveGame.game.moveCount == 600)
    }

    @Test func aGameHasAnEntryLimit() throws {
        var limits = ServerLimits.standard
        limits.maximumEntriesPerGame = 5
        let harness = CoreHarness(limits: limits)
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=1")
        var player = try Autoplayer(seed: "1")
        let moves = (0..<6).map { _ in player.next()!.letter }
        #expect(harness.ask(ana, "MOVE 1 \(String(moves.prefix(4)))").first?.hasPrefix("OK MOVE seq=4 ") == true)
        #expect(
            harness.ask(ana, "MOVE 5 \(String(moves.suffix(2)))") == [
                "ERR bad-arguments a game holds at most 5 entries; RESIGN or RESTART; nothing was applied"
            ])
        #expect(harness.ask(ana, "MOVE 5 \(moves[4])").first?.hasPrefix("OK MOVE seq=5 ") == true)
        _ = harness.ask(ana, "RESTART")
        #expect(harness.ask(ana, "MOVE 1 \(moves[0])").first?.hasPrefix("OK MOVE seq=1 ") == true)
    }

    @Test func theDailyRoomUsesTheUTCDateAsSeedAndItsOwnBoard() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        #expect(harness.ask(ana, "CREATE daily") == ["ERR room-exists a room named daily exists; JOIN it or pick another name"])
        #expect(
            harness.ask(ana, "JOIN daily").first
                == "OK JOIN room=daily state=waiting size=4 target=2048 assists=no limit=0 private=no players=1 watchers=0")
        _ = harness.ask(ana, "READY")
        harness.advance(3000)
        #expect(harness.take(ana) == ["START room=daily race=1 seed=2026-11-22 size=4 target=2048 assists=no limit=0 players=ana"])
        #expect(harness.ask(ana, "RESIGN").last == "END room=daily race=1 count=1")
        _ = harness.ask(ana, "LEAVE")
        #expect(
            harness.ask(ana, "ROOMS").first
                == "ROOM room=daily state=waiting size=4 target=2048 assists=no limit=0 private=no players=0 watchers=0")
        let receipt = harness.ask(ana, "SUBMIT ana")
        #expect(receipt.first?.hasPrefix("OK SUBMIT nick=ana board=daily score=0 rank=1 best=0 improved=yes token=") == true)
        #expect(harness.ask(ana, "TOP board=daily").first?.hasSuffix("seed=2026-11-22 date=2026-11-22") == true)
        #expect(harness.ask(ana, "TOP board=daily date=2026-11-21") == ["OK TOP board=daily date=2026-11-21 total=0 offset=0 count=0"])
        #expect(harness.ask(ana, "TOP").last == "OK TOP board=all total=1 offset=0 count=1")
    }
}
