/// What colours the terminal can show.
public enum ColourMode: String, Hashable, Sendable {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case trueColour
    /// The xterm 256-colour palette (`TERM` ending in `256color`, or unknown).
    case palette256
    /// The 16 basic ANSI colours (`TERM=xterm`, `xterm-16color`, `vt100`, `screen` …).
    case palette16
    /// The 8 normal ANSI colours, no bright backgrounds (`TERM=linux`, the
    /// Linux console, or a `TERM` ending in `-8color`).
    case palette8
    /// No colour at all (`NO_COLOR` set, or `TERM=dumb`); attributes such as bold remain.
    case none

    /// Picks the mode from the environment: `NO_COLOR` (any non-empty value)
    /// or `TERM=dumb` turn colour off; `COLORTERM=truecolor|24bit` gives 24-bit
    /// colour; a `TERM` naming 256 colours (or none, or `direct`) gets the
    /// 256-colour palette; one naming 16 colours the 16 basic colours; the
    /// Linux console (`linux`, `linux-…`) or a `TERM` naming 8 colours the 8
    /// normal ones; any other `TERM` gets the 16 basic colours.
    public static func detect(environment: [String: String]) -> ColourMode {
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return .none }
        let terminalName = (environment["TERM"] ?? "").lowercased()
        if terminalName == "dumb" { return .none }
        let colourTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colourTerm == "truecolor" || colourTerm == "24bit" || terminalName.hasSuffix("-direct") { return .trueColour }
        if terminalName.isEmpty || terminalName.contains("256") { return .palette256 }
        if terminalName.contains("16color") { return .palette16 }
        if terminalName == "linux" || terminalName.hasPrefix("linux-") || terminalName.hasSuffix("-8color") { return .palette8 }
        return .palette16
    }

    /// How many basic colours the mode draws with: 16 or 8; nil for the
    /// modes with more colours, or none.
    var basicColourCount: Int? {
        switch self {
        case .palette16: 16
        case .palette8: 8
        case .trueColour, .palette256, .none: nil
        }
    }
}
