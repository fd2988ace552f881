extension ClientStartError {
    /// The refusal for a terminal that cannot draw the full-screen interface
    /// (`TERM=dumb`: no cursor movement), or nil when the terminal will do.
    static func unsupportedTerminal(environment: [String: String]) -> ClientStartError? {
        guard environment["TERM"]?.lowercased() == "dumb" else { return nil }
        return ClientStartError(
            code: "dumb-terminal",
            message: "TERM=dumb cannot show the full-screen game (it needs cursor movement): "
                + "run it in a terminal emulator such as xterm, or set TERM (e.g. TERM=xterm-256color); "
                + "`tilerace leaderboard` works anywhere")
    }
}
