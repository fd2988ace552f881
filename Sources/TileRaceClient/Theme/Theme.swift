/// The client's colours, codes as in the original app: 0 the board, then one per tile value.
/// Without colour (mono, or no colour on the terminal) it draws outlines and attributes instead.
struct Theme: Hashable, Sendable {
    /// Values 2 to 2^17; bigger tiles use the last.
    static let tileColourCount = 17
    /// 0 (background), then 2, 4, 8 ...
    static let editableCodes: [Int] = [0] + (1...tileColourCount).map { 1 << $0 }

    /// As saved in the config.
    var name: String
    var usesColour: Bool
    /// Nil for the terminal's own (likewise `text`).
    var screenBackground: RGB?
    var text: RGB?
    /// Hints, labels.
    var mutedText: RGB?
    /// The selected line, titles.
    var accent: RGB?
    var warning: RGB?
    /// Ready marks, "you reached ...".
    var success: RGB?
    /// Colour code 0.
    var boardBackground: RGB
    /// 0 to 1.
    var emptyCellLightening: Double
    /// 2, 4, 8 ... 2^17.
    var tiles: [RGB]
    var darkTileText: RGB
    var lightTileText: RGB
    /// Hand-made for 16 colours; nil picks from RGB (`BasicPalette.automatic`).
    var palette16: BasicPalette?
    /// Hand-made for 8 colours; nil picks from RGB.
    var palette8: BasicPalette?
    /// Set on basic-colour themes; nil lightens the board by `emptyCellLightening`.
    var emptyCellColour: RGB?
    /// Set on basic-colour themes; nil: dark or light, whichever contrasts more.
    var tileTexts: [RGB]?

    var emptyCell: RGB {
        emptyCellColour ?? boardBackground.mixed(with: RGB(255, 255, 255), fraction: emptyCellLightening)
    }

    /// Exponent 0: empty.
    func tileBackground(exponent: Int) -> RGB {
        exponent <= 0 ? emptyCell : tiles[min(exponent, tiles.count) - 1]
    }

    /// The palette's, else dark or light, whichever contrasts more.
    func tileText(exponent: Int) -> RGB {
        if let tileTexts, exponent > 0 { return tileTexts[min(exponent, tileTexts.count) - 1] }
        let background = tileBackground(exponent: exponent)
        return background.contrast(with: darkTileText) >= background.contrast(with: lightTileText)
            ? darkTileText : lightTileText
    }

    /// 0 is the board, a power of two a tile; nil for other numbers.
    func colour(code: Int) -> RGB? {
        if code == 0 { return boardBackground }
        guard code >= 2, code.nonzeroBitCount == 1 else { return nil }
        return tileBackground(exponent: code.trailingZeroBitCount)
    }

    /// With 16 or 8 colours, that code is then picked from the new colour, apart from its neighbours.
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

    /// Overrides map code text to `#rrggbb`; entries that do not parse are ignored.
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

    /// Mono when the terminal shows no colour, else as the terminal shows them.
    func effective(for mode: ColourMode) -> Theme {
        mode == .none ? .mono : colours(for: mode)
    }

    // MARK: Styles

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

    func style(of kind: Notice.Kind) -> CellStyle {
        switch kind {
        case .info: base
        case .warning: warned
        case .success: succeeded
        }
    }

    func tileStyle(exponent: Int) -> CellStyle {
        guard usesColour else {
            return CellStyle(isBold: exponent >= 7, isDim: exponent == 0)
        }
        return CellStyle(foreground: tileText(exponent: exponent), background: tileBackground(exponent: exponent), isBold: exponent > 0)
    }
}
