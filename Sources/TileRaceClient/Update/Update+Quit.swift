/// Quitting: every way out (`q` at the menu, Ctrl-C, the quit confirmation
/// while hosting, the end of a watch-only run, SIGTERM and SIGHUP) goes
/// through `quit`, so the server always hears that the player left.
extension Update {
    /// Leaves the program. When connected, says `QUIT` first: the server then
    /// frees the seat at once (the room hears `LEFT`) instead of holding it
    /// for a player who lost the connection; the runtime waits a moment for
    /// the server's goodbye before it exits. Offline, just leaves.
    static func quit(_ model: inout Model) -> [Effect] {
        guard model.connection.isConnected, !model.network.isQuitting else { return [.quit] }
        model.network.isQuitting = true
        return [.send(.quit), .quit]
    }

    /// An event while waiting for the server's goodbye. The connection's end
    /// (and anything else the server says) is expected and changes nothing;
    /// keys do nothing but a second Ctrl-C, which leaves at once, as another
    /// request to end does.
    static func whileQuitting(_ event: Event, model: inout Model) -> [Effect] {
        switch event {
        case .key(.control("c")), .terminate:
            return [.quit]
        case .tick(let now):
            model.now = max(model.now, now)
        case .resize(let size):
            model.size = size
        case .key, .dateChanged, .server, .configSaved, .configSaveFailed, .statisticsSaveFailed, .hostedClientCount, .botEnded,
            .hintFound, .continued:
            break
        }
        return []
    }
}
