/// The colours of the whole client: screen text, the board (colour code 0),
/// and one colour per tile value, as in the original app's colour codes.
///
/// A theme without colour (`usesColour == false`, the mono theme, or any
/// theme when the terminal shows no colour) is drawn with outlines and
/// attributes instead of coloured blocks.
struct Theme: Hashable, Sendable {
    /// The number of tile colours: values 2 to 2^17; bigger tiles use the last.
    static let tileColourCount = 17
    /// The colour codes the editor offers: 0 (background), then 2, 4, 8 ...
    static let editableCodes: [Int] = [0] + (1...tileColourCount).map { 1 << $0 }

    /// The theme's name, as saved in the config.
    var name: String
    /// Whether tiles are drawn as coloured blocks.
    var usesColour: Bool
    /// The colour behind everything, nil for the terminal's own.
    var screenBackground: RGB?
    /// Ordinary text, nil for the terminal's own.
    var text: RGB?
    /// Secondary text (hints, labels).
    var mutedText: RGB?
    /// Highlights: the selected line, titles.
    var accent: RGB?
    var warning: RGB?
    /// Good news (ready marks, "you reached ...").
    var success: RGB?
    /// The board behind the tiles: colour code 0.
    var boardBackground: RGB
    /// How far empty cells are lightened from the board colour (0 to 1).
    var emptyCellLightening: Double
    /// Tile colours for 2, 4, 8 ... 2^17.
    var tiles: [RGB]
    var darkTileText: RGB
    var lightTileText: RGB
    var boldTileText: Bool = true
    /// The colours on a terminal with 16 colours, made by hand; nil: picked
    /// from the RGB colours (`BasicPalette.automatic`).
    var palette16: BasicPalette?
    /// The colours on a terminal with 8 colours, made by hand; nil: picked
    /// from the RGB colours.
    var palette8: BasicPalette?
    /// An empty cell's colour, set on a theme drawn with basic colours; nil:
    /// the board lightened by `emptyCellLightening`.
    var emptyCellColour: RGB?
    /// The text colour of each tile (2 to 2^17), set on a theme drawn with
    /// basic colours; nil: dark or light, whichever contrasts more.
    var tileTexts: [RGB]?

    var emptyCell: RGB {
        emptyCellColour ?? boardBackground.mixed(with: RGB(255, 255, 255), fraction: emptyCellLightening)
    }

    /// The background of a tile of value `2^exponent` (0: empty).
    func tileBackground(exponent: Int) -> RGB {
        exponent <= 0 ? emptyCell : tiles[min(exponent, tiles.count) - 1]
    }

    /// The text colour on a tile: the palette's when it has one, else
    /// whichever of dark or light contrasts more.
    func tileText(exponent: Int) -> RGB {
        if let tileTexts, exponent > 0 { return tileTexts[min(exponent, tileTexts.count) - 1] }
        let background = tileBackground(exponent: exponent)
        return background.contrast(with: darkTileText) >= background.contrast(with: lightTileText)
            ? darkTileText : lightTileText
    }

    /// The colour of a code: 0 is the board, a power of two a tile; nil for other numbers.
    func colour(code: Int) -> RGB? {
        if code == 0 { return boardBackground }
        guard code >= 2, code.nonzeroBitCount == 1 else { return nil }
        return tileBackground(exponent: code.trailingZeroBitCount)
    }

    /// Changes the colour of a code (0 or a power of two up to 2^17); with
    /// 16 or 8 colours that code is then picked from the new colour, kept
    /// apart from its neighbours.
    mutating func setColour(_ colour: RGB, code: Int) {
        if code == 0 {
            boardBackground = colour
        } else if code >= 2, code.nonzeroBitCount == 1, code.trailingZeroBitCount <= tiles.count {
            tiles[code.trailingZeroBitCount - 1] = colour
        } else {
            return
        }
        palette16 = palette16?.refitted(code: code, to: self)
        palette8 = palette8?.refitted(code: code, to: self)
    }

    /// This theme with the user's colours (code text -> `#rrggbb`) applied;
    /// entries that do not parse are ignored.
    func applying(_ overrides: [String: String]) -> Theme {
        guard usesColour else { return self }
        var theme = self
        for (codeText, hex) in overrides.sorted(by: { $0.key < $1.key }) {
            if let code = Int(codeText), let colour = RGB(hexText: hex), Theme.editableCodes.contains(code) {
                theme.setColour(colour, code: code)
            }
        }
        return theme
    }

    /// The theme to draw with on a terminal: mono when it shows no colour,
    /// else its colours as the terminal shows them (`colours(for:)`).
    func effective(for mode: ColourMode) -> Theme {
        mode == .none ? .mono : colours(for: mode)
    }

    // MARK: Styles

    /// Ordinary text on the screen background.
    var base: CellStyle { CellStyle(foreground: text, background: screenBackground) }
    var muted: CellStyle {
        usesColour ? CellStyle(foreground: mutedText, background: screenBackground) : CellStyle(isDim: true)
    }
    var accented: CellStyle { CellStyle(foreground: accent, background: screenBackground, isBold: true) }
    var selected: CellStyle {
        usesColour
            ? CellStyle(foreground: accent, background: screenBackground, isBold: true)
            : CellStyle(isBold: true, isReversed: true)
    }
    var warned: CellStyle { CellStyle(foreground: warning, background: screenBackground, isBold: true) }
    var succeeded: CellStyle { CellStyle(foreground: success, background: screenBackground, isBold: true) }

    func tileStyle(exponent: Int) -> CellStyle {
        guard usesColour else {
            return CellStyle(isBold: exponent >= 7, isDim: exponent == 0)
        }
        return CellStyle(
            foreground: tileText(exponent: exponent), background: tileBackground(exponent: exponent),
            isBold: boldTileText && exponent > 0)
    }
}
