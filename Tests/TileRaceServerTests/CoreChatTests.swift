import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// Chat (protocol.md `SAY`, `CHAT`): the room hears each line once, in
/// order, watchers too, and no other room; late joiners get the last 20;
/// the lobby hears its own; text is 1 to 200 characters, taken whole; a few
/// lines per 10 s; an operator's mute; nothing of it in the log.
@Suite struct CoreChatTests {
    /// ana and bo in room r, eve watching it; outputs cleared.
    private func roomWithAWatcher(_ harness: CoreHarness) -> (ana: ConnectionID, bo: ConnectionID, eve: ConnectionID) {
        let ana = harness.player("ana")
        let bo = harness.player("bo")
        let eve = harness.player("eve")
        _ = harness.ask(ana, "CREATE r")
        _ = harness.ask(bo, "JOIN r")
        _ = harness.ask(eve, "WATCH r")
        for id in [ana, bo, eve] { _ = harness.take(id) }
        return (ana, bo, eve)
    }

    @Test func aLineGoesToEveryPlayerAndWatcherOfTheRoomOnceAndNowhereElse() {
        let harness = CoreHarness()
        let (ana, bo, eve) = roomWithAWatcher(harness)
        let cy = harness.player("cy")
        _ = harness.ask(cy, "CREATE other")
        let lobby = harness.player("lo")
        #expect(harness.ask(ana, "SAY text=good luck!") == ["OK SAY", "CHAT room=r nick=ana text=good luck!"])
        #expect(harness.take(bo) == ["CHAT room=r nick=ana text=good luck!"])
        #expect(harness.take(eve) == ["CHAT room=r nick=ana text=good luck!"])
        #expect(harness.take(cy).isEmpty)
        #expect(harness.take(lobby).isEmpty)
    }

    @Test func aWatcherMaySpeakAndABotIsMarked() {
        let harness = CoreHarness()
        let (ana, _, eve) = roomWithAWatcher(harness)
        let robot = harness.bot("bot-1")
        _ = harness.ask(robot, "JOIN r")
        _ = harness.take(ana)
        _ = harness.ask(eve, "SAY text=go ana")
        _ = harness.ask(robot, "SAY text=gg")
        #expect(harness.take(ana) == ["CHAT room=r nick=eve text=go ana", "CHAT room=r nick=bot-1 bot=yes text=gg"])
    }

    @Test func textKeepsItsSpacesEqualsSignsAndUnicodeExactly() throws {
        let harness = CoreHarness()
        let (ana, bo, _) = roomWithAWatcher(harness)
        let text = "  a=b  text=c  ünï ✓ =  "
        _ = harness.ask(ana, "SAY text=\(text)")
        let line = try #require(harness.take(bo).first)
        #expect(line == "CHAT room=r nick=ana text=\(text)")
        guard case .event(.chat(let chat)) = try ServerMessage.parse(line) else {
            Issue.record("not a CHAT: \(line)")
            return
        }
        #expect(chat.text == text)
        #expect(try ClientMessage.parse(ClientMessage.say(text).line) == .say(text))
    }

