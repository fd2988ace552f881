import Foundation
import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// Framing, bad input, slow readers and shutdown, over real sockets.
struct ConnectionIntegrationTests {
    @Test func aLineTooLongGetsAnErrorThenByeThenTheEnd() throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try server.client("ana")
        try ana.send(String(repeating: "X", count: 5000))
        #expect(try ana.readToEnd() == ["ERR line-too-long line longer than 1024 bytes", "BYE line too long"])
        #expect(server.logs.lines.contains { $0.contains("ana closed: line too long") })
    }

    @Test func aLineOfExactly1024BytesIsFine() throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try server.client("ana")
        let token = String(repeating: "a", count: 16)
        let line = "PING " + token + String(repeating: " ", count: 1024 - 5 - 16)
        #expect(line.utf8.count == 1024)
        #expect(try ana.ask(line) == "PONG " + token)
    }

    @Test func badBytesGetBadLineAndTheConnectionStaysOpen() throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try server.client("ana")
        let garbage: [[UInt8]] = [
            [0xC3, 0x28, 0x0A],  // invalid UTF-8
            Array("HELLO\u{1B}[2J\n".utf8),  // an escape sequence
            [0x00, 0x01, 0x02, 0x0A],  // binary
            Array("PING\tx\n".utf8),  // a tab is a control character
        ]
        for bytes in garbage {
            try ana.sendBytes(bytes)
            #expect(try ana.readLine().hasPrefix("ERR bad-line line "))
        }
        #expect(try ana.ask("PING ok") == "PONG ok")
        // Unicode that is valid is not a control character, but it is not a valid name either.
        let reply = try ana.ask("NICK \u{00E9}t\u{00E9}")
        #expect(reply == "ERR bad-name nickname '?t?' must be 1 to 16 characters from A-Z a-z 0-9 _ -")
    }

    @Test func linesSplitAnywhereAndCRLFAreAccepted() throws {
        let server = try TestServer()
        defer { server.stop() }
        let raw = try server.rawClient()
        #expect(try raw.readLine().hasPrefix("HELLO tilerace 1"))
        for byte in Array("HELLO tilerace 1 ana\r\nPI".utf8) { try raw.sendBytes([byte]) }
        #expect(try raw.readLine().hasPrefix("OK HELLO nick=ana session="))
        try raw.sendBytes(Array("NG 1\r\n\nping 2\n".utf8))
        #expect(try raw.readLine() == "PONG 1")
        #expect(try raw.readLine() == "PONG 2")
    }

    @Test func aPrivateRoomsRefusalCannotBeToldFromAMissingRoom() throws {
        let server = try TestServer()
        defer { server.stop() }
        let host = try server.client("host")
        _ = try host.ask("CREATE den code=opensesame")
        let guest = try server.client("guest")
        let missing = try guest.ask("JOIN lair code=opensesame")
        let wrong = try guest.ask("JOIN den code=closesesame")
        #expect(missing.errorCode == "room-unavailable")
        #expect(wrong.replacingOccurrences(of: "den", with: "lair") == missing)
        #expect(try guest.ask("WATCH den").replacingOccurrences(of: "den", with: "lair") == missing)
        #expect(try guest.request("ROOMS").count == 2)  // daily and OK: den is not listed
        #expect(try guest.ask("JOIN den code=opensesame").hasPrefix("OK JOIN room=den state=waiting"))
        #expect(try host.event("JOINED") == "JOINED room=den nick=guest role=player")
    }

    /// A server whose board holds 100 entries, so `TOP limit=100` is a heavy reply; the directory lives as long as it.
    private static func serverWithAFullBoard(limits: ServerLimits) throws -> (TestServer, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        let store = try LeaderboardStore.open(directory: directory.path)
        try LeaderboardDemo.fill(store, games: try Autoplayer.demoGames(100), random: .system, date: "2026-11-22")
        store.close()
        return (try TestServer(limits: limits, dataDirectory: directory.path), directory)
    }

    @Test func aSlowReaderIsNotReadWhileItsRepliesWaitAndLosesNone() throws {
        var limits = ServerLimits.fast
        limits.maximumPendingOutputBytes = 256 * 1024
        // The rate limit would refuse most of these heavy requests: this test is about backpressure.
        limits.requestsPerSecond = 100_000
        limits.requestBurst = 100_000
        let (server, directory) = try Self.serverWithAFullBoard(limits: limits)
        defer { withExtendedLifetime(directory) {} }
        defer { server.stop() }
        let ana = try server.client("ana")
        let slow = try server.client("slow", receiveBufferBytes: 4096)
        // 600 whole leaderboards (about 3.6 MB of replies, 14 times the output
        // limit) asked for in one go by a client that does not read yet.
        let requests = 600
        try slow.sendBytes(Array(String(repeating: "TOP limit=100\n", count: requests).utf8))
        // Meanwhile the others are served at once.
        for _ in 0..<20 { #expect(try ana.ask("PING") == "PONG") }
        // The server stopped reading the slow client instead of piling up its
        // replies: it was not cut off, and every reply comes once it reads.
        var replies = 0
        while replies < requests {
            let line = try slow.readLine()
            if line.hasPrefix("OK TOP") { replies += 1 } else { #expect(line.hasPrefix("ENTRY"), "\(line)") }
        }
        #expect(try slow.ask("PING") == "PONG")
        #expect(!server.logs.lines.contains { $0.contains("reading too slowly") })
    }

    /// Issue 44: requests the server held back (it stopped reading while the
    /// replies waited) arrive at once when the client reads again.
    @Test func aClientWithinTheRateThatPausesReadingGetsEveryReplyAndIsNoFlood() throws {
        var limits = ServerLimits.fast
        limits.backpressureBytes = 16 * 1024
        // The rate is about what the client reads at once it reads: what waited is served faster than it.
        limits.requestsPerSecond = 2000
        limits.requestBurst = 200
        let (server, directory) = try Self.serverWithAFullBoard(limits: limits)
        defer { withExtendedLifetime(directory) {} }
        defer { server.stop() }
        let paused = try server.client("paused", receiveBufferBytes: 4096)
        // 12 tokens at least 7 ms apart (86% of the rate at most) for 3.5 s, reading nothing: about 5 MB of
        // replies, past what the kernel holds, so the server stops reading it for seconds.
        let rounds = 500
        for round in 1...rounds {
            try paused.send("TOP limit=100\nPING \(round)")
            Thread.sleep(forTimeInterval: 0.007)
        }
        var answers: [String] = []
        while answers.count < rounds {
            let line = try paused.readLine()
            if line.hasPrefix("PONG") || line.hasPrefix("ERR") { answers.append(line) }
        }
        #expect(answers == (1...rounds).map { "PONG \($0)" })
        #expect(try paused.ask("PING") == "PONG")
        #expect(!server.logs.lines.contains { $0.contains("flooding") })
    }

    /// The same while the server waits for the store: it reads nothing of the
    /// client meanwhile, and what the client sent within the rate is no flood.
    @Test func requestsSentWhileTheServerWaitedForTheStoreAreNoFlood() throws {
        var limits = ServerLimits.fast
        limits.requestsPerSecond = 200
        limits.requestBurst = 20
        let store = SlowDiskTests.GatedStore()
        let server = try TestServer(limits: limits, makeStore: { store })
        defer {
            store.gate.signal()
            server.stop()
        }
        let ana = try server.client("ana")
        _ = try ana.request("PRACTICE seed=42")
        _ = try ana.request("RESIGN")
        try ana.send("SUBMIT ana")
        #expect(store.entered.wait(timeout: .now() + 5) == .success)
        // Half the rate at most for 1 s or more, while the SUBMIT waits.
        for round in 1...100 {
            try ana.send("PING \(round)")
            Thread.sleep(forTimeInterval: 0.01)
        }
        store.gate.signal()
        #expect(try ana.readLine().hasPrefix("OK SUBMIT nick=ana "))
        var answers: [String] = []
        for _ in 1...100 { answers.append(try ana.readLine()) }
        #expect(answers == (1...100).map { "PONG \($0)" })
    }

    @Test func aPeerThatNeverReadsIsDroppedWhenEventsPassTheOutputLimit() throws {
        var limits = ServerLimits.fast
        limits.maximumPendingOutputBytes = 16 * 1024
        limits.backpressureBytes = 4 * 1024
        limits.countdownMilliseconds = 600_000  // the READY marks never start a race
        limits.requestsPerSecond = 1_000_000
        limits.requestBurst = 1_000_000
        let server = try TestServer(limits: limits)
        defer { server.stop() }
        let ana = try server.client("ana")
        _ = try ana.ask("CREATE chatty")
        let deaf = try server.client("deaf", receiveBufferBytes: 4096)
        _ = try deaf.ask("JOIN chatty")
        _ = try ana.event("JOINED")
        // Events are not replies: backpressure cannot stop them, the output limit does.
        let dropped = "deaf away: reading too slowly (more than 16384 bytes waiting)"
        let batch = Array(String(repeating: "READY yes\nREADY no\n", count: 500).utf8)
        var isAway = false
        for _ in 0..<400 where !isAway {
            try ana.sendBytes(batch)
            var replies = 0
            while replies < 1000 {
                let line = try ana.readLine()
                if line.hasPrefix("OK READY") { replies += 1 }
                if line.hasPrefix("AWAY room=chatty nick=deaf ") { isAway = true }
            }
        }
        // Cut off like a dropped connection: its seat is held for it to resume, and the log says why.
        #expect(isAway)
        #expect(server.logs.lines.contains { $0.contains(dropped) })
    }

    @Test func stoppingSaysByeToEveryone() throws {
        let server = try TestServer()
        let ana = try server.client("ana")
        let bo = try server.client("bo")
        _ = try ana.ask("CREATE r")
        _ = try bo.ask("JOIN r")
        _ = try ana.ask("READY")
        _ = try bo.ask("READY")
        _ = try ana.event("START")
        server.stop()
        #expect(try ana.readToEnd().last == "BYE server shutting down")
        #expect(try bo.readToEnd().last == "BYE server shutting down")
        #expect(server.server.connectionCount == 0)
        server.stop()  // a second stop is harmless
    }

    /// Every shard says goodbye to its own connections; the log says so once,
    /// with the count over all shards, in words.
    @Test func stoppingLogsTheGoodbyesOnceCountedOverEveryShard() throws {
        let server = try TestServer(shards: 2)
        let clients = try ["ana", "bo", "cy"].map { try server.client($0) }
        #expect(server.server.connectionCount == 3)
        server.stop()
        for client in clients { #expect(try client.readToEnd().last == "BYE server shutting down") }
        let lines = server.logs.lines.filter { $0.contains("shutting down") || $0.contains("server stopped") }
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(" shutting down: saying goodbye to 3 connections\n") == true)
        #expect(lines.last?.hasSuffix(" tilerace server stopped\n") == true)

        /// The shutdown lines of a server's log, without their timestamps.
        func shutdownLines(_ server: TestServer) -> [Substring] {
            server.logs.lines.filter { $0.contains("shutting down") }.map { $0.split(separator: " ", maxSplits: 1).last ?? "" }
        }
        let one = try TestServer(shards: 2)
        let ana = try one.client("ana")
        one.stop()
        _ = try ana.readToEnd()
        #expect(shutdownLines(one) == ["shutting down: saying goodbye to 1 connection\n"])
        let none = try TestServer(shards: 2)
        none.stop()
        #expect(shutdownLines(none) == ["shutting down: no connection to say goodbye to\n"])
    }

    @Test func quitSaysGoodbye() throws {
        let server = try TestServer()
        defer { server.stop() }
        let ana = try server.client("ana")
        #expect(try ana.request("QUIT") == ["OK QUIT"])
        #expect(try ana.readToEnd() == ["BYE goodbye"])
        // The nickname is free again.
        _ = try server.client("ana")
    }

    @Test func anIdleConnectionIsPingedThenClosed() throws {
        // The server's real timer runs, but time moves only when the test says:
        // nothing can happen early, and each step is awaited.
        let clock = ManualClock()
        var limits = ServerLimits.fast
        limits.sweepMilliseconds = 20
        let server = try TestServer(limits: limits, clock: clock)
        defer { server.stop() }
        let ana = try server.client("ana")
        clock.advance(limits.pingMilliseconds)
        #expect(try ana.readLine() == "PING")
        clock.advance(limits.idleMilliseconds - limits.pingMilliseconds)
        #expect(try ana.readToEnd() == ["BYE idle"])
    }
}
