extension Theme {
    /// The theme as a terminal in `mode` shows it: with 16 or 8 colours every
    /// colour is one of its basic palette's (see `drawn(with:)`); with 256 its
    /// own colours, tiles kept apart (see `keptApartIn256Colours()`); with
    /// 24-bit colour, or none, the theme itself (also the mono theme, which
    /// has no colours).
    func colours(for mode: ColourMode) -> Theme {
        guard usesColour else { return self }
        switch mode {
        case .palette16: return drawn(with: palette16 ?? .automatic(for: self, colourCount: 16))
        case .palette8: return drawn(with: palette8 ?? .automatic(for: self, colourCount: 8))
        case .palette256: return keptApartIn256Colours()
        case .trueColour, .none: return self
        }
    }

    /// This theme with every colour taken from `palette`: exactly the RGB
    /// values of its basic colours, which the ANSI layer maps back to them.
    func drawn(with palette: BasicPalette) -> Theme {
        var theme = self
        theme.screenBackground = palette.screenBackground?.rgb
        theme.text = palette.text?.rgb
        theme.mutedText = palette.mutedText?.rgb
        theme.accent = palette.accent?.rgb
        theme.warning = palette.warning?.rgb
        theme.success = palette.success?.rgb
        theme.boardBackground = palette.boardBackground.rgb
        theme.emptyCellColour = palette.emptyCell.rgb
        theme.tiles = palette.tiles.map(\.background.rgb)
        theme.tileTexts = palette.tiles.map(\.text.rgb)
        theme.lightTileText = palette.boardText.rgb
        theme.darkTileText = palette.boardText.rgb
        return theme
    }

    /// This theme on a 256-colour terminal: where the nearest palette entry
    /// of an empty cell is the board's, or a tile's is the board's, the empty
    /// cells' or the tile of half its value's, that colour becomes the
    /// nearest entry still free (and not the next tile's either). Classic's
    /// yellows for 128 to 1024 would otherwise all be entry 221.
    func keptApartIn256Colours() -> Theme {
        var theme = self
        let board = Palette256.index(for: boardBackground)
        let empty = Palette256.index(for: emptyCell, avoiding: [board])
        if empty != Palette256.index(for: emptyCell) { theme.emptyCellColour = Palette256.colour(at: empty) }
        var previous: Int?
        for index in tiles.indices {
            var taken: Set = [board, empty]
            if let previous { taken.insert(previous) }
            var chosen = Palette256.index(for: tiles[index])
            if taken.contains(chosen) {
                if index + 1 < tiles.count { taken.insert(Palette256.index(for: tiles[index + 1])) }
                chosen = Palette256.index(for: tiles[index], avoiding: taken)
                theme.tiles[index] = Palette256.colour(at: chosen)
            }
            previous = chosen
        }
        return theme
    }
}