    @Test func textOf200CharactersIsSaidAnd201IsRefusedWholeWithNothingSent() {
        let harness = CoreHarness()
        let (ana, bo, _) = roomWithAWatcher(harness)
        let longest = String(repeating: "é", count: 200)
        #expect(harness.ask(ana, "SAY text=\(longest)").first == "OK SAY")
        _ = harness.take(bo)
        #expect(
            harness.ask(ana, "SAY text=\(longest)x")
                == ["ERR bad-arguments the text is 201 characters; at most 200 (nothing was said)"])
        #expect(harness.take(bo).isEmpty)
    }

    @Test func emptyBlankMissingAndUnshowableTextsAreRefused() {
        let harness = CoreHarness()
        let (ana, bo, _) = roomWithAWatcher(harness)
        #expect(harness.ask(ana, "SAY text=").first?.hasPrefix("ERR bad-arguments nothing to say") == true)
        #expect(harness.ask(ana, "SAY text=   ").first?.hasPrefix("ERR bad-arguments nothing to say") == true)
        #expect(harness.ask(ana, "SAY hello").first?.hasPrefix("ERR bad-arguments usage: SAY text=<text>") == true)
        #expect(harness.ask(ana, "SAY colour=red text=hi").first?.hasPrefix("ERR bad-option") == true)
        #expect(
            harness.ask(ana, "SAY text=evil\u{202E}txt")
                == ["ERR bad-arguments the text holds a character that cannot be shown (U+202E)"])
        // The framer refuses control bytes before any request: an escape sequence never gets through.
        #expect(harness.ask(ana, "SAY text=\u{1B}[2J").first?.hasPrefix("ERR bad-line") == true)
        #expect(harness.take(bo).isEmpty)
    }

    @Test func sayingNeedsANicknameAndNoPracticeGame() {
        let harness = CoreHarness()
        let anonymous = harness.connect()
        _ = harness.ask(anonymous, "HELLO tilerace 1")
        #expect(harness.ask(anonymous, "SAY text=hi").first?.hasPrefix("ERR no-nick") == true)
        let ana = harness.player("ana")
        _ = harness.ask(ana, "PRACTICE seed=1")
        #expect(harness.ask(ana, "SAY text=hi").first?.hasPrefix("ERR busy") == true)
    }

    @Test func fiveLinesPerTenSecondsThenFloodUntilTheOldestIsTenSecondsOld() {
        let harness = CoreHarness()
        let (ana, bo, _) = roomWithAWatcher(harness)
        for number in 1...5 {
            #expect(harness.ask(ana, "SAY text=\(number)").first == "OK SAY")
            harness.advance(1000)
        }
        _ = harness.take(bo)
        #expect(
            harness.ask(ana, "SAY text=6")
                == ["ERR flood at most 5 SAY per 10 s; try again in 5 s (this one was not carried out)"])
        #expect(harness.take(bo).isEmpty)
        // Other requests are not held up by it.
        #expect(harness.ask(ana, "PING x") == ["PONG x"])
        harness.advance(5000)
        #expect(harness.ask(ana, "SAY text=7").first == "OK SAY")
        #expect(harness.take(bo) == ["CHAT room=r nick=ana text=7"])
        // Each connection has its own window.
        #expect(harness.ask(bo, "SAY text=mine").first == "OK SAY")
    }

    @Test func aLateJoinerAndALateWatcherGetTheLast20LinesMarkedAsHistory() {
        let harness = CoreHarness()
        let (ana, bo, _) = roomWithAWatcher(harness)
        for number in 1...25 {
            _ = harness.ask(number % 2 == 0 ? ana : bo, "SAY text=line \(number)")
            harness.advance(2000)
        }
        let cy = harness.player("cy")
        let joined = harness.ask(cy, "JOIN r")
        #expect(joined.first?.hasPrefix("OK JOIN room=r") == true)
        let history = joined.filter { $0.hasPrefix("CHAT ") }
        #expect(history.count == 20)
        #expect(history.first == "CHAT room=r nick=ana history=yes text=line 6")
        #expect(history.last == "CHAT room=r nick=bo history=yes text=line 25")
        let di = harness.player("di")
        let watched = harness.ask(di, "WATCH r").filter { $0.hasPrefix("CHAT ") }
        #expect(watched == history)
    }

    @Test func theLobbyHearsItsOwnAndNoRoomHearsIt() {
        let harness = CoreHarness()
        let (ana, _, eve) = roomWithAWatcher(harness)
        let lo = harness.player("lo")
        let li = harness.player("li")
        let anonymous = harness.connect()
        _ = harness.ask(anonymous, "HELLO tilerace 1")
        let practising = harness.player("pr")
        _ = harness.ask(practising, "PRACTICE seed=1")
        #expect(harness.ask(lo, "SAY text=anyone for a race?") == ["OK SAY", "CHAT nick=lo text=anyone for a race?"])
        #expect(harness.take(li) == ["CHAT nick=lo text=anyone for a race?"])
        #expect(harness.take(anonymous) == ["CHAT nick=lo text=anyone for a race?"])
        #expect(harness.take(practising).isEmpty)
        #expect(harness.take(ana).isEmpty)
        #expect(harness.take(eve).isEmpty)
        // A room's line does not reach the lobby.
        _ = harness.ask(ana, "SAY text=in here")
        #expect(harness.take(lo).isEmpty)
    }

    @Test func theLobbyOfOneServerSpansItsShards() {
        let harness = ShardsHarness(shards: 2)
        let lo = harness.player("lo", on: 0)
        let li = harness.player("li", on: 1)
        harness.send(lo, "SAY text=hello other shard")
        #expect(harness.take(lo) == ["OK SAY", "CHAT nick=lo text=hello other shard"])
        #expect(harness.take(li) == ["CHAT nick=lo text=hello other shard"])
    }

    @Test func theLobbyKeepsItsLast20LinesForWhoeverGreetsOrLeavesARoom() {
        let harness = CoreHarness()
        let (ana, _, _) = roomWithAWatcher(harness)
        let lo = harness.player("lo")
        for number in 1...25 {
            _ = harness.ask(lo, "SAY text=line \(number)")
            harness.advance(2000)
        }
        _ = harness.ask(ana, "SAY text=in the room")
        let li = harness.connect()
        let greeted = harness.ask(li, "HELLO tilerace 1 li").filter { !$0.hasPrefix("HELLO ") }
        #expect(greeted.first?.hasPrefix("OK HELLO nick=li") == true)
        let history = Array(greeted.dropFirst())
        #expect(history.count == 20)
        #expect(history.first == "CHAT nick=lo history=yes text=line 6")
        #expect(history.last == "CHAT nick=lo history=yes text=line 25")
        // A watcher without a nickname reads the lobby: it gets them too.
        let anonymous = harness.connect()
        #expect(Array(harness.ask(anonymous, "HELLO tilerace 1").filter { $0.hasPrefix("CHAT ") }) == history)
        // Back in the lobby from a room, right after OK LEAVE.
        #expect(harness.ask(ana, "LEAVE") == ["OK LEAVE room=r"] + history)
    }

    @Test func theLobbysHistoryIsOneOnEveryShard() {
        let harness = ShardsHarness(shards: 2)
        let lo = harness.player("lo", on: 0)
        harness.send(lo, "SAY text=said on shard 0")
        let li = harness.connect(to: 1)
        harness.send(li, "HELLO tilerace 1 li")
        #expect(harness.take(li).last == "CHAT nick=lo history=yes text=said on shard 0")
    }

    @Test func anOperatorsMuteRefusesTheNicknamesLinesUntilUnmuted() {
        let harness = CoreHarness()
        let (ana, bo, _) = roomWithAWatcher(harness)
        #expect(harness.registry.withState { $0.setMuted(Names.nicknameKey("ANA"), true) })
        #expect(harness.registry.withState { $0.mutedNicknames } == ["ana"])
        #expect(
            harness.ask(ana, "SAY text=spam") == ["ERR muted an operator muted ana on this server: nothing you say is sent"])
        #expect(harness.take(bo).isEmpty)
        #expect(harness.ask(bo, "SAY text=quiet now").first == "OK SAY")
        _ = harness.take(ana)
        #expect(harness.registry.withState { $0.setMuted("ana", false) })
        #expect(harness.ask(ana, "SAY text=sorry").first == "OK SAY")
    }

    @Test func anOperatorsMuteHoldsOnEveryShard() {
        let harness = ShardsHarness(shards: 2)
        let lo = harness.player("lo", on: 0)
        let li = harness.player("li", on: 1)
        #expect(harness.registry.withState { $0.setMuted(Names.nicknameKey("LI"), true) })
        #expect(!harness.registry.withState { $0.setMuted("li", true) })
        harness.send(li, "SAY text=spam")
        #expect(harness.take(li) == ["ERR muted an operator muted li on this server: nothing you say is sent"])
        #expect(harness.take(lo).isEmpty)
        #expect(harness.registry.withState { $0.setMuted("li", false) })
        #expect(harness.registry.withState { $0.mutedNicknames.isEmpty })
        harness.send(li, "SAY text=sorry")
        #expect(harness.take(lo) == ["CHAT nick=li text=sorry"])
    }

    @Test func nothingOfTheChatReachesTheLogWhichCountsLines() {
        let harness = ShardsHarness(shards: 1)
        let ana = harness.player("ana", on: 0)
        harness.send(ana, "CREATE r")
        harness.send(ana, "SAY text=my secret plan")
        harness.send(ana, "SAY text=" + String(repeating: "x", count: 300))
        harness.send(ana, "LEAVE")
        #expect(!harness.logs.contains { $0.contains("secret") || $0.contains("xxx") })
        #expect(harness.logs.contains { $0.contains("SAY (14 characters; chat is not logged)") })
        #expect(harness.logs.contains("room r removed (empty; 1 line of chat said)"))
    }
}
