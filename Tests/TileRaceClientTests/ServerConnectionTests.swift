import Testing
import TileRaceEngine
import TileRaceProtocol
import TileRaceServer
import TileRaceServerTestSupport
import TileRaceTestSupport
import TileRaceTransport

@testable import TileRaceClient

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `ClientNetwork` against a real `RaceServer` on 127.0.0.1.
@Suite struct ServerConnectionTests {
    @Test func greetsThenPairsRepliesWithTheirRequests() throws {
        let host = try TestHost()
        let client = Recorder(host.endpoint)
        let greeting = try client.wait("greeting") { if case .greeted(let greeting) = $0 { greeting } else { nil } }
        #expect(greeting.version == 1)
        #expect(greeting.lineLimit == 1024)
        client.send(.hello(nickname: "ana"), .rooms, .join(room: "nowhere", code: nil))
        let hello = try client.reply("HELLO").0
        guard case .success(.hello(let nickname, let session, let isResumed, _)) = hello else {
            Issue.record("expected OK HELLO, got \(hello)")
            return
        }
        #expect(nickname == "ana")
        #expect(session?.utf8.count == 32)
        #expect(!isResumed)
        let (rooms, items) = try client.reply("ROOMS")
        #expect(rooms == .success(.rooms(count: 1)))
        #expect(
            items.map(\.line) == ["ROOM room=daily state=waiting size=4 target=2048 assists=no limit=0 private=no players=0 watchers=0"])
        let (join, _) = try client.reply("JOIN")
        #expect((try? join.get()) == nil)
        if case .failure(let error) = join { #expect(error.code == .roomUnavailable) }
    }

