/// What colours the terminal can show.
public enum ColourMode: String, Hashable, Sendable {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case trueColour
    /// The xterm 256-colour palette (`TERM` ending in `256color`, or unknown).
    case palette256
    /// The 16 basic ANSI colours (`TERM=xterm`, `vt100`, `linux`, `screen` …).
    case palette16
    /// No colour at all (`NO_COLOR` set, or `TERM=dumb`); attributes such as bold remain.
    case none

    /// Picks the mode from the environment: `NO_COLOR` (any non-empty value)
    /// or `TERM=dumb` turn colour off; `COLORTERM=truecolor|24bit` gives 24-bit
    /// colour; a `TERM` naming 256 colours (or none, or `direct`) gets the
    /// 256-colour palette; any other `TERM` gets the 16 basic colours.
    public static func detect(environment: [String: String]) -> ColourMode {
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return .none }
        let terminalName = (environment["TERM"] ?? "").lowercased()
        if terminalName == "dumb" { return .none }
        let colourTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colourTerm == "truecolor" || colourTerm == "24bit" || terminalName.hasSuffix("-direct") { return .trueColour }
        if terminalName.isEmpty || terminalName.contains("256") { return .palette256 }
        return .palette16
    }
}
