/// Every escape sequence the client writes. No other file holds escape codes.
enum ANSI {
    private static let escape = "\u{1B}["

    /// Switches to the alternate screen, hides the cursor, turns off line wrap and clears.
    static let enterFullScreen = escape + "?1049h" + escape + "?25l" + escape + "?7l" + escape + "0m" + escape + "2J"
    /// Resets attributes, turns line wrap back on, shows the cursor and leaves the alternate screen.
    static let leaveFullScreen = escape + "0m" + escape + "?7h" + escape + "?25h" + escape + "?1049l"
    /// A recording's start and end (`Asciicast`): as the full screen, but on the main screen, so that its last
    /// frame stays when it ends.
    static let hideCursor = escape + "?25l" + escape + "?7l"
    static let showCursor = escape + "0m" + escape + "?7h" + escape + "?25h"
    static let resetStyle = escape + "0m"
    /// Clears the screen (in the current background).
    static let clearScreen = escape + "2J"

    /// Moves the cursor to a column and row counted from 0.
    static func moveCursor(x: Int, y: Int) -> String {
        escape + "\(y + 1);\(x + 1)H"
    }

    /// The SGR sequence that sets exactly `style` (starting from a reset).
    static func style(_ style: CellStyle, mode: ColourMode) -> String {
        var codes = ["0"]
        if style.isBold { codes.append("1") }
        if style.isDim { codes.append("2") }
        if style.isUnderlined { codes.append("4") }
        if style.isReversed { codes.append("7") }
        if let foreground = style.foreground, let code = colour(foreground, layer: 38, mode: mode) { codes.append(code) }
        if let background = style.background, let code = colour(background, layer: 48, mode: mode) { codes.append(code) }
        return escape + codes.joined(separator: ";") + "m"
    }

    private static func colour(_ colour: RGB, layer: Int, mode: ColourMode) -> String? {
        switch mode {
        case .trueColour: "\(layer);2;\(colour.red);\(colour.green);\(colour.blue)"
        case .palette256: "\(layer);5;\(Palette256.index(for: colour))"
        case .palette16: Palette16.code(for: colour, layer: layer)
        case .palette8: Palette16.code(for: colour, layer: layer, colourCount: 8)
        case .none: nil
        }
    }
}
