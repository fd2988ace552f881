/// A theme's colours on a terminal with 16 or 8 colours: one basic colour
/// per role, so that neighbouring tile values (v and 2v), empty cells and the
/// board never share a background there.
///
/// The built-in themes have one made by hand for each depth
/// (`BasicPalette+BuiltIn.swift`); a colour the user sets is picked again
/// from its RGB value (`BasicPalette+Fitting.swift`).
struct BasicPalette: Hashable, Sendable {
    struct Tile: Hashable, Sendable {
        /// The tile's block.
        var background: BasicColour
        var text: BasicColour

        /// A tile drawn as `text` on `background`.
        init(_ background: BasicColour, _ text: BasicColour) {
            self.background = background
            self.text = text
        }
    }

    /// The colours it may use: 16, or 8 (the normal ones only, `30-37` / `40-47`).
    var colourCount: Int
    /// The colour behind everything, nil for the terminal's own.
    var screenBackground: BasicColour?
    /// Ordinary text, nil for the terminal's own.
    var text: BasicColour?
    /// Secondary text, nil for the terminal's own.
    var mutedText: BasicColour?
    /// Highlights, nil for the terminal's own.
    var accent: BasicColour?
    /// Warnings and errors, nil for the terminal's own.
    var warning: BasicColour?
    /// Good news, nil for the terminal's own.
    var success: BasicColour?
    /// The board behind the tiles: colour code 0.
    var boardBackground: BasicColour
    /// Text written on the board itself (the paused board, the splash).
    var boardText: BasicColour
    var emptyCell: BasicColour
    /// Tiles 2, 4, 8 ... 2^17 (`Theme.tileColourCount` of them); bigger tiles use the last.
    var tiles: [Tile]

    /// The tile of value `2^exponent` (1 or more).
    func tile(exponent: Int) -> Tile {
        tiles[min(max(exponent, 1), tiles.count) - 1]
    }
}
