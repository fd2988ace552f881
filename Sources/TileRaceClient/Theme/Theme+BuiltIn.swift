extension Theme {
    /// The themes that come with the client, in the order `t` cycles through them.
    static let builtIn: [Theme] = [.classic, .dark, .light, .highContrast, .mono]

    static func named(_ name: String) -> Theme? {
        builtIn.first { $0.name == name }
    }

    /// The name of the theme after `name` in `builtIn`, wrapping around.
    static func nextName(after name: String) -> String {
        let index = builtIn.firstIndex { $0.name == name } ?? -1
        return builtIn[(index + 1) % builtIn.count].name
    }

    private static func palette(_ values: [UInt32]) -> [RGB] {
        precondition(values.count == tileColourCount, "a theme needs \(tileColourCount) tile colours")
        return values.map { RGB(hex: $0) }
    }

    /// The original 2048's tiles, shared by `classic` and `light`.
    private static let originalTiles = palette([
        0xEEE4DA, 0xEDE0C8, 0xF2B179, 0xF59563, 0xF67C5F, 0xF65E3B, 0xEDCF72, 0xEDCC61, 0xEDC850,
        0xEDC53F, 0xEDC22E, 0x3C3A32, 0x2F4858, 0x33658A, 0x55A630, 0x86BBD8, 0xF26419,
    ])

    /// The colours of the original 2048, on the terminal's own background.
    static let classic = Theme(
        name: "classic", usesColour: true, screenBackground: nil, text: nil, mutedText: RGB(hex: 0x9C_9386),
        accent: RGB(hex: 0xED_C22E), warning: RGB(hex: 0xF6_5E3B), success: RGB(hex: 0x8F_C93A),
        boardBackground: RGB(hex: 0xBB_ADA0), emptyCellLightening: 0.24,
        tiles: originalTiles, darkTileText: RGB(hex: 0x77_6E65), lightTileText: RGB(hex: 0xF9_F6F2),
        palette16: .classic16, palette8: .classic8)

    /// Cool colours on a dark board.
    static let dark = Theme(
        name: "dark", usesColour: true, screenBackground: RGB(hex: 0x16_1925), text: RGB(hex: 0xD8_DEE9),
        mutedText: RGB(hex: 0x7A_8194), accent: RGB(hex: 0x4C_C9F0), warning: RGB(hex: 0xF7_2585),
        success: RGB(hex: 0x80_ED99),
        boardBackground: RGB(hex: 0x22_2738), emptyCellLightening: 0.06,
        tiles: palette([
            0x3B4252, 0x4C566A, 0x2E86AB, 0x3A9E8F, 0x5FB049, 0x9CBF3A, 0xE3B505, 0xF18F01, 0xE4572E,
            0xC73E67, 0xA23B72, 0x6A4C93, 0x3F37C9, 0x4361EE, 0x4CC9F0, 0xF72585, 0xF0F0F0,
        ]),
        darkTileText: RGB(hex: 0x11_1320), lightTileText: RGB(hex: 0xF4_F4F8),
        palette16: .dark16, palette8: .dark8)

    /// The original colours on a light page.
    static let light = Theme(
        name: "light", usesColour: true, screenBackground: RGB(hex: 0xFA_F8EF), text: RGB(hex: 0x5C_544C),
        mutedText: RGB(hex: 0x9C_9386), accent: RGB(hex: 0xC2_7C0E), warning: RGB(hex: 0xC0_3A1E),
        success: RGB(hex: 0x3B_8B2E),
        boardBackground: RGB(hex: 0xBB_ADA0), emptyCellLightening: 0.24,
        tiles: originalTiles, darkTileText: RGB(hex: 0x77_6E65), lightTileText: RGB(hex: 0xF9_F6F2),
        palette16: .light16, palette8: .light8)

    /// Saturated colours on black, bold text, for low vision or bright rooms.
    static let highContrast = Theme(
        name: "high-contrast", usesColour: true, screenBackground: RGB(hex: 0x00_0000), text: RGB(hex: 0xFF_FFFF),
        mutedText: RGB(hex: 0xC8_C8C8), accent: RGB(hex: 0xFF_FF00), warning: RGB(hex: 0xFF_5050),
        success: RGB(hex: 0x00_FF80),
        boardBackground: RGB(hex: 0x00_0000), emptyCellLightening: 0.16,
        tiles: palette([
            0xFFFFFF, 0xFFFF00, 0x00FFFF, 0x00FF00, 0xFF00FF, 0xFF4040, 0x4090FF, 0xFF8000, 0x80FF00,
            0xFF0080, 0xFFD700, 0xC0C0C0, 0x00C0A0, 0xA060FF, 0xFF60A0, 0x60FFC0, 0xFFFFA0,
        ]),
        darkTileText: RGB(hex: 0x00_0000), lightTileText: RGB(hex: 0xFF_FFFF),
        palette16: .highContrast16, palette8: .highContrast8)

    /// No colour at all: outlined tiles, bold and dim text.
    static let mono = Theme(
        name: "mono", usesColour: false, screenBackground: nil, text: nil, mutedText: nil, accent: nil,
        warning: nil, success: nil, boardBackground: RGB(hex: 0x00_0000), emptyCellLightening: 0,
        tiles: Array(repeating: RGB(hex: 0xFF_FFFF), count: tileColourCount),
        darkTileText: RGB(hex: 0x00_0000), lightTileText: RGB(hex: 0xFF_FFFF))
}
