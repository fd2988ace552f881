public enum ColourMode: String, Hashable, Sendable {
    /// `COLORTERM=truecolor` or `24bit`.
    case trueColour
    /// `TERM` ending in `256color`, or unknown.
    case palette256
    /// `TERM=xterm`, `xterm-16color`, `vt100`, `screen` …
    case palette16
    /// No bright backgrounds (`TERM=linux`, or ending in `-8color`).
    case palette8
    /// `NO_COLOR` set, or `TERM=dumb`; attributes such as bold remain.
    case none

    /// `NO_COLOR` (non-empty) or `TERM=dumb`: none; `COLORTERM=truecolor|24bit`: 24-bit; `TERM` naming 256
    /// colours, none or `direct`: 256; the Linux console or 8 colours: 8; any other `TERM`: 16.
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

    /// 16 or 8; nil for modes with more colours, or none.
    var basicColourCount: Int? {
        switch self {
        case .palette16: 16
        case .palette8: 8
        case .trueColour, .palette256, .none: nil
        }
    }
}
