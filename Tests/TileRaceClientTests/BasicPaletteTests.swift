import Testing

@testable import TileRaceClient

/// The themes on terminals with 16, 8 and 256 colours: what the terminal is
/// told to show (the SGR colour number of each role) keeps neighbouring tile
/// values, empty cells and the board apart.
@Suite struct BasicPaletteTests {
    /// The colour themes (mono has none, by name) on each basic depth.
    static let cases: [(String, ColourMode)] = Theme.builtIn.filter(\.usesColour).flatMap { theme in
        [(theme.name, ColourMode.palette16), (theme.name, .palette8)]
    }
    /// The same with 256 colours too.
    static let palettedCases: [(String, ColourMode)] =
        cases + Theme.builtIn.filter(\.usesColour).map { ($0.name, ColourMode.palette256) }

    /// The Linux console's colours, normal and bright: what 8 colours look like there.
    static let consoleColours: [RGB] = [
        RGB(0, 0, 0), RGB(170, 0, 0), RGB(0, 170, 0), RGB(170, 85, 0), RGB(0, 0, 170), RGB(170, 0, 170),
        RGB(0, 170, 170), RGB(170, 170, 170), RGB(85, 85, 85), RGB(255, 85, 85), RGB(85, 255, 85),
        RGB(255, 255, 85), RGB(85, 85, 255), RGB(255, 85, 255), RGB(85, 255, 255), RGB(255, 255, 255),
    ]

    /// The colour number the terminal is sent for a colour in `mode`.
    private static func number(_ colour: RGB, _ mode: ColourMode) -> Int {
        mode == .palette256 ? Palette256.index(for: colour) : Palette16.index(for: colour, colourCount: mode.basicColourCount ?? 16)
    }

