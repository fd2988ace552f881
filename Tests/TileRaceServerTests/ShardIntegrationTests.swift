import Foundation
import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceServer

/// A server with several shards: rooms live on different shards, sessions
/// move to the shard of the room they enter, and what the shards share
/// (nicknames, the room list, resume secrets) holds across them.
@Suite struct ShardIntegrationTests {
    /// Connections go to the shards in turn (connection 1 to shard 0), and a
    /// new room to the shard with the fewest rooms (shard 0 hosts `daily`).
    @Test func roomsOfEveryShardAreListed() throws {
        let server = try TestServer(shards: 3)
        defer { server.stop() }
        var makers: [TestClient] = []
        for index in 0..<5 {
            let maker = try server.client("maker\(index)")
            #expect(try maker.ask("CREATE room\(index)").hasPrefix("OK CREATE room=room\(index) "))
            makers.append(maker)
        }
        let looker = try server.client("looker")
        let reply = try looker.request("ROOMS")
        #expect(reply.last == "OK ROOMS count=6")
        #expect(reply.dropLast().compactMap { $0.field("room") } == ["daily", "room0", "room1", "room2", "room3", "room4"])
        #expect(reply.contains("ROOM room=room3 state=waiting size=4 target=2048 assists=no limit=0 private=no players=1 watchers=0"))
        // Someone on another shard joins: the listing follows.
        #expect(try looker.ask("JOIN room3").hasPrefix("OK JOIN room=room3 "))
        #expect(try makers[0].request("ROOMS").contains { $0.hasPrefix("ROOM room=room3 ") && $0.contains(" players=2 ") })
        let late = try server.client("late")
        #expect(try late.ask("CREATE ROOM3").errorCode == "room-exists")
        #expect(server.logs.lines.contains { $0.contains("moves to shard") })
        for maker in makers { maker.close() }
    }

    /// Twelve `CREATE`s sent at once: the rooms still on their way to a
    /// shard count for it, so the rooms spread evenly (with `daily`, no
    /// shard has more than one room above another) instead of piling onto
    /// the shard that was emptiest when they were asked about.
    @Test func aBurstOfNewRoomsSpreadsOverTheShards() throws {
        let server = try TestServer(shards: 4)
        defer { server.stop() }
        let makers = try (0..<12).map { index in try server.client("burst\(index)") }
        for (index, maker) in makers.enumerated() { try maker.send("CREATE b\(index)") }
        for (index, maker) in makers.enumerated() {
            #expect(try maker.readLine().hasPrefix("OK CREATE room=b\(index) "))
        }
        var rooms = [1, 0, 0, 0]  // daily
        for index in makers.indices {
            guard let shard = server.server.shard(hostingRoom: "b\(index)") else {
                Issue.record("room b\(index) is on no shard")
                continue
            }
            rooms[shard] += 1
        }
        #expect(rooms.reduce(0, +) == 13)
        #expect(rooms.max()! - rooms.min()! <= 1, "rooms per shard: \(rooms)")
        for maker in makers { maker.close() }
    }

