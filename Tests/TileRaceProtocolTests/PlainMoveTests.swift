import Testing
import TileRaceEngine

@testable import TileRaceProtocol

/// The fast ways through the two lines a race sends most: `MOVE` read by
/// `ClientMessage.plainMove`, `OK MOVE` written by `MoveAck.write(to:)`.
/// Each must say exactly what the general parser and printer say.
@Suite struct PlainMoveTests {
    @Test func aPlainMoveReadsAsTheGeneralParserReadsIt() throws {
        let lines = [
            "MOVE 1 L", "MOVE 12 LLUR", "MOVE 9 D", "MOVE 2147483647 RULD", "MOVE 100 UUUUDDDDLLLLRRRR", "MOVE 7 R", "MOVE 3 U",
        ]
        for line in lines {
            let plain = try #require(ClientMessage.plainMove(line), "\(line)")
            #expect(plain == (try ClientMessage.parse(line)), "\(line)")
        }
        #expect(
            ClientMessage.plainMove("MOVE 12 LLUR") == .move(seq: 12, entries: [.move(.left), .move(.left), .move(.up), .move(.right)]))
    }

    /// Everything else goes to the general parser, which reads it or
    /// answers its error: the fast path never decides on an odd line.
    @Test func anythingElseIsLeftToTheGeneralParser() {
        let lines = [
            "", "MOVE", "MOVE 1", "MOVE 1 ", "move 1 L", "Move 1 L", "MOVE  1 L", "MOVE 1  L", "MOVE 1 L ", " MOVE 1 L", "MOVE 01 L",
            "MOVE 0 L", "MOVE -1 L", "MOVE 2147483648 L", "MOVE 99999999999 L", "MOVE 1 Z", "MOVE 1 LX12", "MOVE 1 l", "MOVE 1 L@5",
            "MOVE 1 L extra", "MOVE x L", "MOVE 1 L=1", "MOVES 1 L", "MOVE\t1 L", "PING",
        ]
        for line in lines {
            #expect(ClientMessage.plainMove(line) == nil, "\(line)")
        }
    }

    @Test func anAcknowledgementIsWrittenAsItsFieldsAre() throws {
        let acknowledgements = [
            MoveAck(seq: 1, score: 0, moves: 1, largestTile: 2, hasWon: false, isOver: false),
            MoveAck(seq: 12, score: 40, moves: 12, largestTile: 8, hasWon: false, isOver: false),
            MoveAck(seq: 951, score: 20112, moves: 940, largestTile: 2048, hasWon: true, isOver: false, finished: .target),
            MoveAck(seq: 300, score: 3012, moves: 298, largestTile: 256, hasWon: false, isOver: true, finished: .over),
            MoveAck(seq: 5, score: 16, moves: 4, largestTile: 16, hasWon: true, isOver: true),
        ]
        for acknowledgement in acknowledgements {
            var general = "OK MOVE"
            acknowledgement.fields.write(to: &general)
            #expect(ServerMessage.ok(.move(acknowledgement)).line == general)
            #expect(try ServerMessage.parse(general) == .ok(.move(acknowledgement)))
        }
    }

    @Test func progressIsWrittenAsItsFieldsAre() throws {
        let boards = [
            [0, 2, 0, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 0, 0, 2],
            Array(repeating: 0, count: 9),
            (0..<64).map { $0 % 3 == 0 ? 0 : 1 << ($0 % 17 + 1) },
        ]
        for (index, board) in boards.enumerated() {
            let progress = RacerProgress(
                room: "friday-\(index)", nickname: "ana_\(index)", score: index * 1234, largestTile: board.max() ?? 0,
                moves: index * 7, board: board)
            var general = "PROGRESS"
            progress.fields.write(to: &general)
            #expect(ServerMessage.event(.progress(progress)).line == general)
            #expect(try ServerMessage.parse(general) == .event(.progress(progress)))
        }
    }

    @Test func numbersAreWrittenAsStringWritesThem() {
        for value in [0, 1, 9, 10, 99, 100, 2048, 1_000_000, -1, -10, -2048, Int.max, Int.min] {
            var bytes = Array("x=".utf8)
            LineBytes.append(decimal: value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x=\(value)")
        }
    }

    /// `write(to:)` is what goes on the wire: `line` and its `\n`, for the
    /// lines written as bytes and for those that go through `line`.
    @Test func everyLineIsWrittenAsItsLineAndALineEnding() {
        let messages: [ServerMessage] = [
            .ok(.move(MoveAck(seq: 3, score: 8, moves: 3, largestTile: 4, hasWon: false, isOver: false))),
            .event(
                .progress(
                    RacerProgress(room: "r", nickname: "bo", score: 4, largestTile: 4, moves: 2, board: Array(repeating: 2, count: 16)))),
            .ok(.quit), .error(ProtocolError(.badSeq, "expected MOVE 2, got MOVE 5; nothing was applied")), .pong("t1"), .pong(nil),
            .event(.bye("server shutting down")), .info("café ünïcode → ascii"),
        ]
        for message in messages {
            var bytes = Array("before\n".utf8)
            message.write(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "before\n" + message.line + "\n", "\(message)")
        }
    }
}
