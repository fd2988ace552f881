import TileRaceProtocol

/// `tilerace info`: a running server's `INFO`, as a short table.
struct InfoCommand: Command {
    let name = "info"
    let summary = "show a server's version, uptime, players, rooms, races, moves per second and store"
    let usage = ["tilerace info [--host H] [--port P]"]
    let options = ServerRequest.options
    let details = """
        The figures are the whole server's (every shard). Moves per second are
        averaged over the last minute. Exit status 1 when the server cannot be
        reached or does not answer.
        """

    func run(_ arguments: Arguments, console: Console) throws(CommandLineError) -> Int32 {
        try arguments.requireNoPositionals()
        let (host, port) = try ServerRequest.endpoint(arguments)
        do throws(ServerRequestError) {
            let answer = try ServerRequest.ask([.info], host: host, port: port)[0]
            guard case .info(let info) = answer.reply else { throw .unexpectedReply(answer, to: "INFO") }
            console.print(Self.render(info, endpoint: ServerAddress.format(host: host, port: port)))
            return CLI.success
        } catch {
            return failure(error.message, console: console)
        }
    }

    static func render(_ info: ServerInfo, endpoint: String) -> String {
        let rows = [
            ["version", info.version],
            ["uptime", duration(seconds: info.uptimeSeconds)],
            ["players online", String(info.players)],
            ["rooms", String(info.rooms)],
            ["races running", String(info.races)],
            ["moves per second", "\(info.movesPerSecondText) (over the last minute)"],
            ["store", "\(info.store.rawValue), \(info.isStoreUp ? "up" : "DOWN")"],
        ]
        return (["TileRace server at \(endpoint)"] + TextTable.columns(rows).map { "  " + $0 }).joined(separator: "\n")
    }

    /// `3 d 4 h`, `2 h 5 min`, `4 min 10 s`, `12 s`: the two largest units.
    static func duration(seconds: Int) -> String {
        let units = [("d", 86_400), ("h", 3600), ("min", 60), ("s", 1)]
        guard let first = units.firstIndex(where: { seconds >= $0.1 }) else { return "0 s" }
        var remaining = seconds
        var parts: [String] = []
        for (name, size) in units[first..<min(first + 2, units.count)] {
            parts.append("\(remaining / size) \(name)")
            remaining %= size
        }
        return parts.joined(separator: " ")
    }
}
