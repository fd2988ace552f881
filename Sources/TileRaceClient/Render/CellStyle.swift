/// How one cell of the screen is drawn: colours and attributes.
///
/// A nil colour means the terminal's default. Colours are always stored as
/// RGB; the ANSI layer maps them to what the terminal supports.
struct CellStyle: Hashable, Sendable {
    var foreground: RGB?
    var background: RGB?
    var isBold = false
    var isDim = false
    var isUnderlined = false
    /// Foreground and background swapped.
    var isReversed = false

    static let plain = CellStyle()

    var bold: CellStyle {
        var copy = self
        copy.isBold = true
        return copy
    }

    func with(foreground: RGB?) -> CellStyle {
        var copy = self
        copy.foreground = foreground
        return copy
    }
}
