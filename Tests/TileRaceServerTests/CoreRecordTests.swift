import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceServer

/// `RECORD`: a leaderboard entry's game, in `LOG` chunks within the line limit.
@Suite struct CoreRecordTests {
    /// Plays a whole practice game on `seed` (the autoplayer's moves, sent a
    /// few at a time, 37 ms apart, with an undo in the middle), submits it,
    /// and returns the log with the times the server applied its entries at.
    private func playAndSubmit(_ harness: CoreHarness, _ nickname: String, seed: String) throws -> String {
        let id = harness.player(nickname)
        _ = harness.ask(id, "PRACTICE seed=\(seed)")
        var player = try Autoplayer(seed: seed)
        var log = GameLog()
        var seq = 1
        var batch = ""
        var lines = 0
        func send() throws {
            if lines > 0 { harness.advance(37) }
            let reply = harness.ask(id, "MOVE \(seq) \(batch)")
            #expect(reply.first?.hasPrefix("OK MOVE") == true, "\(reply)")
            seq += batch.count
            for entry in try GameLog(parsing: batch).entries { log.append(entry, at: 37 * lines) }
            lines += 1
            batch = ""
        }
        while let direction = player.next() {
            batch.append(direction.letter)
            if batch.count == 7 {
                if seq == 8 { batch += "Z" + String(batch.last!) }
                try send()
            }
        }
        if !batch.isEmpty { try send() }
        _ = harness.ask(id, "RESIGN")
        #expect(harness.ask(id, "SUBMIT \(nickname)").first?.hasPrefix("OK SUBMIT") == true)
        #expect(log.isTimed)
        return log.description
    }

    @Test func aSubmittedGameComesBackAsTheLogTheServerApplied() throws {
        let harness = CoreHarness()
        let log = try playAndSubmit(harness, "ana", seed: "42")
        let reader = harness.player("bo")
        let lines = harness.ask(reader, "RECORD ANA")
        let chunks = lines.dropLast().map { line in
            #expect(line.hasPrefix("LOG "))
            #expect(line.utf8.count <= LineFramer.maximumLineLength)
            return String(line.dropFirst(4))
        }
        #expect(RecordChunks.join(chunks) == log)
        let entries = try GameLog(parsing: log).entries.count
        #expect(lines.last == "OK RECORD nick=ana seed=42 size=4 target=2048 entries=\(entries) count=\(chunks.count)")
        // Anyone can rebuild the game from it: the figures are the entry's.
        let replay = try Replay.run(seedText: "42", log: RecordChunks.join(chunks))
        let entry = try #require(harness.leaderboard.leaderboard.entry(of: "ana", on: .allTime))
        #expect(replay.game.score == entry.score)
        #expect(replay.game.moveCount == entry.moves)
        #expect(replay.game.board.largestValue == entry.largestTile)
        #expect(replay.game.assistCount == entry.assists)
    }

