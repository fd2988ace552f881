/// A theme on 16 or 8 colours: neighbouring tiles (v and 2v), empty cells and the board never share a
/// background. Built-ins are hand-made (`+BuiltIn`); user colours are refitted from RGB (`+Fitting`).
struct BasicPalette: Hashable, Sendable {
    struct Tile: Hashable, Sendable {
        var background: BasicColour
        var text: BasicColour

        init(_ background: BasicColour, _ text: BasicColour) {
            self.background = background
            self.text = text
        }
    }

    /// 16, or 8 (the normal ones only, `30-37` / `40-47`).
    var colourCount: Int
    /// Nil: the terminal's own colour (likewise the next five).
    var screenBackground: BasicColour?
    var text: BasicColour?
    var mutedText: BasicColour?
    var accent: BasicColour?
    var warning: BasicColour?
    var success: BasicColour?
    /// Colour code 0.
    var boardBackground: BasicColour
    /// Text on the board itself (the paused board, the splash).
    var boardText: BasicColour
    var emptyCell: BasicColour
    /// `Theme.tileColourCount` of them; bigger tiles use the last.
    var tiles: [Tile]

    /// `exponent` 1 or more.
    func tile(exponent: Int) -> Tile {
        tiles[min(max(exponent, 1), tiles.count) - 1]
    }
}