    /// Seven `CREATE`s at once on four shards with room for five: exactly
    /// five rooms, and two clear refusals.
    @Test func theRoomLimitHoldsForCreatesOnSeveralShardsAtOnce() throws {
        var limits = ServerLimits.fast
        limits.maximumRooms = 5
        let server = try TestServer(limits: limits, shards: 4)
        defer { server.stop() }
        let makers = try (0..<7).map { index in try server.client("full\(index)") }
        for (index, maker) in makers.enumerated() { try maker.send("CREATE f\(index)") }
        let replies = try makers.map { try $0.readLine() }
        #expect(replies.filter { $0.hasPrefix("OK CREATE ") }.count == 5, "\(replies)")
        #expect(
            replies.filter { $0 == "ERR too-many-rooms the server has its maximum of 5 rooms; join one" }.count == 2, "\(replies)")
        let listing = try makers[0].request("ROOMS")
        #expect(listing.last == "OK ROOMS count=6")  // and daily
        for maker in makers { maker.close() }
    }

    @Test func nicknamesAreUniqueAcrossShards() throws {
        let server = try TestServer(shards: 3)
        defer { server.stop() }
        let ana = try server.client("ana")
        #expect(try ana.ask("CREATE home").hasPrefix("OK CREATE"))
        // Three connections, one on each shard, try her nickname.
        for number in 0..<3 {
            let other = try server.rawClient()
            _ = try other.readLine()
            #expect(try other.ask("HELLO tilerace 1 ANA").errorCode == "nick-taken")
            #expect(try other.ask("HELLO tilerace 1 bo\(number)").hasPrefix("OK HELLO"))
            #expect(try other.ask("NICK Ana").errorCode == "nick-taken")
            #expect(try other.ask("JOIN home").hasPrefix("OK JOIN"))
            #expect(try other.ask("LEAVE") == "OK LEAVE room=home")
            #expect(try other.ask("NICK Ana").errorCode == "nick-taken")
        }
        // Once she renames, the name is free everywhere.
        #expect(try ana.ask("LEAVE") == "OK LEAVE room=home")
        #expect(try ana.ask("NICK ana2") == "OK NICK nick=ana2")
        let taker = try server.client("ana")
        #expect(try taker.ask("CREATE home").hasPrefix("OK CREATE room=home "))
    }

    /// The lobby's last lines reach whoever greets, on either shard (once its
    /// shard heard the line: li's shows it has), and whoever leaves a room.
    @Test func theLobbysHistoryIsTheWholeServers() throws {
        let server = try TestServer(shards: 2)
        defer { server.stop() }
        let lo = try server.client("lo")
        let li = try server.client("li")
        #expect(try lo.ask("SAY text=anyone for a 5x5?") == "OK SAY")
        _ = try li.event("CHAT nick=lo text=anyone for a 5x5?")
        let history = "CHAT nick=lo history=yes text=anyone for a 5x5?"
        for nickname in ["cy", "di"] {
            let late = try server.rawClient()
            _ = try late.readLine()
            #expect(try late.ask("HELLO tilerace 1 \(nickname)").hasPrefix("OK HELLO nick=\(nickname) "))
            #expect(try late.readLine() == history)
            #expect(try late.ask("CREATE \(nickname)-room").hasPrefix("OK CREATE"))
            #expect(try late.ask("LEAVE") == "OK LEAVE room=\(nickname)-room")
            #expect(try late.readLine() == history)
        }
    }

    /// Ana's room is on shard 1 (connection 1 moved there to create it); her
    /// new connection (the third) starts on shard 2 and moves to take her seat back.
    @Test func aSessionResumesFromAnotherShard() throws {
        let server = try TestServer(shards: 3)
        defer { server.stop() }
        let ana = try server.rawClient()
        _ = try ana.readLine()
        let hello = try ana.ask("HELLO tilerace 1 ana")
        let secret = try #require(hello.field("session"))
        #expect(try ana.ask("CREATE r").hasPrefix("OK CREATE"))
        let bo = try server.client("bo")
        #expect(try bo.ask("JOIN r").hasPrefix("OK JOIN"))
        #expect(try ana.ask("READY") == "OK READY ready=yes")
        #expect(try bo.ask("READY") == "OK READY ready=yes")
        _ = try bo.event("START")
        ana.close()
        _ = try bo.event("AWAY", where: { $0.contains("nick=ana") })
        let back = try server.rawClient()
        _ = try back.readLine()
        try back.send("HELLO tilerace 1 ana resume=\(secret)")
        try back.send("WHO")
        let resumed = try back.reply(to: "HELLO")
        #expect(resumed.last?.hasPrefix("OK HELLO nick=ana session=") == true)
        #expect(resumed.last?.contains(" resumed=yes room=r ") == true)
        let who = try back.reply(to: "WHO")
        #expect(who.last == "OK WHO room=r count=2")
        _ = try back.event("RESYNC")
        _ = try bo.event("BACK", where: { $0.contains("nick=ana") })
        #expect(server.logs.lines.contains { $0.contains("ana moves to shard 1") })
    }

    /// Racers race in rooms on every shard while hoppers go from room to room
    /// (and so from shard to shard) with pipelined requests: every reply comes
    /// in order, and no event comes between a reply's items.
    @Test func repliesStayInOrderWhileSessionsMoveUnderLoad() throws {
        let server = try TestServer(shards: 3)
        defer { server.stop() }
        let rooms = 4
        let racersPerRoom = 2
        // At most the room's 8 seats: hoppers drift rounds apart on a busy
        // machine, and all of them may JOIN one room at once (with 8 hoppers,
        // one was once refused with room-full under Thread Sanitizer).
        let hoppers = ServerLimits.standard.maximumPlayersPerRoom - racersPerRoom
        let rounds = 12
        let failures = FailureList()
        let roomsMade = (0..<rooms).map { _ in DispatchSemaphore(value: 0) }
        let roomsFull = (0..<rooms).map { _ in DispatchSemaphore(value: 0) }
        // Every racer leaves it once its race started (or it failed).
        let racing = DispatchGroup()
        for _ in 0..<rooms * racersPerRoom { racing.enter() }
        let port = server.port
        // One thread each (they block on sockets and on each other, which
        // would starve a shared pool of worker threads).
        let finished = DispatchGroup()
        for index in 0..<rooms * racersPerRoom + hoppers {
            finished.enter()
            let thread = Thread {
                defer { finished.leave() }
                let isRacer = index < rooms * racersPerRoom
                var isStarted = false
                do {
                    if isRacer {
                        let room = index / racersPerRoom
                        try race(
                            port: port, room: room, number: index, moves: 150, roomMade: roomsMade[room], roomFull: roomsFull[room]
                        ) {
                            isStarted = true
                            racing.leave()
                        }
                    } else {
                        // Hoppers start once every race is under way (a player
                        // coming in would hold a countdown back).
                        racing.wait()
                        try hop(port: port, number: index, rooms: rooms, rounds: rounds)
                    }
                } catch {
                    failures.append("\(error)")
                }
                if isRacer, !isStarted { racing.leave() }
            }
            thread.start()
        }
        #expect(finished.wait(timeout: .now() + 20) == .success, "\(server.logs.lines.suffix(60).joined(separator: "\n"))")
        #expect(failures.all.isEmpty, "\(failures.all.first ?? "")")
        #expect(server.logs.lines.filter { $0.contains("moves to shard") }.count > hoppers)
    }

    /// A racer: joins its room, says ready, and plays random valid moves
    /// until the race's end or `moves` moves, then resigns.
    private func race(
        port: Int, room: Int, number: Int, moves: Int, roomMade: DispatchSemaphore, roomFull: DispatchSemaphore,
        started: () -> Void
    ) throws {
        let racer = try TestClient(port: port, nickname: "racer\(number)")
        defer { racer.close() }
        // Both are in the room before either says ready (alone, the first would race alone).
        if number % 2 == 0 {
            #expect(try racer.ask("CREATE race\(room)").hasPrefix("OK CREATE"))
            roomMade.signal()
            roomFull.wait()
        } else {
            roomMade.wait()
            #expect(try racer.ask("JOIN race\(room)").hasPrefix("OK JOIN"))
            roomFull.signal()
        }
        #expect(try racer.ask("READY") == "OK READY ready=yes")
        let startLine = try racer.event("START")
        started()
        guard case .event(.start(let start)) = try ServerMessage.parse(startLine) else {
            throw TestFailure(description: "unreadable START: \(startLine)")
        }
        var game = try start.makeGame()
        var random = SplitMix64(seed: UInt64(number + 1))
        for seq in 1...moves {
            let first = Int(random.next() % 4)
            guard let direction = (0..<4).map({ Direction.allCases[(first + $0) % 4] }).first(where: { game.board.sliding($0) != nil })
            else { break }
            _ = try game.move(direction)
            let reply = try racer.ask("MOVE \(seq) \(GameLog.Entry.move(direction))")
            guard reply.hasPrefix("OK MOVE seq=\(seq) ") else { throw TestFailure(description: "racer\(number): MOVE \(seq) got \(reply)") }
            if reply.contains(" over=yes") || reply.contains(" finished=") { return }
        }
        _ = try racer.ask("RESIGN")
    }

    /// A hopper: rounds of pipelined requests that enter rooms on different
    /// shards, each checked against the reply it must get, in order.
    private func hop(port: Int, number: Int, rooms: Int, rounds: Int) throws {
        let hopper = try TestClient(port: port, nickname: "hopper\(number)")
        defer { hopper.close() }
        for round in 0..<rounds {
            let joined = "race\((number + round) % rooms)"
            let watched = "race\((number + round + 1) % rooms)"
            let requests = [
                "JOIN \(joined)", "WHO", "PING \(round)a", "ROOMS", "LEAVE", "WATCH \(watched)", "PING \(round)b", "WHO", "LEAVE",
            ]
            try hopper.sendBytes(Array(requests.map { $0 + "\n" }.joined().utf8))
            var replies: [String] = []
            for request in requests {
                replies.append(contentsOf: try hopper.reply(to: request).filter { !$0.hasPrefix("MEMBER") && !$0.hasPrefix("ROOM ") })
            }
            let expected = [
                "OK JOIN room=\(joined)", "OK WHO room=\(joined)", "PONG \(round)a", "OK ROOMS count=\(rooms + 1)",
                "OK LEAVE room=\(joined)",
                "OK WATCH room=\(watched)", "PONG \(round)b", "OK WHO room=\(watched)", "OK LEAVE room=\(watched)",
            ]
            for (reply, prefix) in zip(replies, expected) where !(reply == prefix || reply.hasPrefix(prefix + " ")) {
                throw TestFailure(description: "hopper\(number) round \(round): expected \(prefix), got \(reply); all: \(replies)")
            }
            guard replies.count == expected.count else {
                throw TestFailure(description: "hopper\(number) round \(round): \(replies.count) replies: \(replies)")
            }
        }
    }
}

/// Failures collected from several threads.
private final class FailureList: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []

    var all: [String] { lock.withLock { failures } }

    func append(_ failure: String) {
        lock.withLock { failures.append(failure) }
    }
}