    @Test func aRestartedGameKeepsOnlyTheLogSinceTheRestart() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=42")
        _ = harness.ask(ana, "MOVE 1 LDLD")
        _ = harness.ask(ana, "RESTART")
        harness.advance(500)
        _ = harness.ask(ana, "MOVE 1 R")
        _ = harness.ask(ana, "RESIGN")
        _ = harness.ask(ana, "SUBMIT ana")
        // Its time still counts from the game's first entry.
        #expect(harness.ask(ana, "RECORD ana") == ["LOG R@500", "OK RECORD nick=ana seed=42 size=4 target=2048 entries=1 count=1"])
    }

    /// A store whose all-time board holds `ana` with a long log, and `old`
    /// without one (stored before records were kept).
    private func storeWithLongRecord(_ log: String) -> LeaderboardStore {
        let result = GameResult(score: 100, largestTile: 16, moves: 10, milliseconds: 1000, size: 4, target: 2048, assists: 0, seed: "7")
        var leaderboard = Leaderboard()
        leaderboard.apply(.entry(.allTime, BoardEntry(sequence: 1, nickname: "ana", result: result, date: "2026-11-22", log: log)))
        leaderboard.apply(.entry(.allTime, BoardEntry(sequence: 2, nickname: "old", result: result, date: "2026-11-22")))
        leaderboard.apply(
            .entry(.daily("2026-11-21"), BoardEntry(sequence: 3, nickname: "ana", result: result, date: "2026-11-21", log: "UD")))
        return LeaderboardStore.inMemory(leaderboard)
    }

    @Test func aLongRecordIsCutIntoLinesWithinTheLimitWithoutSplittingAnEntry() throws {
        // 2,997 characters, with removals (X + two digits) across every chunk boundary.
        let log = String(repeating: "LRX03UDX12", count: 299) + "LDR"
        let harness = CoreHarness(store: storeWithLongRecord(log))
        let reader = harness.player("bo")
        let lines = harness.ask(reader, "RECORD ana")
        #expect(lines.count == 4)
        let chunks = lines.dropLast().map { String($0.dropFirst(4)) }
        for (line, chunk) in zip(lines, chunks) {
            #expect(line.utf8.count <= LineFramer.maximumLineLength)
            #expect(throws: Never.self) { try GameLog(parsing: chunk) }
        }
        #expect(chunks.joined() == log)
        let entries = try GameLog(parsing: log).entries.count
        #expect(lines.last == "OK RECORD nick=ana seed=7 size=4 target=2048 entries=\(entries) count=3")
    }

    @Test func aRecordCostsOneTokenPerLogLinePlusOne() {
        let log = String(repeating: "LRX03UDX12", count: 299) + "LDR"
        var limits = ServerLimits.standard
        limits.requestBurst = 6
        let harness = CoreHarness(limits: limits, store: storeWithLongRecord(log))
        let reader = harness.player("bo")
        // HELLO took 1 of 6; the RECORD of 3 LOG lines takes 4; one is left.
        #expect(harness.ask(reader, "RECORD ana").count == 4)
        #expect(harness.ask(reader, "PING") == ["PONG"])
        #expect(harness.ask(reader, "PING").first?.hasPrefix("ERR flood") == true)
    }

    @Test func missingEntriesAndEntriesWithoutARecordAreNoRecord() {
        let harness = CoreHarness(store: storeWithLongRecord("LR"))
        let reader = harness.player("bo")
        #expect(harness.ask(reader, "RECORD nobody") == ["ERR no-record nobody has no game record on the all-time board"])
        #expect(harness.ask(reader, "RECORD old") == ["ERR no-record old has no game record on the all-time board"])
        #expect(
            harness.ask(reader, "RECORD ana board=daily date=2026-11-20")
                == ["ERR no-record ana has no game record on the daily board of 2026-11-20"])
        #expect(harness.ask(reader, "RECORD ana board=daily date=2026-11-21").first == "LOG UD")
    }

    @Test func badRequestsGetClearErrors() {
        let harness = CoreHarness()
        let reader = harness.player("bo")
        #expect(
            harness.ask(reader, "RECORD")
                == [
                    "ERR bad-arguments usage: RECORD <nick> [board=all|daily|sprint|sprint-daily] [date=YYYY-MM-DD], "
                        + "e.g. RECORD ana board=daily"
                ])
        #expect(harness.ask(reader, "RECORD ana board=weekly").first?.hasPrefix("ERR bad-option") == true)
        #expect(harness.ask(reader, "RECORD ana date=yesterday") == ["ERR bad-option date='yesterday' is not YYYY-MM-DD"])
        #expect(harness.ask(reader, "RECORD ana seed=1").first?.hasPrefix("ERR bad-option") == true)
        #expect(harness.ask(reader, "RECORD a!b").first?.hasPrefix("ERR bad-name") == true)
        let stranger = harness.connect()
        _ = harness.take(stranger)
        #expect(harness.ask(stranger, "RECORD ana").first?.hasPrefix("ERR hello-first") == true)
    }
}
