/// The nearest basic colour to each RGB one, skipping any that would look like its neighbours.
/// Tile text is the theme's when still readable, else black or white.
extension BasicPalette {
    /// Below it, the theme's own text colour is not kept on a picked tile.
    static let readableContrast = 3.0

    /// 16 or 8 colours.
    static func automatic(for theme: Theme, colourCount: Int) -> BasicPalette {
        let available = BasicColour.available(count: colourCount)
        let screen = theme.screenBackground.flatMap { BasicColour.nearest(to: $0, among: available) }
        func role(_ colour: RGB?) -> BasicColour? {
            colour.flatMap { colour in BasicColour.nearest(to: colour, among: available.filter { $0 != screen }) }
        }
        let unpicked = Tile(.black, .black)
        let palette = BasicPalette(
            colourCount: colourCount, screenBackground: screen, text: role(theme.text), mutedText: role(theme.mutedText),
            accent: role(theme.accent), warning: role(theme.warning), success: role(theme.success),
            boardBackground: .black, boardText: .black, emptyCell: .black,
            tiles: Array(repeating: unpicked, count: Theme.tileColourCount))
        return palette.repicking(board: true, exponents: Set(1...Theme.tileColourCount), from: theme)
    }

    /// Code 0: the board and empty cells; other tiles keep theirs unless they now clash.
    func refitted(code: Int, to theme: Theme) -> BasicPalette {
        if code == 0 { return repicking(board: true, exponents: [], from: theme) }
        guard code >= 2, code.nonzeroBitCount == 1, code.trailingZeroBitCount <= tiles.count else { return self }
        return repicking(board: false, exponents: [code.trailingZeroBitCount], from: theme)
    }

    /// Also any other tile whose background now clashes.
    private func repicking(board repicksBoard: Bool, exponents: Set<Int>, from theme: Theme) -> BasicPalette {
        let available = BasicColour.available(count: colourCount)
        func nearest(to colour: RGB, avoiding taken: [BasicColour]) -> BasicColour {
            BasicColour.nearest(to: colour, among: available.filter { !taken.contains($0) }) ?? .black
        }
        var palette = self
        if repicksBoard {
            palette.boardBackground = nearest(to: theme.boardBackground, avoiding: [accent].compactMap { $0 })
            palette.emptyCell = nearest(to: theme.emptyCell, avoiding: [palette.boardBackground])
            palette.boardText = palette.readableText(on: palette.boardBackground, preferring: theme.lightTileText)
        }
        for exponent in 1...tiles.count {
            let index = exponent - 1
            var taken = [palette.boardBackground, palette.emptyCell]
            if index > 0 { taken.append(palette.tiles[index - 1].background) }
            guard exponents.contains(exponent) || taken.contains(palette.tiles[index].background) else { continue }
            if index + 1 < tiles.count, !exponents.contains(exponent + 1) { taken.append(palette.tiles[index + 1].background) }
            let background = nearest(to: theme.tileBackground(exponent: exponent), avoiding: taken)
            palette.tiles[index] = Tile(background, palette.readableText(on: background, preferring: theme.tileText(exponent: exponent)))
        }
        return palette
    }

    /// Else black or the brightest white, whichever contrasts more.
    private func readableText(on background: BasicColour, preferring preferred: RGB) -> BasicColour {
        let available = BasicColour.available(count: colourCount)
        if let themed = BasicColour.nearest(to: preferred, among: available.filter { $0 != background }),
            themed.rgb.contrast(with: background.rgb) >= Self.readableContrast
        {
            return themed
        }
        let white: BasicColour = colourCount <= 8 ? .white : .brightWhite
        return background.rgb.contrast(with: BasicColour.black.rgb) >= background.rgb.contrast(with: white.rgb) ? .black : white
    }
}
