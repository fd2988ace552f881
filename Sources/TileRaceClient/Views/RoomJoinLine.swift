/// What a private room's members see so they can bring a friend in: the
/// join code and the one command a friend types.
enum RoomJoinLine {
    /// The command that reaches this server: the hosting line when we host
    /// (it names the address friends can reach), else the server we joined.
    static func playCommand(_ model: Model) -> String? {
        if let hosted = model.hostingInfo.first(where: { $0.hasPrefix("tilerace play") }) { return hosted }
        guard let endpoint = model.network.endpoint else { return nil }
        return "tilerace play --host \(endpoint.host) --port \(endpoint.port)"
    }

    /// The line under a private room's details, or nil for an open room or
    /// an unknown code: the full sentence when it fits `width`, else the
    /// code and the command alone (the command is never cut first).
    static func text(_ model: Model, room: WaitingRoom, width: Int = Int.max) -> String? {
        guard room.isPrivate, let code = room.code, !room.isDaily else { return nil }
        let name = ScreenText.sanitize(room.name)
        let safeCode = ScreenText.sanitize(code)
        guard let command = playCommand(model) else { return "join code \(safeCode)" }
        let full = "join code \(safeCode) · a friend types: \(ScreenText.sanitize(command)) --room \(name), then the code"
        if full.count <= width { return full }
        let short = "code \(safeCode) · \(ScreenText.sanitize(command)) --room \(name)"
        if short.count <= width { return short }
        // Narrowest: the arguments alone, so the address and port are never cut.
        let arguments = command.split(separator: " ").drop { !$0.hasPrefix("--") }.joined(separator: " ")
        return "code \(safeCode) · \(ScreenText.sanitize(arguments)) --room \(name)"
    }
}
