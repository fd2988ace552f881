import Testing

@testable import TileRaceClient

/// What the menu says: every entry's key in its help, what works offline,
/// and the practice chart's legend.
@Suite struct MenuTextTests {
    @Test func theHelpListsTheKeyOfEveryEntry() {
        var model = Fixtures.connected(Fixtures.model())
        model.network.serverFeatures = [.queue, .arena]
        let keys = HelpView.keys(for: model)
        for item in MenuItem.allCases {
            #expect(keys.contains { $0.0.split(separator: " ").contains(Substring(String(item.hotKey))) }, "\(item)")
        }
        #expect(
            HelpView.menuHotKeys(offered: []) == ("r u p d l i c", "race, quick race, practice, daily, leaderboard, statistics, colours"))
        #expect(HelpView.menuHotKeys(offered: [.arena]).0 == "r u a p d l i c")
    }

    @Test func offlineTheMenuSaysWhatWorks() {
        var options = ClientOptions()
        options.isOffline = true
        let model = Fixtures.model(options: options)
        #expect(
            MenuView.infoText(model) == ["offline: started with --offline", "practice, daily, statistics and colours work offline"])
        // The entries that need a server are the ones the sentence leaves out.
        let text = view(model, size: model.size, theme: .classic).plainText
        #expect(text.contains("Race with friends  (no server)") && text.contains("Leaderboard  (no server)"))
        #expect(!text.contains("Statistics  (no server)") && !text.contains("Daily challenge  (no"))
        #expect(!text.contains("practice only"))
        // Connected, nothing of the kind.
        #expect(MenuView.infoText(Fixtures.connected(Fixtures.model())) == ["connected to 192.168.1.20:2048 as ana"])
    }

    @Test func thePracticeChartSaysWhichTilesItMarks() throws {
        #expect(PlaySession.progressLegend == "new best tile from 128 marked · moves")
        let session = try #require(PracticeChartTests.played().session)
        #expect(session.progress.marks.first?.text == String(PlaySession.firstMarkedTile))
    }
}
