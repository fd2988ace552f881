import Testing
import TileRaceEngine
import TileRaceProtocol

@testable import TileRaceClient

/// The server operator's `NOTICE` (protocol.md section 13): shown on
/// whatever screen is up, no key clears it, and it goes after 30 s.
@Suite struct UpdateNoticeTests {
    private func screenText(_ model: Model) -> String {
        view(model, size: model.size, theme: .classic).plainText
    }

    @Test func aNoticeShowsDuringARaceAndNoKeyClearsIt() {
        var model = Fixtures.race()
        let effects = Fixtures.event(&model, .notice("restarting in 5 minutes"))
        #expect(effects.isEmpty)
        #expect(model.announcement?.text == "server: restarting in 5 minutes")
        #expect(screenText(model).contains("server: restarting in 5 minutes"))
        for key in [Key.left, .up, .character("?"), .escape] { _ = update(&model, .key(key)) }
        #expect(model.announcement?.text == "server: restarting in 5 minutes")
        _ = update(&model, .tick(model.now + Notice.announcementMilliseconds - 1))
        #expect(model.announcement != nil)
        _ = update(&model, .tick(model.now + 1))
        #expect(model.announcement == nil)
        #expect(!screenText(model).contains("restarting"))
    }

    @Test func aNoticeShowsOnTheMenuAndAnotherNoticeGoesAboveIt() {
        var model = Fixtures.model()
        _ = Fixtures.event(&model, .notice("back \u{1B}[31min 5"))
        // Control characters from the wire never reach the terminal.
        #expect(model.announcement?.text == "server: back [31min 5")
        model.show("nothing to undo")
        let rows = screenText(model).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(rows[rows.count - 2] == "server: back [31min 5")
        #expect(rows[rows.count - 3] == "nothing to undo")
    }
}
