/// One of the 16 basic ANSI colours, numbered as SGR numbers them: 0-7
/// normal (`30-37` / `40-47`), 8-15 bright (`90-97` / `100-107`). A terminal
/// with 8 colours shows only the first 8.
enum BasicColour: Int, CaseIterable, Hashable, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite

    /// The usual xterm value of the colour. A theme drawn with basic colours
    /// holds exactly these values, which `Palette16` maps back to their number.
    var rgb: RGB { BasicColour.xterm[rawValue] }

    /// In `rawValue` order: the normal eight, then the bright ones.
    private static let xterm = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0), RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205),
        RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0), RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255),
        RGB(255, 255, 255),
    ]

    /// The colours a terminal with `count` colours (16 or 8) shows.
    static func available(count: Int) -> ArraySlice<BasicColour> {
        allCases.prefix(count <= 8 ? 8 : 16)
    }

    /// The candidate closest to `colour` (weighted by how the eye sees red,
    /// green and blue); nil when there is no candidate.
    static func nearest(to colour: RGB, among candidates: some Sequence<BasicColour>) -> BasicColour? {
        candidates.min { RGB.distance($0.rgb, colour) < RGB.distance($1.rgb, colour) }
    }
}
