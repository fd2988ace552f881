/// Every way out goes through `quit`, so the server always hears that the player left.
extension Update {
    /// `QUIT` makes the server free the seat at once instead of holding it; the runtime waits for its goodbye.
    static func quit(_ model: inout Model) -> [Effect] {
        guard model.connection.isConnected, !model.network.isQuitting else { return [.quit] }
        model.network.isQuitting = true
        return [.send(.quit), .quit]
    }

    /// The connection's end is expected; keys do nothing but a second Ctrl-C, which leaves at once. Another
    /// `.terminate` does not cut the short wait for the goodbye: a closed terminal (an ssh window) sends SIGHUP
    /// and ends the input together, and leaving at the second would drop the connection before `QUIT` went out.
    static func whileQuitting(_ event: Event, model: inout Model) -> [Effect] {
        switch event {
        case .key(.control("c")):
            return [.quit]
        case .tick(let now):
            model.now = max(model.now, now)
        case .resize(let size):
            model.size = size
        case .key, .terminate, .dateChanged, .server, .configSaved, .configSaveFailed, .statisticsSaveFailed, .recordingSaved,
            .recordingSaveFailed, .hostedClientCount, .botEnded, .hintFound, .continued:
            break
        }
        return []
    }
}
