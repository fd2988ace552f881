import TileRaceTransport

/// Looks for a TileRace server on this machine: one that greets a new
/// connection with `HELLO tilerace 1`.
enum ServerProbe {
    /// Whether a TileRace server answers on 127.0.0.1 at `port` (within a second).
    static func isTileRace(port: Int) -> Bool {
        guard (1...65535).contains(port),
            let client = try? LineClient(host: "127.0.0.1", port: port, timeoutMilliseconds: 300)
        else { return false }
        defer { client.close() }
        guard let greeting = try? client.readLine(timeoutMilliseconds: 700) else { return false }
        try? client.send("QUIT")
        return greeting.hasPrefix("HELLO tilerace 1")
    }

    /// The first of `ports` where a TileRace server answers.
    static func find(among ports: [Int], probe: (Int) -> Bool = isTileRace) -> Int? {
        ports.first(where: probe)
    }
}
