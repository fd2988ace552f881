import Testing

@testable import TileRaceClient

@Suite struct UpdateColoursTests {
    private func colours() -> Model {
        var model = Fixtures.model()
        _ = update(&model, .key(.character("c")))
        return model
    }

    @Test func editTypeTabConfirmSaves() {
        var model = colours()
        #expect(model.colours != nil)
        _ = update(&model, .key(.down))
        #expect(model.colours?.selectedCode == 2)
        _ = update(&model, .key(.enter))
        #expect(model.colours?.editing?.texts == ["238", "228", "218"])
        for key: Key in [.character("1"), .character("2"), .tab, .character("0"), .tab, .character("2"), .character("5"), .character("5")] {
            _ = update(&model, .key(key))
        }
        #expect(model.colours?.editing?.texts == ["12", "0", "255"])
        // Live preview before confirming; the saved config is unchanged.
        #expect(model.theme.colour(code: 2) == RGB(12, 0, 255))
        #expect(model.config.colourOverrides.isEmpty)
        #expect(update(&model, .key(.enter)) == [.saveConfig])
        #expect(model.config.colourOverrides == ["classic": ["2": "#0c00ff"]])
        #expect(model.colours?.editing == nil)
        #expect(model.config.theme.colour(code: 2) == RGB(12, 0, 255))
    }

    @Test func outOfRangeIsRefused() {
        var model = colours()
        _ = update(&model, .key(.enter))
        for character in "999" { _ = update(&model, .key(.character(character))) }
        #expect(model.colours?.editing?.value(0) == nil)
        #expect(update(&model, .key(.enter)).isEmpty)
        #expect(model.colours?.editing != nil)
        #expect(model.notice?.text.contains("0 to 255") == true)
        _ = update(&model, .key(.character("7")))
        #expect(model.colours?.editing?.texts[0] == "999")
        _ = update(&model, .key(.character("z")))
        #expect(model.notice?.kind == .warning)
    }

    @Test func escapeCancels() {
        var model = colours()
        _ = update(&model, .key(.enter))
        _ = update(&model, .key(.character("5")))
        #expect(model.theme.boardBackground == RGB(5, 173, 160))
        #expect(update(&model, .key(.escape)).isEmpty)
        #expect(model.colours?.editing == nil)
        #expect(model.theme.boardBackground == Theme.classic.boardBackground)
        #expect(model.colours != nil)
    }

    @Test func resetToTheThemeColour() {
        var model = colours()
        model.config.colourOverrides = ["classic": ["0": "#000000"]]
        #expect(update(&model, .key(.character("x"))) == [.saveConfig])
        #expect(model.config.colourOverrides.isEmpty)
        #expect(update(&model, .key(.character("x"))).isEmpty)
    }

    @Test func monoHasNothingToEdit() {
        var model = colours()
        model.config.themeName = "mono"
        _ = update(&model, .key(.enter))
        #expect(model.colours?.editing == nil)
        #expect(model.notice?.text.contains("mono") == true)
    }

    @Test func arrowsNudgeAField() {
        var model = colours()
        _ = update(&model, .key(.enter))
        _ = update(&model, .key(.up))
        _ = update(&model, .key(.pageUp))
        #expect(model.colours?.editing?.texts[0] == "204")
    }
}
