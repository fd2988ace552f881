/// Maps 24-bit colours to the nearest entry of the xterm 256-colour palette
/// (the 6x6x6 cube, indices 16-231, and the grey ramp, 232-255).
enum Palette256 {
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    static func index(for colour: RGB) -> Int {
        let (r, g, b) = (Int(colour.red), Int(colour.green), Int(colour.blue))
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cube = RGB(UInt8(cubeLevels[ri]), UInt8(cubeLevels[gi]), UInt8(cubeLevels[bi]))
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let average = (r + g + b) / 3
        let greyStep = min(23, max(0, (average - 3) / 10))
        let greyLevel = UInt8(8 + 10 * greyStep)
        let grey = RGB(greyLevel, greyLevel, greyLevel)
        return RGB.distance(grey, colour) < RGB.distance(cube, colour) ? 232 + greyStep : cubeIndex
    }

    /// The palette index closest to a colour among those not `taken`, for
    /// keeping neighbouring tiles apart.
    static func index(for colour: RGB, avoiding taken: Set<Int>) -> Int {
        let nearest = index(for: colour)
        guard taken.contains(nearest) else { return nearest }
        let free = (16...255).filter { !taken.contains($0) }
        return free.min { RGB.distance(self.colour(at: $0), colour) < RGB.distance(self.colour(at: $1), colour) } ?? nearest
    }

    /// The colour of a palette entry (16-255), which `index(for:)` maps back to it.
    static func colour(at index: Int) -> RGB {
        if index >= 232 {
            let level = UInt8(8 + 10 * (index - 232))
            return RGB(level, level, level)
        }
        let cube = max(0, index - 16)
        return RGB(UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[cube / 6 % 6]), UInt8(cubeLevels[cube % 6]))
    }

    private static func nearestLevel(_ value: Int) -> Int {
        var best = 0
        for (index, level) in cubeLevels.enumerated() where abs(level - value) < abs(cubeLevels[best] - value) {
            best = index
        }
        return best
    }
}
