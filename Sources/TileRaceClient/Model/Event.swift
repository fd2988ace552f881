/// Something that happened, fed to `update`: a key, time passing, a resize,
/// or the outcome of an effect. The network phase adds server events here.
enum Event: Sendable {
    /// A key was pressed.
    case key(Key)
    /// Time passed: `now` is monotonic seconds (only differences matter).
    case tick(Double)
    /// The terminal changed size.
    case resize(TerminalSize)
    /// The UTC date changed (`YYYY-MM-DD`), e.g. at midnight while playing.
    case dateChanged(String)
    /// The runtime could not carry out a request (e.g. no server connected).
    case intentFailed(ClientIntent, reason: String)
    /// The settings were saved; `backup` names where a broken old file was moved.
    case configSaved(backup: String?)
    /// The settings could not be saved.
    case configSaveFailed(String)
}

/// Something `update` asks the runtime to do.
enum Effect: Hashable, Sendable {
    /// Leave the program.
    case quit
    /// Send a request to the server (the runtime answers `intentFailed` when it cannot).
    case send(ClientIntent)
    /// Save `Model.config` to the config directory.
    case saveConfig
    /// Stop the program as Ctrl-Z would (the terminal is restored, then taken back on resume).
    case suspend
    /// Draw the whole screen again (Ctrl-L), e.g. after another program wrote on it.
    case redraw
}
