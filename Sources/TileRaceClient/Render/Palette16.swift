/// Maps 24-bit colours to the nearest of the 16 basic ANSI colours, or of
/// the first 8, for terminals that show no more (`TERM=xterm`, `linux`).
enum Palette16 {
    /// The index (0-15, or 0-7 when `colourCount` is 8) of the colour closest to `colour`.
    static func index(for colour: RGB, colourCount: Int = 16) -> Int {
        BasicColour.nearest(to: colour, among: BasicColour.available(count: colourCount))?.rawValue ?? 0
    }

    /// The SGR code for a colour on a layer (38 foreground, 48 background):
    /// 30-37 / 40-47 for the normal colours, 90-97 / 100-107 for the bright
    /// ones, which a terminal with 8 colours (`colourCount` 8) never gets.
    static func code(for colour: RGB, layer: Int, colourCount: Int = 16) -> String {
        let index = index(for: colour, colourCount: colourCount)
        let base = layer == 38 ? 30 : 40
        return String(index < 8 ? base + index : base + 60 + index - 8)
    }
}
