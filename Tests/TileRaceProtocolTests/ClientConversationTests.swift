import Testing

@testable import TileRaceProtocol

/// The pure client conversation: pairing replies when one cannot be read,
/// and events the owner skips.
@Suite struct ClientConversationTests {
    private func greeted(skipping skippedEvents: [String] = []) -> ClientConversation {
        var conversation = ClientConversation(now: 0, skippedEvents: skippedEvents)
        _ = conversation.received(Array("HELLO tilerace 1\n".utf8))
        return conversation
    }

    @Test func anOKThatCannotBeReadStillAnswersTheOldestRequest() {
        var conversation = greeted()
        #expect(conversation.lines(for: [.ready(true), .rooms], now: 1) == ["READY yes", "ROOMS"])
        let outputs = conversation.received(Array("OK READY ready=perhaps\nOK ROOMS count=0\n".utf8))
        #expect(outputs.count == 2)
        guard outputs.count == 2, case .reply(.ready(true, nil), .failure(let error), []) = outputs[0] else {
            Issue.record("expected READY's reply first, got \(outputs)")
            return
        }
        #expect(error.code == .internal)
        #expect(outputs[1] == .reply(.rooms, .success(.rooms(count: 0)), items: []))
        #expect(conversation.pendingRequestCount == 0)
    }

    @Test func skippedEventsAreReportedByVerbWithoutBeingParsed() {
        var conversation = greeted(skipping: ["PROGRESS"])
        let lines = [
            "PROGRESS room=r nick=ana score=4 max=4 moves=1 board=0,0,0,0,0,0,0,0,0,0,0,0,0,0,4,2",
            "PROGRESS not even fields",
            "PROGRESSIVE room=r",
            "END room=r race=1 count=1",
        ]
        let outputs = conversation.received(Array(lines.map { $0 + "\n" }.joined().utf8))
        #expect(
            outputs == [
                .skippedEvent("PROGRESS"), .skippedEvent("PROGRESS"), .unreadable("PROGRESSIVE room=r"),
                .event(.end(room: "r", race: 1, count: 1)),
            ])
        // Without skipping, the same lines are parsed (and the bad one is unreadable).
        var reading = greeted()
        let read = reading.received(Array(lines.prefix(2).map { $0 + "\n" }.joined().utf8))
        #expect(read.count == 2)
        if case .event(.progress(let progress))? = read.first { #expect(progress.score == 4) } else { Issue.record("got \(read)") }
        #expect(read.last == .unreadable("PROGRESS not even fields"))
    }
}
