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
        #expect(try raw.readLine() == "OK HELLO nick=ana")
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

    @Test func aSlowReaderDoesNotHoldUpOthersAndIsDroppedPastTheLimit() throws {
        var limits = ServerLimits.fast
        limits.maximumPendingOutputBytes = 256 * 1024
        // The rate limit would refuse most of these heavy requests: this test is about the output limit.
        limits.requestsPerSecond = 100_000
        limits.requestBurst = 100_000
        let directory = TemporaryDirectory()
        do {
            let store = try LeaderboardStore.open(directory: directory.path)
            try LeaderboardDemo.fill(store, count: 100, random: .system, date: "2026-11-22")
            store.close()
        }
        let server = try TestServer(limits: limits, dataDirectory: directory.path)
        defer { server.stop() }
        let ana = try server.client("ana")
        _ = try ana.ask("CREATE slow")
        let slow = try server.client("slow", receiveBufferBytes: 4096)
        _ = try slow.ask("JOIN slow")
        _ = try ana.event("JOINED")
        // The slow client asks for the whole leaderboard again and again and never reads.
        let request = Array(String(repeating: "TOP limit=100\n", count: 200).utf8)
        let dropped = "slow closed: reading too slowly (more than 262144 bytes waiting)"
        for _ in 0..<50 where !server.logs.lines.contains(where: { $0.contains(dropped) }) {
            try? slow.sendBytes(request)
            // Meanwhile the others are served at once.
            #expect(try ana.ask("PING") == "PONG")
        }
        #expect(server.logs.lines.contains { $0.contains(dropped) })
        // Its membership ends as if it had left.
        #expect(try ana.event("LEFT") == "LEFT room=slow nick=slow")
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
