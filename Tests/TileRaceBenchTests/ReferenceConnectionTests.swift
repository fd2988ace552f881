import Testing
import TileRaceEngine

@testable import TileRaceBench

/// The connections of `tilerace-bench server --redis`: the bytes they send
/// for the lines they get (no sockets).
struct ReferenceConnectionTests {
    private func receive(_ text: String, _ connection: ReferenceConnection, now: UInt64 = 0) -> ReferenceConnection.Happening? {
        Array(text.utf8).withUnsafeBufferPointer { connection.receive($0, now: now) }
    }

    private func takeOutput(_ connection: ReferenceConnection) -> String {
        defer { connection.output = [] }
        return String(decoding: connection.output, as: UTF8.self)
    }

    @Test func aPracticeConnectionGreetsStartsAGameAndTimesItsMoves() throws {
        let connection = ReferenceConnection(role: .practice, index: 3)
        connection.connected()
        #expect(connection.output.isEmpty)
        #expect(receive("HELLO tilerace 1 server=tilerace-0.1.0 line=1024 idle=120 features=resync", connection) == nil)
        #expect(takeOutput(connection) == "HELLO tilerace 1 p3\n")
        #expect(receive("OK HELLO nick=p3 session=88b8ad52fdc3eeb563c3ddb24dcbd5a8", connection) == nil)
        #expect(takeOutput(connection) == "PRACTICE seed=p3 size=4 target=2048\n")
        #expect(receive("OK PRACTICE seed=p3 size=4 target=2048", connection) == .becameReady)
        // The first due time only sets it out of step; then a move is sent.
        connection.sendIfDue(now: 1000, interval: 50)
        #expect(connection.output.isEmpty)
        connection.sendIfDue(now: 2000, interval: 50)
        let move = takeOutput(connection)
        var game = Game(config: .standard, seed: try Seed(parsing: "p3"))
        let letter = try #require(move.split(separator: " ").last?.first)
        #expect(game.moveIfValid(try #require(Direction(rawValue: letter))) != nil)
        #expect(move.hasPrefix("MOVE 1 "))
        // One in flight at a time.
        connection.sendIfDue(now: 3000, interval: 50)
        #expect(connection.output.isEmpty)
        #expect(receive("PROGRESS room=x nick=y score=0 max=2 moves=1 board=0", connection) == .fannedOut)
        #expect(
            receive("OK MOVE seq=1 score=0 moves=1 max=2 won=no over=no", connection, now: 2700)
                == .answered(nanoseconds: 700, isTimed: true))
        connection.sendIfDue(now: 3000, interval: 50)
        #expect(takeOutput(connection).hasPrefix("MOVE 2 "))
        #expect(receive("ERR desync no", connection, now: 3100) == .failed("ERR desync no"))
    }

    @Test func aRacerWaitsForItsRoomAndPlaysTheStartedGame() {
        let creator = ReferenceConnection(role: .racer(room: 4, creates: true, members: 2), index: 32)
        let joiner = ReferenceConnection(role: .racer(room: 4, creates: false, members: 2), index: 33)
        _ = receive("OK HELLO nick=r32", creator)
        #expect(takeOutput(creator).hasPrefix("CREATE bench4"))
        #expect(receive("OK HELLO nick=r33", joiner) == .greeted)
        #expect(joiner.output.isEmpty)
        joiner.join()
        #expect(takeOutput(joiner) == "JOIN bench4\n")
        let room = "room=bench4 state=waiting size=4 target=2048 assists=no limit=0 private=no players=2 watchers=0"
        #expect(receive("OK JOIN " + room, joiner) == .enteredRoom)
        joiner.ready()
        #expect(takeOutput(joiner) == "READY yes\n")
        #expect(receive("START room=bench4 race=1 seed=7 size=4 target=2048 assists=no limit=0 players=r32,r33", joiner) == .becameReady)
        #expect(joiner.isPlaying)
    }

    @Test func redisConnectionsSendRESP() {
        let setter = ReferenceConnection(role: .redisSet, index: 7)
        setter.connected()
        #expect(setter.isPlaying)
        setter.sendIfDue(now: 10, interval: 1)
        setter.sendIfDue(now: 20, interval: 1)
        #expect(takeOutput(setter) == "*3\r\n$3\r\nSET\r\n$2\r\nk7\r\n$3\r\n1 L\r\n")
        #expect(receive("+OK\r", setter, now: 25) == .answered(nanoseconds: 5, isTimed: true))

        let subscriber = ReferenceConnection(role: .redisSubscriber(channel: 2), index: 9)
        subscriber.connected()
        #expect(takeOutput(subscriber) == "*2\r\n$9\r\nSUBSCRIBE\r\n$2\r\ng2\r\n")
        #expect(receive("subscribe\r", subscriber) == .becameReady)
        #expect(receive("message\r", subscriber) == .fannedOut)
        subscriber.sendIfDue(now: 10, interval: 1)
        subscriber.sendIfDue(now: 20, interval: 1)
        #expect(subscriber.output.isEmpty)

        let publisher = ReferenceConnection(role: .redisPublisher(channel: 2), index: 8)
        publisher.connected()
        publisher.sendIfDue(now: 10, interval: 1)
        publisher.sendIfDue(now: 20, interval: 1)
        let length = ReferenceConnection.publishedMessage.count
        #expect(takeOutput(publisher).hasPrefix("*3\r\n$7\r\nPUBLISH\r\n$2\r\ng2\r\n$\(length)\r\nPROGRESS "))
        #expect(receive(":7\r", publisher, now: 21) == .answered(nanoseconds: 1, isTimed: true))
    }
}
