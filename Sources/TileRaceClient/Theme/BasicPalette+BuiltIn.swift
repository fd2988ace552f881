/// Hand-made palettes. Rules (`BasicPaletteTests` checks): the empty cell is not the board; no tile shares
/// the board's, empty cell's, or half or double tile's background; tile text reads (xterm's 16, and 8 on the
/// Linux console, which shows bold as bright). Hues follow the theme where possible; apartness comes first.
extension BasicPalette {
    private static func tiles(_ pairs: [(BasicColour, BasicColour)]) -> [Tile] {
        precondition(pairs.count == Theme.tileColourCount, "a palette needs \(Theme.tileColourCount) tiles")
        return pairs.map { Tile($0.0, $0.1) }
    }

    /// A grey board with black holes, on the terminal's own background.
    static let classic16 = BasicPalette(
        colourCount: 16, screenBackground: nil, text: nil, mutedText: .brightBlack, accent: .yellow,
        warning: .brightRed, success: .green, boardBackground: .brightBlack, boardText: .brightWhite,
        emptyCell: .black,
        tiles: tiles([
            (.brightWhite, .black), (.brightYellow, .black), (.brightRed, .brightWhite), (.yellow, .black),
            (.brightMagenta, .black), (.red, .brightWhite), (.brightYellow, .black), (.brightGreen, .black),
            (.yellow, .black), (.brightCyan, .black), (.brightYellow, .red), (.blue, .brightWhite),
            (.magenta, .brightWhite), (.brightBlue, .brightWhite), (.green, .black), (.brightCyan, .black),
            (.brightRed, .brightWhite),
        ]))

    /// A blue board with black holes.
    static let classic8 = BasicPalette(
        colourCount: 8, screenBackground: nil, text: nil, mutedText: nil, accent: .yellow, warning: .red,
        success: .green, boardBackground: .blue, boardText: .white, emptyCell: .black,
        tiles: tiles([
            (.white, .black), (.cyan, .white), (.yellow, .white), (.red, .white), (.magenta, .white),
            (.red, .yellow), (.green, .white), (.yellow, .white), (.cyan, .white), (.magenta, .white),
            (.red, .yellow), (.white, .black), (.yellow, .white), (.cyan, .white), (.green, .white),
            (.magenta, .white), (.red, .yellow),
        ]))

    /// Black board, grey holes, cool tiles warming up to 2048.
    static let dark16 = BasicPalette(
        colourCount: 16, screenBackground: .black, text: .white, mutedText: .brightBlack, accent: .brightCyan,
        warning: .brightMagenta, success: .brightGreen, boardBackground: .black, boardText: .white,
        emptyCell: .brightBlack,
        tiles: tiles([
            (.blue, .brightWhite), (.white, .black), (.brightBlue, .brightWhite), (.cyan, .black),
            (.green, .black), (.brightGreen, .black), (.brightYellow, .black), (.yellow, .black),
            (.brightRed, .brightWhite), (.red, .brightWhite), (.magenta, .brightWhite), (.brightMagenta, .black),
            (.blue, .brightWhite), (.brightBlue, .brightWhite), (.brightCyan, .black), (.brightMagenta, .black),
            (.brightWhite, .black),
        ]))

    /// Black board, blue holes.
    static let dark8 = BasicPalette(
        colourCount: 8, screenBackground: .black, text: .white, mutedText: .white, accent: .cyan,
        warning: .magenta, success: .green, boardBackground: .black, boardText: .white, emptyCell: .blue,
        tiles: tiles([
            (.white, .black), (.cyan, .white), (.green, .white), (.yellow, .white), (.red, .white),
            (.magenta, .white), (.yellow, .white), (.red, .yellow), (.magenta, .white), (.red, .white),
            (.yellow, .white), (.cyan, .white), (.magenta, .white), (.green, .white), (.cyan, .white),
            (.red, .white), (.white, .black),
        ]))

    /// Grey board, light grey holes, so 2 and 4 take pale colours instead of white.
    static let light16 = BasicPalette(
        colourCount: 16, screenBackground: .brightWhite, text: .black, mutedText: .brightBlack, accent: .blue,
        warning: .red, success: .green, boardBackground: .brightBlack, boardText: .brightWhite,
        emptyCell: .white,
        tiles: tiles([
            (.brightYellow, .black), (.brightCyan, .black), (.brightRed, .brightWhite), (.yellow, .black),
            (.brightMagenta, .black), (.red, .brightWhite), (.brightYellow, .black), (.brightGreen, .black),
            (.yellow, .black), (.brightCyan, .black), (.brightYellow, .red), (.blue, .brightWhite),
            (.magenta, .brightWhite), (.brightBlue, .brightWhite), (.green, .black), (.brightCyan, .black),
            (.brightRed, .brightWhite),
        ]))

    /// A grey page, a black board whose holes show the page.
    static let light8 = BasicPalette(
        colourCount: 8, screenBackground: .white, text: .black, mutedText: .blue, accent: .magenta,
        warning: .red, success: .green, boardBackground: .black, boardText: .white, emptyCell: .white,
        tiles: tiles([
            (.cyan, .white), (.yellow, .white), (.magenta, .white), (.red, .white), (.blue, .white),
            (.red, .yellow), (.green, .white), (.yellow, .white), (.cyan, .white), (.magenta, .white),
            (.red, .yellow), (.blue, .white), (.yellow, .white), (.cyan, .white), (.green, .white),
            (.magenta, .white), (.red, .yellow),
        ]))

    /// Saturated tiles on black, grey holes.
    static let highContrast16 = BasicPalette(
        colourCount: 16, screenBackground: .black, text: .brightWhite, mutedText: .white,
        accent: .brightYellow, warning: .brightRed, success: .brightGreen, boardBackground: .black,
        boardText: .brightWhite, emptyCell: .brightBlack,
        tiles: tiles([
            (.brightWhite, .black), (.brightYellow, .black), (.brightCyan, .black), (.brightGreen, .black),
            (.brightMagenta, .black), (.brightRed, .black), (.brightBlue, .brightWhite), (.yellow, .black),
            (.brightGreen, .black), (.magenta, .brightWhite), (.brightYellow, .black), (.white, .black),
            (.cyan, .black), (.blue, .brightWhite), (.brightMagenta, .black), (.brightCyan, .black),
            (.brightWhite, .black),
        ]))

    /// Only dark tiles under bright white, which the Linux console shows at 4.5:1 or more.
    static let highContrast8 = BasicPalette(
        colourCount: 8, screenBackground: .black, text: .white, mutedText: .white, accent: .yellow,
        warning: .red, success: .green, boardBackground: .black, boardText: .white, emptyCell: .white,
        tiles: tiles([
            (.yellow, .white), (.red, .white), (.magenta, .white), (.blue, .white), (.yellow, .white),
            (.red, .white), (.blue, .white), (.magenta, .white), (.yellow, .white), (.red, .white),
            (.blue, .white), (.magenta, .white), (.red, .white), (.yellow, .white), (.blue, .white),
            (.magenta, .white), (.red, .white),
        ]))
}
