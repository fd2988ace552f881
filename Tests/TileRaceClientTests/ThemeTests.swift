import Testing

@testable import TileRaceClient

@Suite struct ThemeTests {
    @Test(arguments: [
        ([String: String](), ColourMode.palette256),
        (["COLORTERM": "truecolor"], .trueColour),
        (["COLORTERM": "24bit", "TERM": "xterm-256color"], .trueColour),
        (["COLORTERM": "truecolor", "NO_COLOR": "1"], .none),
        (["NO_COLOR": ""], .palette256),
        (["TERM": "dumb", "COLORTERM": "truecolor"], .none),
        (["TERM": "xterm-256color"], .palette256),
        (["TERM": "xterm"], .palette16),
        (["TERM": "linux"], .palette8),
        (["TERM": "linux-16color"], .palette16),
        (["TERM": "xterm-16color"], .palette16),
        (["TERM": "xterm-8color"], .palette8),
        (["TERM": "vt100"], .palette16),
        (["TERM": "screen"], .palette16),
        (["TERM": "xterm-direct"], .trueColour),
        (["TERM": "xterm", "COLORTERM": "truecolor"], .trueColour),
    ])
    func colourModeFromEnvironment(_ environment: [String: String], _ mode: ColourMode) {
        #expect(ColourMode.detect(environment: environment) == mode)
    }

    @Test func sixteenColoursUseTheBasicCodes() {
        #expect(Palette16.code(for: RGB(250, 10, 10), layer: 38) == "91")
        #expect(Palette16.code(for: RGB(0, 0, 0), layer: 48) == "40")
        #expect(Palette16.code(for: RGB(200, 200, 200), layer: 48) == "47")
        #expect(ANSI.style(CellStyle(foreground: RGB(250, 10, 10)), mode: .palette16) == "\u{1B}[0;91m")
        // With 8 colours the bright ones are never written: the console has no bright backgrounds.
        #expect(ANSI.style(CellStyle(foreground: RGB(250, 10, 10), background: RGB(255, 255, 255)), mode: .palette8) == "\u{1B}[0;31;47m")
    }

    @Test func noColourDrawsWithTheMonoTheme() {
        #expect(Theme.dark.effective(for: .none) == .mono)
        #expect(Theme.dark.effective(for: .palette256) == .dark)
    }

    @Test func builtInThemesAreDistinctAndCycle() {
        let names = Theme.builtIn.map(\.name)
        #expect(names == ["classic", "dark", "light", "high-contrast", "mono"])
        #expect(Theme.nextName(after: "classic") == "dark")
        #expect(Theme.nextName(after: "mono") == "classic")
        #expect(Theme.nextName(after: "unknown") == "classic")
    }

    @Test func tileTextContrastsWithItsTile() {
        for theme in Theme.builtIn where theme.usesColour {
            for exponent in 0...17 {
                let ratio = theme.tileBackground(exponent: exponent).contrast(with: theme.tileText(exponent: exponent))
                // The original 2048 palette is soft (its 16 tile reaches 2.2); high-contrast must reach 4.5.
                #expect(ratio >= (theme.name == "high-contrast" ? 4.5 : 2.2), "\(theme.name) 2^\(exponent): contrast \(ratio)")
            }
        }
    }

    @Test func overridesChangeOnlyTheirCodes() {
        let theme = Theme.classic.applying(["0": "#000000", "8": "#FF0000", "3": "#00ff00", "16": "nonsense"])
        #expect(theme.boardBackground == RGB(0, 0, 0))
        #expect(theme.colour(code: 8) == RGB(255, 0, 0))
        #expect(theme.colour(code: 16) == Theme.classic.colour(code: 16))
        #expect(theme.colour(code: 3) == nil)
        #expect(Theme.mono.applying(["8": "#FF0000"]) == .mono)
    }

    @Test func configThemeFallsBackToClassic() {
        var config = ClientConfig()
        config.themeName = "dark"
        config.colourOverrides = ["dark": ["2": "#123456"], "classic": ["2": "#654321"]]
        #expect(config.theme.name == "dark")
        #expect(config.theme.colour(code: 2) == RGB(0x12, 0x34, 0x56))
        config.themeName = "gone"
        #expect(config.theme.name == "classic")
    }

    @Test(arguments: [
        (RGB(0, 0, 0), 16), (RGB(255, 255, 255), 231), (RGB(255, 0, 0), 196), (RGB(0x80, 0x80, 0x80), 244),
        (RGB(0xED, 0xC2, 0x2E), 214),
    ])
    func palette256(_ colour: RGB, _ index: Int) {
        #expect(Palette256.index(for: colour) == index)
    }

    @Test func hexRoundTrip() {
        #expect(RGB(hexText: "#0a0B0c") == RGB(10, 11, 12))
        #expect(RGB(hexText: "0a0b0c")?.hexText == "#0a0b0c")
        #expect(RGB(hexText: "#12345") == nil)
        #expect(RGB(hexText: "#12345g") == nil)
    }

    @Test func tilesAreDrawnInTheirColours() {
        let model = Fixtures.practice()
        let frame = view(model, size: model.size, theme: .classic)
        let board = model.session!.game.board
        // Some tile on the board is drawn with its theme colour.
        let backgrounds = Set((0..<frame.height).flatMap { y in (0..<frame.width).compactMap { frame[$0, y].style.background } })
        #expect(backgrounds.contains(Theme.classic.boardBackground))
        #expect(backgrounds.contains(Theme.classic.tileBackground(exponent: board.largestExponent)))
        #expect(backgrounds.contains(Theme.classic.emptyCell))
        let mono = view(model, size: model.size, theme: .mono)
        #expect((0..<mono.height).allSatisfy { y in (0..<mono.width).allSatisfy { mono[$0, y].style.background == nil } })
    }
}
