/// What colours the terminal can show.
public enum ColorMode: String, Hashable, Sendable {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case trueColor
    /// The xterm 256-colour palette.
    case palette256
    /// No colour at all (`NO_COLOR` set, or `TERM=dumb`); attributes such as bold remain.
    case none

    /// Picks the mode from the environment: `NO_COLOR` (any non-empty value)
    /// or `TERM=dumb` turn colour off; `COLORTERM=truecolor|24bit` gives 24-bit
    /// colour; anything else gets the 256-colour palette.
    public static func detect(environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        if environment["TERM"] == "dumb" { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        return .palette256
    }
}