    /// Checks the rules on a theme as drawn in `mode` (16, 8 or 256 colours).
    private static func expectKeepsApart(_ theme: Theme, _ mode: ColourMode, _ label: String) {
        let shown = theme.effective(for: mode)
        let allowed = mode.basicColourCount.map { Set(BasicColour.available(count: $0).map(\.rgb)) }
        let board = number(shown.boardBackground, mode)
        let empty = number(shown.emptyCell, mode)
        #expect(board != empty, "\(label): empty cells have the board's colour \(board)")
        for exponent in 1...Theme.tileColourCount {
            let value = 1 << exponent
            let background = shown.tileBackground(exponent: exponent)
            let text = shown.tileText(exponent: exponent)
            // Every colour is exactly a basic one the terminal has, so nothing is left to a nearest match.
            if let allowed {
                #expect(allowed.contains(background) && allowed.contains(text), "\(label): tile \(value) is not in the palette")
            }
            let tile = number(background, mode)
            #expect(tile != board, "\(label): tile \(value) has the board's colour \(tile)")
            #expect(tile != empty, "\(label): tile \(value) has the empty cells' colour \(tile)")
            #expect(number(text, mode) != tile, "\(label): tile \(value) has text in its own colour")
            if exponent < Theme.tileColourCount {
                let next = number(shown.tileBackground(exponent: exponent + 1), mode)
                #expect(next != tile, "\(label): tiles \(value) and \(value * 2) share colour \(tile)")
            }
        }
        guard mode != .palette256 else { return }
        if let screen = shown.screenBackground {
            for (role, colour) in [("text", shown.text), ("muted", shown.mutedText), ("accent", shown.accent)] {
                if let colour { #expect(number(colour, mode) != number(screen, mode), "\(label): \(role) on its own colour") }
            }
        }
        if let accent = shown.accent {
            #expect(number(accent, mode) != board, "\(label): the hint arrows vanish into the board")
        }
        #expect(number(shown.lightTileText, mode) != board, "\(label): text on the board vanishes")
    }

    @Test(arguments: palettedCases)
    func builtInThemesKeepNeighboursApart(_ name: String, _ mode: ColourMode) throws {
        let theme = try #require(Theme.named(name))
        Self.expectKeepsApart(theme, mode, "\(theme.name) \(mode)")
    }

    @Test(arguments: cases)
    func handMadeTileTextReads(_ name: String, _ mode: ColourMode) throws {
        let theme = try #require(Theme.named(name))
        let palette = try #require(mode == .palette8 ? theme.palette8 : theme.palette16)
        #expect(palette.colourCount == mode.basicColourCount)
        // xterm's colours for 16; the Linux console's for 8, where bold text shows in the bright colour.
        func background(_ colour: BasicColour) -> RGB { mode == .palette8 ? Self.consoleColours[colour.rawValue] : colour.rgb }
        func text(_ colour: BasicColour) -> RGB {
            mode == .palette8 ? Self.consoleColours[colour.rawValue + 8] : colour.rgb
        }
        let minimum = theme.name == "high-contrast" ? 4.5 : 2.2
        for (index, tile) in palette.tiles.enumerated() {
            let ratio = background(tile.background).contrast(with: text(tile.text))
            #expect(ratio >= minimum, "\(theme.name) \(mode) tile \(2 << index): contrast \(ratio)")
        }
        let board = background(palette.boardBackground).contrast(with: text(palette.boardText))
        #expect(board >= minimum, "\(theme.name) \(mode) text on the board: contrast \(board)")
    }

    @Test(arguments: cases)
    func automaticPalettesKeepNeighboursApart(_ name: String, _ mode: ColourMode) throws {
        let theme = try #require(Theme.named(name))
        var bare = theme
        bare.palette16 = nil
        bare.palette8 = nil
        Self.expectKeepsApart(bare, mode, "\(theme.name) picked from RGB, \(mode)")
    }

    @Test(arguments: palettedCases)
    func theUsersColoursArePickedApartFromTheirNeighbours(_ name: String, _ mode: ColourMode) throws {
        let theme = try #require(Theme.named(name))
        // The worst choices: each tile in its neighbour's colour, the board in a tile's.
        for code in Theme.editableCodes {
            var edited = theme
            let neighbour = code == 0 ? 2 : (code == 2 ? 4 : code / 2)
            edited.setColour(theme.colour(code: neighbour)!, code: code)
            Self.expectKeepsApart(edited, mode, "\(theme.name) \(mode), code \(code) set to the colour of \(neighbour)")
        }
        let overrides = Dictionary(uniqueKeysWithValues: Theme.editableCodes.map { (String($0), "#808080") })
        Self.expectKeepsApart(theme.applying(overrides), mode, "\(theme.name) \(mode), every code grey")
    }

    @Test func randomThemesKeepNeighboursApart() {
        var state: UInt64 = 21
        func nextColour() -> RGB {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return RGB(
                UInt8(truncatingIfNeeded: state >> 40), UInt8(truncatingIfNeeded: state >> 48), UInt8(truncatingIfNeeded: state >> 56))
        }
        for round in 0..<200 {
            var theme = Theme.classic
            theme.palette16 = nil
            theme.palette8 = nil
            theme.boardBackground = nextColour()
            theme.tiles = (0..<Theme.tileColourCount).map { _ in nextColour() }
            Self.expectKeepsApart(theme, .palette16, "random theme \(round), 16")
            Self.expectKeepsApart(theme, .palette8, "random theme \(round), 8")
            Self.expectKeepsApart(theme, .palette256, "random theme \(round), 256")
        }
    }

    @Test func aUsersColourChangesOnlyWhatItMust() {
        // 8 set to pure yellow: bright yellow is the 4's and yellow the 16's, so the next nearest.
        let palette = Theme.classic.applying(["8": "#FFFF00"]).palette16!
        #expect(palette.tile(exponent: 3) == BasicPalette.Tile(.brightGreen, .black))
        #expect(palette.tiles.enumerated().allSatisfy { $0.offset == 2 || $0.element == BasicPalette.classic16.tiles[$0.offset] })
        // The board set to white: the 2 leaves white for the nearest colour still free.
        let white = Theme.classic.applying(["0": "#FFFFFF"]).palette16!
        #expect(white.boardBackground == .brightWhite)
        #expect(white.tile(exponent: 1).background != .brightWhite)
        #expect(white.tile(exponent: 2) == BasicPalette.classic16.tile(exponent: 2))
        // Restoring the theme's colours (no overrides) brings the hand-made palette back.
        #expect(Theme.classic.applying([:]).palette16 == .classic16)
    }

    @Test func basicColoursAreSentAsTheirOwnNumbers() {
        for colour in BasicColour.allCases {
            #expect(Palette16.index(for: colour.rgb) == colour.rawValue)
            if colour.rawValue < 8 { #expect(Palette16.index(for: colour.rgb, colourCount: 8) == colour.rawValue) }
        }
        #expect(Palette16.code(for: BasicColour.brightYellow.rgb, layer: 48) == "103")
        #expect(Palette16.code(for: BasicColour.brightYellow.rgb, layer: 48, colourCount: 8) == "43")
    }

    @Test func twoHundredFiftySixColoursMoveOnlyClashingTiles() {
        // Classic's 128 to 1024 are all nearest to entry 221; every other one moves to the next nearest free.
        let shown = Theme.classic.effective(for: .palette256)
        #expect((7...10).map { Palette256.index(for: Theme.classic.tileBackground(exponent: $0)) } == [221, 221, 221, 221])
        #expect((7...10).map { Palette256.index(for: shown.tileBackground(exponent: $0)) } == [221, 185, 221, 185])
        #expect(shown.tileBackground(exponent: 7) == Theme.classic.tileBackground(exponent: 7))
        #expect(shown.boardBackground == Theme.classic.boardBackground)
        #expect(Theme.dark.effective(for: .palette256) == .dark)
    }

    @Test func twentyFourBitAndNoColourAreUnchanged() {
        #expect(Theme.classic.effective(for: .trueColour) == .classic)
        #expect(Theme.classic.effective(for: .none) == .mono)
        #expect(Theme.mono.effective(for: .palette16) == .mono)
        #expect(Theme.mono.effective(for: .palette8) == .mono)
    }
}
