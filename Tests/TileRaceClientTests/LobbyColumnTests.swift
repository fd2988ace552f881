import Testing

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
}
