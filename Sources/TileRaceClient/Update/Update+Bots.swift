import TileRaceProtocol

/// Bots in the room: `a` adds one, `x` removes the last added; they leave with us.
extension Update {
    /// protocol.md section 4.
    static let maximumPlayersPerRoom = 8

    /// Asks the new bot's strength, when a bot can join.
    static func askBotStrength(_ model: inout Model) {
        guard model.canAddBots else {
            model.show("bots are not available in this client", .warning)
            return
        }
        guard let room = model.room, model.connection.isConnected, model.network.endpoint != nil else { return }
        guard !room.isWatching else {
            model.show("you are watching this room: join it to add bots")
            return
        }
        guard !room.options.isRated else {
            model.show("a rated room is for people only: no bots (a room that is not rated takes them)", .warning)
            return
        }
        guard room.players.count < maximumPlayersPerRoom else {
            model.show("the room is full: \(maximumPlayersPerRoom) players at most", .warning)
            return
        }
        model.overlay = .botStrength
    }

    static func botStrengthKey(_ key: Key, model: inout Model) -> [Effect] {
        switch key {
        case .escape, .character("q"):
            model.overlay = nil
        case .character(let character):
            guard character.isASCII, let strength = character.wholeNumberValue, (1...5).contains(strength) else { break }
            model.overlay = nil
            return addBot(strength: strength, model: &model)
        default:
            break
        }
        return []
    }

    /// Named after us (`ana-bot1`).
    static func addBot(strength: Int, model: inout Model) -> [Effect] {
        guard let room = model.room, let endpoint = model.network.endpoint, model.connection.isConnected else { return [] }
        let number = model.nextBotNumber
        model.nextBotNumber += 1
        let owner = String((model.network.nickname ?? "my").prefix(Names.maximumNameLength - 4 - String(number).count))
        let nickname = "\(owner)-bot\(number)"
        model.ownBots.append(OwnBot(id: number, nickname: nickname, strength: strength))
        model.show("\(nickname) (strength \(strength)) is joining · x takes the last bot away")
        return [
            .startBot(
                BotRequest(
                    id: number, host: endpoint.host, port: endpoint.port, room: room.name, code: room.code, nickname: nickname,
                    strength: strength, via: model.options.via))
        ]
    }

    static func removeLastBot(_ model: inout Model) -> [Effect] {
        guard let bot = model.ownBots.popLast() else {
            model.show("no bot of yours is in this room: a adds one")
            return []
        }
        model.show("\(bot.nickname) is leaving")
        return [.stopBot(id: bot.id)]
    }

    /// We are leaving the room, or lost the server.
    static func stopOwnBots(_ model: inout Model) -> [Effect] {
        let effects = model.ownBots.map { Effect.stopBot(id: $0.id) }
        model.ownBots = []
        return effects
    }

    /// It is no longer ours to take away.
    static func botEnded(id: Int, reason: String, model: inout Model) {
        guard let index = model.ownBots.firstIndex(where: { $0.id == id }) else { return }
        let bot = model.ownBots.remove(at: index)
        model.show("\(bot.nickname) stopped: \(ScreenText.sanitize(reason))", .warning)
    }
}