    @Test func movesSentTogetherGoOutAsOneLine() throws {
        let host = try TestHost()
        let client = Recorder(host.endpoint)
        try client.wait("greeting") { if case .greeted = $0 { true } else { nil } }
        client.send(.hello(nickname: nil), .practice(PracticeOptions(seed: "42")))
        _ = try client.reply("PRACTICE")
        var game = Game(config: .standard, seed: Seed(42))
        var entries: [GameLog.Entry] = []
        for direction in [Direction.left, .up, .right, .down, .left, .up, .right, .down] where entries.count < 5 {
            if (try? game.move(direction)) != nil { entries.append(.move(direction)) }
        }
        client.send(
            .move(seq: 1, entries: [entries[0]]), .move(seq: 2, entries: [entries[1]]),
            .move(seq: 3, entries: Array(entries[2...])))
        let (result, _) = try client.reply("MOVE")
        #expect(
            result
                == .success(
                    .move(
                        MoveAck(
                            seq: 5, score: game.score, moves: game.moveCount, largestTile: game.board.largestValue, hasWon: false,
                            isOver: false))))
        let moveReplies = client.updates.filter { if case .reply(.move, _, _) = $0 { true } else { false } }
        #expect(moveReplies.count == 1)
    }

    @Test func batchingJoinsOnlyConsecutiveMovesOfAShortLine() {
        let left = GameLog.Entry.move(.left)
        let batched = ClientConversation.batched([
            .move(seq: 1, entries: [left]), .move(seq: 2, entries: [.undo]), .move(seq: 3, entries: [.remove(Cell(row: 0, column: 1))]),
            .rooms, .move(seq: 4, entries: [left]), .move(seq: 9, entries: [left]), .resign,
        ])
        #expect(
            batched == [
                .move(seq: 1, entries: [left, .undo, .remove(Cell(row: 0, column: 1))]), .rooms, .move(seq: 4, entries: [left]),
                .move(seq: 9, entries: [left]), .resign,
            ])
        let many = (1...2000).map { ClientMessage.move(seq: $0, entries: [left]) }
        let lines = ClientConversation.batched(many)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.line.utf8.count <= ClientConversation.maximumBatchLineBytes })
        #expect(lines.reduce(0) { total, line in if case .move(_, let entries) = line { total + entries.count } else { total } } == 2000)
    }

    @Test func answersTheServersPings() throws {
        let peer = try #require(ScriptedPeer())
        let client = Recorder(ServerEndpoint(host: "127.0.0.1", port: peer.port), clock: ManualClock())
        #expect(peer.accept())
        peer.send("HELLO tilerace 1 server=scripted", "PING t42")
        #expect(peer.readLine() == "PONG t42")
        // Its own business: nothing reaches the model.
        try client.wait("greeting") { if case .greeted = $0 { true } else { nil } }
        #expect(client.updates.count == 1)
    }

    /// A client connected to a scripted peer that has greeted it, on a manual clock.
    private func greetedByAScriptedPeer() throws -> (ScriptedPeer, Recorder, ManualClock) {
        let peer = try #require(ScriptedPeer())
        let clock = ManualClock()
        let client = Recorder(ServerEndpoint(host: "127.0.0.1", port: peer.port), clock: clock)
        #expect(peer.accept())
        peer.send("HELLO tilerace 1 server=scripted")
        try client.wait("greeting") { if case .greeted = $0 { true } else { nil } }
        return (peer, client, clock)
    }

    @Test func pingsWhenQuietAndGivesUpWhenNothingAnswers() throws {
        let (peer, client, clock) = try greetedByAScriptedPeer()
        let timing = ClientConnection.Timing.standard
        // Quiet for a moment less than the keep-alive: nothing is sent.
        clock.advance(timing.conversation.keepAliveMilliseconds - 1)
        client.checkTimers()
        client.send(.rooms)
        #expect(peer.readLine() == "ROOMS")
        // Quiet for the whole keep-alive: a PING.
        clock.advance(timing.conversation.keepAliveMilliseconds)
        client.checkTimers()
        #expect(peer.readLine() == "PING keepalive1")
        // No answer for the whole answer timeout: the server is taken as gone.
        clock.advance(timing.conversation.answerTimeoutMilliseconds - 1)
        client.checkTimers()
        #expect(!client.updates.contains { if case .disconnected = $0 { true } else { false } })
        clock.advance(1)
        client.checkTimers()
        let reason = try client.wait("disconnection") { if case .disconnected(let reason, _) = $0 { reason } else { nil } }
        #expect(reason == "no answer from the server for 30 s")
    }

    @Test func anAnswerKeepsTheConnection() throws {
        let (peer, client, clock) = try greetedByAScriptedPeer()
        let timing = ClientConnection.Timing.standard
        clock.advance(timing.conversation.keepAliveMilliseconds)
        client.checkTimers()
        #expect(peer.readLine() == "PING keepalive1")
        peer.send("PONG keepalive1")
        client.send(.rooms)
        #expect(peer.readLine() == "ROOMS")
        peer.send("OK ROOMS count=0")
        try client.wait("reply") { if case .reply(.rooms, _, _) = $0 { true } else { nil } }
        clock.advance(timing.conversation.answerTimeoutMilliseconds)
        client.checkTimers()
        #expect(!client.updates.contains { if case .disconnected = $0 { true } else { false } })
    }

    @Test func aPeerThatNeverGreetsIsNotATileRaceServer() throws {
        let peer = try #require(ScriptedPeer())
        let clock = ManualClock()
        let client = Recorder(ServerEndpoint(host: "127.0.0.1", port: peer.port), clock: clock)
        #expect(peer.accept())
        try client.waitUntilConnected()
        clock.advance(ClientConnection.Timing.standard.conversation.greetingTimeoutMilliseconds)
        client.checkTimers()
        let reason = try client.wait("disconnection") { if case .disconnected(let reason, _) = $0 { reason } else { nil } }
        #expect(reason == "it connected but sent no greeting within 5 s: is it a TileRace server?")
    }

    @Test func aConnectThatNeverCompletesSaysItTimedOut() throws {
        let silent = try #require(SilentPort())
        var timing = ClientConnection.Timing.standard
        timing.connectTimeoutMilliseconds = 500
        timing.conversation.greetingTimeoutMilliseconds = 500
        timing.checkIntervalMilliseconds = 50
        let client = Recorder(ServerEndpoint(host: "127.0.0.1", port: silent.port), timing: timing)
        let reason = try client.wait("failure") { if case .connectFailed(let reason) = $0 { reason } else { nil } }
        #expect(reason == "timed out after 500 ms")
        // Never taken for a server that connected and said nothing.
        client.barrier()
        #expect(!client.updates.contains { if case .disconnected = $0 { true } else { false } })
    }

    @Test func aTimedOutConnectNamesItsTimeLimit() throws {
        // The connector stands in for a host that never answers, for the standard 5 s.
        let client = Recorder(ServerEndpoint(host: "127.0.0.1", port: 2048)) { _, _, timeout throws(Socket.ConnectFailure) in
            #expect(timeout == 5000)
            throw .timedOut
        }
        let reason = try client.wait("failure") { if case .connectFailed(let reason) = $0 { reason } else { nil } }
        #expect(reason == "timed out after 5 s")
    }

    @Test func aStoppingServerIsReportedWithItsBye() throws {
        let host = try TestHost()
        let client = Recorder(host.endpoint)
        try client.wait("greeting") { if case .greeted = $0 { true } else { nil } }
        host.server.stop()
        let bye = try client.wait("disconnection") { if case .disconnected(_, let bye) = $0 { bye } else { nil } }
        #expect(bye == "server shutting down")
        client.send(.rooms)
        try client.wait("not sent") { if case .notSent(.rooms, _) = $0 { true } else { nil } }
    }

    @Test func nobodyListeningIsAClearFailure() throws {
        let (fd, port) = try #require(TestSockets.boundButNotListening())
        defer { close(fd) }
        let client = Recorder(ServerEndpoint(host: "127.0.0.1", port: port))
        let reason = try client.wait("failure") { if case .connectFailed(let reason) = $0 { reason } else { nil } }
        #expect(reason == "connection refused")
    }

    @Test func anUnknownHostIsAClearFailure() throws {
        // The name is never looked up: the connector stands in for the resolver.
        let unknown = Recorder(ServerEndpoint(host: "no-such-host.invalid", port: 2048)) { host, _, _ throws(Socket.ConnectFailure) in
            throw .unknownHost(host)
        }
        let why = try unknown.wait("failure") { if case .connectFailed(let reason) = $0 { reason } else { nil } }
        #expect(why == "unknown host no-such-host.invalid")
    }

    @Test func anotherKindOfServerIsRefused() throws {
        let fake = try #require(FakeServer(sending: "SSH-2.0-OpenSSH_9.6\r\n"))
        let client = Recorder(ServerEndpoint(host: "127.0.0.1", port: fake.port))
        let reason = try client.wait("disconnection") { if case .disconnected(let reason, _) = $0 { reason } else { nil } }
        #expect(reason == "this is not a TileRace server (it said \"SSH-2.0-OpenSSH_9.6\")")
    }

    @Test func aServerThatTurnsUsAwaySaysWhy() throws {
        let fake = try #require(FakeServer(sending: "ERR too-many-connections too many connections from 127.0.0.1\n"))
        let client = Recorder(ServerEndpoint(host: "127.0.0.1", port: fake.port))
        let reason = try client.wait("disconnection") { if case .disconnected(let reason, _) = $0 { reason } else { nil } }
        #expect(reason == "the server refused the connection: too many connections from 127.0.0.1")
    }

    @Test func badLinesAreDroppedAndTheRestIsRead() throws {
        let text = "HELLO tilerace 1 server=fake\r\nJOINED room=a nick=bo role=player\nGARBAGE \u{1B}[2J\nBYE going away\n"
        let fake = try #require(FakeServer(sending: text))
        let client = Recorder(ServerEndpoint(host: "127.0.0.1", port: fake.port))
        try client.wait("event") { if case .event(.joined("a", "bo", .player, false, nil)) = $0 { true } else { nil } }
        try client.wait("unreadable line") { if case .unreadable = $0 { true } else { nil } }
        client.send(.rooms)
        // The fake never answers, but it has not closed either: still connected.
        #expect(!client.updates.contains { if case .disconnected = $0 { true } else { false } })
    }

    @Test func closingStopsEveryReport() throws {
        let host = try TestHost()
        let client = Recorder(host.endpoint)
        try client.wait("greeting") { if case .greeted = $0 { true } else { nil } }
        client.close()
        let before = client.updates.count
        host.server.stop()
        client.send(.rooms)
        // The socket is closed, so nothing more can arrive; whatever the
        // connection had queued for later runs before this barrier. With
        // no connection, the request is said not sent, and that is all.
        client.barrier()
        client.barrier()
        #expect(client.updates.count == before + 1)
        #expect(client.updates.last == .notSent(.rooms, reason: "not connected"))
    }
}
