import Testing
import TileRaceProtocol

@testable import TileRaceServer

/// The shared room directory, seen from one core: what it publishes, and how
/// other servers' rooms show in `ROOMS`, `JOIN`, `WATCH` and `CREATE`.
@Suite struct CoreDirectoryTests {
    private func far(_ name: String, on server: String = "10.0.0.2:2048") -> RoomDescription {
        CoreErrorTextTests.remoteRoom(name, on: server)
    }

    @Test func publicRoomsArePublishedEveryIntervalWithoutTheDailyRoomOrPrivateRooms() {
        let harness = CoreHarness()
        harness.core.startDirectory(every: 2000)
        harness.advance(0)
        #expect(harness.publishedRooms == [[]])
        let ana = harness.player("ana")
        _ = harness.ask(ana, "CREATE open")
        let bo = harness.player("bo")
        _ = harness.ask(bo, "CREATE den code=secret")
        harness.advance(1999)
        #expect(harness.publishedRooms.count == 1)
        harness.advance(1)
        #expect(harness.publishedRooms.count == 2)
        #expect(harness.publishedRooms.last?.map(\.name) == ["open"])
        #expect(harness.publishedRooms.last?.first?.server == nil)
    }

    @Test func noDirectoryNoPublishing() {
        let harness = CoreHarness()
        harness.advance(10_000)
        #expect(harness.publishedRooms.isEmpty)
    }

    @Test func roomsListsOtherServersRoomsWithTheirAddressInNameOrder() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        _ = harness.ask(ana, "CREATE middle")
        harness.remoteRooms([far("zeta"), far("alpha", on: "[::1]:2049"), far("daily")])
        let lines = harness.ask(ana, "ROOMS")
        #expect(lines.map { $0.split(separator: " ")[1] } == ["room=alpha", "room=daily", "room=middle", "room=zeta", "ROOMS"])
        #expect(lines.last == "OK ROOMS count=4")
        #expect(lines[0].hasSuffix(" server=[::1]:2049"))
        // This server's own daily room is listed, not the other's.
        #expect(!lines[1].contains("server="))
        #expect(lines[3].hasSuffix(" server=10.0.0.2:2048"))
        // A later read replaces the list.
        harness.remoteRooms([])
        #expect(harness.ask(ana, "ROOMS").count == 3)
    }

    @Test func joiningOrWatchingAnotherServersRoomAnswersMovedAndCreatingItsNameIsRefused() {
        let harness = CoreHarness()
        let ana = harness.player("ana")
        harness.remoteRooms([far("Far")])
        #expect(harness.ask(ana, "JOIN far").first?.hasPrefix("ERR moved 10.0.0.2:2048 ") == true)
        #expect(harness.ask(ana, "WATCH FAR").first?.hasPrefix("ERR moved 10.0.0.2:2048 ") == true)
        #expect(
            harness.ask(ana, "CREATE far")
                == ["ERR room-exists a room named far exists on the server at 10.0.0.2:2048; JOIN it or pick another name"])
        // A room of the same name here wins (the directory lags behind by an interval).
        harness.remoteRooms([far("mine")])
        let bo = harness.player("bo")
        _ = harness.ask(bo, "CREATE other")
        harness.remoteRooms([far("other")])
        #expect(harness.ask(ana, "JOIN other").first?.hasPrefix("OK JOIN room=other") == true)
    }
}
