import Testing
import TileRaceProtocol

@testable import TileRaceClient

/// The room list leaves out or shortens columns that do not fit, never
/// cutting one, and always marks a room hosted by another server.
@Suite struct LobbyColumnTests {
    static let rooms: [RoomDescription] = {
        var friday = Fixtures.room("friday", players: 3, watchers: 1)
        friday.botCount = 2
        var elsewhere = Fixtures.room("tuesday-club", state: .racing, size: 5, target: 4096, limit: 600, players: 4)
        elsewhere.server = "192.168.1.21:2048"
        return [friday, Fixtures.room("evil-room", state: .countdown, size: 3, target: 256, limit: 90), elsewhere]
    }()

    /// From the list's width on the smallest screen (60 columns less the margins).
    @Test(arguments: Array(56...200))
    func columnsAreWholeOrLeftOut(width: Int) {
        let table = LobbyView.table(Self.rooms).layout(width: width)
        #expect(table.heading.hasPrefix("room"))
        #expect(table.heading.contains("server"))
        for row in [table.heading] + table.rows {
            #expect(row.count <= width && !row.contains("…"), "\(width): \(row)")
        }
        #expect(table.rows[2].contains("192.168.1.21:2048") || table.rows[2].contains("other"))
        #expect(table.rows[0].contains("this one") || table.rows[0].contains("here"))
    }

    @Test func theServerColumnSaysWhereARoomIsHosted() {
        let wide = LobbyView.table(Self.rooms).layout(width: 120)
        #expect(wide.heading == "room          players        state     board       server             assists  limit")
        #expect(wide.rows[2] == "tuesday-club  4              racing    5x5 → 4096  192.168.1.21:2048  off      10 min")
        // At 80 columns (76 for the list) the address gives way to a word, and nothing is left out.
        let narrow = LobbyView.table(Self.rooms).layout(width: 76)
        #expect(narrow.rows[0] == "friday        3 (2 bots) +1  waiting   4x4 → 2048  here    off      none")
        #expect(narrow.rows[2] == "tuesday-club  4              racing    5x5 → 4096  other   off      10 min")
        // Without a room elsewhere there is no server column.
        let here = LobbyView.table(Array(Self.rooms.prefix(2))).layout(width: 120)
        #expect(!here.heading.contains("server"))
    }
}
