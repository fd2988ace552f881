/// The built-in themes' palettes for 16 and 8 colours, made by hand.
///
/// Rules they keep (and `BasicPaletteTests` checks): the empty cell is not
/// the board; no tile has the background of the board, of an empty cell, or
/// of the tile of half or twice its value; tile text reads on its tile (on
/// xterm's 16 colours, and with 8 on the Linux console, which shows bold
/// text in the bright colour). Hues follow the theme where the colours allow
/// (classic: a white 2, warm colours up to 64, bright yellow for 128 and
/// 2048); where they do not, keeping neighbours apart comes first.
extension BasicPalette {
    /// Tiles 2 to 2^17 as (background, text) pairs.
    private static func tiles(_ pairs: [(BasicColour, BasicColour)]) -> [Tile] {
        precondition(pairs.count == Theme.tileColourCount, "a palette needs \(Theme.tileColourCount) tiles")
        return pairs.map { Tile($0.0, $0.1) }
    }

    /// Classic with 16 colours: a grey board with black holes, on the terminal's own background.
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

    /// Classic with 8 colours: a blue board with black holes.
    static let classic8 = BasicPalette(
        colourCount: 8, screenBackground: nil, text: nil, mutedText: nil, accent: .yellow, warning: .red,
        success: .green, boardBackground: .blue, boardText: .white, emptyCell: .black,
        tiles: tiles([
            (.white, .black), (.cyan, .white), (.yellow, .white), (.red, .white), (.magenta, .white),
            (.red, .yellow), (.green, .white), (.yellow, .white), (.cyan, .white), (.magenta, .white),
            (.red, .yellow), (.white, .black), (.yellow, .white), (.cyan, .white), (.green, .white),
            (.magenta, .white), (.red, .yellow),
        ]))

    /// Dark with 16 colours: black board, grey holes, cool tiles warming up to 2048.
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

    /// Dark with 8 colours: black board, blue holes.
    static let dark8 = BasicPalette(
        colourCount: 8, screenBackground: .black, text: .white, mutedText: .white, accent: .cyan,
        warning: .magenta, success: .green, boardBackground: .black, boardText: .white, emptyCell: .blue,
        tiles: tiles([
            (.white, .black), (.cyan, .white), (.green, .white), (.yellow, .white), (.red, .white),
            (.magenta, .white), (.yellow, .white), (.red, .yellow), (.magenta, .white), (.red, .white),
            (.yellow, .white), (.cyan, .white), (.magenta, .white), (.green, .white), (.cyan, .white),
            (.red, .white), (.white, .black),
        ]))

    /// Light with 16 colours: a white page, a grey board with light grey
    /// holes, so 2 and 4 take pale colours instead of white.
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

    /// Light with 8 colours: a grey page, a black board whose holes show the page.
    static let light8 = BasicPalette(
        colourCount: 8, screenBackground: .white, text: .black, mutedText: .blue, accent: .magenta,
        warning: .red, success: .green, boardBackground: .black, boardText: .white, emptyCell: .white,
        tiles: tiles([
            (.cyan, .white), (.yellow, .white), (.magenta, .white), (.red, .white), (.blue, .white),
            (.red, .yellow), (.green, .white), (.yellow, .white), (.cyan, .white), (.magenta, .white),
            (.red, .yellow), (.blue, .white), (.yellow, .white), (.cyan, .white), (.green, .white),
            (.magenta, .white), (.red, .yellow),
        ]))

    /// High contrast with 16 colours: saturated tiles on black, grey holes.
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

    /// High contrast with 8 colours: grey holes, and only the dark tiles
    /// under bright white text that the Linux console shows at 4.5:1 or more.
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
