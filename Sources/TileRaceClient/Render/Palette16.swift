/// Maps 24-bit colours to the nearest of the 16 basic ANSI colours, for
/// terminals that show no more (`TERM=xterm`, `linux`, `vt100`).
enum Palette16 {
    /// The usual xterm values of the 16 colours, in SGR order (0-7 normal, 8-15 bright).
    static let colours: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The index (0-15) of the colour closest to `colour`.
    static func index(for colour: RGB) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (index, candidate) in colours.enumerated() {
            let dr = Int(candidate.red) - Int(colour.red)
            let dg = Int(candidate.green) - Int(colour.green)
            let db = Int(candidate.blue) - Int(colour.blue)
            let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// The SGR code for a colour on a layer (38 foreground, 48 background):
    /// 30-37 / 40-47 for the normal colours, 90-97 / 100-107 for the bright ones.
    static func code(for colour: RGB, layer: Int) -> String {
        let index = index(for: colour)
        let base = layer == 38 ? 30 : 40
        return String(index < 8 ? base + index : base + 60 + index - 8)
    }
}
