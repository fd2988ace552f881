import Testing
import TileRaceProtocol

@testable import TileRaceClient

/// The room list leaves out the columns that do not fit, never cutting one.
@Suite struct LobbyColumnTests {
    @Test(arguments: Array(30...200))
    func columnsAreWholeOrLeftOut(width: Int) {
        let shown = LobbyView.shownColumns(width: width)
        #expect(shown.first?.title == "room")
        #expect(shown.map(\.width).reduce(0, +) <= width + 1)
        // Whole columns in order: a prefix of the list.
        #expect(shown.map(\.title) == LobbyView.columns.prefix(shown.count).map(\.title))
        let next = LobbyView.columns.dropFirst(shown.count).first
        #expect(next.map { shown.map(\.width).reduce(0, +) + $0.width > width + 1 } ?? true)
    }

    @Test func theServerColumnSaysWhereARoomIsHosted() throws {
        let server = try #require(LobbyView.columns.first { $0.title == "server" })
        var room = RoomDescription(
            name: "friday", state: .waiting, size: 4, target: 2048, allowsAssists: false, timeLimit: 0, isPrivate: false, playerCount: 1,
            watcherCount: 0)
        #expect(server.value(room) == "this one")
        room.server = "10.0.0.2:2048"
        #expect(server.value(room) == "10.0.0.2:2048")
    }
}
