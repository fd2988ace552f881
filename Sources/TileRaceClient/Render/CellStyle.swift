/// How one cell of the screen is drawn: colours and attributes.
///
/// A nil colour means the terminal's default. Colours are always stored as
/// RGB; the ANSI layer maps them to what the terminal supports.
struct CellStyle: Hashable, Sendable {
    /// The text colour, nil for the terminal's default.
    var foreground: RGB?
    /// The background colour, nil for the terminal's default.
    var background: RGB?
    var isBold = false
    var isDim = false
    var isUnderlined = false
    /// Foreground and background swapped.
    var isReversed = false

    /// The terminal's default look.
    static let plain = CellStyle()

    init(
        foreground: RGB? = nil, background: RGB? = nil, isBold: Bool = false, isDim: Bool = false,
        isUnderlined: Bool = false, isReversed: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.isBold = isBold
        self.isDim = isDim
        self.isUnderlined = isUnderlined
        self.isReversed = isReversed
    }

    var bold: CellStyle {
        var copy = self
        copy.isBold = true
        return copy
    }
    var reversed: CellStyle {
        var copy = self
        copy.isReversed = true
        return copy
    }
    var underlined: CellStyle {
        var copy = self
        copy.isUnderlined = true
        return copy
    }

    func on(_ background: RGB?) -> CellStyle {
        var copy = self
        copy.background = background
        return copy
    }

    /// This style with another text colour.
    func with(foreground: RGB?) -> CellStyle {
        var copy = self
        copy.foreground = foreground
        return copy
    }
}
