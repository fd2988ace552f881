import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// A plain `MOVE` is read where the framer holds it (`LineFramer.nextPlainMove`,
/// `RequestGate.check(plainMove:)`) unless the debug log is on, which shows
/// each line and so reads it the general way: both ways answer alike.
struct CorePlainMoveTests {
    /// A practice game and a race played with the same lines, fast and
    /// general, give every connection the same lines.
    @Test func theFastAndTheGeneralWayAnswerAlike() {
        let script: [(player: Int, line: String)] = [
            (0, "PRACTICE"), (0, "MOVE 1 L"), (0, "MOVE 2 RU"), (0, "MOVE 2 L"), (0, "MOVE 4 D"), (0, "MOVE 5 UUUUDDDD"),
            (0, "MOVE 01 L"), (0, "RESIGN"), (1, "MOVE 1 L"), (0, "CREATE r"), (1, "JOIN r"), (0, "READY"), (1, "READY"),
        ]
        let after: [(player: Int, line: String)] = [
            (0, "MOVE 1 L"), (1, "MOVE 1 R"), (0, "MOVE 2 LURD"), (1, "move 2 L"), (1, "MOVE 2 L\r"), (0, "MOVE 9 L"), (0, "PING"),
        ]
        func play(_ level: ServerLog.Level) -> (lines: [[String]], logs: [String]) {
            let harness = CoreHarness(logLevel: level)
            let players = [harness.player("ana"), harness.player("bo")]
            // Checked as any request: not greeted yet, refused.
            let stranger = harness.connect()
            _ = harness.take(stranger)
            var lines: [[String]] = [harness.ask(stranger, "MOVE 1 L")]
            for step in script { lines.append(harness.ask(players[step.player], step.line)) }
            harness.advance(3000)
            for player in players { lines.append(harness.take(player)) }
            for step in after {
                harness.send(players[step.player], step.line)
                harness.advance(100)
                lines.append(harness.take(players[0]) + ["--"] + harness.take(players[1]))
            }
            return (lines, harness.logs)
        }
        let fast = play(.info)
        let general = play(.debug)
        #expect(fast.lines == general.lines)
        // The race ran: moves were acknowledged and progress went round.
        #expect(fast.lines.joined().contains { $0.hasPrefix("OK MOVE seq=2 ") })
        #expect(fast.lines.joined().contains { $0.hasPrefix("PROGRESS room=r nick=bo ") })
        #expect(fast.lines.joined().contains { $0.hasPrefix("ERR bad-seq") })
        #expect(fast.lines.first?.first?.hasPrefix("ERR hello-first") == true)
        // Only the debug log shows the lines it read.
        #expect(general.logs.contains("conn 1 ana: 'MOVE 1 L'"))
        #expect(!fast.logs.contains { $0.contains("MOVE 1 L") })
    }
}
