import Foundation
import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// `--log-format`: one logging path, two formats. `text` is a timestamp and
/// the message, as ever; `json` is one object a line (time, level, event,
/// message, fields) that a JSON parser reads.
struct ServerLogFormatTests {
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    private let entry = LogEntry(
        "connection.opened", [.init("connection", 7), .init("peer", "10.0.0.5:51234"), .init("nick", "a\"b\\c\u{1}é")],
        message: "conn 7 10.0.0.5:51234 connected")

    private func written(_ format: ServerLog.Format, level: ServerLog.Level = .info) -> [String] {
        let lines = Lines()
        let log = ServerLog(level: level, format: format, clock: ManualClock()) { lines.append($0) }
        log(.info, entry)
        log(.debug, LogEntry("request", message: "hidden at info"))
        log(.error, "warning: a plain line")
        return lines.all
    }

    @Test func textIsTheTimestampAndTheMessage() {
        #expect(
            written(.text) == [
                "2026-11-22T10:00:00.000Z conn 7 10.0.0.5:51234 connected\n", "2026-11-22T10:00:00.000Z warning: a plain line\n",
            ])
    }

    @Test func jsonIsOneObjectALineWithTheFields() throws {
        let lines = written(.json)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasSuffix("}\n") && $0.filter { $0 == "\n" }.count == 1 })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["time"] as? String == "2026-11-22T10:00:00.000Z")
        #expect(object["level"] as? String == "info")
        #expect(object["event"] as? String == "connection.opened")
        #expect(object["message"] as? String == "conn 7 10.0.0.5:51234 connected")
        let fields = try #require(object["fields"] as? [String: Any])
        #expect(fields["connection"] as? Int == 7)
        #expect(fields["peer"] as? String == "10.0.0.5:51234")
        #expect(fields["nick"] as? String == "a\"b\\c\u{1}é")
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(plain["level"] as? String == "error")
        #expect(plain["event"] as? String == "message")
        #expect((plain["fields"] as? [String: Any])?.isEmpty == true)
    }

    @Test func aRealServerLogsJSONLinesThatParse() throws {
        let server = try TestServer(logFormat: .json)
        let client = try server.client("ana")
        #expect(try client.ask("QUIT") == "OK QUIT")
        #expect(server.logs.awaitLine(containing: "\"event\":\"connection.closed\""))
        server.stop()
        var events: [String: [String: Any]] = [:]
        for line in server.logs.lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
            let event = try #require(object["event"] as? String)
            events[event] = try #require(object["fields"] as? [String: Any])
        }
        #expect(events["server.listening"]?["port"] as? Int == server.port)
        #expect((events["connection.opened"]?["peer"] as? String)?.hasPrefix("127.0.0.1:") == true)
        #expect(events["connection.closed"]?["nick"] as? String == "ana")
        #expect(events["connection.closed"]?["reason"] as? String == "quit")
        #expect(events["request"]?["line"] as? String != nil)
        #expect(events["server.stopped"] != nil)
    }

    @Test func aRealServerLogsTextAsBefore() throws {
        let server = try TestServer()
        let client = try server.client("ana")
        #expect(try client.ask("QUIT") == "OK QUIT")
        #expect(server.logs.awaitLine(containing: " ana closed: quit"))
        let line = try #require(server.logs.lines.first { $0.contains(" connected") })
        #expect(
            line.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z conn \d+ 127\.0\.0\.1:\d+ connected\n$"#, options: .regularExpression)
                != nil)
    }

    @Test func droppedLinesAreReportedInTheLogsFormat() throws {
        let sink = LogWriterTests.Sink()
        let writer = LogWriter(capacity: 1, format: .json, clock: ManualClock()) { sink.write($0) }
        writer.write("{}\n")
        #expect(sink.entered.wait(timeout: .now() + 5) == .success)
        writer.write("{}\n")
        writer.write("{}\n")
        #expect(writer.droppedCount == 1)
        sink.unblock()
        #expect(writer.waitUntilWritten(timeoutMilliseconds: 5000))
        let last = try #require(sink.written.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "log.dropped")
        #expect((object["fields"] as? [String: Any])?["lines"] as? Int == 1)
    }
}
